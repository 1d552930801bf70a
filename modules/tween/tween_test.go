package tween_test

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/tween"
)

func TestEasesEndpoints(t *testing.T) {
	for name, e := range tween.Eases {
		if got := e(0); math.Abs(got) > 1e-9 {
			t.Errorf("%s(0) = %v, want 0", name, got)
		}
		if got := e(1); math.Abs(got-1) > 1e-9 {
			t.Errorf("%s(1) = %v, want 1", name, got)
		}
		overshoots := strings.Contains(name, "Back") || strings.Contains(name, "Elastic")
		prev := 0.0
		for i := 1; i <= 100; i++ {
			v := e(float64(i) / 100)
			if !overshoots && (v < -1e-9 || v > 1+1e-9) {
				t.Errorf("%s(%v) = %v, outside [0, 1]", name, float64(i)/100, v)
			}
			if !overshoots && !strings.Contains(name, "Bounce") && v < prev-1e-9 {
				t.Errorf("%s goes back at %v: %v after %v", name, float64(i)/100, v, prev)
			}
			prev = v
		}
	}
	if got := tween.InQuad(0.5); got != 0.25 {
		t.Errorf("InQuad(0.5) = %v, want 0.25", got)
	}
	if got := tween.InOutQuad(0.25); got != 0.125 {
		t.Errorf("InOutQuad(0.25) = %v, want 0.125", got)
	}
	if got := tween.OutCubic(0.5); got != 0.875 {
		t.Errorf("OutCubic(0.5) = %v, want 0.875", got)
	}
}

type Ball struct {
	X, Y, Size float64
	Tint       color.RGBA
}

var (
	pos  = tween.XY(func(b *Ball) (*float64, *float64) { return &b.X, &b.Y })
	size = tween.Float(func(b *Ball) *float64 { return &b.Size })
	tint = tween.RGBA(func(b *Ball) *color.RGBA { return &b.Tint })
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestSequenceAndLoops(t *testing.T) {
	b := Ball{X: 0, Y: 10}
	tw := tween.Tween[Ball]{Prop: pos, Steps: []tween.Step{tween.ToXY(10, 10, 1, nil), tween.ToXY(10, 30, 2, tween.InQuad)}, Loops: 1}
	for _, c := range []struct {
		dt, x, y float64
		done     bool
	}{
		{0.5, 5, 10, false},
		{0.5, 10, 10, false},    // the first step's end
		{1, 10, 15, false},      // half the second: InQuad(0.5) = 0.25 of 20
		{1, 0, 10, false},       // the end: loop back to the start
		{1.5, 10, 11.25, false}, // a step and a quarter in one call: InQuad(0.25) = 1/16 of 20
		{1.5, 10, 30, true},     // the loop done: the end, once
		{1, 10, 30, false},
	} {
		done := tw.Advance(&b, c.dt)
		if !near(b.X, c.x) || !near(b.Y, c.y) || done != c.done {
			t.Fatalf("after %v s more: at (%v, %v), finished %v; want (%v, %v), %v", c.dt, b.X, b.Y, done, c.x, c.y, c.done)
		}
	}
	if !tw.Done() {
		t.Error("Done false after the end")
	}
}

func TestColourAndPause(t *testing.T) {
	b := Ball{Tint: color.RGBA{0, 0, 0, 255}}
	tw := tween.Tween[Ball]{Prop: tint, Steps: []tween.Step{tween.ToRGBA(color.RGBA{200, 100, 0, 55}, 1, nil)}}
	tw.Advance(&b, 0) // paused: starts (reads the colour), holds still
	if b.Tint != (color.RGBA{0, 0, 0, 255}) {
		t.Errorf("paused: tint %v changed", b.Tint)
	}
	tw.Advance(&b, 0.5)
	if b.Tint != (color.RGBA{100, 50, 0, 155}) {
		t.Errorf("half way: tint %v, want {100 50 0 155}", b.Tint)
	}
}

// TestUpdateSystem runs tweens by the game clock in an app: the clock
// paused holds them, the end writes Finished and removes the tween, Keep
// keeps it.
func TestUpdateSystem(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	var ended []string
	var a, k glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) {
		a = c.Spawn(Ball{}, tween.Tween[Ball]{Name: "grow", Prop: size, Steps: []tween.Step{tween.To(60, 1, nil)}})
		k = c.Spawn(Ball{}, tween.Tween[Ball]{Name: "kept", Prop: size, Steps: []tween.Step{tween.To(6, 0.1, nil)}, Keep: true})
	}))
	app.AddSystems(glue.Update, tween.Update[Ball]())
	app.AddSystems(glue.PostUpdate, glue.Func(func(r glue.Reader[tween.Finished]) {
		for _, f := range r.Read() {
			ended = append(ended, f.Name)
		}
	}))
	defer app.Close()
	tick := func(n int) {
		t.Helper()
		for range n {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	tick(30)
	if s := ball(app, a).Size; !near(s, 30) && math.Abs(s-30) > 1.01 {
		t.Errorf("after 30 ticks of 1/60 s: size %v, want about 30", s)
	}
	glue.Resource[timer.Time](app).SetPaused(true)
	before := ball(app, a).Size
	tick(10)
	if s := ball(app, a).Size; s != before {
		t.Errorf("paused: size went from %v to %v", before, s)
	}
	glue.Resource[timer.Time](app).SetPaused(false)
	tick(40)
	if s := ball(app, a).Size; s != 60 {
		t.Errorf("after the end: size %v, want 60", s)
	}
	if got := strings.Join(ended, ","); got != "kept,grow" {
		t.Errorf("Finished events %q, want kept,grow", got)
	}
	if _, ok := app.Component(a, glue.TypeOf[tween.Tween[Ball]]()); ok {
		t.Error("the finished tween is still on its entity")
	}
	if tw, ok := app.Component(k, glue.TypeOf[tween.Tween[Ball]]()); !ok || !tw.(tween.Tween[Ball]).Done() {
		t.Error("the kept tween is gone or not done")
	}
}

func TestTweenWithoutPropFailsTheApp(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(Ball{}, tween.Tween[Ball]{Name: "bad"}) }))
	app.AddSystems(glue.Update, tween.Update[Ball]())
	defer app.Close()
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), `tween: Tween[tween_test.Ball] "bad" has no Prop`) {
		t.Fatalf("Update: %v, want the missing Prop error", err)
	}
}

func TestAdvanceAllocatesNothing(t *testing.T) {
	b := Ball{}
	tw := tween.Tween[Ball]{Prop: pos, Steps: []tween.Step{tween.ToXY(1, 1, 1, tween.InOutSine), tween.ToXY(0, 0, 1, nil)}, Loops: tween.Forever}
	if n := testing.AllocsPerRun(100, func() { tw.Advance(&b, 0.1) }); n != 0 {
		t.Errorf("Advance allocates %v times, want 0", n)
	}
}

func ball(app *glue.App, e glue.Entity) Ball {
	c, _ := app.Component(e, glue.TypeOf[Ball]())
	b, _ := c.(Ball)
	return b
}
