package physics_test

import (
	"slices"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// A checkpoint restored across a growth of the grid (a collider added
// far out after it was saved) gives the Space its area back, so that the
// ticks run again grow it when the first run did and the Space's digest
// is the first run's. Before, the grid kept the grown area and the digest
// of physics.Space differed: net.SyncTest found it in breakout at tick
// 6390 of 10,000 (a rollback across a new level's spawn), which two
// rollback players would have reported as a desync.
func TestRestoreAcrossGridGrowth(t *testing.T) {
	app := newApp(glue.Options{Sequential: true})
	app.AddPlugins(physics.Plugin{Stage: phys})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(box(0, 0, 100, 10)...)
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Tick glue.Local[int]
		Cmds glue.Commands
	}) {
		if *p.Tick.Get()++; *p.Tick.Get() == 3 {
			p.Cmds.Spawn(box(2000, 2000, 2100, 2010)...) // far out: the grid grows
		}
	}))
	defer app.Close()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	var c, d glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	digests := func() []glue.Digest {
		if err := d.Save(app); err != nil {
			t.Fatal(err)
		}
		return d.Digest(nil)
	}
	var first [][]glue.Digest
	for range 4 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		first = append(first, digests())
	}
	if err := c.Restore(app); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if got := digests(); !slices.Equal(got, first[i]) {
			t.Fatalf("tick %d run again after the restore: digests\n%v\nwant the first run's\n%v", app.Tick(), got, first[i])
		}
	}
}
