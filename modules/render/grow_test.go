package render_test

import (
	"image"
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestGrowDownLayout: a 320×180 field at scale 3 with GrowDown, in the
// windows of a phone held upright and sideways (device scale 3), a small
// 4:3 window and a 16:9 monitor. A taller window grows the screen below
// the field to the window's aspect (the field keeps the top, as wide as
// the window); a wider or equal one is letterboxed as without GrowDown.
// A window with fewer device pixels than the screen at scale 3 renders it
// at a smaller whole scale (TestViewportFit).
func TestGrowDownLayout(t *testing.T) {
	for _, c := range []struct {
		name         string
		grow         bool
		outW, outH   int
		dpr          float64
		wantW, wantH int
		below        float64
	}{
		{"phone upright", true, 390, 844, 3, 960, 2078, 2078.0/3 - 180},
		{"phone sideways", true, 844, 390, 3, 960, 540, 0},
		{"4:3 window", true, 320, 240, 1, 320, 240, 60},
		{"16:9 monitor", true, 1920, 1080, 1, 960, 540, 0},
		{"a strip taller than 1:4", true, 100, 1000, 1, 320, 4 * 320, 4*320 - 180},
		{"phone upright, no GrowDown", false, 390, 844, 3, 960, 540, 0},
		{"a 400×800 page at device scale 1", true, 400, 800, 1, 640, 1280, 1280.0/2 - 180},
	} {
		vp := render.Viewport{Width: 320, Height: 180, Scale: 3, GrowDown: c.grow}
		w, h := vp.LayoutDevice(c.outW, c.outH, c.dpr)
		if w != c.wantW || h != c.wantH || vp.Below != c.below {
			t.Errorf("%s (%d×%d): screen %d×%d, Below %v; want %d×%d, Below %v", c.name, c.outW, c.outH, w, h, vp.Below, c.wantW, c.wantH, c.below)
		}
	}
	// At 390×844 CSS px the screen fills the page: the field, at the top,
	// is 390×219 CSS px and the 625 below it are the screen's, at device
	// scale 3 (rendered at 3) as at 1 (rendered at 2).
	for _, dpr := range []float64{3, 1} {
		vp := render.Viewport{Width: 320, Height: 180, Scale: 3, GrowDown: true}
		w, _ := vp.LayoutDevice(390, 844, dpr)
		css := 390 / float64(w) * vp.Fit() // CSS px per logical px
		if fh, all := 180*css, (180+vp.Below)*css; fh < 219 || fh > 220 || all < 843.5 || all > 844.5 {
			t.Errorf("at 390×844, device scale %v: the field is %.1f CSS px tall and the screen %.1f; want 219.4 and the page's 844", dpr, fh, all)
		}
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
	return scaledApp(t, grow, pixel, 2)
}

// scaledApp is growApp's app with the field at scale.
func scaledApp(t *testing.T, grow bool, pixel render.PixelArt, scale float64) *glue.App {
	t.Helper()
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{Background: bg, PixelArt: pixel})
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 64, Height: 48, Scale: scale, GrowDown: grow}
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
		if diff := pixelsDiffer(plain, grown, image.Rect(0, 0, 128, 96)); diff != 0 {
			t.Errorf("pixel art %v: %d pixels of the field differ from the same frame without GrowDown", pixel.On, diff)
		}
		checkPixel(t, grown, 40, 90, red, "the red box at the field's bottom edge")
		checkPixel(t, grown, 40, 100, bg, "the red box below the field (clipped: the world stays in the field)")
		checkPixel(t, grown, 20, 130, white, "the UI box below the field")
		checkPixel(t, grown, 100, 130, bg, "below the field, beside the UI box")
	}
}

// TestViewportFit: a screen is rendered at its Scale in a window with
// device pixels enough for it, and in a smaller one at the smallest whole
// scale that covers what the window shows (at least 1), never more than
// Scale: a 320×180 field at scale 3 in a 400×800 page at device scale 1
// is rendered at 2 (it was rendered at 3, 5.8 times the pixels the page
// showed, and the platformer ran at a third of its frame rate there).
func TestViewportFit(t *testing.T) {
	for _, c := range []struct {
		name       string
		w, h       int
		scale      float64
		outW, outH int
		dpr        float64
		want       float64
	}{
		{"a window of the screen's size", 320, 180, 3, 960, 540, 1, 3},
		{"a larger window", 320, 180, 3, 1920, 1080, 1, 3},
		{"a 400-pixel-wide page", 320, 180, 3, 400, 800, 1, 2},
		{"the same page at device scale 1.25", 320, 180, 3, 400, 800, 1.25, 2},
		{"the same page on a phone (device scale 3)", 320, 180, 3, 390, 844, 3, 3},
		{"itch.io's 640×360 frame", 320, 180, 3, 640, 360, 1, 2},
		{"one pixel more than twice the field", 320, 180, 3, 641, 361, 1, 3},
		{"a window smaller than the field", 320, 180, 3, 200, 100, 1, 1},
		{"letterboxed by the height", 200, 400, 2, 844, 390, 1, 1},
		{"letterboxed by the height at device scale 2", 200, 400, 2, 844, 390, 2, 2},
		{"breakout in its own page", 200, 400, 2, 400, 800, 1, 2},
		{"a scale of 1 is never changed", 320, 180, 1, 100, 100, 1, 1},
		{"a scale below 1 is never raised", 320, 180, 0.5, 100, 100, 1, 0.5},
		{"a fractional scale is kept where it fits", 320, 180, 1.5, 400, 300, 1, 1.5},
		{"an unknown device scale counts as 1", 320, 180, 3, 400, 800, 0, 2},
	} {
		vp := render.Viewport{Width: c.w, Height: c.h, Scale: c.scale}
		if got := vp.Fit(); got != c.scale {
			t.Errorf("%s: before any layout Fit() = %v, want Scale, %v", c.name, got, c.scale)
		}
		sw, sh := vp.LayoutDevice(c.outW, c.outH, c.dpr)
		if vp.Fit() != c.want || sw != int(math.Round(float64(c.w)*c.want)) || sh != int(math.Round(float64(c.h)*c.want)) {
			t.Errorf("%s: %d×%d at scale %v in %d×%d at device scale %v: rendered at %v (%d×%d), want %v", c.name, c.w, c.h, c.scale, c.outW, c.outH, c.dpr, vp.Fit(), sw, sh, c.want)
		}
		if vp.Scale != c.scale {
			t.Errorf("%s: LayoutDevice changed Scale to %v", c.name, vp.Scale)
		}
		if x, y := vp.ToLogical(10*c.want, 20*c.want); x != 10 || y != 20 {
			t.Errorf("%s: ToLogical(%v, %v) = (%v, %v), want (10, 20): the pointer follows the scale rendered at", c.name, 10*c.want, 20*c.want, x, y)
		}
	}
}

// TestSmallWindowDrawsAtTheFittedScale: a field at scale 4 drawn for a
// window that shows it at 1.56 is rendered at 2 — pixel for pixel the
// frame of the same field at scale 2 — with pixel art on and off; the
// window of its full size renders it at 4 again.
func TestSmallWindowDrawsAtTheFittedScale(t *testing.T) {
	requireDisplay(t)
	for _, pixel := range []render.PixelArt{{}, {On: true, SnapCamera: true}} {
		want := growFrame(t, scaledApp(t, false, pixel, 2), 100, 75)
		app := scaledApp(t, false, pixel, 4)
		got := growFrame(t, app, 100, 75)
		if got.Bounds() != want.Bounds() || want.Bounds().Dx() != 128 {
			t.Fatalf("pixel art %v: a scale-4 field in a 100×75 window is rendered %v, want %v (scale 2)", pixel.On, got.Bounds(), want.Bounds())
		}
		if diff := pixelsDiffer(want, got, want.Bounds()); diff != 0 {
			t.Errorf("pixel art %v: %d pixels differ from the same field drawn at scale 2", pixel.On, diff)
		}
		if full := growFrame(t, app, 256, 192); full.Bounds().Dx() != 256 {
			t.Errorf("pixel art %v: in a window of its size the field is rendered %v, want 256×192 (scale 4)", pixel.On, full.Bounds())
		}
	}
}

// TestFirstFrameAtTheFittedScale: in Ebitengine's order — Layout, then
// the first Update, whose SetupWindow applies the Window again, then
// Draw — the first frame is drawn at the scale its screen was laid out
// for: a 320×180 field at scale 3 in a 400×800 page, at 2 (the platformer's
// first frame in the browser was drawn at 3 onto a screen laid out at 2).
func TestFirstFrameAtTheFittedScale(t *testing.T) {
	requireDisplay(t)
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.InsertResource(render.Window{Title: "fit", Width: 320, Height: 180, Scale: 3, GrowDown: true})
	app.AddStartup(render.SetupWindow[render.Window]())
	var drawn []float64
	app.AddSystems(glue.Draw, glue.Func(func(p struct{ Screen glue.Res[render.Screen] }) {
		drawn = append(drawn, p.Screen.Get().Scale)
	}))
	t.Cleanup(app.Close)
	if err := render.ApplyWindowForTest(app); err != nil { // what Run does before the window opens
		t.Fatal(err)
	}
	g := render.NewGame(app)
	for range 2 {
		w, h := g.Layout(400, 800)
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		img := ebiten.NewImage(w, h)
		g.Draw(img)
		img.Deallocate()
		if w != 640 {
			t.Errorf("the screen is %d×%d, want 640 wide (rendered at 2)", w, h)
		}
	}
	if len(drawn) != 2 || drawn[0] != 2 || drawn[1] != 2 {
		t.Errorf("frames drawn at scales %v, want [2 2]", drawn)
	}
}

// pixelsDiffer counts the pixels of r that differ between a and b.
func pixelsDiffer(a, b *image.RGBA, r image.Rectangle) int {
	diff := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				diff++
			}
		}
	}
	return diff
}
