package input_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

const touchJump input.Action = input.Restart + 1

// touchLayout is a 320×180 game's controls: a stick bottom left, a jump
// button bottom right.
func touchLayout() *input.TouchControls {
	return &input.TouchControls{
		Stick:   input.TouchStick{X: 40, Y: 140, Radius: 24},
		Buttons: []input.TouchButton{{Action: touchJump, Label: "A", X: 285, Y: 145, Radius: 20}},
	}
}

type touchHarness struct {
	t   *testing.T
	app *glue.App
	dev *input.Devices
	st  *input.State
}

func newTouchHarness(t *testing.T, tc *input.TouchControls) *touchHarness {
	t.Helper()
	app := glue.NewApp()
	b := input.DefaultBindings()
	b.PointerActions = nil // only the on-screen controls act
	app.AddPlugins(input.Plugin{Headless: true, Bindings: &b, Touch: tc})
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { app.Close() })
	return &touchHarness{t, app, glue.Resource[input.Devices](app), glue.Resource[input.State](app)}
}

func (h *touchHarness) tick(touches ...input.Point) {
	h.t.Helper()
	h.dev.Touches = append(h.dev.Touches[:0], touches...)
	if err := h.app.Update(); err != nil {
		h.t.Fatal(err)
	}
}

// TestTouchButtonPressesAction: a finger on the button presses its
// action at the tick it lands, holds it while it stays and releases it
// at the tick it lifts.
func TestTouchButtonPressesAction(t *testing.T) {
	h := newTouchHarness(t, touchLayout())
	on := input.Point{X: 290, Y: 150}
	type want struct{ down, pressed, released bool }
	steps := []struct {
		touches []input.Point
		want    want
	}{
		{nil, want{}},
		{[]input.Point{on}, want{true, true, false}},
		{[]input.Point{on}, want{true, false, false}},
		{[]input.Point{{X: 286, Y: 140}}, want{true, false, false}}, // slides on the button
		{nil, want{false, false, true}},
		{nil, want{}},
	}
	for i, s := range steps {
		h.tick(s.touches...)
		got := want{h.st.Down(touchJump), h.st.Pressed(touchJump), h.st.Released(touchJump)}
		if got != s.want {
			t.Errorf("tick %d (touches %v): jump down/pressed/released %+v, want %+v", i, s.touches, got, s.want)
		}
	}
}

// TestTouchStickDrag: a finger dragged from the stick's centre gives the
// axes its tilt, full tilt at the radius and beyond (within reach), and
// nothing when it lifts.
func TestTouchStickDrag(t *testing.T) {
	h := newTouchHarness(t, touchLayout())
	steps := []struct {
		at     input.Point
		ax, ay float64
	}{
		{input.Point{X: 40, Y: 140}, 0, 0},
		{input.Point{X: 40 + 12, Y: 140}, (0.5 - 0.2) / 0.8, 0}, // half tilt, less the dead zone
		{input.Point{X: 40 + 24, Y: 140}, 1, 0},
		{input.Point{X: 40 + 40, Y: 140}, 1, 0},               // off the base, within reach
		{input.Point{X: 40, Y: 140 - 24}, 0, -1},              // up
		{input.Point{X: 40 - 24, Y: 140}, -1, 0},              // left
		{input.Point{X: 40 - 12, Y: 140 + 12}, -0.375, 0.375}, // down-left, half each way
	}
	for _, s := range steps {
		h.tick(s.at)
		st := h.st
		if math.Abs(st.AxisX-s.ax) > 0.01 || math.Abs(st.AxisY-s.ay) > 0.01 {
			t.Errorf("finger at %v: axes (%.3f, %.3f), want (%.3f, %.3f)", s.at, st.AxisX, st.AxisY, s.ax, s.ay)
		}
	}
	h.tick()
	if h.st.AxisX != 0 || h.st.AxisY != 0 {
		t.Errorf("finger lifted: axes (%v, %v), want (0, 0)", h.st.AxisX, h.st.AxisY)
	}
}

// TestTouchOutsideDoesNothing: a touch away from every control presses
// nothing and moves no axis; the controls are shown from then on.
func TestTouchOutsideDoesNothing(t *testing.T) {
	h := newTouchHarness(t, touchLayout())
	tc := glue.Resource[input.TouchControls](h.app)
	h.tick()
	if tc.Shown {
		t.Fatal("controls shown before any touch")
	}
	for range 3 {
		h.tick(input.Point{X: 160, Y: 60})
		if h.st.Down(touchJump) || h.st.AxisX != 0 || h.st.AxisY != 0 {
			t.Fatalf("a touch at the centre: jump %v, axes (%v, %v); want nothing", h.st.Down(touchJump), h.st.AxisX, h.st.AxisY)
		}
	}
	if !tc.Shown {
		t.Error("controls hidden after a touch")
	}
}

// TestTouchStickAndButton: two fingers at once, one on the stick and one
// on the button, steer and jump together; lifting one keeps the other.
func TestTouchStickAndButton(t *testing.T) {
	h := newTouchHarness(t, touchLayout())
	stick, button := input.Point{X: 64, Y: 140}, input.Point{X: 285, Y: 145}
	h.tick(stick)
	h.tick(stick, button)
	if h.st.AxisX != 1 || !h.st.Pressed(touchJump) {
		t.Fatalf("stick and button: axis %v, jump pressed %v; want 1, true", h.st.AxisX, h.st.Pressed(touchJump))
	}
	h.tick(button, stick) // the order of touches does not matter
	if h.st.AxisX != 1 || !h.st.Down(touchJump) || h.st.Pressed(touchJump) {
		t.Fatalf("held: axis %v, jump down %v pressed %v; want 1, true, false", h.st.AxisX, h.st.Down(touchJump), h.st.Pressed(touchJump))
	}
	h.tick(button)
	if h.st.AxisX != 0 || !h.st.Down(touchJump) {
		t.Fatalf("stick lifted: axis %v, jump down %v; want 0, true", h.st.AxisX, h.st.Down(touchJump))
	}
	h.tick(stick)
	if h.st.AxisX != 1 || !h.st.Released(touchJump) {
		t.Fatalf("button lifted: axis %v, jump released %v; want 1, true", h.st.AxisX, h.st.Released(touchJump))
	}
}

// TestTouchHiddenByKeys: a key pressed with no finger down hides the
// controls, and a hidden control does nothing until the next touch
// shows it.
func TestTouchHiddenByKeys(t *testing.T) {
	h := newTouchHarness(t, touchLayout())
	tc := glue.Resource[input.TouchControls](h.app)
	h.tick(input.Point{X: 160, Y: 60})
	h.dev.Keys[ebiten.KeyArrowRight] = true
	h.tick()
	h.dev.Keys[ebiten.KeyArrowRight] = false
	if tc.Shown {
		t.Fatal("controls still shown after a key")
	}
	h.tick(input.Point{X: 290, Y: 150})
	if !tc.Shown || !h.st.Pressed(touchJump) {
		t.Errorf("a touch on the button after keys: shown %v, jump pressed %v; want both", tc.Shown, h.st.Pressed(touchJump))
	}
}

// TestTouchControlsErrors: controls that cannot work fail the build with
// a message naming them, and Check names a control under 44 CSS px.
func TestTouchControlsErrors(t *testing.T) {
	for _, c := range []struct {
		tc   input.TouchControls
		want string
	}{
		{input.TouchControls{Buttons: make([]input.TouchButton, 9)}, "more than MaxTouchButtons"},
		{input.TouchControls{Buttons: []input.TouchButton{{Action: 40, Radius: 20}}}, "actions go from 0 to 31"},
		{input.TouchControls{Buttons: []input.TouchButton{{Label: "A"}}}, "Buttons[0] (A) has radius 0"},
	} {
		app := glue.NewApp()
		app.AddPlugins(input.Plugin{Headless: true, Touch: &c.tc})
		err := app.Build()
		app.Close()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("build error %v, want one with %q", err, c.want)
		}
	}
	tc := touchLayout()
	if err := tc.Check(390.0 / 320); err != nil {
		t.Errorf("40 and 48 px controls at 390 CSS px for 320: %v", err)
	}
	tc.Buttons[0].Radius = 15
	if err := tc.Check(390.0 / 320); err == nil || !strings.Contains(err.Error(), "touch button 0 (A) is 37 CSS px across") {
		t.Errorf("a 30 px button at 390/320: %v, want it named as under 44 CSS px", err)
	}
}

// TestTouchNoAllocs: a tick with two fingers on the controls allocates
// nothing.
func TestTouchNoAllocs(t *testing.T) {
	h := newTouchHarness(t, touchLayout())
	two := []input.Point{{X: 52, Y: 140}, {X: 285, Y: 145}}
	for range 5 {
		h.tick(two...)
	}
	if n := testing.AllocsPerRun(100, func() { _ = h.app.Update() }); n != 0 {
		t.Errorf("a tick with touch controls allocates %v times, want 0", n)
	}
}

// TestDrawTouchControls: nothing is drawn before a touch; from the first
// touch on, the stick's base and knob, the button and its label are.
func TestDrawTouchControls(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true, Touch: touchLayout()})
	app.InsertResource(render.DrawList{})
	app.AddSystems(glue.Draw, input.DrawTouchControls())
	defer app.Close()
	list := glue.Resource[render.DrawList](app)
	frame := func(touches ...input.Point) int {
		t.Helper()
		glue.Resource[input.Devices](app).Touches = touches
		list.Reset()
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if err := app.Draw(); err != nil {
			t.Fatal(err)
		}
		return list.Len()
	}
	if n := frame(); n != 0 {
		t.Errorf("before any touch: %d items drawn, want 0", n)
	}
	if n := frame(input.Point{X: 160, Y: 60}); n != 4 {
		t.Errorf("after a touch: %d items drawn, want 4 (stick base and knob, button, label)", n)
	}
	if l := list.Layer(); l != 0 {
		t.Errorf("the draw list's layer is %d after drawing the controls, want it put back to 0", l)
	}
}

// TestTouchControlsOff: while Off, a touch on the button presses nothing
// and the stick moves no axis; turned on again, they act at once.
func TestTouchControlsOff(t *testing.T) {
	h := newTouchHarness(t, touchLayout())
	tc := glue.Resource[input.TouchControls](h.app)
	tc.Off = true
	both := []input.Point{{X: 64, Y: 140}, {X: 285, Y: 145}}
	h.tick(both...)
	if h.st.Down(touchJump) || h.st.AxisX != 0 {
		t.Fatalf("controls off: jump %v, axis %v; want neither", h.st.Down(touchJump), h.st.AxisX)
	}
	tc.Off = false
	h.tick(both...)
	if !h.st.Pressed(touchJump) || h.st.AxisX != 1 {
		t.Fatalf("controls on again: jump pressed %v, axis %v; want true, 1", h.st.Pressed(touchJump), h.st.AxisX)
	}
}
