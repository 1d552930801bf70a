package physics_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/timer"
)

// Physics follows the game clock by default: bodies stop while the timer
// is paused, with no DeltaFrom in the game.
func TestFollowsTheGameClock(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(physics.Body{Vel: physics.Vec{X: 60}}) }))
	var xs []float64
	app.AddSystems(glue.Last, glue.Func(func(q glue.Query1[physics.Body]) {
		_, b, _ := q.First()
		xs = append(xs, b.Pos.X)
	}))
	for i := range 4 {
		if i == 2 {
			glue.Resource[timer.Time](app).SetPaused(true)
		}
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	// Ticks 1 and 2 move 1 px each; the pause takes effect from tick 4.
	if len(xs) != 4 || xs[1] != 2 || xs[3] != xs[2] {
		t.Fatalf("x = %v; want 1 px per tick, then none while paused", xs)
	}
}
