package render_test

import (
	"image"
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

// TestMenuNineSlice draws a panel with a nine-slice image: its 2-pixel
// red border stays 2 pixels wide at any panel size, its green middle is
// stretched.
func TestMenuNineSlice(t *testing.T) {
	requireDisplay(t)
	src := image.NewRGBA(image.Rect(0, 0, 6, 6))
	for y := range 6 {
		for x := range 6 {
			c := green
			if x < 2 || y < 2 || x >= 4 || y >= 4 {
				c = red
			}
			src.SetRGBA(x, y, c)
		}
	}
	img, err := render.NewImage(src)
	if err != nil {
		t.Fatal(err)
	}
	th := ui.DefaultTheme()
	th.PanelImage = ui.NineSlice{Image: img, Border: 2}
	app := newApp(t, 1, ui.Menu{Theme: &th, Anchor: ui.TopLeft, Root: &ui.Panel{Node: ui.Node{MinW: 40, MinH: 30}}})
	app.AddPlugins(input.Plugin{Headless: true}, ui.Plugin{})
	got := frame(t, render.NewGame(app))
	checkNear(t, got, 0, 15, red, "the left border")
	checkNear(t, got, 39, 15, red, "the right border, 40 wide")
	checkNear(t, got, 20, 0, red, "the top border")
	checkNear(t, got, 20, 15, green, "the stretched middle")
	// Stretched with the panel, the border would be 13 pixels wide; kept,
	// 4 pixels in is the middle (blended with the border by the linear
	// filter: the slices share the atlas).
	if c := got.RGBAAt(4, 15); c.G < 100 {
		t.Errorf("4 pixels in from the left: %v, want the green middle: the border is stretched", c)
	}
	checkPixel(t, got, 41, 15, bg, "right of the panel")
}
