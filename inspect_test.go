package glue_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

type Counter struct{ N int }

// countingApp counts ticks in a resource and moves every A by one.
func countingApp(t *testing.T, opts glue.Options) *glue.App {
	t.Helper()
	app := newApp(t)
	app.Configure(opts)
	app.InsertResource(Counter{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(A{V: 1})
		c.Spawn(A{V: 10}, B{V: 2})
	}))
	app.AddSystems(First, glue.Func(func(c glue.ResMut[Counter]) { c.Get().N++ }))
	app.AddSystems(Middle, glue.Each1(func(_ glue.Entity, a *A) { a.V++ }))
	app.AddSystems(glue.Draw, glue.Func(func(c glue.Res[Counter]) {}).Named("drawNothing"))
	return app
}

func TestPauseHoldsTicksAndStepRunsExactlyOne(t *testing.T) {
	for _, seq := range []bool{false, true} {
		t.Run(fmt.Sprintf("sequential=%v", seq), func(t *testing.T) {
			app := countingApp(t, glue.Options{Sequential: seq})
			mustUpdate(t, app, 3)
			c := glue.Resource[Counter](app)
			if c.N != 3 || app.Tick() != 3 {
				t.Fatalf("after 3 updates: counter %d, tick %d", c.N, app.Tick())
			}
			app.Step() // not paused: nothing
			app.Pause()
			if !app.Paused() {
				t.Fatal("Paused() = false after Pause")
			}
			mustUpdate(t, app, 5)
			if c.N != 3 || app.Tick() != 3 {
				t.Fatalf("paused: counter %d, tick %d; want 3, 3", c.N, app.Tick())
			}
			if err := app.Draw(); err != nil {
				t.Fatalf("Draw while paused: %v", err)
			}
			app.Step()
			mustUpdate(t, app, 4)
			if c.N != 4 || app.Tick() != 4 {
				t.Fatalf("one step: counter %d, tick %d; want 4, 4", c.N, app.Tick())
			}
			app.Step()
			app.Step()
			mustUpdate(t, app, 5)
			if c.N != 6 || app.Tick() != 6 {
				t.Fatalf("two steps: counter %d, tick %d; want 6, 6", c.N, app.Tick())
			}
			app.Step()
			app.Resume() // drops the step
			if app.Paused() {
				t.Fatal("Paused() = true after Resume")
			}
			mustUpdate(t, app, 2)
			if c.N != 8 || app.Tick() != 8 {
				t.Fatalf("resumed: counter %d, tick %d; want 8, 8", c.N, app.Tick())
			}
		})
	}
}

func TestPauseBeforeFirstUpdateStillRunsStartup(t *testing.T) {
	app := countingApp(t, glue.Options{})
	app.Pause()
	mustUpdate(t, app, 2)
	if app.Len() != 2 {
		t.Fatalf("entities = %d after a paused first update; want the 2 the startup system spawned", app.Len())
	}
	if app.Tick() != 0 {
		t.Fatalf("tick = %d, want 0 while paused", app.Tick())
	}
}

func TestInspectEntitiesComponentsArchetypes(t *testing.T) {
	app := countingApp(t, glue.Options{})
	mustUpdate(t, app, 2)
	ents := app.Entities(nil)
	if len(ents) != 2 {
		t.Fatalf("Entities: %v, want 2", ents)
	}
	var got []string
	for _, e := range ents {
		if !app.Alive(e) {
			t.Errorf("Alive(%v) = false", e)
		}
		var parts []string
		for _, ty := range app.ComponentTypes(e) {
			v, ok := app.Component(e, ty)
			if !ok {
				t.Fatalf("Component(%v, %v) not found", e, ty)
			}
			parts = append(parts, fmt.Sprintf("%s=%+v", ty, v))
		}
		slices.Sort(parts)
		got = append(got, strings.Join(parts, " "))
	}
	slices.Sort(got)
	want := []string{"glue_test.A={V:12} glue_test.B={V:2}", "glue_test.A={V:3}"}
	if !slices.Equal(got, want) {
		t.Fatalf("components:\n got %q\nwant %q", got, want)
	}
	if _, ok := app.Component(ents[0], glue.TypeOf[C]()); ok {
		t.Error("Component of a type the entity lacks reported ok")
	}
	if _, ok := app.Component(glue.Entity(0), glue.TypeOf[A]()); ok {
		t.Error("Component of the zero entity reported ok")
	}
	if app.ComponentTypes(glue.Entity(0)) != nil || app.Alive(0) {
		t.Error("the zero entity is reported alive")
	}
	archs := app.ArchetypeList()
	if len(archs) != app.Archetypes() {
		t.Fatalf("ArchetypeList has %d, Archetypes() %d", len(archs), app.Archetypes())
	}
	total := 0
	for _, a := range archs {
		total += a.Len
	}
	if total != 2 {
		t.Fatalf("archetypes hold %d entities, want 2: %+v", total, archs)
	}
}

func TestInspectResources(t *testing.T) {
	app := countingApp(t, glue.Options{})
	mustUpdate(t, app, 3)
	for _, r := range app.Resources() {
		if r.Name == "glue_test.Counter" {
			if c, ok := r.Value.(Counter); !ok || c.N != 3 {
				t.Fatalf("Counter resource = %#v, want Counter{N: 3}", r.Value)
			}
			return
		}
	}
	t.Fatalf("Resources() has no glue_test.Counter: %v", app.Resources())
}

func TestTimingsCountWhileProfiling(t *testing.T) {
	app := countingApp(t, glue.Options{})
	if got := app.Timings(nil); len(got) != 0 {
		t.Fatalf("Timings before Build: %v", got)
	}
	mustUpdate(t, app, 2)
	for _, st := range app.Timings(nil) {
		if st.Runs != 0 || st.Spent != 0 {
			t.Fatalf("stage %s timed while profiling was off: %+v", st.Stage, st)
		}
	}
	app.SetProfiling(true)
	mustUpdate(t, app, 5)
	if err := app.Draw(); err != nil {
		t.Fatal(err)
	}
	app.SetProfiling(false)
	mustUpdate(t, app, 3)
	ts := app.Timings(nil)
	byStage := map[glue.Stage]glue.StageTiming{}
	for _, st := range ts {
		byStage[st.Stage] = st
	}
	mid, ok := byStage[Middle]
	if !ok || mid.Runs != 5 || mid.Spent <= 0 || mid.Draw {
		t.Fatalf("stage %s: %+v, want 5 timed update runs", Middle, mid)
	}
	if len(mid.Systems) != 1 || mid.Systems[0].Runs != 5 || mid.Systems[0].Spent <= 0 {
		t.Fatalf("stage %s systems: %+v, want one with 5 timed runs", Middle, mid.Systems)
	}
	if d := byStage[glue.Draw]; !d.Draw || d.Runs != 1 || d.Systems[0].Name != "drawNothing" || d.Systems[0].Runs != 1 {
		t.Fatalf("draw stage: %+v, want one timed run of drawNothing", d)
	}
	// Reading into the same slice again allocates nothing.
	if allocs := testing.AllocsPerRun(20, func() { ts = app.Timings(ts) }); allocs != 0 {
		t.Fatalf("Timings into a grown slice: %v allocations", allocs)
	}
}

func TestPausedAndProfilingTicksAllocateNothing(t *testing.T) {
	app := countingApp(t, glue.Options{Sequential: true})
	mustUpdate(t, app, 3)
	app.SetProfiling(true)
	mustUpdate(t, app, 3)
	if allocs := testing.AllocsPerRun(50, func() { app.Update() }); allocs != 0 {
		t.Fatalf("a profiled tick allocates %v times", allocs)
	}
	app.Pause()
	if allocs := testing.AllocsPerRun(50, func() { app.Update() }); allocs != 0 {
		t.Fatalf("a held tick allocates %v times", allocs)
	}
}
