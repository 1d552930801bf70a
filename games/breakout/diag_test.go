package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/physics"
)

// diagGame runs the real game, headless but drawn (into no screen), for
// the diagnostics tests.
func diagGame(t *testing.T, ticks int) *glue.App {
	t.Helper()
	cfg := Config{Seed: 5, Settings: DefaultSettings(), Headless: true, Scale: 2}
	cfg.Settings.Autopilot = true
	app := NewApp(cfg)
	t.Cleanup(app.Close)
	for range ticks {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	return app
}

// first returns the first entity with a T and a copy of its T.
func first[T any](t *testing.T, app *glue.App) (glue.Entity, T) {
	t.Helper()
	for _, e := range app.Entities(nil) {
		if v, ok := app.Component(e, glue.TypeOf[T]()); ok {
			return e, v.(T)
		}
	}
	var zero T
	t.Fatalf("no entity has a %v", glue.TypeOf[T]())
	return 0, zero
}

// TestInspectBreakout picks the paddle, the ball and a brick with the
// mouse's logical coordinates (the paddle and ball are drawn at their
// bodies by render.DrawBoxAt and DrawCircleAt, the bricks where they
// say), and lists the paddle in the inspector with its values.
func TestInspectBreakout(t *testing.T) {
	app := diagGame(t, 90)
	paddle, pad := first[Paddle](t, app)
	pb, _ := app.Component(paddle, glue.TypeOf[physics.Body]())
	ball, _ := first[Ball](t, app)
	bb, _ := app.Component(ball, glue.TypeOf[physics.Body]())
	brick, b := first[Brick](t, app)
	for _, c := range []struct {
		what string
		x, y float64
		want glue.Entity
	}{
		{"the paddle's right end", pb.(physics.Body).Pos.X + pad.W/2 - 1, pb.(physics.Body).Pos.Y, paddle},
		{"the ball", bb.(physics.Body).Pos.X + 1, bb.(physics.Body).Pos.Y, ball},
		{"a brick", b.X + b.W/2, b.Y + b.H/2, brick},
	} {
		if got, ok := diag.Pick(app, c.x, c.y); !ok || got != c.want {
			t.Errorf("Pick at %s (%.1f, %.1f) = %v %v, want %v", c.what, c.x, c.y, got, ok, c.want)
		}
	}

	o := glue.Resource[diag.Overlay](app)
	o.Inspect(true)
	o.SetFilter("Paddle")
	o.Select(paddle)
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	text := o.InspectorText()
	for _, want := range []string{
		"filter: Paddle  (1 entities)",
		paddle.String() + " Paddle Body",
		"  main.Paddle {W:",
		"  physics.Body {Pos:{X:",
	} {
		if !slices.ContainsFunc(text, func(l string) bool { return strings.Contains(l, want) }) {
			t.Errorf("inspector lacks %q:\n%s", want, strings.Join(text, "\n"))
		}
	}
}

// TestPauseAndStepBreakout pauses the real game, checks that ticks stop,
// steps once and compares the world with an unpaused game of the same
// seed one tick further: the step ran exactly one tick.
func TestPauseAndStepBreakout(t *testing.T) {
	app := diagGame(t, 120)
	ref := diagGame(t, 120)
	ballAt := func(a *glue.App) physics.Vec {
		e, _ := first[Ball](t, a)
		b, _ := a.Component(e, glue.TypeOf[physics.Body]())
		return b.(physics.Body).Pos
	}
	app.Pause()
	before := ballAt(app)
	for range 10 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if err := app.Draw(); err != nil {
			t.Fatal(err)
		}
	}
	if got := ballAt(app); got != before || app.Tick() != 120 {
		t.Fatalf("paused: the ball moved %v -> %v, tick %d", before, got, app.Tick())
	}
	app.Step()
	for range 5 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if err := ref.Update(); err != nil {
		t.Fatal(err)
	}
	if got, want := ballAt(app), ballAt(ref); got != want || app.Tick() != 121 {
		t.Fatalf("one step: ball at %v (tick %d), want %v as after one more tick unpaused", got, app.Tick(), want)
	}
	if got := ballAt(app); got == before {
		t.Fatalf("the step did not move the ball (still %v): pick a tick in play", got)
	}
}
