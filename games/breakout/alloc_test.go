package main

import (
	"testing"

	"github.com/gluekit/glue"
)

// A tick of the game allocates nothing in steady state (issue #23's
// "0 allocations per tick"): the autopilot plays the thesis's level,
// breaking bricks (despawns), bouncing off walls and the paddle, losing
// and serving balls, with the HUD's labels and the sounds' queue updated
// every tick. The race detector allocates on its own, so the count is
// checked without it.
func TestTickAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	settings := DefaultSettings()
	settings.Autopilot = true
	app := NewApp(Config{Seed: 3, Settings: settings, Headless: true})
	defer app.Close()
	for range 600 { // startup, the first serve, the first bricks
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	hits := glue.Resource[Game](app).Hits
	if a := testing.AllocsPerRun(600, func() {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("a tick of breakout allocates %v times, want 0", a)
	}
	if glue.Resource[Game](app).Hits == hits {
		t.Error("no brick broke while the allocations were counted: the test measured an idle game")
	}
}
