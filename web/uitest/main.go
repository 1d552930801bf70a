// Uitest is the browser test's scene of modules/ui, built for the
// browser by `make wasm-ui` into web/dist/uitest: a menu of a button that
// counts its clicks, a slider and a toggle, driven in web/test/ui.test.mjs
// by keyboard, mouse, touch and a gamepad. In the browser it answers
// window.uiState() with the menu's state; natively it just runs:
//
//	go run ./web/uitest
package main

import (
	"log"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
)

// The scene's size in logical pixels; the browser test reads the same.
const W, H = 160, 120

// State is what the page is told: the clicks of the button, the
// slider's value, the toggle, the focused widget, and the presses of
// Primary that the game saw after the menu (a click on the button must
// not count).
type State struct {
	Clicks   int
	Volume   float64
	On       bool
	Focus    string
	GameSaw  int
	Frame    int
	ButtonXY [4]float64 // the button's rectangle, logical pixels
	SliderXY [4]float64
}

func main() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{}, render.Plugin{}, ui.Plugin{})
	app.InsertResource(render.Window{Title: "glue: ui in the browser", Width: W, Height: H, Scale: 2})
	app.InsertResource(State{})
	app.AddStartup(render.SetupWindow[render.Window](), glue.Func(func(c glue.Commands) {
		c.Spawn(ui.Menu{Root: &ui.Panel{Child: &ui.Column{Children: []ui.Widget{
			&ui.Button{Node: ui.Node{ID: "count", MinW: 100}, Text: "Count"},
			&ui.Slider{Node: ui.Node{ID: "volume"}, Text: "Vol", Value: 0.5, Max: 1, Step: 0.1, TrackW: 50},
			&ui.Toggle{Node: ui.Node{ID: "on"}, Text: "On"},
		}}}})
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Events glue.Reader[ui.Event]
		Input  glue.Res[input.State]
		Menus  glue.Query1[ui.Menu]
		State  glue.ResMut[State]
	}) {
		s := p.State.Get()
		for _, e := range p.Events.Read() {
			switch e.ID {
			case "count":
				s.Clicks++
			case "volume":
				s.Volume = e.Value
			case "on":
				s.On = e.On
			}
		}
		if p.Input.Get().Pressed(input.Primary) {
			s.GameSaw++
		}
		if _, m, ok := p.Menus.First(); ok {
			if f := m.Focused(); f != nil {
				s.Focus = f.Base().ID
			}
			for id, r := range map[string]*[4]float64{"count": &s.ButtonXY, "volume": &s.SliderXY} {
				if w := m.Find(id); w != nil {
					n := w.Base()
					*r = [4]float64{n.X, n.Y, n.W, n.H}
				}
			}
		}
	}))
	app.AddSystems(glue.PostDraw, glue.Func(func(s glue.ResMut[State]) {
		s.Get().Frame++
		report(s.Get())
	}))
	if err := render.Run(app, nil); err != nil {
		log.Fatal(err)
	}
}
