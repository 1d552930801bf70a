package render_test

import (
	"image/color"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestMenuPixels draws a ui menu in a real window, over a world box: the
// panel, the buttons' fills, the focus outline on the first button, and
// after a key press on the second; the menu's UI layer is drawn over
// the world whatever the order of the systems.
func TestMenuPixels(t *testing.T) {
	requireDisplay(t)
	th := ui.DefaultTheme()
	th.Panel = blue
	th.Widget = color.RGBA{0, 128, 0, 255}
	th.Focus = yellow
	a := &ui.Button{Node: ui.Node{ID: "a", MinW: 40, MinH: 12}}
	b := &ui.Button{Node: ui.Node{ID: "b", MinW: 40, MinH: 12}}
	app := newApp(t, 2,
		render.Box{X: 0, Y: 0, W: 64, H: 48, Color: red}, // the world under the menu
		ui.Menu{Theme: &th, Root: &ui.Panel{Child: &ui.Column{Children: []ui.Widget{a, b}}}},
	)
	app.AddPlugins(input.Plugin{Headless: true}, ui.Plugin{})
	g := render.NewGame(app)
	img := frame(t, g)
	// 40×12 buttons with 4 apart in a panel of padding 6: 52×40, centred
	// in 64×48 at (6, 4); the buttons at (12, 10) and (12, 26); times
	// the scale 2.
	checkPixel(t, img, 2*6+1, 2*4+1, blue, "the panel's corner")
	checkPixel(t, img, 2*32, 2*16, th.Widget, "button a's middle")
	checkPixel(t, img, 2*32, 2*10-2, yellow, "the focus outline above a")
	checkPixel(t, img, 2*32, 2*26-2, blue, "no outline above b")
	checkPixel(t, img, 2, 2, red, "the world outside the menu")
	glue.Resource[input.Devices](app).Keys[ebiten.KeyArrowDown] = true
	img = frame(t, g)
	checkPixel(t, img, 2*32, 2*26-2, yellow, "the focus outline above b after the down key")
	checkPixel(t, img, 2*32, 2*10-2, blue, "no outline above a after the down key")
}
