package input_test

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// dirApp is a headless input app whose game system records what it
// sees of one direction; consume, if set, runs before it (a menu).
type dirApp struct {
	app     *glue.App
	dev     *input.Devices
	consume func(s *input.State)
	seen    string
}

func newDirApp(t *testing.T, read func(s *input.State) string) *dirApp {
	t.Helper()
	a := &dirApp{app: glue.NewApp()}
	a.app.AddPlugins(input.Plugin{Headless: true})
	a.app.AddSystems(glue.PreUpdate, glue.Func(func(in glue.ResMut[input.State]) {
		if a.consume != nil {
			a.consume(in.Get())
		}
	}).After(input.MapSystem))
	a.app.AddSystems(glue.Update, glue.Func(func(in glue.Res[input.State]) { a.seen = read(in.Get()) }))
	t.Cleanup(a.app.Close)
	a.dev = glue.Resource[input.Devices](a.app)
	return a
}

func (a *dirApp) tick(t *testing.T) string {
	t.Helper()
	if err := a.app.Update(); err != nil {
		t.Fatal(err)
	}
	return a.seen
}

func dirEdges(down, pressed, released bool) string {
	return fmt.Sprintf("down %v pressed %v released %v", down, pressed, released)
}

// TestDirPressed (issue #38 item 2): an arrow held for several ticks is
// pressed once and released once; so is the D-pad.
func TestDirPressed(t *testing.T) {
	a := newDirApp(t, func(s *input.State) string {
		return dirEdges(s.DirDown(input.Left), s.DirPressed(input.Left), s.DirReleased(input.Left))
	})
	want := []string{
		dirEdges(true, true, false), dirEdges(true, false, false), dirEdges(true, false, false),
		dirEdges(false, false, true), dirEdges(false, false, false),
	}
	for i, w := range want {
		a.dev.Keys[ebiten.KeyArrowLeft] = i < 3
		if got := a.tick(t); got != w {
			t.Errorf("ArrowLeft, tick %d: %s, want %s", i, got, w)
		}
	}
	a.dev.Pads = []input.Pad{{}}
	for i, w := range want {
		a.dev.Pads[0].Buttons[ebiten.StandardGamepadButtonLeftLeft] = i < 3
		if got := a.tick(t); got != w {
			t.Errorf("D-pad left, tick %d: %s, want %s", i, got, w)
		}
	}
}

// TestStickPressed: a stick's direction is pressed when it crosses
// DirPressAt and released only below DirReleaseAt, so a stick resting
// near the threshold does not press again and again.
func TestStickPressed(t *testing.T) {
	a := newDirApp(t, func(s *input.State) string {
		return dirEdges(s.StickDown(input.MoveStick, input.Right), s.StickPressed(input.MoveStick, input.Right), s.StickReleased(input.MoveStick, input.Right))
	})
	a.dev.Pads = []input.Pad{{}}
	steps := []struct {
		x    float64
		want string
	}{
		{0.4, dirEdges(false, false, false)}, // 0.25 past the dead zone
		{0.9, dirEdges(true, true, false)},
		{0.6, dirEdges(true, false, false)}, // 0.5: still down
		{0.5, dirEdges(true, false, false)}, // 0.375, above DirReleaseAt
		{0.9, dirEdges(true, false, false)}, // not pressed again
		{0.3, dirEdges(false, false, true)}, // 0.125
		{1, dirEdges(true, true, false)},
	}
	for i, st := range steps {
		a.dev.Pads[0].Axes[ebiten.StandardGamepadAxisLeftStickHorizontal] = st.x
		if got := a.tick(t); got != st.want {
			t.Errorf("step %d, stick x %v: %s, want %s", i, st.x, got, st.want)
		}
	}
	s := glue.Resource[input.State](a.app)
	if s.StickDown(input.MaxSticks, input.Right) || s.StickPressed(input.MaxSticks, input.Right) || s.DirPressed(input.Direction(9)) {
		t.Error("a stick or direction out of range reads as down")
	}
}

// TestConsumeDir: a direction consumed before the game hides it, and its
// axis reads 0, until it is released; the other axis stays.
func TestConsumeDir(t *testing.T) {
	a := newDirApp(t, func(s *input.State) string {
		return fmt.Sprintf("x %v y %v down %v pressed %v", s.AxisX, s.AxisY, s.DirDown(input.Down), s.DirPressed(input.Down))
	})
	a.consume = func(s *input.State) {
		if s.DirPressed(input.Down) {
			s.ConsumeDir(input.Down)
		}
	}
	a.dev.Keys[ebiten.KeyArrowDown] = true
	a.dev.Keys[ebiten.KeyArrowRight] = true
	for i := range 3 {
		if got, want := a.tick(t), "x 1 y 0 down false pressed false"; got != want {
			t.Errorf("tick %d, Down consumed: %s, want %s", i, got, want)
		}
	}
	a.dev.Keys[ebiten.KeyArrowDown] = false
	a.tick(t)
	a.consume = nil
	a.dev.Keys[ebiten.KeyArrowDown] = true
	if got, want := a.tick(t), "x 1 y 1 down true pressed true"; got != want {
		t.Errorf("pressed again, not consumed: %s, want %s", got, want)
	}
}

// ExampleState_DirPressed moves a cursor on a grid one cell per push of
// an arrow, the D-pad or the stick, however long it is held.
func ExampleState_DirPressed() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true})
	col := 0
	app.AddSystems(glue.Update, glue.Func(func(in glue.Res[input.State]) {
		s := in.Get()
		if s.DirPressed(input.Right) {
			col++
		}
		if s.DirPressed(input.Left) {
			col--
		}
	}))
	defer app.Close()
	dev := glue.Resource[input.Devices](app)
	for range 10 { // held for ten ticks: one step
		dev.Keys[ebiten.KeyArrowRight] = true
		app.Update()
	}
	dev.Keys[ebiten.KeyArrowRight] = false
	app.Update()
	dev.Keys[ebiten.KeyArrowRight] = true // a second push
	app.Update()
	fmt.Println("column", col)
	// Output: column 2
}
