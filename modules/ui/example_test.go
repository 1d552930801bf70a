package ui_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// A menu driven by simulated keys: down moves the focus to the slider,
// right moves the slider, Enter on a button clicks it. The game's system
// reads the events.
func Example() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(ui.Menu{Root: &ui.Column{Children: []ui.Widget{
			&ui.Slider{Node: ui.Node{ID: "volume"}, Text: "Volume", Value: 0.5, Max: 1},
			&ui.Button{Node: ui.Node{ID: "play"}, Text: "Play"},
		}}})
	}))
	app.AddSystems(glue.Update, glue.Func(func(events glue.Reader[ui.Event]) {
		for _, e := range events.Read() {
			switch e.Kind {
			case ui.Changed:
				fmt.Printf("%s changed to %.1f\n", e.ID, e.Value)
			case ui.Clicked:
				fmt.Println(e.ID, "clicked")
			}
		}
	}))
	defer app.Close()
	frame := func() { app.Update(); app.Draw() }
	tap := func(k ebiten.Key) {
		glue.Resource[input.Devices](app).Keys[k] = true
		frame()
		glue.Resource[input.Devices](app).Keys[k] = false
		frame()
	}
	frame()
	tap(ebiten.KeyArrowRight) // the slider has the focus
	tap(ebiten.KeyArrowDown)
	tap(ebiten.KeyEnter)
	// Output:
	// volume changed to 0.6
	// play clicked
}

// ExampleKeyField rebinds an action's key: Enter on the field, then the
// new key. The game writes it to the bindings; the gamepad's sources of
// the action stay.
func ExampleKeyField() {
	const jump = input.Restart + 1
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	app.AddStartup(glue.Func(func(p struct {
		Bindings glue.ResMut[input.Bindings]
		Cmds     glue.Commands
	}) {
		p.Bindings.Get().Actions[jump] = []ebiten.Key{ebiten.KeySpace}
		p.Cmds.Spawn(ui.Menu{Root: ui.Dialog("Controls",
			&ui.KeyField{Node: ui.Node{ID: "jump"}, Text: "Jump", Keys: []ebiten.Key{ebiten.KeySpace}},
		)})
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Events   glue.Reader[ui.Event]
		Bindings glue.ResMut[input.Bindings]
	}) {
		for _, e := range p.Events.Read() {
			if e.ID == "jump" && e.Kind == ui.Changed {
				p.Bindings.Get().Actions[jump] = []ebiten.Key{e.Key}
				fmt.Println("jump is now", e.Key)
			}
		}
	}))
	defer app.Close()
	tap := func(k ebiten.Key) {
		for _, down := range []bool{true, false} {
			glue.Resource[input.Devices](app).Keys[k] = down
			app.Update()
			app.Draw()
		}
	}
	tap(ebiten.KeyEnter) // the field waits for a key
	tap(ebiten.KeyJ)
	fmt.Println(glue.Resource[input.Bindings](app).Actions[jump])
	// Output:
	// jump is now J
	// [J]
}
