package timer_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

type popup struct{ Text string }

// TestLifetimeDespawns: an entity with a Lifetime is despawned when its
// time runs out — the systems of that tick after timer.First no longer
// see it — and not while the clock is paused; a tick allocates nothing
// once the entities are gone (issue #38: effects that despawn
// themselves).
func TestLifetimeDespawns(t *testing.T) {
	paused := false
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10, PauseWhile: glue.If(func(struct{}) bool { return paused })})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(popup{"short"}, timer.DespawnAfter(300*time.Millisecond))
		c.Spawn(popup{"long"}, timer.DespawnAfter(time.Second))
	}))
	var seen []string
	app.AddSystems(glue.Update, glue.Each1(func(_ glue.Entity, p popup) { seen = append(seen, p.Text) }))
	defer app.Close()
	run := func() []string {
		seen = seen[:0]
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		return seen
	}
	for tick := 1; tick <= 2; tick++ {
		if got := fmt.Sprint(run()); got != "[short long]" {
			t.Fatalf("tick %d: %s; want both", tick, got)
		}
	}
	if got := fmt.Sprint(run()); got != "[long]" { // 300 ms at 10 ticks/s: gone in tick 3
		t.Fatalf("tick 3: %s; want [long]", got)
	}
	paused = true
	for range 20 {
		if got := fmt.Sprint(run()); got != "[long]" {
			t.Fatalf("paused: %s; want [long] kept while the clock stands", got)
		}
	}
	paused = false
	for tick := 4; tick <= 10; tick++ {
		got := fmt.Sprint(run())
		if want := map[bool]string{true: "[long]", false: "[]"}[tick < 10]; got != want {
			t.Fatalf("tick %d: %s; want %s", tick, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { run() }); n != 0 {
		t.Errorf("a tick allocates %v times with no lifetimes left; want 0", n)
	}
}

// ExampleDespawnAfter spawns a popup that despawns itself after 0.5 s of
// game time.
func ExampleDespawnAfter() {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(popup{"+100"}, timer.DespawnAfter(500*time.Millisecond))
	}))
	app.AddSystems(glue.Update, glue.Func2(func(q glue.Query1[popup], cmds glue.Commands) {
		if q.Len() == 0 {
			cmds.End()
		}
	}))
	if err := app.Run(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("gone after", glue.Resource[timer.Time](app).Elapsed())
	// Output:
	// gone after 500ms
}
