package glue_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gluekit/glue"
)

// Link is a component that refers to another entity.
type Link struct{ To glue.Entity }

// Spawn returns the entity at once: later commands of the same system use
// it, other entities store it, and it is live from the next stage on.
func TestSpawnReturnsEntity(t *testing.T) {
	app := newApp(t)
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		parent := c.Spawn(A{V: 1})
		c.Insert(parent, B{V: 2})
		c.Spawn(A{V: 3}, Link{To: parent})
		gone := c.Spawn(A{V: 4})
		c.Despawn(gone)
		c.Insert(gone, B{V: 5}) // despawned in between: does nothing
	}))
	var found []string
	app.AddSystems(Middle, glue.Func(func(p struct {
		Links glue.Query1[*Link]
		AB    glue.Query2[*A, *B]
	}) {
		p.Links.Each(func(_ glue.Entity, l *Link) {
			a, b, ok := p.AB.Get(l.To)
			found = append(found, fmt.Sprint(ok, a.V, b.V))
		})
	}))
	mustUpdate(t, app, 1)
	if want := []string{"true 1 2"}; !slices.Equal(found, want) {
		t.Fatalf("links resolved to %v, want %v", found, want)
	}
	if n := app.Len(); n != 2 {
		t.Fatalf("%d entities, want 2 (the despawned one stays gone)", n)
	}
}

// spawnTree builds an app whose entity system, split across workers,
// spawns a child for each of n parents and links the two both ways.
func spawnTree(n int, sequential bool) *glue.App {
	app := stagedApp()
	app.Configure(glue.Options{Sequential: sequential, ParallelThreshold: 1, ChunkSize: 64})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range n {
			c.Spawn(A{V: i})
		}
	}))
	app.AddSystems(First, glue.Each1P(func(e glue.Entity, a *A, c glue.Commands) {
		child := c.Spawn(B{V: a.V}, Link{To: e})
		c.Insert(e, Link{To: child})
	}).Without(glue.TypeOf[Link]()))
	return app
}

// pairs lists, for every parent, its V and its child's, following the
// links both ways.
func pairs(t *testing.T, app *glue.App) []string {
	t.Helper()
	var out []string
	app.AddSystems(Middle, glue.Func(func(p struct {
		Parents  glue.Query2[*A, *Link]
		Children glue.Query2[*B, *Link]
	}) {
		p.Parents.Each(func(e glue.Entity, a *A, l *Link) {
			b, back, ok := p.Children.Get(l.To)
			out = append(out, fmt.Sprint(a.V, ok && back.To == e, b.V))
		})
	}))
	mustUpdate(t, app, 1)
	return out
}

// Ids reserved by systems running on several workers are distinct and
// every link resolves, as in a sequential run.
func TestSpawnParallelLinks(t *testing.T) {
	const n = 2000
	par := spawnTree(n, false)
	defer par.Close()
	seq := spawnTree(n, true)
	defer seq.Close()
	got, want := pairs(t, par), pairs(t, seq)
	if len(want) != n || !slices.Equal(got, want) {
		t.Fatalf("parallel links differ from sequential (%d vs %d pairs)", len(got), len(want))
	}
	for i, s := range want {
		if s != fmt.Sprint(i, true, i) {
			t.Fatalf("pair %d = %q, want %q", i, s, fmt.Sprint(i, true, i))
		}
	}
}

// A sequential run hands out the same ids every time, recycled ones
// included.
func TestSpawnIdsDeterministic(t *testing.T) {
	run := func() []glue.Entity {
		var ids []glue.Entity
		app := stagedApp()
		defer app.Close()
		app.Configure(glue.Options{Sequential: true})
		app.AddSystems(First, glue.Func(func(p struct {
			C glue.Commands
			Q glue.Query1[*A]
		}) {
			p.Q.Each(func(e glue.Entity, a *A) {
				if a.V%3 == 0 {
					p.C.Despawn(e)
				}
			})
			for i := range 10 {
				ids = append(ids, p.C.Spawn(A{V: len(ids) + i}))
			}
		}))
		for range 20 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		return ids
	}
	a, b := run(), run()
	if !slices.Equal(a, b) {
		t.Fatal("two sequential runs spawned different ids")
	}
}
