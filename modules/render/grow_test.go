package render_test

import (
	"image"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestGrowDownLayout: a 320×180 field at scale 3 with GrowDown, in the
// windows of a phone held upright and sideways, a small 4:3 window and a
// 16:9 monitor. A taller window grows the screen below the field to the
// window's aspect (the field keeps the top, as wide as the window); a
// wider or equal one is letterboxed as without GrowDown.
func TestGrowDownLayout(t *testing.T) {
	for _, c := range []struct {
		name         string
		grow         bool
		outW, outH   int
		wantW, wantH int
		below        float64
	}{
		{"phone upright", true, 390, 844, 960, 2078, 2078.0/3 - 180},
		{"phone sideways", true, 844, 390, 960, 540, 0},
		{"4:3 window", true, 320, 240, 960, 720, 60},
		{"16:9 monitor", true, 1920, 1080, 960, 540, 0},
		{"a strip taller than 1:4", true, 100, 1000, 960, 4 * 960, 4*320 - 180},
		{"phone upright, no GrowDown", false, 390, 844, 960, 540, 0},
	} {
		vp := render.Viewport{Width: 320, Height: 180, Scale: 3, GrowDown: c.grow}
		w, h := vp.Layout(c.outW, c.outH)
		if w != c.wantW || h != c.wantH || vp.Below != c.below {
			t.Errorf("%s (%d×%d): screen %d×%d, Below %v; want %d×%d, Below %v", c.name, c.outW, c.outH, w, h, vp.Below, c.wantW, c.wantH, c.below)
		}
	}
	// At 390×844 CSS px the screen (960×2078) fills the page: the field,
	// at the top, is 390×219 CSS px and the 625 below it are the screen's.
	vp := render.Viewport{Width: 320, Height: 180, Scale: 3, GrowDown: true}
	w, _ := vp.Layout(390, 844)
	css := 390 / float64(w) * 3 // CSS px per logical px
	if fh, all := 180*css, (180+vp.Below)*css; fh < 219 || fh > 220 || all < 843.5 || all > 844.5 {
		t.Errorf("at 390×844: the field is %.1f CSS px tall and the screen %.1f; want 219.4 and the page's 844", fh, all)
	}
	follow := render.Viewport{GrowDown: true}
	if w, h := follow.Layout(390, 844); w != 390 || h != 844 || follow.Below != 0 {
		t.Errorf("a viewport that follows the window: %d×%d, Below %v; want the window's 390×844 and 0", w, h, follow.Below)
	}
	// SetupWindow copies Window.GrowDown into the viewport.
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.InsertResource(render.Window{Title: "grow", Width: 320, Height: 180, Scale: 3, GrowDown: true})
	app.AddStartup(render.SetupWindow[render.Window]())
	t.Cleanup(app.Close)
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if vp := glue.Resource[render.Viewport](app); !vp.GrowDown {
		t.Errorf("SetupWindow left Viewport.GrowDown off for Window.GrowDown; viewport %+v", *vp)
	}
}

// growApp returns an app with a 64×48 field at scale 2: a red world box
// that reaches past the field's bottom, a blue one inside it, and a
// white UI box at logical y 60, below the field.
func growApp(t *testing.T, grow bool, pixel render.PixelArt) *glue.App {
	t.Helper()
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{Background: bg, PixelArt: pixel})
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 64, Height: 48, Scale: 2, GrowDown: grow}
		p.Cmds.Spawn(render.Box{X: 10, Y: 30, W: 20, H: 40, Color: red})
		p.Cmds.Spawn(render.Box{X: 40, Y: 5, W: 10, H: 10, Color: blue})
		p.Cmds.Spawn(render.Box{X: 4, Y: 60, W: 20, H: 10, Color: white, UI: true})
	}))
	app.AddSystems(glue.Draw, render.DrawBox[render.Box]())
	t.Cleanup(app.Close)
	return app
}

// growFrame draws a frame of app in a window of outW×outH.
func growFrame(t *testing.T, app *glue.App, outW, outH int) *image.RGBA {
	t.Helper()
	g := render.NewGame(app)
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	w, h := g.Layout(outW, outH)
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	g.Draw(img)
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out
}

// TestGrowDownDrawsTheWorldInTheField: on a screen grown below the field
// the world is drawn in the field pixel for pixel as on a screen that is
// the field, and clipped at its bottom; the UI layers reach below it.
// With pixel art on and off.
func TestGrowDownDrawsTheWorldInTheField(t *testing.T) {
	requireDisplay(t)
	for _, pixel := range []render.PixelArt{{}, {On: true, SnapCamera: true}} {
		plain := growFrame(t, growApp(t, false, pixel), 100, 150)
		app := growApp(t, true, pixel)
		grown := growFrame(t, app, 100, 150)
		if b := plain.Bounds(); b.Dx() != 128 || b.Dy() != 96 {
			t.Fatalf("pixel art %v: without GrowDown the screen is %v, want 128×96 (letterboxed)", pixel.On, b)
		}
		if b := grown.Bounds(); b.Dx() != 128 || b.Dy() != 192 {
			t.Fatalf("pixel art %v: with GrowDown the screen is %v, want 128×192 (a 100×150 window's aspect)", pixel.On, b)
		}
		if below := glue.Resource[render.Viewport](app).Below; below != 48 {
			t.Errorf("pixel art %v: Viewport.Below = %v, want 48", pixel.On, below)
		}
		diff := 0
		for y := range 96 {
			for x := range 128 {
				if plain.RGBAAt(x, y) != grown.RGBAAt(x, y) {
					diff++
				}
			}
		}
		if diff != 0 {
			t.Errorf("pixel art %v: %d pixels of the field differ from the same frame without GrowDown", pixel.On, diff)
		}
		checkPixel(t, grown, 40, 90, red, "the red box at the field's bottom edge")
		checkPixel(t, grown, 40, 100, bg, "the red box below the field (clipped: the world stays in the field)")
		checkPixel(t, grown, 20, 130, white, "the UI box below the field")
		checkPixel(t, grown, 100, 130, bg, "below the field, beside the UI box")
	}
}
