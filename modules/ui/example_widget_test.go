package ui_test

import (
	"fmt"
	"image/color"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// Swatch is a game's own widget: a colour to pick, a square that takes
// the focus; Primary or a click picks it, left and right cycle it.
type Swatch struct {
	ui.Node // Base, Place and Contents
	Colors  []color.RGBA
	Index   int
}

// Measure returns the swatch's least size: a 24-pixel square.
func (s *Swatch) Measure(*ui.Theme) (float64, float64) { return max(24, s.MinW), max(24, s.MinH) }

// Draw draws the swatch's colour.
func (s *Swatch) Draw(d *render.DrawList, _ *ui.Theme, _ *ui.Menu) {
	d.AddRect(s.X, s.Y, s.W, s.H, s.Colors[s.Index], 1)
}

// Activate picks the colour.
func (s *Swatch) Activate(m *ui.Menu) { m.Send(ui.Event{Kind: ui.Clicked, ID: s.ID, Index: s.Index}) }

// Adjust cycles the colour.
func (s *Swatch) Adjust(m *ui.Menu, dir int) bool {
	s.Index = (s.Index + dir + len(s.Colors)) % len(s.Colors)
	m.Send(ui.Event{Kind: ui.Changed, ID: s.ID, Index: s.Index})
	return true
}

// Press picks the colour.
func (s *Swatch) Press(m *ui.Menu, _, _ float64) { s.Activate(m) }

// Drag does nothing.
func (s *Swatch) Drag(*ui.Menu, float64, float64) {}

// ExampleWidget puts a game's own widget, Swatch, in a dialog beside the
// package's: it is laid out, focused, driven by keys and tells the game
// what happened, as the built-in widgets do.
func ExampleWidget() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	app.InsertResource(render.Window{Width: 320, Height: 240})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(ui.Menu{Modal: true, Root: ui.Dialog("Paint",
			&Swatch{Node: ui.Node{ID: "colour"}, Colors: []color.RGBA{{255, 0, 0, 255}, {0, 0, 255, 255}}},
			&ui.Button{Node: ui.Node{ID: "done"}, Text: "Done"},
		)})
	}))
	app.AddSystems(glue.Update, glue.Func(func(ev glue.Reader[ui.Event]) {
		for _, e := range ev.Read() {
			fmt.Println(e.ID, e.Kind == ui.Clicked, e.Index)
		}
	}))
	defer app.Close()
	for _, k := range []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyEnter, ebiten.KeyArrowDown, ebiten.KeyEnter} {
		for _, down := range []bool{true, false} {
			glue.Resource[input.Devices](app).Keys[k] = down
			app.Update()
		}
	}
	// Output:
	// colour false 1
	// colour true 1
	// done true 0
}
