package physics_test

import (
	"slices"
	"strings"
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

// A checkpoint keeps the Contacts of its tick: restored, the list is the
// one saved, not the one of the last tick run. Contacts was copied by
// assignment, so the checkpoint's list shared the app's memory, and each
// step after the Save wrote its own contacts into it; and each rollback
// gave the app back the saved (shorter) memory, which the re-run grew
// again — an allocation per rollback, which a stranger's game on the
// platformer template found (30 Nov 2026).
func TestRestoreGivesTheSavedContacts(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{Sequential: true})
	defer s.app.Close()
	s.walls(200, 100, 20)
	s.spawn("ball", ball(100, 50, 3000, 0, 5)...) // 50 px a tick: a wall every few ticks
	list := func() []physics.Contact { return glue.Resource[physics.Contacts](s.app).List }
	hits := func(l []physics.Contact) string {
		var names []string
		for _, c := range l {
			names = append(names, s.nameOf(c.A)+"-"+s.nameOf(c.B))
		}
		return strings.Join(names, ",")
	}
	var c glue.Checkpoint
	var saved string
	for i := 0; saved == "" && i < 60; i++ {
		s.tick(1)
		if len(list()) > 0 {
			if err := c.Save(s.app); err != nil {
				t.Fatal(err)
			}
			saved = hits(list())
		}
	}
	if saved == "" {
		t.Fatal("no contact in 60 ticks")
	}
	for i := 0; i < 60 && (len(list()) == 0 || hits(list()) == saved); i++ {
		s.tick(1)
	}
	if got := hits(list()); got == saved || got == "" {
		t.Fatalf("the ball touched nothing else after %s", saved)
	}
	if err := c.Restore(s.app); err != nil {
		t.Fatal(err)
	}
	if got := hits(list()); got != saved {
		t.Errorf("Contacts after the restore: %s, want the saved %s", got, saved)
	}
}
