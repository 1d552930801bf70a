package ui_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// pointerSeen runs a menu and a game system in Update that records the
// pointer it sees after the menu.
func pointerSeen(t *testing.T, m ui.Menu) (*glue.App, *[]input.Pointer) {
	t.Helper()
	seen := &[]input.Pointer{}
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 320, Height: 240}
		p.Cmds.Spawn(m)
	}))
	app.AddSystems(glue.Update, glue.Func(func(in glue.Res[input.State]) {
		*seen = append(*seen, in.Get().Pointer)
	}))
	t.Cleanup(app.Close)
	return app, seen
}

// TestModalMenuTakesThePointer (issue #40 item 5): behind a modal menu
// the game sees no pointer move and no press, beside the dialog as on
// it; behind a menu that is not modal, the pointer beside it is the
// game's.
func TestModalMenuTakesThePointer(t *testing.T) {
	for _, modal := range []bool{true, false} {
		m := ui.Menu{Modal: modal, Root: ui.Dialog("Options", &ui.Button{Node: ui.Node{ID: "back"}, Text: "Back"})}
		app, seen := pointerSeen(t, m)
		dev := glue.Resource[input.Devices](app)
		moved, pressed := 0, 0
		for i := range 30 {
			dev.Cursor = input.Point{X: float64(2 + i), Y: 3} // beside the dialog
			dev.Buttons[ebiten.MouseButtonLeft] = i%10 == 5
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
			p := (*seen)[len(*seen)-1]
			if p.Moved {
				moved++
			}
			if p.Pressed {
				pressed++
			}
		}
		if modal && (moved != 0 || pressed != 0) {
			t.Errorf("modal: the game saw the pointer move %d times and press %d times behind the menu; want none", moved, pressed)
		}
		if !modal && (moved < 28 || pressed != 3) {
			t.Errorf("not modal: the game saw the pointer move %d times and press %d times beside the menu; want 28+ and 3", moved, pressed)
		}
	}
}
