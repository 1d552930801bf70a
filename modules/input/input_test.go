package input_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// harness is a headless app with the input plugin: tests set Devices
// between ticks and read State after each.
type harness struct {
	t   *testing.T
	app *glue.App
}

func newHarness(t *testing.T, p input.Plugin) *harness {
	t.Helper()
	p.Headless = true
	app := glue.NewApp()
	app.AddPlugins(p)
	t.Cleanup(app.Close)
	return &harness{t, app}
}

func (h *harness) devices() *input.Devices { return glue.Resource[input.Devices](h.app) }

// tick runs one tick and returns the state it produced.
func (h *harness) tick() input.State {
	h.t.Helper()
	if err := h.app.Update(); err != nil {
		h.t.Fatal(err)
	}
	return *glue.Resource[input.State](h.app)
}

func (h *harness) keys(down bool, keys ...ebiten.Key) {
	for _, k := range keys {
		h.devices().Keys[k] = down
	}
}

func TestAxis(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	for _, c := range []struct {
		keys   []ebiten.Key
		wx, wy float64
	}{
		{nil, 0, 0},
		{[]ebiten.Key{ebiten.KeyArrowLeft}, -1, 0},
		{[]ebiten.Key{ebiten.KeyArrowRight}, 1, 0},
		{[]ebiten.Key{ebiten.KeyA}, -1, 0},
		{[]ebiten.Key{ebiten.KeyD}, 1, 0},
		{[]ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowRight}, 0, 0},
		{[]ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}, -1, 0},
		{[]ebiten.Key{ebiten.KeyArrowUp}, 0, -1},
		{[]ebiten.Key{ebiten.KeyS, ebiten.KeyD}, 1, 1},
	} {
		*h.devices() = input.Devices{}
		h.keys(true, c.keys...)
		s := h.tick()
		if s.AxisX != c.wx || s.AxisY != c.wy {
			t.Errorf("keys %v: axis (%v, %v), want (%v, %v)", c.keys, s.AxisX, s.AxisY, c.wx, c.wy)
		}
	}
}

func TestActionEdges(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	type want struct{ down, pressed, released bool }
	check := func(tick int, s input.State, a input.Action, w want) {
		t.Helper()
		if got := (want{s.Down(a), s.Pressed(a), s.Released(a)}); got != w {
			t.Errorf("tick %d, %v: down/pressed/released = %v, want %v", tick, a, got, w)
		}
	}
	check(1, h.tick(), input.Primary, want{})
	h.keys(true, ebiten.KeySpace)
	check(2, h.tick(), input.Primary, want{true, true, false})
	check(3, h.tick(), input.Primary, want{true, false, false})
	h.keys(true, ebiten.KeyEnter) // a second key of the same action
	h.keys(false, ebiten.KeySpace)
	check(4, h.tick(), input.Primary, want{true, false, false})
	h.keys(false, ebiten.KeyEnter)
	s := h.tick()
	check(5, s, input.Primary, want{false, false, true})
	check(5, s, input.Pause, want{})
	check(6, h.tick(), input.Primary, want{})

	h.keys(true, ebiten.KeyEscape)
	check(7, h.tick(), input.Pause, want{true, true, false})
	h.keys(false, ebiten.KeyEscape)
	h.keys(true, ebiten.KeyR)
	s = h.tick()
	check(8, s, input.Pause, want{false, false, true})
	check(8, s, input.Restart, want{true, true, false})
}

func TestOutOfRangeAction(t *testing.T) {
	var s input.State
	if s.Down(input.MaxActions) || s.Pressed(200) || s.Released(255) {
		t.Error("an action beyond MaxActions reports true")
	}
}

func TestMousePointer(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	h.devices().Cursor = input.Point{X: 10, Y: 20}
	s := h.tick()
	if p := s.Pointer; p.X != 10 || p.Y != 20 || p.Moved || p.Down || p.Touch {
		t.Errorf("first tick: pointer %+v, want at (10, 20), not moved, not down", p)
	}
	h.devices().Cursor = input.Point{X: 12.5, Y: 20}
	if p := h.tick().Pointer; p.X != 12.5 || !p.Moved {
		t.Errorf("after moving: pointer %+v, want at x 12.5, moved", p)
	}
	if p := h.tick().Pointer; p.Moved {
		t.Errorf("still: pointer %+v, want not moved", p)
	}
	h.devices().Buttons[ebiten.MouseButtonLeft] = true
	s = h.tick()
	if !s.Pointer.Down || !s.Pointer.Pressed || !s.Pressed(input.Primary) {
		t.Errorf("click: pointer %+v, Primary pressed %v; want down, pressed, and Primary pressed", s.Pointer, s.Pressed(input.Primary))
	}
	h.devices().Buttons[ebiten.MouseButtonLeft] = false
	s = h.tick()
	if s.Pointer.Down || !s.Pointer.Released || !s.Released(input.Primary) {
		t.Errorf("release: pointer %+v, Primary released %v; want released", s.Pointer, s.Released(input.Primary))
	}
	h.devices().Buttons[ebiten.MouseButtonRight] = true
	if s := h.tick(); s.Pointer.Down || s.Down(input.Primary) {
		t.Errorf("right button: pointer %+v; only the left button is the pointer", s.Pointer)
	}
}

func TestTouchPointer(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	h.tick()
	h.devices().Touches = []input.Point{{X: 5, Y: 6}, {X: 50, Y: 60}}
	s := h.tick()
	if p := s.Pointer; p.X != 5 || p.Y != 6 || !p.Down || !p.Pressed || !p.Touch || !p.Moved {
		t.Errorf("touch: pointer %+v, want the first touch, down, pressed, touch, moved", p)
	}
	if !s.Pressed(input.Primary) {
		t.Error("a touch does not press Primary")
	}
	h.devices().Touches = nil
	s = h.tick()
	if p := s.Pointer; p.X != 5 || p.Y != 6 || p.Down || !p.Released || p.Moved {
		t.Errorf("touch ended: pointer %+v, want still at the touch, released, not moved", p)
	}
	h.devices().Cursor = input.Point{X: 30, Y: 40}
	if p := h.tick().Pointer; p.X != 30 || p.Y != 40 || p.Touch || !p.Moved {
		t.Errorf("mouse moved after a touch: pointer %+v, want the cursor, not a touch", p)
	}
}

func TestCustomBindings(t *testing.T) {
	const jump = input.Action(5)
	b := input.Bindings{Left: []ebiten.Key{ebiten.KeyJ}}
	b.Actions[jump] = []ebiten.Key{ebiten.KeyX}
	h := newHarness(t, input.Plugin{Bindings: &b})
	h.keys(true, ebiten.KeyX, ebiten.KeyJ, ebiten.KeySpace, ebiten.KeyArrowLeft)
	h.devices().Buttons[ebiten.MouseButtonLeft] = true
	s := h.tick()
	if !s.Pressed(jump) {
		t.Error("custom action 5 bound to X is not pressed")
	}
	if s.Down(input.Primary) {
		t.Error("Primary is down although the custom bindings bind neither Space nor the pointer")
	}
	if s.AxisX != -1 {
		t.Errorf("AxisX = %v with J (bound to Left), want -1", s.AxisX)
	}

	// Rebinding while running.
	glue.Resource[input.Bindings](h.app).PointerActions = []input.Action{jump}
	h.keys(false, ebiten.KeyX)
	if s := h.tick(); !s.Down(jump) || s.Pressed(jump) {
		t.Errorf("jump after rebinding to the (held) pointer: down %v, pressed %v; want held, not pressed again", s.Down(jump), s.Pressed(jump))
	}
}

func TestStages(t *testing.T) {
	// The plugin adds no stage: its systems run in glue.PreUpdate, map
	// after read.
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{})
	defer app.Close()
	got, want := app.Stages(), glue.NewApp().Stages()
	if len(got) != len(want) {
		t.Fatalf("stages = %v, want the core stages %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("stages = %v, want the core stages %v", got, want)
		}
	}
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	d := app.Describe()
	want1 := "Stage PreUpdate (update):\n  group 1\n    input.readDevices "
	if i, j := strings.Index(d, want1), strings.Index(d, "  group 2\n    input.mapInput "); i < 0 || j < i {
		t.Errorf("Describe does not list %s then %s in stage PreUpdate:\n%s", input.ReadDevicesSystem, input.MapSystem, d)
	}

	// A game system of glue.PreUpdate sees this tick's input when it
	// runs after MapSystem, even if registered before the plugin.
	app = glue.NewApp()
	var axis []float64
	app.AddSystems(glue.PreUpdate, glue.Func(func(in glue.Res[input.State]) {
		axis = append(axis, in.Get().AxisX)
	}).After(input.MapSystem))
	app.AddPlugins(input.Plugin{Headless: true})
	defer app.Close()
	glue.Resource[input.Devices](app).Keys[ebiten.KeyArrowRight] = true
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if len(axis) != 1 || axis[0] != 1 {
		t.Errorf("system after MapSystem saw AxisX %v, want [1]", axis)
	}
}

// Paddle is a game component moved by the axis.
type Paddle struct{ X float64 }

// seen records the paddle's position for the test to read.
type seen struct{ x float64 }

func TestGameLogicWithInjectedInput(t *testing.T) {
	h := newHarness(t, input.Plugin{})
	h.app.InsertResource(seen{})
	h.app.AddStartup(glue.Func(func(cmds glue.Commands) { cmds.Spawn(Paddle{X: 100}) }))
	move := glue.Each1P(func(_ glue.Entity, p *Paddle, in glue.Res[input.State]) {
		p.X += 4 * in.Get().AxisX
	}).Named("MovePaddle")
	h.app.AddSystems(glue.Update,
		move,
		glue.Func(func(p struct {
			Q    glue.Query1[*Paddle]
			Seen glue.ResMut[seen]
		}) {
			if _, pad, ok := p.Q.First(); ok {
				p.Seen.Get().x = pad.X
			}
		}).After(move),
	)
	h.keys(true, ebiten.KeyArrowRight)
	h.tick()
	h.tick()
	h.keys(false, ebiten.KeyArrowRight)
	h.keys(true, ebiten.KeyArrowLeft)
	h.tick()
	if got := glue.Resource[seen](h.app).x; got != 104 {
		t.Errorf("paddle at %v after right, right, left; want 104", got)
	}
}

func TestReadDevicesWithoutWindow(t *testing.T) {
	// The Ebitengine reader is safe to run before (or without) a game
	// loop: it reads nothing.
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{})
	defer app.Close()
	for range 2 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if s := glue.Resource[input.State](app); s.AxisX != 0 || s.Down(input.Primary) || s.Pointer.Down {
		t.Errorf("state without a window = %+v, want nothing pressed", s)
	}
}

func TestActionString(t *testing.T) {
	for a, want := range map[input.Action]string{input.Primary: "Primary", input.Pause: "Pause", input.Restart: "Restart", 6: "Action(6)"} {
		if a.String() != want {
			t.Errorf("Action(%d).String() = %q, want %q", int(a), a.String(), want)
		}
	}
}

func TestPluginReportsBadBindingsAtBuild(t *testing.T) {
	for name, c := range map[string]struct {
		b    input.Bindings
		want string
	}{
		"pointer action": {input.Bindings{PointerActions: []input.Action{input.MaxActions}}, "input: Bindings.PointerActions names Action(32)"},
		"key":            {input.Bindings{Left: []ebiten.Key{-1}}, "input: Bindings name key -1"},
	} {
		t.Run(name, func(t *testing.T) {
			app := glue.NewApp()
			app.AddPlugins(input.Plugin{Bindings: &c.b})
			defer app.Close()
			if err := app.Build(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Build = %v, want %q", err, c.want)
			}
		})
	}
}

func TestSystemWithoutPlugin(t *testing.T) {
	app := glue.NewApp()
	app.AddSystems(glue.Update, glue.Func(func(glue.Res[input.State]) {}))
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "input.Plugin") || !strings.Contains(err.Error(), "input.State") {
		t.Errorf("Build = %v, want an error saying to add input.Plugin for input.State", err)
	}
}

// Every key, mouse button, gamepad button and axis direction has a name
// a player can read: none is empty or the programmer's form.
func TestSourceNames(t *testing.T) {
	var all []input.Source
	for k := ebiten.Key(0); k <= ebiten.KeyMax; k++ {
		all = append(all, input.Key(k))
	}
	for b := ebiten.MouseButton(0); b <= ebiten.MouseButtonMax; b++ {
		all = append(all, input.Mouse(b))
	}
	for b := 0; b < input.PadButtonCount; b++ {
		all = append(all, input.PadButton(ebiten.StandardGamepadButton(b)))
	}
	for a := 0; a < input.PadAxisCount; a++ {
		all = append(all, input.PadAxis(ebiten.StandardGamepadAxis(a), -1), input.PadAxis(ebiten.StandardGamepadAxis(a), 1))
	}
	seen := map[string]input.Source{}
	for _, s := range all {
		n := s.Name()
		if n == "" || strings.Contains(n, "(") {
			t.Errorf("%v: name %q", s, n)
		}
		if o, dup := seen[n]; dup && n != `\` {
			t.Errorf("%v and %v are both named %q", o, s, n)
		}
		seen[n] = s
	}
}
