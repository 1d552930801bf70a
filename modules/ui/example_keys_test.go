package ui_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// ExampleMenu_gameKeys is a HUD of buttons beside a board that Space
// plays: Space is marked as the game's, so it drops a piece and does
// not click the focused button; Enter clicks it.
func ExampleMenu_gameKeys() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	app.InsertResource(render.Window{Width: 320, Height: 240})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(ui.Menu{
			Anchor:   ui.TopRight,
			GameKeys: []input.Source{input.Key(ebiten.KeySpace)},
			Root:     &ui.Button{Node: ui.Node{ID: "undo"}, Text: "Undo"},
		})
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Input  glue.Res[input.State]
		Events glue.Reader[ui.Event]
	}) {
		if p.Input.Get().Pressed(input.Primary) {
			fmt.Println("the game drops a piece")
		}
		for _, e := range p.Events.Read() {
			fmt.Println("the menu:", e.ID, "clicked")
		}
	}))
	defer app.Close()
	for _, k := range []ebiten.Key{ebiten.KeySpace, ebiten.KeyEnter} {
		for _, down := range []bool{true, false} {
			glue.Resource[input.Devices](app).Keys[k] = down
			app.Update()
		}
	}
	// Output:
	// the game drops a piece
	// the menu: undo clicked
}
