package input_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

const (
	jump = input.Action(3)
	fire = input.Action(31)
)

func (h *harness) pad() *input.Pad {
	d := h.devices()
	if len(d.Pads) == 0 {
		d.Pads = append(d.Pads, input.Pad{})
	}
	return &d.Pads[0]
}

type edges struct {
	down, pressed, released bool
	value                   float64
}

func edgesOf(s input.State, a input.Action) edges {
	return edges{s.Down(a), s.Pressed(a), s.Released(a), math.Round(s.Value(a)*1000) / 1000}
}

func TestGamepadDefaults(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	h.pad().Buttons[ebiten.StandardGamepadButtonRightBottom] = true
	if got := edgesOf(h.tick(), input.Primary); got != (edges{true, true, false, 1}) {
		t.Errorf("A pressed: Primary %+v, want pressed with value 1", got)
	}
	h.pad().Buttons[ebiten.StandardGamepadButtonRightBottom] = false
	if got := edgesOf(h.tick(), input.Primary); got != (edges{false, false, true, 0}) {
		t.Errorf("A released: Primary %+v, want released", got)
	}
	// The left stick drives the axes, beyond the dead zone, rescaled.
	for _, c := range []struct{ x, y, wx, wy float64 }{
		{0.1, -0.15, 0, 0},  // inside the dead zone (0.2)
		{-0.6, 0, -0.5, 0},  // (0.6-0.2)/0.8
		{1, 1, 1, 1},        // full tilt
		{0.2, -0.2, 0, 0},   // on the edge
		{-1.5, 0.0, -1, 0},  // a driver that overshoots is clamped
		{0.0, 0.52, 0, 0.4}, // (0.52-0.2)/0.8
	} {
		h.pad().Axes[ebiten.StandardGamepadAxisLeftStickHorizontal] = c.x
		h.pad().Axes[ebiten.StandardGamepadAxisLeftStickVertical] = c.y
		s := h.tick()
		if math.Abs(s.AxisX-c.wx) > 1e-9 || math.Abs(s.AxisY-c.wy) > 1e-9 {
			t.Errorf("stick (%v, %v): axis (%v, %v), want (%v, %v)", c.x, c.y, s.AxisX, s.AxisY, c.wx, c.wy)
		}
	}
	// A key wins over a half-tilted stick on the same side, and the
	// D-pad counts as full.
	h.pad().Axes = [input.PadAxisCount]float64{}
	h.pad().Buttons[ebiten.StandardGamepadButtonLeftLeft] = true
	if s := h.tick(); s.AxisX != -1 {
		t.Errorf("D-pad left: AxisX %v, want -1", s.AxisX)
	}
}

func TestSourcesOfEveryKind(t *testing.T) {
	b := input.Bindings{}
	b.SetName(jump, "Jump")
	b.Bind(jump, input.Key(ebiten.KeyK), input.Mouse(ebiten.MouseButtonRight), input.Touch(),
		input.PadButton(ebiten.StandardGamepadButtonFrontBottomRight), input.PadAxis(ebiten.StandardGamepadAxisRightStickVertical, -1))
	h := newHarness(t, input.Plugin{Bindings: &b})
	for _, c := range []struct {
		name string
		set  func(on bool)
		want float64
	}{
		{"key", func(on bool) { h.devices().Keys[ebiten.KeyK] = on }, 1},
		{"mouse", func(on bool) { h.devices().Buttons[ebiten.MouseButtonRight] = on }, 1},
		{"touch", func(on bool) {
			h.devices().Touches = nil
			if on {
				h.devices().Touches = []input.Point{{1, 2}}
			}
		}, 1},
		{"trigger", func(on bool) {
			h.pad().Buttons[ebiten.StandardGamepadButtonFrontBottomRight] = on
			h.pad().ButtonValues[ebiten.StandardGamepadButtonFrontBottomRight] = map[bool]float64{true: 0.7}[on]
		}, 0.7},
		{"stick up", func(on bool) {
			h.pad().Axes[ebiten.StandardGamepadAxisRightStickVertical] = map[bool]float64{true: -0.6}[on]
		}, 0.5},
	} {
		c.set(true)
		if got := edgesOf(h.tick(), jump); got != (edges{true, true, false, c.want}) {
			t.Errorf("%s: Jump %+v, want pressed with value %v", c.name, got, c.want)
		}
		if got := edgesOf(h.tick(), jump); got != (edges{true, false, false, c.want}) {
			t.Errorf("%s held: Jump %+v, want down, not pressed again", c.name, got)
		}
		c.set(false)
		if got := edgesOf(h.tick(), jump); got != (edges{false, false, true, 0}) {
			t.Errorf("%s let go: Jump %+v, want released", c.name, got)
		}
	}
}

// rebind (glue.Update) moves Fire from F to the gamepad's right trigger
// in tick 3, as a settings menu would.
func rebind(p struct {
	B     glue.ResMut[input.Bindings]
	State glue.Res[input.State]
	Ticks glue.Local[int]
}) {
	*p.Ticks.Get()++
	if *p.Ticks.Get() == 3 {
		p.B.Get().Rebind(fire, input.PadButton(ebiten.StandardGamepadButtonFrontBottomRight))
	}
}

func TestRebindAtRunTime(t *testing.T) {
	b := input.DefaultBindings()
	b.Bind(fire, input.Key(ebiten.KeyF))
	b.SetName(fire, "Fire")
	h := newHarness(t, input.Plugin{Bindings: &b})
	h.app.AddSystems(glue.Update, glue.Func(rebind))
	h.keys(true, ebiten.KeyF)
	h.pad().Buttons[ebiten.StandardGamepadButtonFrontBottomRight] = true
	var got []edges
	for range 4 {
		got = append(got, edgesOf(h.tick(), fire))
	}
	// Ticks 1-3 read F (the rebinding in tick 3's Update applies from
	// tick 4's PreUpdate); tick 4 reads the trigger, held: Fire stays
	// down and is not pressed again.
	want := []edges{{true, true, false, 1}, {true, false, false, 1}, {true, false, false, 1}, {true, false, false, 1}}
	if !slices.Equal(got, want) {
		t.Errorf("Fire per tick = %+v, want %+v", got, want)
	}
	h.keys(false, ebiten.KeyF)
	if e := edgesOf(h.tick(), fire); !e.down {
		t.Errorf("F released after rebinding: Fire %+v, want still down from the trigger", e)
	}
	bs := glue.Resource[input.Bindings](h.app)
	if a, ok := bs.Lookup("Fire"); !ok || a != fire || bs.Name(fire) != "Fire" || bs.Name(jump) != "Action(3)" {
		t.Errorf("Lookup(Fire) = %v, %v; Name(fire) %q, Name(jump) %q", a, ok, bs.Name(fire), bs.Name(jump))
	}
	if got := bs.Bound(nil, fire); !slices.Equal(got, []input.Source{input.PadButton(ebiten.StandardGamepadButtonFrontBottomRight)}) {
		t.Errorf("Bound(fire) = %v after Rebind", got)
	}
	if got := bs.Bound(nil, input.Primary); len(got) != 5 || got[0] != input.Key(ebiten.KeySpace) {
		t.Errorf("Bound(Primary) = %v, want Space, Enter, the pad's A, left click and touch", got)
	}
}

func TestUnbindPointer(t *testing.T) {
	b := input.DefaultBindings()
	b.Unbind(input.Primary)
	h := newHarness(t, input.Plugin{Bindings: &b})
	h.keys(true, ebiten.KeySpace)
	h.devices().Buttons[ebiten.MouseButtonLeft] = true
	h.pad().Buttons[ebiten.StandardGamepadButtonRightBottom] = true
	if s := h.tick(); s.Down(input.Primary) {
		t.Error("Primary is down after Unbind")
	}
}

func TestSourceStrings(t *testing.T) {
	for s, want := range map[input.Source]string{
		input.Key(ebiten.KeySpace): "Key(Space)",
		input.Mouse(1):             "Mouse(1)",
		input.Touch():              "Touch",
		input.PadButton(ebiten.StandardGamepadButtonRightBottom):         "PadButton(RightBottom)",
		input.PadAxis(ebiten.StandardGamepadAxisLeftStickHorizontal, -1): "PadAxis(LeftStickHorizontal-)",
		input.PadAxis(ebiten.StandardGamepadAxisRightStickVertical, 1):   "PadAxis(RightStickVertical+)",
		{}: "Source{}",
	} {
		if got := s.String(); got != want {
			t.Errorf("String = %q, want %q", got, want)
		}
	}
}

func TestBadSourcesAtBuild(t *testing.T) {
	for name, c := range map[string]struct {
		set  func(b *input.Bindings)
		want string
	}{
		"zero source": {func(b *input.Bindings) { b.Sources[jump] = []input.Source{{}} }, "input: Bindings.Sources of Action(3): the zero input.Source"},
		"pad button":  {func(b *input.Bindings) { b.Bind(jump, input.PadButton(99)) }, "PadButton(99) is out of range (0 to 16)"},
		"axis":        {func(b *input.Bindings) { b.LeftSources = []input.Source{input.PadAxis(7, 1)} }, "input: Bindings.LeftSources: PadAxis(7+) is out of range"},
		"dead zone":   {func(b *input.Bindings) { b.DeadZone = 1 }, "input: Bindings.DeadZone must be from 0 to below 1"},
		"names":       {func(b *input.Bindings) { b.Names[4], b.Names[5] = "Go", "Go" }, `input: Bindings.Names gives Action(4) and Action(5) the same name "Go"`},
	} {
		t.Run(name, func(t *testing.T) {
			b := input.DefaultBindings()
			c.set(&b)
			app := glue.NewApp()
			app.AddPlugins(input.Plugin{Bindings: &b, Headless: true})
			defer app.Close()
			if err := app.Build(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Build = %v, want %q", err, c.want)
			}
		})
	}
}

// TestBadSourceAtRunTimeIsIgnored rebinds to a source that names no
// button while the app runs: the tick goes on, the source is never down.
func TestBadSourceAtRunTimeIsIgnored(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	glue.Resource[input.Bindings](h.app).Bind(jump, input.PadButton(99), input.Key(-4), input.Mouse(77), input.PadAxis(-1, 1))
	h.pad()
	if s := h.tick(); s.Down(jump) {
		t.Error("a source out of range is down")
	}
}

// TestDuplicateNames: SetName no longer panics (its doc said Build
// reports the duplicate); Build does, and a duplicate made at run time
// fails the tick.
func TestDuplicateNames(t *testing.T) {
	b := input.DefaultBindings()
	b.SetName(jump, "Pause") // no panic
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Bindings: &b, Headless: true})
	defer app.Close()
	want := `input: Bindings.Names gives Pause and Action(3) the same name "Pause"; give each action its own name`
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Build = %v, want %q", err, want)
	}

	h := newHarness(t, input.Plugin{})
	h.tick()
	glue.Resource[input.Bindings](h.app).SetName(fire, "Primary")
	err := h.app.Update()
	want = `input: Bindings.Names gives Primary and Action(31) the same name "Primary"`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Update after a duplicate name = %v, want %q", err, want)
	}
}

func TestMappingAllocatesNothing(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	h.pad().Axes[0] = 0.5
	h.keys(true, ebiten.KeySpace)
	for range 5 {
		h.tick()
	}
	if n := testing.AllocsPerRun(100, func() { _ = h.app.Update() }); n != 0 {
		t.Errorf("a tick of input mapping allocates %v times, want 0", n)
	}
}
