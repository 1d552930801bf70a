package glue_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// Typed spawns and inserts give the same world as their boxed forms,
// interleaved with other commands in issue order: a batch of Spawn2 is
// cut by a Despawn of one of its entities, and Insert1 adds to and
// overwrites components.
func TestTypedCommandsMatchBoxed(t *testing.T) {
	run := func(typed bool) []string {
		app := newApp(t)
		tick := 0
		var ents []glue.Entity
		app.AddSystems(First, glue.Func(func(c glue.Commands) {
			tick++
			switch tick {
			case 1:
				for i := range 5 {
					if typed {
						ents = append(ents, glue.Spawn2(c, A{i}, B{10 * i}))
					} else {
						ents = append(ents, c.Spawn(A{i}, B{10 * i}))
					}
				}
				c.Despawn(ents[1])
				for i := 5; i < 8; i++ {
					if typed {
						ents = append(ents, glue.Spawn2(c, A{i}, B{10 * i}))
						glue.Insert1(c, ents[i], C{100 * i})
					} else {
						ents = append(ents, c.Spawn(A{i}, B{10 * i}))
						c.Insert(ents[i], C{100 * i})
					}
				}
				if typed {
					ents = append(ents, glue.Spawn1(c, C{-1}))
				} else {
					ents = append(ents, c.Spawn(C{-1}))
				}
			case 2:
				if typed {
					glue.Insert2(c, ents[0], A{-5}, C{-6})
					glue.Insert1(c, ents[1], C{0}) // despawned: nothing happens
				} else {
					c.Insert(ents[0], A{-5}, C{-6})
					c.Insert(ents[1], C{0})
				}
			}
		}))
		var got []string
		app.AddSystems(Last, glue.Func(func(p struct {
			AB glue.Query2[*A, *B]
			C  glue.Query1[*C]
		}) {
			got = got[:0]
			for _, e := range ents {
				a, b, ok := p.AB.Get(e)
				c, okc := p.C.Get(e)
				s := fmt.Sprint(e, ":")
				if ok {
					s += fmt.Sprint(" A", a.V, " B", b.V)
				}
				if okc {
					s += fmt.Sprint(" C", c.V)
				}
				got = append(got, s)
			}
		}))
		mustUpdate(t, app, 3)
		return got
	}
	boxed, typed := run(false), run(true)
	if strings.Join(boxed, "\n") != strings.Join(typed, "\n") {
		t.Fatalf("typed commands gave\n%s\nboxed gave\n%s", strings.Join(typed, "\n"), strings.Join(boxed, "\n"))
	}
	want := []string{"Entity(1v1): A-5 B0 C-6", "Entity(2v1):", "Entity(3v1): A2 B20", "Entity(7v1): A6 B60 C600", "Entity(9v1): C-1"}
	for _, w := range want {
		found := false
		for _, g := range typed {
			found = found || g == w
		}
		if !found {
			t.Errorf("missing %q in\n%s", w, strings.Join(typed, "\n"))
		}
	}
}

// A typed command with a type that cannot be a component fails like the
// boxed one, once per command, naming the type; its entity is never
// spawned.
func TestTypedCommandsRejectBadTypes(t *testing.T) {
	app := newApp(t)
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		glue.Spawn2(c, A{1}, &B{2})
		glue.Spawn2(c, A{1}, &B{3})
		glue.Spawn2(c, A{4}, A{5})
		good := glue.Spawn1(c, A{6})
		glue.Insert1(c, good, error(nil))
	}))
	err := app.Update()
	var se *glue.SystemError
	if !errors.As(err, &se) {
		t.Fatalf("Update = %v, want a *SystemError", err)
	}
	msg := err.Error()
	for _, want := range []string{"is a pointer; components are values: use glue_test.B", "given twice", "is an interface"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	if n := strings.Count(msg, "is a pointer"); n != 2 {
		t.Errorf("%d pointer errors, want one per command (2):\n%s", n, msg)
	}
}

// Spawning, inserting and despawning through typed commands allocates
// nothing once the buffers have grown.
func TestTypedCommandsDoNotAllocate(t *testing.T) {
	app := glue.NewApp().Configure(glue.Options{Sequential: true})
	defer app.Close()
	app.AddStagesAfter(glue.Update, First, Middle)
	var prev []glue.Entity
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		for _, e := range prev {
			c.Despawn(e)
		}
		prev = prev[:0]
		for i := range 100 {
			prev = append(prev, glue.Spawn2(c, A{i}, B{i}))
		}
	}))
	app.AddSystems(Middle, glue.Each1P(func(e glue.Entity, a *A, c glue.Commands) {
		glue.Insert1(c, e, C{a.V})
	}))
	for range 5 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if allocs := testing.AllocsPerRun(20, func() { app.Update() }); allocs != 0 {
		t.Fatalf("%.1f allocations per tick of 100 spawns, inserts and despawns, want 0", allocs)
	}
}

func ExampleSpawn2() {
	type Pos struct{ X, Y float64 }
	type Vel struct{ X, Y float64 }
	app := glue.NewApp()
	defer app.Close()
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 3 {
			// Spawn2 queues the values without boxing them; the three
			// spawns are applied as one batch.
			glue.Spawn2(c, Pos{X: float64(i)}, Vel{X: 1})
		}
	}))
	app.AddSystems(glue.Update, glue.Each2(func(_ glue.Entity, p *Pos, v *Vel) { p.X += v.X }))
	app.AddSystems(glue.Last, glue.Func(func(q glue.Query1[*Pos]) {
		q.Each(func(_ glue.Entity, p *Pos) { fmt.Print(p.X, " ") })
		fmt.Println()
	}))
	app.Update()
	// Output: 1 2 3
}

// Boxed spawns are applied in runs of the same types in the same order:
// a run is cut by other types and by the same types in another order, and
// every entity gets its own values.
func TestBoxedSpawnRuns(t *testing.T) {
	app := newApp(t)
	var ents []glue.Entity
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		if len(ents) > 0 {
			return
		}
		ents = append(ents,
			c.Spawn(A{1}, B{1}), c.Spawn(A{2}, B{2}),
			c.Spawn(B{3}, A{3}), // same archetype, other order
			c.Spawn(C{4}),
			c.Spawn(A{5}, B{5}), c.Spawn(A{6}),
		)
	}))
	var got []string
	app.AddSystems(Last, glue.Func(func(p struct {
		A glue.Query1[*A]
		B glue.Query1[*B]
	}) {
		got = got[:0]
		for _, e := range ents {
			s := "-"
			if a, ok := p.A.Get(e); ok {
				s = fmt.Sprint(a.V)
			}
			if b, ok := p.B.Get(e); ok {
				s += fmt.Sprint("/", b.V)
			}
			got = append(got, s)
		}
	}))
	mustUpdate(t, app, 1)
	if want := "1/1 2/2 3/3 - 5/5 6"; strings.Join(got, " ") != want {
		t.Fatalf("got %q, want %q", strings.Join(got, " "), want)
	}
}
