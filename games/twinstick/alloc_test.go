package main

import (
	"testing"

	"github.com/gluekit/glue"
)

// TestNoAllocsWhileFlying: with the ship moving and firing into an
// empty arena (Alive is set so no wave comes), a tick — bullets spawned,
// flown, despawned at the edge, the grid filled and emptied — allocates
// nothing once the buffers have grown.
func TestNoAllocsWhileFlying(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	app := NewApp(Config{Headless: true, Seed: 1, Pilot: Script})
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	glue.Resource[Play](app).Alive = 1
	for range 300 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	bullets := 0
	for _, e := range app.Entities(nil) {
		if _, ok := app.Component(e, glue.TypeOf[Bullet]()); ok {
			bullets++
		}
	}
	if bullets == 0 {
		t.Fatal("no bullet in flight: the test measures nothing")
	}
	if n := testing.AllocsPerRun(200, func() {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Fatalf("a tick allocates %v times, want 0", n)
	}
}
