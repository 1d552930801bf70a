package render_test

import (
	"image/color"
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestSplitScreenAndMinimap draws one world through three views: the
// screen's two halves (two players) and a minimap over the right half's
// corner, with a UI box over everything, at scale 2.
func TestSplitScreenAndMinimap(t *testing.T) {
	requireDisplay(t)
	var funcGeoMs []ebiten.GeoM
	app := newApp(t, 2,
		render.Box{X: 0, Y: 0, W: 4, H: 4, Color: red},              // player 1, centred in the left view
		render.Box{X: 100, Y: 0, W: 4, H: 4, Color: blue},           // player 2, centred in the right view
		render.Box{X: 16, Y: 0, W: 4, H: 4, Color: green},           // right of player 1: crosses the left view's edge
		render.Box{X: 30, Y: 0, W: 4, H: 4, Color: white, UI: true}, // UI: once, over the views
	)
	app.AddSystems(glue.Draw, glue.Func(func(l glue.ResMut[render.DrawList]) {
		d := l.Get()
		d.AddFunc(func(dst *ebiten.Image) { funcGeoMs = append(funcGeoMs, d.GeoM()) }, 0)
	}))
	*glue.Resource[render.Views](app) = render.Views{List: []render.View{
		{X: 0, Y: 0, W: 32, H: 48, Camera: render.Camera{X: 2, Y: 2, Zoom: 1}},
		{X: 32, Y: 0, W: 32, H: 48, Camera: render.Camera{X: 102, Y: 2, Zoom: 2}},
		{X: 48, Y: 36, W: 16, H: 12, Camera: render.Camera{X: 2, Y: 2, Zoom: 0.5}, Background: yellow},
	}}
	img := frame(t, render.NewGame(app))
	at := func(x, y float64) (int, int) { return int(2 * x), int(2 * y) } // logical to screen pixels
	px := func(x, y float64, want color.RGBA, what string) {
		t.Helper()
		sx, sy := at(x, y)
		checkPixel(t, img, sx, sy, want, what)
	}
	// Left view: centre (16, 24) shows (2, 2); red spans 14..18 × 22..26.
	px(15, 23, red, "player 1 at the left view's centre")
	// Green spans 30..34 there (world 16..20), but the left view ends at 32.
	px(31, 23, green, "green inside the left view")
	px(33, 23, bg, "green clipped at the left view's edge (the right view shows nothing there)")
	// Right view: centre (48, 24) shows (102, 2) at zoom 2: blue spans 44..52 × 20..28.
	px(45, 21, blue, "player 2, magnified, at the right view's centre")
	px(51, 27, blue, "player 2's far corner")
	// Minimap: centre (56, 42) shows (2, 2) at zoom 0.5: red spans 55..57 × 41..43.
	px(56, 42, red, "player 1 on the minimap")
	px(50, 38, yellow, "the minimap's background, over the right view")
	// UI: the white box at (30, 0) on the screen, over both halves.
	px(31, 1, white, "the UI box over the left view")
	px(33, 1, white, "the UI box over the right view")
	st := glue.Resource[render.DrawList](app).Stats()
	if st.Funcs != 3 {
		t.Errorf("Stats.Funcs = %d, want the world func called once per view", st.Funcs)
	}
	if len(funcGeoMs) != 3 {
		t.Fatalf("the func was called %d times, want 3", len(funcGeoMs))
	}
	// The right view's transform maps world (102, 2) to its centre, in
	// screen pixels: (96, 48).
	if x, y := funcGeoMs[1].Apply(102, 2); math.Abs(x-96) > 1e-3 || math.Abs(y-48) > 1e-3 {
		t.Errorf("the right view's GeoM maps (102, 2) to (%v, %v), want (96, 48)", x, y)
	}
}

func TestViewsScreenToWorld(t *testing.T) {
	vs := render.Views{List: []render.View{
		{X: 0, Y: 0, W: 32, H: 48, Camera: render.Camera{X: 2, Y: 2, Zoom: 1}},
		{X: 32, Y: 0, W: 32, H: 48, Camera: render.Camera{X: 102, Y: 2, Zoom: 2}},
		{X: 48, Y: 36, W: 16, H: 12, Camera: render.Camera{X: 2, Y: 2, Zoom: 0.5}},
	}}
	for _, c := range []struct {
		sx, sy float64
		view   int
		x, y   float64
	}{
		{16, 24, 0, 2, 2},
		{48, 24, 1, 102, 2},
		{52, 24, 1, 104, 2},
		{56, 42, 2, 2, 2},  // the minimap is on top
		{60, 42, 2, 10, 2}, // 4 screen pixels at zoom 0.5
		{-1, 0, -1, 0, 0},
	} {
		i := vs.At(c.sx, c.sy)
		if i != c.view {
			t.Errorf("At(%v, %v) = %d, want %d", c.sx, c.sy, i, c.view)
			continue
		}
		if i < 0 {
			continue
		}
		x, y := vs.List[i].ScreenToWorld(c.sx, c.sy)
		if math.Abs(x-c.x) > 1e-9 || math.Abs(y-c.y) > 1e-9 {
			t.Errorf("view %d: ScreenToWorld(%v, %v) = (%v, %v), want (%v, %v)", i, c.sx, c.sy, x, y, c.x, c.y)
		}
		if sx, sy := vs.List[i].WorldToScreen(x, y); math.Abs(sx-c.sx) > 1e-9 || math.Abs(sy-c.sy) > 1e-9 {
			t.Errorf("view %d: WorldToScreen(%v, %v) = (%v, %v), want (%v, %v)", i, x, y, sx, sy, c.sx, c.sy)
		}
	}
}

// TestViewsDrawAllocations checks that a view adds no allocations to a
// frame beyond Ebitengine's own variation (its part of the screen is kept
// from frame to frame). One view
// over the whole screen issues the draw calls a frame without views does:
// every extra draw call costs Ebitengine's OpenGL binding allocations of
// its own (purego calls, seen in a memory profile), so more views are not
// compared.
func TestViewsDrawAllocations(t *testing.T) {
	requireDisplay(t)
	game := func(views []render.View) *render.Game {
		var boxes []any
		for i := range 200 {
			boxes = append(boxes, render.Box{X: float64(i % 60), Y: float64(i % 40), W: 3, H: 3, Color: red})
		}
		app := newApp(t, 1, boxes...)
		glue.Resource[render.Views](app).List = views
		g := render.NewGame(app)
		frame(t, g)
		frame(t, g)
		return g
	}
	games := []*render.Game{
		game(nil),
		game([]render.View{{X: 0, Y: 0, W: 64, H: 48, Camera: render.Camera{X: 30, Y: 20, Zoom: 1.5, Rotation: 0.3}}}),
	}
	img := ebiten.NewImage(64, 48)
	defer img.Deallocate()
	// The fewest of several runs of each, taken in turn: Ebitengine's
	// command queue grows its own buffers now and then, more on a loaded
	// machine, and a run of one game must not meet that more often than
	// the other's.
	least := []float64{math.Inf(1), math.Inf(1)}
	for range 8 {
		for i, g := range games {
			least[i] = min(least[i], testing.AllocsPerRun(20, func() { g.Draw(img); _ = img.At(0, 0) }))
		}
	}
	// Ebitengine's count moves by one or two from frame to frame on a
	// busy machine (31 to 33 for the same frame without views, measured
	// under load), so one more is let pass; the view's own reuse of its
	// part of the screen is checked exactly by TestSubImageIsReused.
	if none, one := least[0], least[1]; one > none+1 {
		t.Errorf("a frame through one view allocates %.1f times, without views %.1f", one, none)
	}
}
