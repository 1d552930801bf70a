package input_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

func nearPt(x, y, wx, wy float64) bool { return math.Abs(x-wx) < 1e-9 && math.Abs(y-wy) < 1e-9 }

func TestMoveStick(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	const lh, lv = ebiten.StandardGamepadAxisLeftStickHorizontal, ebiten.StandardGamepadAxisLeftStickVertical
	d := 1 / math.Sqrt2
	for _, c := range []struct {
		name   string
		keys   []ebiten.Key
		sx, sy float64
		wx, wy float64
	}{
		{"nothing", nil, 0, 0, 0, 0},
		{"D", []ebiten.Key{ebiten.KeyD}, 0, 0, 1, 0},
		{"W and A: a diagonal of length 1", []ebiten.Key{ebiten.KeyW, ebiten.KeyA}, 0, 0, -d, -d},
		{"arrows", []ebiten.Key{ebiten.KeyArrowDown}, 0, 0, 0, 1},
		// A stick within the round dead zone (0.2): nothing, even with
		// both axes at 0.15 (length 0.21 > 0.2: just past it).
		{"stick in the dead zone", nil, 0.1, 0.1, 0, 0},
		// Diagonal past the dead zone keeps its direction.
		{"stick diagonal", nil, 0.6, 0.6, (math.Hypot(0.6, 0.6) - 0.2) / 0.8 * d, (math.Hypot(0.6, 0.6) - 0.2) / 0.8 * d},
		{"stick full", nil, -1, 0, -1, 0},
		{"stick beats keys", []ebiten.Key{ebiten.KeyD}, -1, 0, -1, 0},
	} {
		h.keys(false, ebiten.KeyW, ebiten.KeyA, ebiten.KeyS, ebiten.KeyD, ebiten.KeyArrowDown)
		h.keys(true, c.keys...)
		h.pad().Axes[lh], h.pad().Axes[lv] = c.sx, c.sy
		s := h.tick()
		if x, y := s.Stick(input.MoveStick); !nearPt(x, y, c.wx, c.wy) {
			t.Errorf("%s: move stick (%v, %v), want (%v, %v)", c.name, x, y, c.wx, c.wy)
		}
	}
}

func TestAimStickPointerAndRebinding(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	glue.Resource[input.Origins](h.app).Points[input.AimStick] = input.Point{X: 100, Y: 100}
	h.devices().Cursor = input.Point{X: 100, Y: 40}
	s := h.tick()
	if x, y := s.Stick(input.AimStick); !nearPt(x, y, 0, -1) {
		t.Errorf("cursor above the origin: aim (%v, %v), want (0, -1)", x, y)
	}
	// The right stick wins over the pointer.
	h.pad().Axes[ebiten.StandardGamepadAxisRightStickHorizontal] = 1
	s = h.tick()
	if x, y := s.Stick(input.AimStick); !nearPt(x, y, 1, 0) {
		t.Errorf("right stick right: aim (%v, %v), want (1, 0)", x, y)
	}
	h.pad().Axes[ebiten.StandardGamepadAxisRightStickHorizontal] = 0
	// Rebound at run time: the pointer within a radius of 40, with a
	// dead zone of a quarter of it.
	glue.Resource[input.Bindings](h.app).Sticks[input.AimStick] = input.StickBinding{Pointer: true, PointerRadius: 40, DeadZone: 0.25}
	for _, c := range []struct{ cx, cy, wx, wy float64 }{
		{105, 100, 0, 0},                    // within the dead zone (10 px)
		{130, 100, (0.75 - 0.25) / 0.75, 0}, // 30 px: (0.75-0.25)/0.75
		{100, 200, 0, 1},                    // beyond the radius: full
	} {
		h.devices().Cursor = input.Point{X: c.cx, Y: c.cy}
		s := h.tick()
		if x, y := s.Stick(input.AimStick); !nearPt(x, y, c.wx, c.wy) {
			t.Errorf("cursor (%v, %v): aim (%v, %v), want (%v, %v)", c.cx, c.cy, x, y, c.wx, c.wy)
		}
	}
	var st input.State
	if x, y := st.Stick(input.MaxSticks); x != 0 || y != 0 {
		t.Error("a stick out of range is not (0, 0)")
	}
}

func TestBadStickBindingsAtBuild(t *testing.T) {
	b := input.DefaultBindings()
	b.Sticks[2].Up = []input.Source{{}}
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Bindings: &b, Headless: true})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "input: Bindings.Sticks[2].Up: the zero input.Source") {
		t.Errorf("Build = %v, want the zero source of Sticks[2].Up", err)
	}
}
