package glue_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// Hit is an event of the flow tests.
type Hit struct{ N int }

func TestEventLifetime(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	tick := 0
	// Written late in tick 1 (stage Last).
	app.AddSystems(Last, glue.Func(func(w glue.Writer[Hit]) {
		tick++
		if tick == 1 {
			w.Write(Hit{1})
			w.Write(Hit{2})
		}
	}))
	read := func(name string) *glue.System {
		return glue.Func(func(p struct {
			R glue.Reader[Hit]
			L glue.ResMut[Log]
		}) {
			for _, h := range p.R.Read() {
				p.L.Get().add("%s@%d:%d", name, tick, h.N)
			}
		}).Named(name)
	}
	app.AddSystems(First, read("early"))          // an earlier stage: sees them next tick
	app.AddSystems(glue.PostUpdate, read("late")) // a later stage: sees them this tick
	mustUpdate(t, app, 4)
	got := strings.Join(glue.Resource[Log](app).lines, " ")
	// "late" reads them in tick 1, "early" in tick 2 (before the writer
	// counts tick 2); nobody sees them again.
	if want := "late@1:1 late@1:2 early@1:1 early@1:2"; got != want {
		t.Fatalf("events read: %q, want %q (each reader once, the next tick, then gone)", got, want)
	}
}

func TestEventsReadOnlyUnderACondition(t *testing.T) {
	app := newApp(t)
	type Gate struct{ Open bool }
	app.InsertResource(Gate{})
	app.InsertResource(Log{})
	n := 0
	app.AddSystems(First, glue.Func(func(p struct {
		W glue.Writer[Hit]
		G glue.ResMut[Gate]
	}) {
		n++
		p.W.Write(Hit{n})
		p.G.Get().Open = n == 3 || n == 6
	}))
	app.AddSystems(Middle, glue.Func(func(p struct {
		R glue.Reader[Hit]
		L glue.ResMut[Log]
	}) {
		for _, h := range p.R.Read() {
			p.L.Get().add("%d", h.N)
		}
	}).RunIf(glue.If(func(g glue.Res[Gate]) bool { return g.Get().Open })))
	mustUpdate(t, app, 6)
	// Tick 3: events of ticks 1..3 are not all alive: only those of the
	// previous tick (2) and this one (3). Tick 6: 5 and 6.
	if got, want := glue.Resource[Log](app).lines, []string{"2", "3", "5", "6"}; !slices.Equal(got, want) {
		t.Fatalf("read %v, want %v", got, want)
	}
}

func TestEventsParallelEqualSequential(t *testing.T) {
	run := func(opts glue.Options) []int {
		app := stagedApp()
		defer app.Close()
		app.Configure(opts)
		app.AddStartup(glue.Func(func(c glue.Commands) {
			for i := range 5000 {
				c.Spawn(A{i})
			}
		}))
		app.AddSystems(First,
			glue.Each1P(func(_ glue.Entity, a *A, w glue.Writer[Hit]) {
				if a.V%7 == 0 {
					w.Write(Hit{a.V})
				}
			}),
			glue.Func(func(w glue.Writer[Hit]) { w.Write(Hit{-1}) }),
		)
		var got []int
		app.AddSystems(Last, glue.Func(func(r glue.Reader[Hit]) {
			for _, h := range r.Read() {
				got = append(got, h.N)
			}
		}))
		for range 2 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		return got
	}
	seq := run(glue.Options{Sequential: true})
	par := run(glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 1024})
	if !slices.Equal(seq, par) || len(seq) != 2*(715+1) {
		t.Fatalf("events differ: %d sequential, %d parallel", len(seq), len(par))
	}
}

type Phase int

const (
	Serving Phase = iota
	Playing
	Paused
)

func (p Phase) String() string { return [...]string{"Serving", "Playing", "Paused"}[p] }

func TestStates(t *testing.T) {
	app := newApp(t)
	app.InsertResource(Log{})
	glue.AddState(app, Serving)
	logAt := func(s glue.Stage) *glue.System {
		return glue.Func(func(l glue.ResMut[Log]) { l.Get().add("%s", s) }).Named(string(s))
	}
	app.AddSystems(glue.OnEnter(Serving), logAt(glue.OnEnter(Serving)), glue.Func(func(c glue.Commands) {
		c.Spawn(A{1}, glue.StateScoped[Phase]{State: Serving})
		c.Spawn(A{2})
	}))
	app.AddSystems(glue.OnExit(Serving), logAt(glue.OnExit(Serving)))
	app.AddSystems(glue.OnEnter(Playing), logAt(glue.OnEnter(Playing)))
	app.AddSystems(glue.OnEnter(Paused), logAt(glue.OnEnter(Paused)))
	tick := 0
	app.AddSystems(First, glue.Func(func(p struct {
		Next glue.ResMut[glue.NextState[Phase]]
		L    glue.ResMut[Log]
	}) {
		tick++
		p.L.Get().add("tick %d", tick)
		if tick == 2 {
			p.Next.Get().Set(Paused)  // requested twice in one tick:
			p.Next.Get().Set(Playing) // the last request wins
		}
	}))
	app.AddSystems(Middle, glue.Func(func(l glue.ResMut[Log]) { l.Get().add("playing") }).RunIf(glue.InState(Playing)))
	mustUpdate(t, app, 3)
	got := glue.Resource[glue.State[Phase]](app).Get()
	if got != Playing {
		t.Fatalf("state = %v, want Playing", got)
	}
	lines := glue.Resource[Log](app).lines
	// StateTransition runs before the tests' stages: the initial OnEnter
	// in tick 1, the change requested in tick 2 at the start of tick 3.
	wantLines := []string{"OnEnter(glue_test.Phase.Serving)", "tick 1", "tick 2", "OnExit(glue_test.Phase.Serving)", "OnEnter(glue_test.Phase.Playing)", "tick 3", "playing"}
	if !slices.Equal(lines, wantLines) {
		t.Fatalf("order:\n%v\nwant\n%v", lines, wantLines)
	}
	if app.Len() != 1 {
		t.Fatalf("%d entities, want 1 (the one scoped to Serving despawned on exit)", app.Len())
	}
}

func TestStateMisuse(t *testing.T) {
	app := newApp(t)
	app.AddSystems(glue.OnEnter(Playing), glue.Func(func(struct{}) {}))
	wantBuildError(t, app, "systems added to OnEnter(glue_test.Phase.Playing), but the app has no state glue_test.Phase; add it with glue.AddState(app, initial)")
	app2 := newApp(t)
	app2.AddSystems(First, glue.Func(func(struct{}) {}).RunIf(glue.If(func(g glue.ResMut[Gold]) bool { return true })))
	wantBuildError(t, app2, "conditions only read")
}

// Not holds exactly in the ticks its condition does not, and says so in
// the description; Not of a zero Condition is a build error.
func TestNotCondition(t *testing.T) {
	app := newApp(t)
	glue.AddState(app, Serving)
	var ran []bool
	app.AddSystems(First, glue.Func(func(p struct {
		Next glue.ResMut[glue.NextState[Phase]]
		St   glue.Res[glue.State[Phase]]
	}) {
		ran = append(ran, false)
		if p.St.Get().Get() == Serving {
			p.Next.Get().Set(Playing)
		}
	}))
	app.AddSystems(Middle, glue.Func(func(struct{}) { ran[len(ran)-1] = true }).Named("Idle").RunIf(glue.Not(glue.InState(Playing))))
	mustUpdate(t, app, 3)
	if want := []bool{true, false, false}; !slices.Equal(ran, want) {
		t.Fatalf("Not(InState(Playing)) ran %v, want %v", ran, want)
	}
	if desc := app.Describe(); !strings.Contains(desc, "runs if Not(InState(glue_test.Phase.Playing))") {
		t.Errorf("description lacks the condition:\n%s", desc)
	}
	app2 := newApp(t)
	app2.AddSystems(First, glue.Func(func(struct{}) {}).Named("Idle").RunIf(glue.Not(glue.Condition{})))
	wantBuildError(t, app2, "system Idle: it runs if Not of a zero glue.Condition")
}

// A system that runs if the zero Condition (an option left unset, passed
// on) is a build error naming it, not a crash at Build.
func TestZeroCondition(t *testing.T) {
	app := newApp(t)
	app.AddSystems(First, glue.Func(func(struct{}) {}).Named("Idle").RunIf(glue.Condition{}))
	wantBuildError(t, app, "system Idle: it runs if a zero glue.Condition; make the condition with glue.InState")
}

func TestDescribeShowsConditionsAndEvents(t *testing.T) {
	app := newApp(t)
	glue.AddState(app, Serving)
	app.AddSystems(First, glue.Func(func(w glue.Writer[Hit]) {}).Named("W").RunIf(glue.InState(Playing)))
	app.AddSystems(glue.OnEnter(Playing), glue.Func(func(r glue.Reader[Hit]) {}).Named("R"))
	desc := app.Describe()
	for _, want := range []string{"runs if InState(glue_test.Phase.Playing)", "writes events glue_test.Hit", "Stage OnEnter(glue_test.Phase.Playing) (state transition, in StateTransition)", "reads  events glue_test.Hit"} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q:\n%s", want, desc)
		}
	}
}

func TestNoAllocationWithEventsAndConditions(t *testing.T) {
	app := stagedApp()
	defer app.Close()
	glue.AddState(app, Serving)
	app.AddSystems(First, glue.Func(func(w glue.Writer[Hit]) {
		for i := range 100 {
			w.Write(Hit{i})
		}
	}))
	app.AddSystems(Middle, glue.Func(func(r glue.Reader[Hit]) { _ = r.Read() }))
	app.AddSystems(Last, glue.Func(func(struct{}) { panic("runs in Playing only") }).RunIf(glue.InState(Playing)))
	for range 5 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if allocs := testing.AllocsPerRun(50, func() { app.Update() }); allocs != 0 {
		t.Fatalf("%.1f allocations per tick, want 0", allocs)
	}
}

func BenchmarkEvents(b *testing.B) {
	for _, n := range []int{100, 10_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			app := stagedApp()
			defer app.Close()
			app.AddSystems(First, glue.Func(func(w glue.Writer[Hit]) {
				for i := range n {
					w.Write(Hit{i})
				}
			}))
			sum := 0
			app.AddSystems(Middle, glue.Func(func(r glue.Reader[Hit]) {
				for _, h := range r.Read() {
					sum += h.N
				}
			}))
			app.Update()
			b.ReportAllocs()
			for b.Loop() {
				app.Update()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/event")
		})
	}
}

// BenchmarkFalseCondition measures a stage of 10 systems skipped by a
// false condition, against 10 empty systems that run.
func BenchmarkFalseCondition(b *testing.B) {
	for _, skipped := range []bool{false, true} {
		b.Run(fmt.Sprintf("skipped=%v", skipped), func(b *testing.B) {
			app := stagedApp()
			defer app.Close()
			glue.AddState(app, Serving)
			for i := range 10 {
				s := glue.Func(func(struct{}) {}).Named(fmt.Sprint(i))
				if skipped {
					s.RunIf(glue.InState(Playing))
				}
				app.AddSystems(First, s)
			}
			app.Update()
			b.ReportAllocs()
			for b.Loop() {
				app.Update()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10, "ns/system")
		})
	}
}

// StateOf makes the State resource of an app that shows a state machine
// running elsewhere: systems read it like any State.
func TestStateOf(t *testing.T) {
	app := newApp(t)
	app.InsertResource(glue.StateOf(Phase(2)))
	var got Phase
	app.AddSystems(First, glue.Func(func(s glue.Res[glue.State[Phase]]) { got = s.Get().Get() }))
	mustUpdate(t, app, 1)
	if got != 2 {
		t.Fatalf("State = %v, want 2", got)
	}
}
