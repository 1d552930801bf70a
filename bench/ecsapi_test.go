package bench

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
	"github.com/mlange-42/ark/ecs"
)

// This file holds the scenarios and rows of glue's newer forms (issue
// #37): bundles ("glue-bundle"), bulk commands ("glue-bulk") and
// pre-sizing ("glue-presize"), beside ark's per-entity and batch forms.

// Ten is the bundle of C1 … C10: create10comp's entity.
type Ten struct {
	C1  C1
	C2  C2
	C3  C3
	C4  C4
	C5  C5
	C6  C6
	C7  C7
	C8  C8
	C9  C9
	C10 C10
}

// PosVel is the bundle of Position and Velocity.
type PosVel struct {
	Pos Position
	Vel Velocity
}

// tenApp is a glue app whose one stage spawns n entities of C1 … C10
// (spawn set) — boxed, as bundles, or as one bulk spawn — or despawns
// them all.
func tenApp(n int, form string) *lifeApp {
	l := &lifeApp{app: seqApp()}
	l.app.AddSystems(tickStage,
		glue.Func(func(c glue.Commands) {
			if !l.spawn {
				return
			}
			switch form {
			case "glue":
				for range n {
					c.Spawn(extras...)
				}
			case "glue-bundle":
				for range n {
					glue.SpawnBundle(c, Ten{})
				}
			}
		}).Named("bench.spawn"),
		glue.Each2P(func(e glue.Entity, _ *C1, _ *C2, c glue.Commands) {
			if l.despawn {
				c.Despawn(e)
			}
		}).Named("bench.despawn10"),
	)
	return l
}

// BenchmarkCreate10comp creates n entities with C1 … C10 in a world that
// held n such entities before, as create2comp does with two.
func BenchmarkCreate10comp(b *testing.B) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			m := ecs.NewMap10[C1, C2, C3, C4, C5, C6, C7, C8, C9, C10](w)
			f := ecs.NewFilter2[C1, C2](w)
			alternate(b, func() {
				for range n {
					m.NewEntityFn(nil)
				}
			}, func() { w.RemoveEntities(f.Batch(), nil) })
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("ark-batch/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			m := ecs.NewMap10[C1, C2, C3, C4, C5, C6, C7, C8, C9, C10](w)
			f := ecs.NewFilter2[C1, C2](w)
			alternate(b, func() { m.NewBatchFn(n, nil) }, func() { w.RemoveEntities(f.Batch(), nil) })
			perEntity(b, n)
		})
		for _, form := range []string{"glue", "glue-bundle"} {
			b.Run(fmt.Sprintf("%s/%d", form, n), func(b *testing.B) {
				l := tenApp(n, form)
				defer l.app.Close()
				b.ReportAllocs()
				alternate(b, func() { l.run(b, true) }, func() { l.run(b, false) })
				perEntity(b, n)
			})
		}
		bulkCreateRow(b, n, true)
	}
}

// bulkApp is a glue app whose one stage spawns n entities (Position and
// Velocity, or C1 … C10 with ten) in one SpawnBatch when spawn is set,
// or despawns them all with one DespawnAll when despawn is set.
func bulkApp(n int, ten bool) *lifeApp {
	l := &lifeApp{app: seqApp(), ten: ten}
	l.app.AddSystems(tickStage, glue.Func(func(p struct {
		C   glue.Commands
		PV  glue.Query2[Position, Velocity]
		Ten glue.Query2[C1, C2]
	}) {
		switch {
		case l.spawn && ten:
			glue.SpawnBatch(p.C, n, Ten{})
		case l.spawn:
			glue.SpawnBatch(p.C, n, PosVel{})
		case l.despawn && ten:
			glue.DespawnAll(p.C, p.Ten)
		case l.despawn:
			glue.DespawnAll(p.C, p.PV)
		}
	}).Named("bench.bulk"))
	return l
}

// bulkCreateRow is create2comp's (or create10comp's) "glue-bulk" row:
// one SpawnBatch of n entities per operation.
func bulkCreateRow(b *testing.B, n int, ten bool) {
	b.Run(fmt.Sprintf("glue-bulk/%d", n), func(b *testing.B) {
		l := bulkApp(n, ten)
		defer l.app.Close()
		b.ReportAllocs()
		alternate(b, func() { l.run(b, true) }, func() { l.run(b, false) })
		perEntity(b, n)
	})
}

// bulkDeleteRow is delete2comp's (or delete10comp's) "glue-bulk" row:
// one DespawnAll per operation.
func bulkDeleteRow(b *testing.B, n int, ten bool) {
	b.Run(fmt.Sprintf("glue-bulk/%d", n), func(b *testing.B) {
		l := bulkApp(n, ten)
		defer l.app.Close()
		l.run(b, true)
		b.ReportAllocs()
		alternate(b, func() { l.run(b, false) }, func() { l.run(b, true) })
		perEntity(b, n)
	})
}

// bulkAddRemoveRow is add_remove's (or add_remove_large's) "glue-bulk"
// row: InsertAll of Velocity in one stage, RemoveAll in the next.
func bulkAddRemoveRow(b *testing.B, n int, large bool) {
	b.Run(fmt.Sprintf("glue-bulk/%d", n), func(b *testing.B) {
		app := seqApp()
		app.AddStagesAfter(glue.Update, addStage, removeStage)
		defer app.Close()
		vel := glue.TypeOf[Velocity]()
		app.AddStartup(glue.Func(func(c glue.Commands) {
			comps := []any{Position{}}
			if large {
				comps = append(comps, extras...)
			}
			for range n {
				c.Spawn(comps...)
			}
		}))
		app.AddSystems(addStage, glue.Func(func(p struct {
			C glue.Commands
			Q glue.Query1[Position]
		}) {
			glue.InsertAll(p.C, p.Q, Velocity{})
		}))
		app.AddSystems(removeStage, glue.Func(func(p struct {
			C glue.Commands
			Q glue.Query2[Position, Velocity]
		}) {
			glue.RemoveAll(p.C, p.Q, vel)
		}))
		update(b, app)
		b.ReportAllocs()
		for b.Loop() {
			update(b, app)
		}
		perEntity(b, n)
	})
}

// allocRows are create2comp_alloc's rows of the newer forms: a new app
// per operation (not timed), then one SpawnBatch of n entities
// ("glue-bulk"), the same after glue.ReserveBundle for n ("glue-presize",
// the reservation not timed, as ark's NewWorld is not), and n typed
// spawns after the reservation ("glue-typed-presize").
func allocRows(b *testing.B, n int) {
	for _, row := range []struct {
		name             string
		bulk, reserveFor bool
	}{{"glue-bulk", true, false}, {"glue-presize", true, true}, {"glue-typed-presize", false, true}} {
		b.Run(fmt.Sprintf("%s/%d", row.name, n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				l := newLifeApp(n, true)
				if row.bulk {
					l = bulkApp(n, false)
				}
				if row.reserveFor {
					if err := glue.ReserveBundle[PosVel](l.app, n); err != nil {
						b.Fatal(err)
					}
				}
				if err := l.app.Build(); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				l.run(b, true)
				b.StopTimer()
				l.app.Close()
				b.StartTimer()
			}
			perEntity(b, n)
		})
	}
}
