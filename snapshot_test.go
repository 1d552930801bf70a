package glue_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// Exclusive runs when the stage's commands are applied, in order: it sees
// what the commands before it did, and the commands after it see what it
// did.
func TestExclusiveRunsInCommandOrder(t *testing.T) {
	app := newApp(t)
	var seen []string
	before := glue.Func(func(c glue.Commands) { c.Spawn(A{V: 1}) }).Named("before")
	app.AddSystems(First,
		before,
		glue.Func(func(c glue.Commands) {
			c.Spawn(A{V: 2})
			c.Exclusive(func(w *glue.World) error {
				w.Each(func(e glue.Entity, types []glue.Type) {
					seen = append(seen, fmt.Sprint(w.Component(e, glue.TypeOf[A]()).(*A).V))
				})
				e := w.Reserve()
				if err := w.SpawnReserved(e, A{V: 3}, B{V: 3}); err != nil {
					return err
				}
				seen = append(seen, fmt.Sprintf("spawned live=%v", w.Valid(e)))
				return nil
			})
			c.Spawn(A{V: 4})
		}).Named("exclusive").After(before),
	)
	var added []int
	app.AddSystems(Middle, glue.Func(func(p struct {
		Added glue.Added[A]
		As    glue.Query1[*A]
	}) {
		for _, e := range p.Added.Entities() {
			a, _ := p.As.Get(e)
			added = append(added, a.V)
		}
	}))
	mustUpdate(t, app, 1)
	if got := strings.Join(seen, " "); got != "1 2 spawned live=true" {
		t.Errorf("the Exclusive function saw %q, want the entities spawned before it (1 2), then its own live", got)
	}
	if fmt.Sprint(added) != "[1 2 3 4]" {
		t.Errorf("Added[A] = %v, want [1 2 3 4]: the exclusive spawn in command order", added)
	}
}

// Each visits entities in the order queries do, also after despawns have
// moved entities within their archetypes, and gives their types.
func TestWorldEachInQueryOrder(t *testing.T) {
	app := newApp(t)
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 10 {
			if i%3 == 0 {
				c.Spawn(A{V: i}, B{V: i})
			} else {
				c.Spawn(A{V: i})
			}
		}
	}))
	app.AddSystems(First, glue.Func(func(p struct {
		C  glue.Commands
		As glue.Query1[*A]
	}) {
		p.As.Each(func(e glue.Entity, a *A) {
			if a.V == 1 || a.V == 3 {
				p.C.Despawn(e)
			}
		})
	}))
	var queried, walked []int
	var types []string
	app.AddSystems(Middle,
		glue.Func(func(q glue.Query1[*A]) {
			q.Each(func(_ glue.Entity, a *A) { queried = append(queried, a.V) })
		}),
		glue.Func(func(c glue.Commands) {
			c.Exclusive(func(w *glue.World) error {
				w.Each(func(e glue.Entity, ts []glue.Type) {
					walked = append(walked, w.Component(e, glue.TypeOf[A]()).(*A).V)
					var names []string
					for _, t := range ts {
						names = append(names, t.Name())
					}
					types = append(types, strings.Join(names, "+"))
				})
				return nil
			})
		}),
	)
	mustUpdate(t, app, 1)
	if !slices.Equal(walked, queried) || len(walked) != 8 {
		t.Errorf("World.Each visited %v, queries %v; want the same 8 entities in the same order", walked, queried)
	}
	if types[0] != "glue_test.A+glue_test.B" || types[len(types)-1] != "glue_test.A" {
		t.Errorf("types = %v", types)
	}
}

// Component gives the stored component, Resource the stored resource;
// changes through them, and resources inserted and removed, are the
// app's.
func TestWorldComponentsAndResources(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	var e glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) { e = c.Spawn(A{V: 1}) }))
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		c.Exclusive(func(w *glue.World) error {
			w.Component(e, glue.TypeOf[A]()).(*A).V = 7
			if w.Component(e, glue.TypeOf[B]()) != nil || w.Component(0, glue.TypeOf[A]()) != nil || w.Component(e, glue.Type{}) != nil {
				return errors.New("Component found a component that is not there")
			}
			w.Resource(glue.TypeOf[Log]()).(*Log).add("through World")
			if w.Resource(glue.TypeOf[B]()) != nil {
				return errors.New("Resource found a resource that is not there")
			}
			if err := w.InsertResource(&B{}); err == nil {
				return errors.New("InsertResource took a pointer")
			}
			if err := w.InsertResource(B{V: 9}); err != nil {
				return err
			}
			w.RemoveResource(glue.TypeOf[Log]())
			if err := w.SpawnReserved(w.Reserve()); err == nil || !strings.Contains(err.Error(), "at least one component") {
				return fmt.Errorf("SpawnReserved with no components: %v", err)
			}
			if !w.Despawn(e) || w.Despawn(e) || w.Len() != 0 {
				return errors.New("Despawn did not despawn once")
			}
			return nil
		})
	}))
	var log *Log
	app.AddStartup(glue.Func(func(l glue.ResMut[Log]) { log = l.Get() }))
	mustUpdate(t, app, 1)
	if glue.Resource[Log](app) != nil || glue.Resource[B](app).V != 9 || log.lines[0] != "through World" {
		t.Errorf("resources after the Exclusive function: Log %v, B %v, log %v", glue.Resource[Log](app), glue.Resource[B](app), log.lines)
	}
}

// An Exclusive function's error fails the tick, naming the system; a
// World kept past its call panics when used.
func TestExclusiveMisuse(t *testing.T) {
	app := newApp(t)
	var kept *glue.World
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		c.Exclusive(func(w *glue.World) error {
			kept = w
			return errors.New("no can do")
		})
	}).Named("Saver"))
	err := app.Update()
	var se *glue.SystemError
	if !errors.As(err, &se) || se.System != "Saver" || !strings.Contains(err.Error(), "Exclusive: no can do") {
		t.Errorf("Update = %v, want a SystemError of Saver with the function's error", err)
	}
	defer func() {
		if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), "World used after the Exclusive function") {
			t.Errorf("using a kept World: recover() = %v, want a panic saying so", p)
		}
	}()
	kept.Len()
}

// World.Insert changes an entity's components in place — one replaced,
// one added — keeping its id: a save's AfterLoad splits an old component
// into two this way (a stranger could only despawn and respawn, which
// changed the id that other entities referred to).
func TestWorldInsert(t *testing.T) {
	app := newApp(t)
	var e glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) { e = c.Spawn(A{V: 1}) }))
	app.AddSystems(First, glue.Func(func(c glue.Commands) {
		c.Exclusive(func(w *glue.World) error {
			if err := w.Insert(e, A{V: 2}, B{V: 3}); err != nil {
				return err
			}
			if err := w.Insert(e, &B{}); err == nil {
				return errors.New("Insert took a pointer")
			}
			if err := w.Insert(0, A{}); err == nil || !strings.Contains(err.Error(), "not live") {
				return fmt.Errorf("Insert on no entity: %v", err)
			}
			return nil
		})
	}))
	mustUpdate(t, app, 1)
	a, _ := app.Component(e, glue.TypeOf[A]())
	b, _ := app.Component(e, glue.TypeOf[B]())
	if a != (A{V: 2}) || b != (B{V: 3}) || app.Len() != 1 {
		t.Errorf("after Insert: A %v, B %v, %d entities; want A{2}, B{3} on the one entity", a, b, app.Len())
	}
}

// An error an Exclusive step returns stays in the chain: replay's
// ErrDiverged and ErrBuild, returned from an Exclusive step, did not
// satisfy errors.Is (the error was formatted with %v).
func TestExclusiveErrorWraps(t *testing.T) {
	mine := errors.New("mine")
	app := glue.NewApp()
	defer app.Close()
	app.AddSystems(glue.Update, glue.Func(func(c glue.Commands) {
		c.Exclusive(func(*glue.World) error { return fmt.Errorf("step: %w", mine) })
	}))
	err := app.Update()
	if !errors.Is(err, mine) {
		t.Fatalf("Update = %v, want an error wrapping the step's", err)
	}
}
