package input_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
)

// anchoredLayout is a 320×180 game's controls anchored to the corners:
// over the field they are where touchLayout-like games put them by hand
// (stick (40, 136), jump (284, 140), pause (24, 40)), each at least 44 logical px across.
func anchoredLayout() *input.TouchControls {
	return &input.TouchControls{
		Stick: input.TouchStick{Anchor: input.TouchBottomLeft, X: 40, Y: 44, Radius: 24},
		Buttons: []input.TouchButton{
			{Action: touchJump, Label: "A", Anchor: input.TouchBottomRight, X: 36, Y: 40, Radius: 22},
			{Action: input.Pause, Label: "II", Anchor: input.TouchTopLeft, X: 24, Y: 40, Radius: 22},
		},
	}
}

// TestTouchControlsArrange: the controls of a 320×180 field at scale 3
// whose screen grows down (render.Viewport.GrowDown), in four windows.
// Upright on a phone (390×844) they are in the space below the field,
// the stick and jump at the screen's bottom corners; sideways (844×390),
// in a 4:3 window (320×240: 60 logical pixels below the field, too few)
// and at 1920×1080 they are over the field where they always were.
func TestTouchControlsArrange(t *testing.T) {
	type circle struct{ x, y, r float64 }
	field := []circle{{40, 136, 24}, {284, 140, 22}, {24, 40, 22}}
	for _, c := range []struct {
		name       string
		outW, outH int
		below      bool
		want       []circle // stick, jump, pause
	}{
		{"phone upright", 390, 844, true, []circle{{40, 180 + 2078.0/3 - 180 - 44, 24}, {284, 2078.0/3 - 40, 22}, {24, 220, 22}}},
		{"phone sideways", 844, 390, false, field},
		{"4:3 window", 320, 240, false, field},
		{"16:9 monitor", 1920, 1080, false, field},
	} {
		vp := render.Viewport{Width: 320, Height: 180, Scale: 3, GrowDown: true}
		vp.LayoutDevice(c.outW, c.outH, 3) // a phone's device scale
		tc := anchoredLayout()
		if err := tc.Arrange(320, 180, vp.Below); err != nil {
			t.Fatal(err)
		}
		s := tc.StickAt()
		got := []circle{{s.X, s.Y, tc.Stick.Radius}}
		for i, b := range tc.Buttons {
			p := tc.ButtonAt(i)
			got = append(got, circle{p.X, p.Y, b.Radius})
		}
		for i := range got {
			if d := got[i].x - c.want[i].x + got[i].y - c.want[i].y; d*d > 1e-12 || got[i].r != c.want[i].r {
				t.Errorf("%s: control %d at %v, want %v", c.name, i, got[i], c.want[i])
			}
		}
		if tc.BelowField != c.below {
			t.Errorf("%s: BelowField %v, want %v", c.name, tc.BelowField, c.below)
		}
		bottom := 180 + vp.Below
		for i, g := range got {
			if c.below && (g.y-g.r < 180 || g.y+g.r > bottom || g.x-g.r < 0 || g.x+g.r > 320) {
				t.Errorf("%s: control %d %v is not inside the space below the field (0, 180)–(320, %.1f)", c.name, i, g, bottom)
			}
			if !c.below && (g.y-g.r < 0 || g.y+g.r > 180) {
				t.Errorf("%s: control %d %v is not inside the field", c.name, i, g)
			}
		}
		// At least 44 CSS px across where the screen fills the window's
		// width (upright) or height (the others).
		css := min(float64(c.outW)/320, float64(c.outH)/(180+vp.Below))
		if err := tc.Check(css); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestTouchControlsActBelowTheField: with a phone's screen grown below
// the field, a finger on the jump button, now at the screen's bottom
// right, presses jump and the stick steers; a finger where the button
// used to be, over the field, does nothing.
func TestTouchControlsActBelowTheField(t *testing.T) {
	app := glue.NewApp()
	b := input.DefaultBindings()
	b.PointerActions = nil
	app.AddPlugins(input.Plugin{Headless: true, Bindings: &b, Touch: anchoredLayout()})
	vp := render.Viewport{Width: 320, Height: 180, Scale: 3, GrowDown: true}
	vp.LayoutDevice(390, 844, 3) // a phone held upright
	app.InsertResource(vp)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	h := &touchHarness{t, app, glue.Resource[input.Devices](app), glue.Resource[input.State](app)}
	tc := glue.Resource[input.TouchControls](app)
	h.tick()
	jump, stick := tc.ButtonAt(0), tc.StickAt()
	if !tc.BelowField || jump.Y < 180 {
		t.Fatalf("the controls are not below the field: BelowField %v, jump at %v", tc.BelowField, jump)
	}
	h.tick(jump, input.Point{X: stick.X + 24, Y: stick.Y})
	if !h.st.Pressed(touchJump) || h.st.AxisX < 0.99 {
		t.Errorf("a finger on the jump button below the field and the stick pushed right: jump pressed %v, axis x %v; want true, 1", h.st.Pressed(touchJump), h.st.AxisX)
	}
	h.tick()
	h.tick(input.Point{X: 284, Y: 140})
	if h.st.Down(touchJump) {
		t.Error("a finger where the jump button is over the field, in landscape, pressed jump with the controls below the field")
	}
	if js := tc.JSON(); !strings.Contains(js, `"below":true`) || !strings.Contains(js, `"buttons":[[284.0,652.7,22.0],[24.0,220.0,22.0]]`) {
		t.Errorf("JSON() = %s; want the controls below the field, jump at (284, 652.7)", js)
	}
}

// TestTouchAnchorsNeedAScreen: controls anchored to a corner in an app
// with no screen size fail the tick, naming the control and the fix; an
// anchor out of range is refused when the plugin is added.
func TestTouchAnchorsNeedAScreen(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true, Touch: anchoredLayout()})
	t.Cleanup(app.Close)
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), "TouchControls.Stick is anchored at TouchBottomLeft") || !strings.Contains(err.Error(), "render.Window") {
		t.Errorf("anchored controls without a screen size: %v; want an error naming the stick and render.Window", err)
	}
	bad := anchoredLayout()
	bad.Buttons[1].Anchor = 9
	app2 := glue.NewApp()
	app2.AddPlugins(input.Plugin{Headless: true, Touch: bad})
	t.Cleanup(app2.Close)
	if err := app2.Build(); err == nil || !strings.Contains(err.Error(), "Buttons[1] (II) has anchor TouchAnchor(9)") {
		t.Errorf("an anchor out of range: %v; want an error naming Buttons[1] and its anchor", err)
	}
}
