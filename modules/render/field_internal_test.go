package render

import (
	"fmt"
	"math"
	"testing"

	"github.com/gluekit/glue"
)

// TestGameLayoutPublishesTheField: the Game's Layout tells the page where
// the field is, in the window's (CSS) pixels — Breakout's 200×400 field
// at scale 2, letterboxed, and the platformer's 320×180 at scale 3 with
// GrowDown, whose grown screen is not field — once per change of the
// layout, with no call and no allocation while it stays; and the screen
// sizes Layout returns are those of Viewport.Layout, unchanged.
func TestGameLayoutPublishesTheField(t *testing.T) {
	type rect [4]float64
	for _, c := range []struct {
		name       string
		win        Window
		outW, outH int
		want       rect // x, y, w, h in the window's pixels
	}{
		{"breakout upright", Window{Width: 200, Height: 400, Scale: 2}, 390, 844, rect{0, 32, 390, 780}},
		{"breakout sideways", Window{Width: 200, Height: 400, Scale: 2}, 844, 390, rect{324.5, 0, 195, 390}},
		{"breakout 1920×1080", Window{Width: 200, Height: 400, Scale: 2}, 1920, 1080, rect{690, 0, 540, 1080}},
		{"breakout 320×240", Window{Width: 200, Height: 400, Scale: 2}, 320, 240, rect{100, 0, 120, 240}},
		{"breakout 400×800", Window{Width: 200, Height: 400, Scale: 2}, 400, 800, rect{0, 0, 400, 800}},
		{"platformer upright", Window{Width: 320, Height: 180, Scale: 3, GrowDown: true}, 390, 844, rect{0, 0.01, 390, 219.38}}, // at device scale 1 rendered at 2: the grown screen, 640×1385, is a hair shorter than the page
		{"platformer sideways", Window{Width: 320, Height: 180, Scale: 3, GrowDown: true}, 844, 390, rect{75.33, 0, 693.33, 390}},
		{"platformer 1920×1080", Window{Width: 320, Height: 180, Scale: 3, GrowDown: true}, 1920, 1080, rect{0, 0, 1920, 1080}},
		{"platformer 320×240", Window{Width: 320, Height: 180, Scale: 3, GrowDown: true}, 320, 240, rect{0, 0, 320, 180}},
		{"a viewport following the window", Window{}, 640, 480, rect{0, 0, 640, 480}},
	} {
		t.Run(c.name, func(t *testing.T) {
			app := glue.NewApp()
			app.AddPlugins(Plugin{})
			t.Cleanup(app.Close)
			if err := app.Build(); err != nil {
				t.Fatal(err)
			}
			if c.win.Width > 0 {
				if err := applyWindow(c.win, glue.Resource[Viewport](app)); err != nil {
					t.Fatal(err)
				}
			}
			g := NewGame(app)
			var told []rect
			g.field.publish = func(x, y, w, h float64) { told = append(told, rect{x, y, w, h}) }
			vp := *glue.Resource[Viewport](app)
			wantW, wantH := vp.Layout(c.outW, c.outH)
			if c.win.Width == 0 {
				wantW, wantH = c.outW, c.outH
			}
			if w, h := g.Layout(c.outW, c.outH); w != wantW || h != wantH {
				t.Errorf("Layout(%d, %d) = %d×%d, want Viewport.Layout's %d×%d", c.outW, c.outH, w, h, wantW, wantH)
			}
			if len(told) != 1 {
				t.Fatalf("the first Layout told the page %d times, want once: %v", len(told), told)
			}
			for i := range told[0] {
				if math.Abs(told[0][i]-c.want[i]) > 0.01 {
					t.Fatalf("the field is at %v, want %v", fmt.Sprintf("%.2f", told[0]), c.want)
				}
			}
			allocs := testing.AllocsPerRun(20, func() { g.Layout(c.outW, c.outH) })
			if allocs != 0 || len(told) != 1 {
				t.Errorf("an unchanged layout: %v allocations and %d more calls to the page, want none", allocs, len(told)-1)
			}
			g.Layout(c.outW+10, c.outH)
			g.Layout(c.outW, c.outH)
			if len(told) != 3 || told[2] != told[0] {
				t.Errorf("a resize and back: the page was told %v, want 3 times, the last as the first", told)
			}
		})
	}
}

// TestDeviceScaleAskedOnChange: the Game asks for the device scale at its
// first layout, again when the window's size changes or after dpiRefresh
// layouts, and not in between (asking Ebitengine natively is a call on
// the main thread that allocates); the screen follows what it is told:
// the platformer's field in a 400×800 window is rendered at 2 at device
// scale 1 and at 3 at device scale 2. Without a way to ask (a Game that
// Run did not start, natively) the device scale is 1.
func TestDeviceScaleAskedOnChange(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(Plugin{})
	t.Cleanup(app.Close)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	if err := applyWindow(Window{Width: 320, Height: 180, Scale: 3, GrowDown: true}, glue.Resource[Viewport](app)); err != nil {
		t.Fatal(err)
	}
	g := NewGame(app)
	g.field.publish = func(x, y, w, h float64) {}
	if !monitorAlways {
		if w, _ := g.Layout(400, 800); w != 640 {
			t.Errorf("a Game Run did not start: the screen is %d wide, want 640 (device scale 1)", w)
		}
	}
	asked, scale := 0, 1.0
	g.dpi = dpiCache{ask: func() float64 { asked++; return scale }}
	if w, _ := g.Layout(400, 800); w != 640 || asked != 1 {
		t.Fatalf("first layout: the screen is %d wide after %d asks, want 640 after 1", w, asked)
	}
	scale = 2 // the window moved to a monitor of scale 2
	if allocs := testing.AllocsPerRun(20, func() { g.Layout(400, 800) }); allocs != 0 || asked != 1 {
		t.Errorf("the same window: %v allocations and %d asks, want none and 1", allocs, asked)
	}
	for range dpiRefresh {
		g.Layout(400, 800)
	}
	if w, _ := g.Layout(400, 800); w != 960 || asked != 2 {
		t.Errorf("after %d layouts: the screen is %d wide after %d asks, want 960 (scale 3 at device scale 2) after 2", dpiRefresh, w, asked)
	}
	scale = 1
	if w, _ := g.Layout(401, 800); w != 640 || asked != 3 {
		t.Errorf("a resized window: the screen is %d wide after %d asks, want 640 after 3", w, asked)
	}
}
