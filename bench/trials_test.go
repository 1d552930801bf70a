package bench

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/mlange-42/ark/ecs"
)

// trials (-trials N) runs TestTrials: N trials, each timing every
// variant of a scenario once, in turn, in this one process.
var trials = flag.Int("trials", 0, "run TestTrials with this many trials per scenario (0: skip)")

// trialRun (-trialrun RE) limits TestTrials to the scenarios whose name
// (e.g. "random/16000") matches RE.
var trialRE = flag.String("trialrun", "", "run only the TestTrials scenarios whose name matches this regular expression")

// trialVariant is one form of a scenario: prepare (not timed) and run
// (timed) once per trial.
type trialVariant struct {
	name     string
	prepare  func()
	run      func()
	perTrial int // entities per run, for ns/entity
}

// TestTrials times the go-ecs-benchmarks scenarios of issue #37's goals
// as the minimum and median over many short trials, each trial running
// every variant once in turn: on a loaded machine a whole benchmark's
// mean moves by 2–10× from one round to the next, while the minimum of
// one-tick trials taken side by side keeps the ratio between forms
// (docs/benchmarks.md, "Issue #37 (branch ecs37)"). It prints, per
// scenario, each variant's minimum and median in ns per entity and the
// ratios of the minima to the scenario's reference (ark). Skipped unless
// -trials N is given:
//
//	go test -run TestTrials -trials 400 -v
func TestTrials(t *testing.T) {
	if *trials == 0 {
		t.Skip("run with -trials N")
	}
	re := regexp.MustCompile(*trialRE)
	run := func(name string, div int, mk func() []trialVariant) {
		if re.MatchString(name) {
			trialRun(t, name, max(*trials/div, 5), mk())
		}
	}
	for _, n := range []int{1024, 16000} {
		run(fmt.Sprintf("query2comp/%d", n), 1, func() []trialVariant { return queryTrial(queryScenarios[0], n) })
	}
	run("query32arch/16000", 1, func() []trialVariant { return queryTrial(queryScenarios[1], 16000) })
	run("query256arch/16000", 1, func() []trialVariant { return queryTrial(queryScenarios[2], 16000) })
	for _, n := range []int{1024, 16000} {
		run(fmt.Sprintf("delete2comp/%d", n), 1, func() []trialVariant { return deleteTrial(n) })
	}
	run("churn", 1, churnTrial)
	// The scenarios at 256,000 take 16–250× a trial at 16,000 or 1,024:
	// they run a tenth of the trials.
	for _, n := range []int{1024, 16000, 256000} {
		div := 1 + 9*(n/256000)
		run(fmt.Sprintf("random/%d", n), div, func() []trialVariant { return randomTrial(n) })
		run(fmt.Sprintf("create10comp/%d", n), div, func() []trialVariant { return create10Trial(n) })
		run(fmt.Sprintf("create2comp_alloc/%d", n), div, func() []trialVariant { return createAllocTrial(n) })
	}
}

// trialRun runs k trials of vs and logs the figures; vs[0] is the
// reference.
func trialRun(t *testing.T, name string, k int, vs []trialVariant) {
	times := make([][]float64, len(vs))
	for range k {
		for i, v := range vs {
			if v.prepare != nil {
				v.prepare()
			}
			t0 := time.Now()
			v.run()
			times[i] = append(times[i], float64(time.Since(t0).Nanoseconds())/float64(v.perTrial))
		}
	}
	ref := slices.Min(times[0])
	for i, v := range vs {
		slices.Sort(times[i])
		t.Logf("%-22s %-12s min %8.3f  median %8.3f ns/entity  min ÷ %s's min %.2f",
			name, v.name, times[i][0], times[i][len(times[i])/2], vs[0].name, times[i][0]/ref)
	}
}

// queryTrial builds scenario s with n matching entities for ark (per
// entity and by columns) and glue (Each2, Query2.All, Batch2): one run is
// one tick of pos += vel; and glue-tick, the fixed cost of a tick.
func queryTrial(s queryScenario, n int) []trialVariant {
	w := ecs.NewWorld(1024)
	s.ark(w, n)
	f := ecs.NewFilter2[Position, Velocity](w)
	vs := []trialVariant{
		{name: "ark", perTrial: n, run: func() {
			q := f.Query()
			for q.Next() {
				p, v := q.Get()
				p.X += v.X
				p.Y += v.Y
			}
		}},
		{name: "ark-tables", perTrial: n, run: func() {
			q := f.Query()
			for q.NextTable() {
				ps, vs := q.GetColumns()
				for i := range ps {
					p, v := &ps[i], &vs[i]
					p.X += v.X
					p.Y += v.Y
				}
			}
		}},
	}
	systems := map[string]*glue.System{
		"glue-each": glue.Each2(func(_ glue.Entity, p *Position, v Velocity) {
			p.X += v.X
			p.Y += v.Y
		}),
		"glue-range": glue.Func(func(q glue.Query2[*Position, Velocity]) {
			for _, r := range q.All() {
				r.A.X += r.B.X
				r.A.Y += r.B.Y
			}
		}),
		"glue-batch": glue.Batch2(func(_ glue.Entities, ps glue.Column[Position], vs glue.View[Velocity]) {
			for i := range min(ps.Len(), vs.Len()) {
				p, v := ps.At(i), vs.At(i)
				p.X += v.X
				p.Y += v.Y
			}
		}),
	}
	for _, name := range []string{"glue-each", "glue-range", "glue-batch"} {
		app := seqApp()
		app.AddStartup(glue.Func(func(c glue.Commands) { s.glue(c, n) }))
		app.AddSystems(tickStage, systems[name])
		if err := app.Update(); err != nil {
			panic(err)
		}
		vs = append(vs, trialVariant{name: name, perTrial: n, run: func() {
			if err := app.Update(); err != nil {
				panic(err)
			}
		}})
	}
	// glue-tick is the tick's fixed cost, spread over n: an App.Update of
	// one system that does nothing, in an app without entities.
	empty := seqApp()
	empty.AddSystems(tickStage, glue.Func(func(glue.Commands) {}))
	must(empty.Update())
	vs = append(vs, trialVariant{name: "glue-tick", perTrial: n, run: func() { must(empty.Update()) }})
	return vs
}

// deleteTrial: n entities with Position and Velocity made (not timed),
// then deleted (timed): ark one by one, glue's Each2P despawning each.
func deleteTrial(n int) []trialVariant {
	w := ecs.NewWorld(1024)
	ids := []ecs.ID{ecs.ComponentID[Position](w), ecs.ComponentID[Velocity](w)}
	ents := make([]ecs.Entity, 0, n)
	l := newLifeApp(n, true)
	return []trialVariant{
		{name: "ark", perTrial: n,
			prepare: func() {
				ents = ents[:0]
				for range n {
					ents = append(ents, w.Unsafe().NewEntity(ids...))
				}
			},
			run: func() {
				for _, e := range ents {
					w.RemoveEntity(e)
				}
			}},
		{name: "glue", perTrial: n,
			prepare: func() { l.spawn, l.despawn = true, false; must(l.app.Update()) },
			run:     func() { l.spawn, l.despawn = false, true; must(l.app.Update()) }},
	}
}

// churnTrial: a tick of churn (ChurnK despawned and spawned among
// ChurnBackground) for ark one by one and glue's typed commands.
func churnTrial() []trialVariant {
	w := ecs.NewWorld(1024)
	m := ecs.NewMap2[Position, Velocity](w)
	m.NewBatchFn(ChurnBackground, nil)
	prev := make([]ecs.Entity, 0, ChurnK)
	app := seqApp()
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for range ChurnBackground {
			glue.Spawn2(c, Position{}, Velocity{})
		}
	}))
	gprev := make([]glue.Entity, 0, ChurnK)
	app.AddSystems(tickStage, glue.Func(func(c glue.Commands) {
		for _, e := range gprev {
			c.Despawn(e)
		}
		gprev = gprev[:0]
		for range ChurnK {
			gprev = append(gprev, glue.Spawn2(c, Position{}, Velocity{}))
		}
	}))
	for range 3 {
		must(app.Update())
	}
	return []trialVariant{
		{name: "ark", perTrial: ChurnK, run: func() {
			for _, e := range prev {
				w.RemoveEntity(e)
			}
			prev = prev[:0]
			for range ChurnK {
				prev = append(prev, m.NewEntityFn(nil))
			}
		}},
		{name: "glue-typed", perTrial: ChurnK, run: func() { must(app.Update()) }},
	}
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// randomTrial: n entities with Position, looked up in shuffled order:
// ark's Map.Get in a plain loop, and a glue system of Query1[*Position].Get
// run by App.Update, as the public suite does; glue-tick is the tick's
// fixed cost (see queryTrial).
func randomTrial(n int) []trialVariant {
	shuffle := func(n int, swap func(i, j int)) { rand.New(rand.NewPCG(1, 2)).Shuffle(n, swap) }
	m, ents := arkShuffled(n)
	sum := 0.0
	app := seqApp()
	gents := make([]glue.Entity, n)
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range gents {
			gents[i] = c.Spawn(Position{})
		}
		shuffle(n, func(i, j int) { gents[i], gents[j] = gents[j], gents[i] })
	}))
	app.AddSystems(tickStage, glue.Func(func(q glue.Query1[*Position]) {
		s := 0.0
		for _, e := range gents {
			p, _ := q.Get(e)
			s += p.X
		}
		sum += s
	}))
	must(app.Update())
	empty := seqApp()
	empty.AddSystems(tickStage, glue.Func(func(glue.Commands) {}))
	must(empty.Update())
	return []trialVariant{
		{name: "ark", perTrial: n, run: func() {
			s := 0.0
			for _, e := range ents {
				s += m.Get(e).X
			}
			sum += s
		}},
		{name: "glue", perTrial: n, run: func() { must(app.Update()) }},
		{name: "glue-tick", perTrial: n, run: func() { must(empty.Update()) }},
	}
}

// create10Trial: n entities with C1 … C10 created (timed) in a world
// that held n such entities before (removed, not timed): ark one by one
// and in one batch, glue's SpawnBundle, boxed Commands.Spawn and
// SpawnBatch.
func create10Trial(n int) []trialVariant {
	w := ecs.NewWorld(1024)
	m := ecs.NewMap10[C1, C2, C3, C4, C5, C6, C7, C8, C9, C10](w)
	f := ecs.NewFilter2[C1, C2](w)
	clear := func() { w.RemoveEntities(f.Batch(), nil) }
	vs := []trialVariant{
		{name: "ark", perTrial: n, prepare: clear, run: func() {
			for range n {
				m.NewEntityFn(nil)
			}
		}},
		{name: "ark-batch", perTrial: n, prepare: clear, run: func() { m.NewBatchFn(n, nil) }},
	}
	for _, form := range []string{"glue-bundle", "glue"} {
		l := tenApp(n, form)
		vs = append(vs, l.trial(form, n))
	}
	vs = append(vs, bulkApp(n, true).trial("glue-bulk", n))
	return vs
}

// trial is the trial variant of a lifeApp: prepare despawns (not
// timed), run spawns.
func (l *lifeApp) trial(name string, n int) trialVariant {
	return trialVariant{name: name, perTrial: n,
		prepare: func() { l.spawn, l.despawn = false, true; must(l.app.Update()) },
		run:     func() { l.spawn, l.despawn = true, false; must(l.app.Update()) }}
}

// createAllocTrial: n entities with Position and Velocity created in a
// new world (made, and the previous one closed, not timed): ark one by
// one, glue's typed spawns, the same after glue.ReserveBundle for n
// ("glue-typed-presize"), and one SpawnBatch ("glue-bulk").
func createAllocTrial(n int) []trialVariant {
	var m *ecs.Map2[Position, Velocity]
	vs := []trialVariant{{name: "ark", perTrial: n,
		prepare: func() { m = ecs.NewMap2[Position, Velocity](ecs.NewWorld(1024)) },
		run: func() {
			for range n {
				m.NewEntityFn(nil)
			}
		}}}
	for _, row := range []struct {
		name             string
		bulk, reserveFor bool
	}{{"glue-typed", false, false}, {"glue-typed-presize", false, true}, {"glue-bulk", true, false}} {
		var l *lifeApp
		vs = append(vs, trialVariant{name: row.name, perTrial: n,
			prepare: func() {
				if l != nil {
					l.app.Close()
				}
				if row.bulk {
					l = bulkApp(n, false)
				} else {
					l = newLifeApp(n, true)
				}
				if row.reserveFor {
					must(glue.ReserveBundle[PosVel](l.app, n))
				}
				must(l.app.Build())
			},
			run: func() { l.spawn, l.despawn = true, false; must(l.app.Update()) }})
	}
	return vs
}
