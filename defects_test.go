package glue_test

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// Regression tests for the defects randomized and adversarial tests found
// in the first edition of the core.

// Per-chunk param slots were sized at Build but the worker count was read
// again every tick: raising GOMAXPROCS after Build made a split system
// index out of range.
func TestWorkersFixedAtBuild(t *testing.T) {
	old := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(old)
	app := stagedApp()
	defer app.Close()
	app.Configure(glue.Options{ParallelThreshold: 1, ChunkSize: 1024})
	app.AddStartup(spawnMovers(20_000))
	app.AddSystems(First, glue.Each2P(func(_ glue.Entity, p *Pos, v *Vel, c glue.Commands) { p.X += v.X }))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	runtime.GOMAXPROCS(8)
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// Modify(e, [A], B{}) on an entity whose only component is A despawned it;
// Remove(e, A, A) counted A twice and despawned an entity that still had B.
func TestModifyAndRemoveKeepTheEntity(t *testing.T) {
	app := newApp(t)
	var e1, e2 glue.Entity
	tick := 0
	app.AddSystems(First, glue.Func(func(p struct {
		C  glue.Commands
		QA glue.Query1[*A]
		QB glue.Query1[*B]
	}) {
		tick++
		switch tick {
		case 1:
			p.C.Spawn(A{1})
			p.C.Spawn(A{2}, B{2})
		case 2:
			p.QA.Each(func(e glue.Entity, a *A) {
				if a.V == 1 {
					e1 = e
				} else {
					e2 = e
				}
			})
			p.C.Modify(e1, []glue.Type{glue.TypeOf[A]()}, B{10})
			p.C.Remove(e2, glue.TypeOf[A](), glue.TypeOf[A]())
		}
	}))
	var bs []int
	app.AddSystems(Last, glue.Func(func(q glue.Query2[*B, *A]) {}).Named("unused"))
	app.AddSystems(Last, glue.Each1(func(_ glue.Entity, b *B) { bs = append(bs, b.V) }))
	mustUpdate(t, app, 2)
	slices.Sort(bs)
	if app.Len() != 2 || !slices.Equal(bs[len(bs)-2:], []int{2, 10}) {
		t.Fatalf("entities = %d, B values of the last tick = %v; want 2 entities with B 2 and 10", app.Len(), bs)
	}
}

// More than 512 archetypes panicked inside donburi's storage growth.
func TestManyArchetypes(t *testing.T) {
	app := newApp(t)
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 1024 {
			vals := []any{A{i}}
			for bit, v := range []any{T0{}, T1{}, T2{}, T3{}, T4{}, T5{}, T6{}, T7{}, T8{}, T9{}} {
				if i&(1<<bit) != 0 {
					vals = append(vals, v)
				}
			}
			c.Spawn(vals...)
		}
	}))
	n := 0
	app.AddSystems(First, glue.Each1(func(_ glue.Entity, a *A) { n++ }))
	mustUpdate(t, app, 1)
	if n != 1024 || app.Archetypes() < 1024 {
		t.Fatalf("visited %d entities in %d archetypes, want 1024 in 1024", n, app.Archetypes())
	}
}

type (
	T0 struct{}
	T1 struct{}
	T2 struct{}
	T3 struct{}
	T4 struct{}
	T5 struct{}
	T6 struct{}
	T7 struct{}
	T8 struct{}
	T9 struct{}
)

// Added and Removed logs grew without bound when a reader never ran (a
// draw-stage reader of an app that is never drawn).
func TestChangeLogsAreBounded(t *testing.T) {
	app := newApp(t)
	app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Spawn(A{}) }))
	var seen int
	app.AddSystems(glue.Draw, glue.Func(func(a glue.Added[A]) { seen = len(a.Entities()) }))
	mustUpdate(t, app, 3*glue.ChangeWindow)
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	if seen > glue.ChangeWindow || seen < glue.ChangeWindow-2 {
		t.Fatalf("a reader that missed %d ticks sees %d changes, want about the last %d ticks'", 3*glue.ChangeWindow, seen, glue.ChangeWindow)
	}
}

// runtime.Goexit in a system on a worker (t.Fatal inside a system) hung
// Update forever.
func TestGoexitOnAWorkerFailsTheTick(t *testing.T) {
	app := newApp(t)
	app.Configure(glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 1024})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 4096 {
			c.Spawn(A{i})
		}
	}))
	// Two chunks: the caller of Update runs the first and then helps with
	// the rest, so the first waits until a worker has taken the second
	// (with dense columns the caller could otherwise finish first and take
	// it, and Goexit would end Update's own goroutine).
	second := make(chan struct{})
	app.AddSystems(First, glue.Each1(func(_ glue.Entity, a *A) {
		switch a.V {
		case 0:
			select {
			case <-second:
			case <-time.After(10 * time.Second):
			}
		case 2048: // the second chunk's first entity
			close(second)
		case 4000:
			runtime.Goexit()
		}
	}).Named("Quitter"))
	done := make(chan error, 1)
	go func() { done <- app.Update() }()
	select {
	case err := <-done:
		var se *glue.SystemError
		if !errors.As(err, &se) || se.System != "Quitter" || !strings.Contains(err.Error(), "Goexit") {
			t.Fatalf("Update = %v, want a SystemError for Quitter naming Goexit", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Update hangs after runtime.Goexit on a worker")
	}
}

// runtime.Goexit in a system on the goroutine that calls Update (t.Fatal
// in a system of a sequential app, or in the chunk the caller runs) ended
// that goroutine with nothing said: a test deadlocked, a game froze. Go
// does not let the goroutine go on, but the app now fails naming the
// system, and a later Update returns the error.
func TestGoexitOnTheCallerStopsTheApp(t *testing.T) {
	for _, c := range []struct {
		name string
		opts glue.Options
	}{
		{"sequential", glue.Options{Sequential: true}},
		{"the caller's chunk", glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 1024}},
	} {
		t.Run(c.name, func(t *testing.T) {
			app := newApp(t)
			app.Configure(c.opts)
			app.AddStartup(glue.Func(func(c glue.Commands) {
				for i := range 4096 {
					c.Spawn(A{i})
				}
			}))
			app.AddSystems(First, glue.Each1(func(_ glue.Entity, a *A) {
				if a.V == 0 { // the first chunk's, which the caller runs
					runtime.Goexit()
				}
			}).Named("Quitter"))
			exited := make(chan struct{})
			go func() {
				defer close(exited)
				app.Update()
			}()
			select {
			case <-exited:
			case <-time.After(30 * time.Second):
				t.Fatal("Update hangs after runtime.Goexit")
			}
			err := app.Update()
			var se *glue.SystemError
			if !errors.As(err, &se) || se.System != "Quitter" || se.Stage != "first" || !strings.Contains(err.Error(), "Goexit") {
				t.Fatalf("Update after the goroutine ended = %v, want a SystemError for Quitter naming Goexit", err)
			}
		})
	}
}

// Errors from applying commands were a joined error that was not a
// *SystemError by type assertion; two systems of one level that both
// panicked reported only the first.
func TestTickErrors(t *testing.T) {
	t.Run("one error is a *SystemError", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Spawn(nil) }).Named("Spawner"))
		err := app.Update()
		if se, ok := err.(*glue.SystemError); !ok || se.System != "Spawner" {
			t.Fatalf("Update = %#v, want *glue.SystemError", err)
		}
	})
	t.Run("every failure of a level", func(t *testing.T) {
		app := newApp(t)
		app.Configure(glue.Options{Sequential: true})
		app.AddSystems(First,
			glue.Func(func(struct{}) { panic("one") }).Named("P1"),
			glue.Func(func(struct{}) { panic("two") }).Named("P2"),
		)
		err := app.Update()
		if err == nil || !strings.Contains(err.Error(), "P1") || !strings.Contains(err.Error(), "P2") {
			t.Fatalf("Update = %v, want both P1 and P2", err)
		}
	})
	t.Run("zero Type in Remove", func(t *testing.T) {
		app := newApp(t)
		app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Remove(1, glue.Type{}) }).Named("Remover"))
		err := app.Update()
		if err == nil || !strings.Contains(err.Error(), "zero glue.Type") {
			t.Fatalf("Update = %v, want an error about the zero Type", err)
		}
	})
}

// Fail skipped the tick's remaining stages though documented "like End".
func TestFailFinishesTheTick(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	app.AddSystems(First, glue.Func(func(c glue.Commands) { c.Fail(errors.New("lost")) }).Named("Failer"))
	app.AddSystems(Last, logger("last"))
	err := app.Update()
	var se *glue.SystemError
	if !errors.As(err, &se) || se.System != "Failer" || !strings.Contains(err.Error(), "lost") {
		t.Fatalf("Update = %v, want Failer's error", err)
	}
	if got := glue.Resource[Log](app).lines; !slices.Equal(got, []string{"last"}) {
		t.Fatalf("stages after Fail ran %v, want [last]", got)
	}
	if err2 := app.Update(); !errors.Is(err2, err) {
		t.Fatalf("second Update = %v, want the same error", err2)
	}
}

// After a failed tick the world differed between parallel and sequential
// runs. Contract: every system of the failing level runs, and a failing
// entity system stops only its segment, the same in both modes; the
// stage's commands are discarded.
func TestFailedTickIsTheSameParallelOrSequential(t *testing.T) {
	run := func(opts glue.Options) []int {
		app := stagedApp()
		defer app.Close()
		app.Configure(opts)
		app.AddStartup(glue.Func(func(c glue.Commands) {
			for i := range 10_000 {
				c.Spawn(A{i}, B{i})
			}
		}))
		// First keeps pointers to every component, to read the world after
		// the failed tick (no structural change happens after First).
		var as []*A
		var bs []*B
		app.AddSystems(First, glue.Func(func(q glue.Query2[*A, *B]) {
			q.Each(func(_ glue.Entity, a *A, b *B) { as, bs = append(as, a), append(bs, b) })
		}))
		app.AddSystems(Middle,
			glue.Each1P(func(_ glue.Entity, a *A, c glue.Commands) {
				a.V++
				c.Spawn(C{})
				if a.V == 3000 {
					panic("boom")
				}
			}).Named("Bumper"),
			glue.Each1(func(_ glue.Entity, b *B) { b.V *= 2 }).Named("Doubler"),
		)
		if err := app.Update(); err == nil {
			t.Fatal("Update succeeded, want the panic")
		}
		out := []int{app.Len()}
		for i := range as {
			out = append(out, as[i].V, bs[i].V)
		}
		return out
	}
	seq := run(glue.Options{Sequential: true})
	par := run(glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 1024})
	if !slices.Equal(seq, par) {
		t.Fatalf("after a failed tick, sequential and parallel worlds differ")
	}
	if seq[0] != 10_000 {
		t.Fatalf("the failing stage's commands were applied: %d entities", seq[0])
	}
	if seq[1+2*9999+1] != 2*9999 || seq[1+2*9999] != 10_000 {
		t.Fatalf("systems of the failing level did not all run: last A %d, B %d", seq[1+2*9999], seq[1+2*9999+1])
	}
}

// The ordering checks were exponential in the After graph.
func TestDeepAfterGraphBuildsQuickly(t *testing.T) {
	app := newApp(t)
	const layers, width = 100, 3
	var prev, cur []*glue.System
	for l := range layers {
		for w := range width {
			s := glue.Func(func(struct{}) {}).Named(fmt.Sprintf("s%d_%d", l, w))
			for _, p := range prev {
				s.After(p)
			}
			app.AddSystems(First, s)
			cur = append(cur, s)
		}
		prev, cur = cur, nil
	}
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(app.Describe(), "group 100") {
		t.Fatal("want 100 levels")
	}
}

// World.Release twice on one id put it twice on the free list, and two
// later reservations got the same Entity (issue #23).
func TestReleaseTwiceIsAnError(t *testing.T) {
	app := newApp(t)
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Exclusive(func(w *glue.World) error {
			e := w.Reserve()
			if err := w.Release(e); err != nil {
				return err
			}
			err := w.Release(e)
			if err == nil || !strings.Contains(err.Error(), "glue: World.Release") || !strings.Contains(err.Error(), "released once") {
				t.Errorf("a second Release of %v = %v, want an error saying an id is released once", e, err)
			}
			a, b := w.Reserve(), w.Reserve()
			if a == b {
				t.Errorf("two reservations after a double Release got the same Entity %v", a)
			}
			if err := w.SpawnReserved(a, A{1}); err != nil {
				return err
			}
			if err := w.SpawnReserved(b, A{2}); err != nil {
				return err
			}
			return nil
		})
	}))
	mustUpdate(t, app, 1)
	if n, listed := app.Len(), len(app.Entities(nil)); n != 2 || listed != 2 {
		t.Fatalf("Len %d, Entities %d, want 2 and 2", n, listed)
	}
}

// World.SpawnReserved accepted a despawned Entity that was never
// reserved, and a later spawn corrupted the world: App.Len 1 while
// App.Entities listed 2 (issue #23). Spawning an id twice, or one never
// reserved, is an error that changes nothing.
func TestSpawnReservedNeedsAReservation(t *testing.T) {
	app := newApp(t)
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Exclusive(func(w *glue.World) error {
			e := w.Reserve()
			if err := w.SpawnReserved(e, A{1}); err != nil {
				return err
			}
			if err := w.SpawnReserved(e, A{2}); err == nil || !strings.Contains(err.Error(), "spawned once") {
				t.Errorf("SpawnReserved of the live %v = %v, want an error saying an id is spawned once", e, err)
			}
			if !w.Despawn(e) {
				t.Error("Despawn of a live entity reported false")
			}
			if err := w.SpawnReserved(e, A{3}); err == nil || !strings.Contains(err.Error(), "glue: World.SpawnReserved") {
				t.Errorf("SpawnReserved of the despawned %v = %v, want an error", e, err)
			}
			if err := w.SpawnReserved(e, &A{}); err == nil || !strings.Contains(err.Error(), "spawned once") && !strings.Contains(err.Error(), "released once") {
				t.Errorf("SpawnReserved of the despawned %v with a bad value = %v, want an error about the id", e, err)
			}
			f := w.Reserve()
			if err := w.SpawnReserved(f, A{4}); err != nil {
				return err
			}
			if f == e {
				t.Errorf("the despawned %v came back unchanged", e)
			}
			return nil
		})
	}))
	mustUpdate(t, app, 1)
	if n, listed := app.Len(), len(app.Entities(nil)); n != 1 || listed != 1 {
		t.Fatalf("Len %d, Entities %d, want 1 and 1", n, listed)
	}
}
