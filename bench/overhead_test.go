package bench

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
)

// modes are the two ways a glue app runs systems.
var modes = []struct {
	name string
	opts glue.Options
}{
	{"seq", glue.Options{Sequential: true}},
	{"par", glue.Options{Workers: 2}},
}

// Unused is a component no entity has, for entity systems that visit
// nothing.
type Unused struct{ V float64 }

// BenchmarkEmptySystem measures what the scheduler costs per system per
// tick: 100 systems that do nothing in one stage, as global systems
// (Func of no params) and as entity systems matching no entity, in the Each form
// (Each1) and the Batch form (Batch1).
func BenchmarkEmptySystem(b *testing.B) {
	const systems = 100
	for _, kind := range []string{"global", "entity", "batch"} {
		for _, m := range modes {
			b.Run(kind+"-"+m.name, func(b *testing.B) {
				app := glue.NewApp().Configure(m.opts)
				defer app.Close()
				for i := range systems {
					s := glue.Func(func(struct{}) {})
					switch kind {
					case "entity":
						s = glue.Each1(func(glue.Entity, *Unused) {})
					case "batch":
						s = glue.Batch1(func(glue.Entities, glue.Column[Unused]) {})
					}
					app.AddSystems(tickStage, s.Named(fmt.Sprint("empty", i)))
				}
				update(b, app)
				b.ReportAllocs()
				for b.Loop() {
					update(b, app)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/systems, "ns/system")
			})
		}
	}
}

// Counter is a small component; Counter[K] for distinct K are distinct
// component types.
type Counter[K any] struct{ V float64 }

// Marker types that make ten distinct Counter components.
type (
	k0 struct{}
	k1 struct{}
	k2 struct{}
	k3 struct{}
	k4 struct{}
	k5 struct{}
	k6 struct{}
	k7 struct{}
	k8 struct{}
	k9 struct{}
)

func bump[K any](_ glue.Entity, c *Counter[K]) { c.V++ }

// BenchmarkStages measures a tick of 10 stages of 10 small systems each:
// every system bumps its own counter on 100 entities.
func BenchmarkStages(b *testing.B) {
	const entities = 100
	for _, m := range modes {
		b.Run("10x10-"+m.name, func(b *testing.B) {
			stages := make([]glue.Stage, 10)
			for i := range stages {
				stages[i] = glue.Stage(fmt.Sprint("Stage", i))
			}
			app := glue.NewApp().Configure(m.opts)
			app.AddStagesAfter(glue.Update, stages...)
			defer app.Close()
			app.AddStartup(glue.Func(func(c glue.Commands) {
				for range entities {
					c.Spawn(Counter[k0]{}, Counter[k1]{}, Counter[k2]{}, Counter[k3]{}, Counter[k4]{},
						Counter[k5]{}, Counter[k6]{}, Counter[k7]{}, Counter[k8]{}, Counter[k9]{})
				}
			}))
			for _, st := range stages {
				// Generic instances share a derived name: name each.
				for i, s := range []*glue.System{glue.Each1(bump[k0]), glue.Each1(bump[k1]), glue.Each1(bump[k2]),
					glue.Each1(bump[k3]), glue.Each1(bump[k4]), glue.Each1(bump[k5]), glue.Each1(bump[k6]),
					glue.Each1(bump[k7]), glue.Each1(bump[k8]), glue.Each1(bump[k9])} {
					app.AddSystems(st, s.Named(fmt.Sprint("bump", i)))
				}
			}
			update(b, app)
			b.ReportAllocs()
			for b.Loop() {
				update(b, app)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/system")
		})
	}
}

// BenchmarkBarrier measures one hand-off to a parked worker goroutine and
// back, the price of every parallel step: plain slices' halves (a
// channel each way) and a glue system forced to split 2 entities in two
// (one pool batch), against the same system run sequentially.
func BenchmarkBarrier(b *testing.B) {
	b.Run("slices-halves", func(b *testing.B) {
		h := newHalves()
		defer h.close()
		noop := func(lo, hi int) {}
		for b.Loop() {
			h.run(noop, 2)
		}
	})
	for _, m := range []struct {
		name string
		opts glue.Options
	}{
		{"glue-seq", glue.Options{Sequential: true}},
		{"glue-split", glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 1}},
	} {
		b.Run(m.name, func(b *testing.B) {
			app := glue.NewApp().Configure(m.opts)
			defer app.Close()
			app.AddStartup(glue.Func(func(c glue.Commands) {
				c.Spawn(Unused{})
				c.Spawn(Unused{})
			}))
			app.AddSystems(tickStage, glue.Each1(func(_ glue.Entity, u *Unused) { u.V++ }))
			update(b, app)
			b.ReportAllocs()
			for b.Loop() {
				update(b, app)
			}
		})
	}
}
