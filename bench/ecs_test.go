package bench

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gluekit/glue"
	"github.com/mlange-42/ark/ecs"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
	"github.com/yohamta/donburi/filter"
)

// The scenarios of the public go-ecs-benchmarks suite (query2comp,
// query32arch, query256arch, random, create2comp, create2comp_alloc,
// add_remove, add_remove_large, delete2comp, delete10comp, new_world),
// written again from that
// suite's definitions, at EcsSizes entities, each reporting ns per entity
// like that suite; and churn, spawning and despawning ChurnK entities per
// tick among ChurnBackground static ones.
//
// Every peer runs as that suite runs it: ark one entity at a time
// ("ark"), ark's column or batch form ("ark-tables", "ark-batch"),
// donburi's own API ("donburi") and its batch creation, CreateMany
// ("donburi-batch"). glue runs each scenario as a user would:
// systems, queries and Commands, one App.Update per operation, so its
// figures include the scheduler and command application. "glue-each" and
// "glue-batch" are the Each2 and Batch2 system forms; "glue" is
// Commands with boxed values (Spawn, Insert), "glue-typed" the typed
// commands (glue.Spawn2, glue.Insert1).

// noGC (-nogc) leaves out the GC that settle runs before timing: the
// public suite runs none, so an implementation whose setup leaves garbage
// pays for its collection in the timed loop. cmd/report runs the
// go-ecs-benchmarks scenarios both ways and names the runs without a GC
// "<impl>-nogc".
var noGC = flag.Bool("nogc", false, "run no GC between a scenario's setup and its timed loop")

// settle collects the setup's garbage before a scenario is timed, for
// every implementation alike (unless -nogc): a GC cycle that the setup
// started would otherwise mark the heap during the first timed operations
// (glue's setup, which queues every entity as a command, leaves the most
// garbage).
func settle() {
	if !*noGC {
		runtime.GC()
	}
}

func perEntity(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity")
}

// seqApp is a one-stage sequential glue app for the scenarios.
func seqApp() *glue.App {
	return glue.NewApp().Configure(glue.Options{Sequential: true})
}

func update(b *testing.B, app *glue.App) {
	if err := app.Update(); err != nil {
		b.Fatal(err)
	}
}

// C1 … C10 are the suite's extra components, shaped like Position.
type (
	C1  struct{ X, Y float64 }
	C2  struct{ X, Y float64 }
	C3  struct{ X, Y float64 }
	C4  struct{ X, Y float64 }
	C5  struct{ X, Y float64 }
	C6  struct{ X, Y float64 }
	C7  struct{ X, Y float64 }
	C8  struct{ X, Y float64 }
	C9  struct{ X, Y float64 }
	C10 struct{ X, Y float64 }
)

var (
	dC = []component.IComponentType{
		donburi.NewComponentType[C1](), donburi.NewComponentType[C2](), donburi.NewComponentType[C3](),
		donburi.NewComponentType[C4](), donburi.NewComponentType[C5](), donburi.NewComponentType[C6](),
		donburi.NewComponentType[C7](), donburi.NewComponentType[C8](), donburi.NewComponentType[C9](),
		donburi.NewComponentType[C10](),
	}
	// extras are zero values of C1 … C10, for glue's boxed Spawn.
	extras = []any{C1{}, C2{}, C3{}, C4{}, C5{}, C6{}, C7{}, C8{}, C9{}, C10{}}
)

// queryScenario builds the world of a query scenario: query2comp (10n
// Position-only entities, then n with Position and Velocity) or
// query32arch (n entities over 32 archetypes).
type queryScenario struct {
	name string
	glue func(c glue.Commands, n int)
	don  func(w donburi.World, n int)
	ark  func(w *ecs.World, n int)
}

var queryScenarios = []queryScenario{
	{
		name: "Query2comp",
		glue: func(c glue.Commands, n int) {
			for range 10 * n {
				c.Spawn(Position{})
			}
			for range n {
				c.Spawn(Position{}, Velocity{1, 1})
			}
		},
		don: func(w donburi.World, n int) {
			for range 10 * n {
				w.Create(dPos)
			}
			for range n {
				*dVel.Get(w.Entry(w.Create(dPos, dVel))) = Velocity{1, 1}
			}
		},
		ark: func(w *ecs.World, n int) {
			ecs.NewMap1[Position](w).NewBatchFn(10*n, nil)
			ecs.NewMap2[Position, Velocity](w).NewBatchFn(n, func(_ ecs.Entity, _ *Position, v *Velocity) { *v = Velocity{1, 1} })
		},
	},
	archScenario("Query32arch", 5, false),
	archScenario("Query256arch", 8, true),
}

// archScenario builds n entities with Position and Velocity over 2^bits
// archetypes (plus C(j+1) for every set bit j of the entity's index) —
// query32arch; or, with apart, n entities with Position and Velocity in
// one archetype and 4n with Position and any of C1…C(bits) that the query
// does not match, over 2^bits archetypes — query256arch, as the public
// suite builds them.
func archScenario(name string, bits int, apart bool) queryScenario {
	total := func(n int) int {
		if apart {
			return 4 * n
		}
		return n
	}
	return queryScenario{
		name: name,
		glue: func(c glue.Commands, n int) {
			if apart {
				for range n {
					glue.Spawn2(c, Position{}, Velocity{1, 1})
				}
			}
			var cs []any
			for i := range total(n) {
				cs = append(cs[:0], Position{})
				if !apart {
					cs = append(cs, Velocity{1, 1})
				}
				for j := range bits {
					if i&(1<<j) != 0 {
						cs = append(cs, extras[j])
					}
				}
				c.Spawn(cs...)
			}
		},
		don: func(w donburi.World, n int) {
			if apart {
				for _, e := range w.CreateMany(n, dPos, dVel) {
					*dVel.Get(w.Entry(e)) = Velocity{1, 1}
				}
			}
			var ids []component.IComponentType
			for i := range total(n) {
				ids = append(ids[:0], dPos)
				if !apart {
					ids = append(ids, dVel)
				}
				for j := range bits {
					if i&(1<<j) != 0 {
						ids = append(ids, dC[j])
					}
				}
				e := w.Create(ids...)
				if !apart {
					*dVel.Get(w.Entry(e)) = Velocity{1, 1}
				}
			}
		},
		ark: func(w *ecs.World, n int) {
			posID, velID := ecs.ComponentID[Position](w), ecs.ComponentID[Velocity](w)
			extra := []ecs.ID{ecs.ComponentID[C1](w), ecs.ComponentID[C2](w), ecs.ComponentID[C3](w), ecs.ComponentID[C4](w),
				ecs.ComponentID[C5](w), ecs.ComponentID[C6](w), ecs.ComponentID[C7](w), ecs.ComponentID[C8](w)}[:bits]
			vel := ecs.NewMap[Velocity](w)
			if apart {
				ecs.NewMap2[Position, Velocity](w).NewBatchFn(n, func(_ ecs.Entity, _ *Position, v *Velocity) { *v = Velocity{1, 1} })
			}
			var ids []ecs.ID
			for i := range total(n) {
				ids = append(ids[:0], posID)
				if !apart {
					ids = append(ids, velID)
				}
				for j, id := range extra {
					if i&(1<<j) != 0 {
						ids = append(ids, id)
					}
				}
				e := w.Unsafe().NewEntity(ids...)
				if !apart {
					*vel.Get(e) = Velocity{1, 1}
				}
			}
		},
	}
}

// checkSum fails b unless the positions of the n queried entities add up
// to what b.N+warm runs of pos += (1, 1) give.
func checkSum(b *testing.B, sum float64, n, runs int) {
	if want := float64(2 * n * runs); sum != want {
		b.Fatalf("sum of positions %v, want %v", sum, want)
	}
}

// BenchmarkQuery2comp, BenchmarkQuery32arch and BenchmarkQuery256arch add
// each entity's velocity to its position over every entity with both.
func BenchmarkQuery2comp(b *testing.B)   { benchQuery(b, queryScenarios[0]) }
func BenchmarkQuery32arch(b *testing.B)  { benchQuery(b, queryScenarios[1]) }
func BenchmarkQuery256arch(b *testing.B) { benchQuery(b, queryScenarios[2]) }

// benchArk times one of ark's query forms (tick, once per round) over
// the scenario's world of n matching entities, and checks the positions
// after.
func benchArk(b *testing.B, s queryScenario, n int, tick func(*ecs.Filter2[Position, Velocity])) {
	w := ecs.NewWorld(1024)
	s.ark(w, n)
	f := ecs.NewFilter2[Position, Velocity](w)
	settle()
	for b.Loop() {
		tick(f)
	}
	perEntity(b, n)
	sum := 0.0
	q := f.Query()
	for q.Next() {
		p, _ := q.Get()
		sum += p.X + p.Y
	}
	checkSum(b, sum, n, b.N)
}

func benchQuery(b *testing.B, s queryScenario) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			benchArk(b, s, n, func(f *ecs.Filter2[Position, Velocity]) {
				q := f.Query()
				for q.Next() {
					p, v := q.Get()
					p.X += v.X
					p.Y += v.Y
				}
			})
		})
		b.Run(fmt.Sprintf("ark-tables/%d", n), func(b *testing.B) {
			benchArk(b, s, n, func(f *ecs.Filter2[Position, Velocity]) {
				q := f.Query()
				for q.NextTable() {
					ps, vs := q.GetColumns()
					for i := range ps {
						p, v := &ps[i], &vs[i]
						p.X += v.X
						p.Y += v.Y
					}
				}
			})
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			s.don(w, n)
			q := donburi.NewQuery(filter.Contains(dPos, dVel))
			fn := func(e *donburi.Entry) {
				p, v := dPos.Get(e), dVel.Get(e)
				p.X += v.X
				p.Y += v.Y
			}
			settle()
			for b.Loop() {
				q.Each(w, fn)
			}
			perEntity(b, n)
			sum := 0.0
			q.Each(w, func(e *donburi.Entry) { p := dPos.Get(e); sum += p.X + p.Y })
			checkSum(b, sum, n, b.N)
		})
		for _, form := range []string{"glue-each", "glue-batch", "glue-range"} {
			b.Run(fmt.Sprintf("%s/%d", form, n), func(b *testing.B) {
				app := seqApp()
				defer app.Close()
				app.AddStartup(glue.Func(func(c glue.Commands) { s.glue(c, n) }))
				var sys *glue.System
				switch form {
				case "glue-each":
					sys = glue.Each2(func(_ glue.Entity, p *Position, v Velocity) {
						p.X += v.X
						p.Y += v.Y
					})
				case "glue-range":
					sys = glue.Func(func(q glue.Query2[*Position, Velocity]) {
						for _, r := range q.All() {
							r.A.X += r.B.X
							r.A.Y += r.B.Y
						}
					})
				default:
					sys = glue.Batch2(func(_ glue.Entities, ps glue.Column[Position], vs glue.View[Velocity]) {
						for i := range min(ps.Len(), vs.Len()) {
							p, v := ps.At(i), vs.At(i)
							p.X += v.X
							p.Y += v.Y
						}
					})
				}
				check, sum := false, 0.0
				app.AddSystems(tickStage, sys,
					glue.Func(func(q glue.Query2[Position, Velocity]) {
						if check {
							q.Each(func(_ glue.Entity, p Position, _ Velocity) { sum += p.X + p.Y })
						}
					}).Named("bench.check").After(sys))
				update(b, app)
				settle()
				for b.Loop() {
					update(b, app)
				}
				perEntity(b, n)
				check = true
				update(b, app)
				checkSum(b, sum, n, b.N+2)
			})
		}
	}
}

// BenchmarkRandom reads the Position of n entities in shuffled order.
// arkShuffled makes n ark entities with a Position and returns their
// map and the entities in the random order of BenchmarkRandom's lookups.
func arkShuffled(n int) (*ecs.Map[Position], []ecs.Entity) {
	w := ecs.NewWorld(1024)
	m := ecs.NewMap[Position](w)
	ents := make([]ecs.Entity, n)
	for i := range ents {
		ents[i] = m.NewEntity(&Position{})
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(n, func(i, j int) { ents[i], ents[j] = ents[j], ents[i] })
	return m, ents
}

func BenchmarkRandom(b *testing.B) {
	for _, n := range short(EcsSizes) {
		shuffle := func(n int, swap func(i, j int)) { rand.New(rand.NewPCG(1, 2)).Shuffle(n, swap) }
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			m, ents := arkShuffled(n)
			sum := 0.0
			settle()
			for b.Loop() {
				for _, e := range ents {
					sum += m.Get(e).X
				}
			}
			perEntity(b, n)
			if sum != 0 {
				b.Fatal("positions changed")
			}
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			ents := make([]donburi.Entity, n)
			for i := range ents {
				ents[i] = w.Create(dPos)
			}
			shuffle(n, func(i, j int) { ents[i], ents[j] = ents[j], ents[i] })
			sum := 0.0
			settle()
			for b.Loop() {
				for _, e := range ents {
					sum += (*Position)(w.Entry(e).Component(dPos)).X
				}
			}
			perEntity(b, n)
			if sum != 0 {
				b.Fatal("positions changed")
			}
		})
		b.Run(fmt.Sprintf("glue/%d", n), func(b *testing.B) {
			app := seqApp()
			defer app.Close()
			ents := make([]glue.Entity, n)
			app.AddStartup(glue.Func(func(c glue.Commands) {
				for i := range ents {
					ents[i] = c.Spawn(Position{})
				}
				shuffle(n, func(i, j int) { ents[i], ents[j] = ents[j], ents[i] })
			}))
			sum := 0.0
			app.AddSystems(tickStage, glue.Func(func(q glue.Query1[*Position]) {
				s := 0.0
				for _, e := range ents {
					p, _ := q.Get(e)
					s += p.X
				}
				sum += s
			}))
			update(b, app)
			settle()
			for b.Loop() {
				update(b, app)
			}
			perEntity(b, n)
			if sum != 0 {
				b.Fatal("positions changed")
			}
		})
	}
}

// alternate times do and not undo: after one untimed round to warm up,
// each round of b.Loop runs do, then undo with the timer stopped, so that
// a scenario that creates (or deletes) n entities starts every round from
// the same world.
func alternate(b *testing.B, do, undo func()) {
	do()
	undo()
	settle()
	for b.Loop() {
		do()
		b.StopTimer()
		undo()
		b.StartTimer()
	}
}

// lifeApp is a glue app whose one stage spawns n entities with Position
// and Velocity when spawn is set (boxed or typed commands), or despawns
// every such entity when despawn is set, all through Commands.
type lifeApp struct {
	app            *glue.App
	spawn, despawn bool
	ten            bool // spawn C1 … C10 instead (boxed), for delete10comp
}

func newLifeApp(n int, typed bool) *lifeApp {
	l := &lifeApp{app: seqApp()}
	l.app.AddSystems(tickStage,
		glue.Func(func(c glue.Commands) {
			if !l.spawn {
				return
			}
			if l.ten {
				for range n {
					c.Spawn(extras...)
				}
				return
			}
			if typed {
				for range n {
					glue.Spawn2(c, Position{}, Velocity{})
				}
				return
			}
			for range n {
				c.Spawn(Position{}, Velocity{})
			}
		}).Named("bench.spawn"),
		glue.Each2P(func(e glue.Entity, _ *Position, _ *Velocity, c glue.Commands) {
			if l.despawn {
				c.Despawn(e)
			}
		}).Named("bench.despawn"),
		glue.Each2P(func(e glue.Entity, _ *C1, _ *C2, c glue.Commands) {
			if l.despawn {
				c.Despawn(e)
			}
		}).Named("bench.despawn10"),
	)
	return l
}

func (l *lifeApp) run(b *testing.B, spawn bool) {
	l.spawn, l.despawn = spawn, !spawn
	update(b, l.app)
}

// glueForms are glue's two ways to issue spawns and inserts.
var glueForms = []struct {
	name  string
	typed bool
}{{"glue", false}, {"glue-typed", true}}

// BenchmarkCreate2comp creates n entities with Position and Velocity in a
// world that held n such entities before; the removal that makes room for
// the next operation is not timed.
func BenchmarkCreate2comp(b *testing.B) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			m := ecs.NewMap2[Position, Velocity](w)
			f := ecs.NewFilter2[Position, Velocity](w)
			ents := make([]ecs.Entity, 0, n)
			alternate(b, func() {
				for range n {
					ents = append(ents, m.NewEntityFn(nil))
				}
			}, func() {
				w.RemoveEntities(f.Batch(), nil)
				ents = ents[:0]
			})
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("ark-batch/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			m := ecs.NewMap2[Position, Velocity](w)
			f := ecs.NewFilter2[Position, Velocity](w)
			alternate(b, func() { m.NewBatchFn(n, nil) }, func() { w.RemoveEntities(f.Batch(), nil) })
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			ids := []component.IComponentType{dPos, dVel}
			ents := make([]donburi.Entity, 0, n)
			round := func() {
				for range n {
					ents = append(ents, w.Create(ids...))
				}
			}
			clear := func() {
				for _, e := range ents {
					w.Remove(e)
				}
				ents = ents[:0]
			}
			alternate(b, round, clear)
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi-batch/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			var ents []donburi.Entity
			alternate(b, func() { ents = w.CreateMany(n, dPos, dVel) }, func() {
				for _, e := range ents {
					w.Remove(e)
				}
			})
			perEntity(b, n)
		})
		for _, f := range glueForms {
			b.Run(fmt.Sprintf("%s/%d", f.name, n), func(b *testing.B) {
				l := newLifeApp(n, f.typed)
				defer l.app.Close()
				b.ReportAllocs()
				alternate(b, func() { l.run(b, true) }, func() { l.run(b, false) })
				perEntity(b, n)
			})
		}
		bulkCreateRow(b, n, false) // bench/ecsapi_test.go
	}
}

// BenchmarkCreate2compAlloc creates n entities with Position and Velocity
// in a new world each time (making the world is not timed), so that the
// storage grows while it is measured.
func BenchmarkCreate2compAlloc(b *testing.B) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				m := ecs.NewMap2[Position, Velocity](ecs.NewWorld(1024))
				b.StartTimer()
				for range n {
					m.NewEntityFn(nil)
				}
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("ark-batch/%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				m := ecs.NewMap2[Position, Velocity](ecs.NewWorld(1024))
				b.StartTimer()
				m.NewBatchFn(n, nil)
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			ids := []component.IComponentType{dPos, dVel}
			for b.Loop() {
				b.StopTimer()
				w := donburi.NewWorld()
				b.StartTimer()
				for range n {
					w.Create(ids...)
				}
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi-batch/%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				w := donburi.NewWorld()
				b.StartTimer()
				w.CreateMany(n, dPos, dVel)
			}
			perEntity(b, n)
		})
		for _, f := range glueForms {
			b.Run(fmt.Sprintf("%s/%d", f.name, n), func(b *testing.B) {
				for b.Loop() {
					b.StopTimer()
					l := newLifeApp(n, f.typed)
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
		allocRows(b, n) // bench/ecsapi_test.go
	}
}

// addStage and removeStage are the two stages of the add/remove apps.
const (
	addStage    glue.Stage = "Add"
	removeStage glue.Stage = "Remove"
)

// BenchmarkAddRemove adds a Velocity to n entities with a Position, then
// removes it again; BenchmarkAddRemoveLarge does the same to entities
// that also have C1 … C10.
func BenchmarkAddRemove(b *testing.B)      { benchAddRemove(b, false) }
func BenchmarkAddRemoveLarge(b *testing.B) { benchAddRemove(b, true) }

func benchAddRemove(b *testing.B, large bool) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			vm := ecs.NewMap1[Velocity](w)
			ents := arkAddRemoveWorld(w, n, large)
			round := func() {
				for _, e := range ents {
					vm.AddFn(e, nil)
				}
				for _, e := range ents {
					vm.Remove(e)
				}
			}
			round()
			for b.Loop() {
				round()
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("ark-batch/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			vm := ecs.NewMap1[Velocity](w)
			arkAddRemoveWorld(w, n, large)
			fp := ecs.NewFilter1[Position](w)
			fpv := ecs.NewFilter2[Position, Velocity](w)
			round := func() {
				vm.AddBatchFn(fp.Batch(), nil)
				vm.RemoveBatch(fpv.Batch(), nil)
			}
			round()
			for b.Loop() {
				round()
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			ids := []component.IComponentType{dPos}
			if large {
				ids = append(ids, dC...)
			}
			ents := make([]donburi.Entity, n)
			for i := range ents {
				ents[i] = w.Create(ids...)
			}
			round := func() {
				for _, e := range ents {
					donburi.Add(w.Entry(e), dVel, &Velocity{})
				}
				for _, e := range ents {
					donburi.Remove[Velocity](w.Entry(e), dVel)
				}
			}
			round()
			for b.Loop() {
				round()
			}
			perEntity(b, n)
		})
		for _, f := range glueForms {
			b.Run(fmt.Sprintf("%s/%d", f.name, n), func(b *testing.B) {
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
				ins := glue.Each1P(func(e glue.Entity, _ *Position, c glue.Commands) { c.Insert(e, Velocity{}) })
				if f.typed {
					ins = glue.Each1P(func(e glue.Entity, _ *Position, c glue.Commands) { glue.Insert1(c, e, Velocity{}) })
				}
				app.AddSystems(addStage, ins.Without(vel))
				app.AddSystems(removeStage, glue.Each2P(func(e glue.Entity, _ *Position, _ *Velocity, c glue.Commands) {
					c.Remove(e, vel)
				}))
				update(b, app)
				b.ReportAllocs()
				for b.Loop() {
					update(b, app)
				}
				perEntity(b, n)
			})
		}
		bulkAddRemoveRow(b, n, large) // bench/ecsapi_test.go
	}
}

// arkAddRemoveWorld makes the n entities of the add/remove scenarios.
func arkAddRemoveWorld(w *ecs.World, n int, large bool) []ecs.Entity {
	ents := make([]ecs.Entity, 0, n)
	if large {
		ecs.NewMap11[Position, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10](w).NewBatchFn(n,
			func(e ecs.Entity, _ *Position, _ *C1, _ *C2, _ *C3, _ *C4, _ *C5, _ *C6, _ *C7, _ *C8, _ *C9, _ *C10) {
				ents = append(ents, e)
			})
		return ents
	}
	ecs.NewMap1[Position](w).NewBatchFn(n, func(e ecs.Entity, _ *Position) { ents = append(ents, e) })
	return ents
}

// BenchmarkDelete2comp removes n entities with Position and Velocity,
// BenchmarkDelete10comp n entities with C1 … C10; the creation that
// refills the world is not timed.
func BenchmarkDelete2comp(b *testing.B)  { benchDelete(b, false) }
func BenchmarkDelete10comp(b *testing.B) { benchDelete(b, true) }

func benchDelete(b *testing.B, ten bool) {
	for _, n := range short(EcsSizes) {
		// ark's world and its entities: Position and Velocity, or C1 … C10.
		arkWorld := func() (*ecs.World, func() []ecs.Entity) {
			w := ecs.NewWorld(1024)
			ids := []ecs.ID{ecs.ComponentID[Position](w), ecs.ComponentID[Velocity](w)}
			if ten {
				ids = []ecs.ID{ecs.ComponentID[C1](w), ecs.ComponentID[C2](w), ecs.ComponentID[C3](w), ecs.ComponentID[C4](w), ecs.ComponentID[C5](w),
					ecs.ComponentID[C6](w), ecs.ComponentID[C7](w), ecs.ComponentID[C8](w), ecs.ComponentID[C9](w), ecs.ComponentID[C10](w)}
			}
			ents := make([]ecs.Entity, 0, n)
			return w, func() []ecs.Entity {
				ents = ents[:0]
				for range n {
					ents = append(ents, w.Unsafe().NewEntity(ids...))
				}
				return ents
			}
		}
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w, fill := arkWorld()
			ents := fill()
			alternate(b, func() {
				for _, e := range ents {
					w.RemoveEntity(e)
				}
			}, func() { ents = fill() })
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("ark-batch/%d", n), func(b *testing.B) {
			w, fill := arkWorld()
			fill()
			batch := ecs.NewFilter2[Position, Velocity](w).Batch
			if ten {
				batch = ecs.NewFilter2[C1, C2](w).Batch
			}
			alternate(b, func() { w.RemoveEntities(batch(), nil) }, func() { fill() })
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			ids := []component.IComponentType{dPos, dVel}
			if ten {
				ids = dC
			}
			var ents []donburi.Entity
			fill := func() { ents = w.CreateMany(n, ids...) }
			fill()
			alternate(b, func() {
				for _, e := range ents {
					w.Remove(e)
				}
			}, fill)
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("glue/%d", n), func(b *testing.B) {
			l := newLifeApp(n, true)
			l.ten = ten
			defer l.app.Close()
			l.run(b, true)
			b.ReportAllocs()
			alternate(b, func() { l.run(b, false) }, func() { l.run(b, true) })
			perEntity(b, n)
		})
		bulkDeleteRow(b, n, ten) // bench/ecsapi_test.go
	}
}

// BenchmarkNewWorld makes an empty world: ark's and donburi's NewWorld,
// glue's NewApp (which holds its world, stages and schedule tables).
func BenchmarkNewWorld(b *testing.B) {
	b.Run("ark", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = ecs.NewWorld()
		}
	})
	b.Run("donburi", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = donburi.NewWorld()
		}
	})
	b.Run("glue", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			glue.NewApp().Close()
		}
	})
}

// BenchmarkChurn reports the time per tick (ns/op) and per churned entity.
func BenchmarkChurn(b *testing.B) {
	bg := ChurnBackground
	if testing.Short() {
		bg = 10_000
	}
	b.Run("ark", func(b *testing.B) {
		w := ecs.NewWorld(1024)
		m := ecs.NewMap2[Position, Velocity](w)
		m.NewBatchFn(bg, nil)
		prev := make([]ecs.Entity, 0, ChurnK)
		tick := func() {
			for _, e := range prev {
				w.RemoveEntity(e)
			}
			prev = prev[:0]
			for range ChurnK {
				prev = append(prev, m.NewEntityFn(nil))
			}
		}
		tick()
		for b.Loop() {
			tick()
		}
		perEntity(b, ChurnK)
	})
	// ark-batch spawns each tick's entities with one NewBatchFn, ark's
	// fastest form for it; ark has no batch removal of a list of
	// entities (RemoveEntities takes a filter), so they go one by one.
	b.Run("ark-batch", func(b *testing.B) {
		w := ecs.NewWorld(1024)
		m := ecs.NewMap2[Position, Velocity](w)
		m.NewBatchFn(bg, nil)
		prev := make([]ecs.Entity, 0, ChurnK)
		keep := func(e ecs.Entity, _ *Position, _ *Velocity) { prev = append(prev, e) }
		tick := func() {
			for _, e := range prev {
				w.RemoveEntity(e)
			}
			prev = prev[:0]
			m.NewBatchFn(ChurnK, keep)
		}
		tick()
		for b.Loop() {
			tick()
		}
		perEntity(b, ChurnK)
	})
	b.Run("donburi", func(b *testing.B) {
		w := donburi.NewWorld()
		for range bg {
			w.Create(dPos, dVel)
		}
		prev := make([]donburi.Entity, 0, ChurnK)
		tick := func() {
			for _, e := range prev {
				w.Remove(e)
			}
			prev = prev[:0]
			for range ChurnK {
				prev = append(prev, w.Create(dPos, dVel))
			}
		}
		tick()
		for b.Loop() {
			tick()
		}
		perEntity(b, ChurnK)
	})
	b.Run("donburi-batch", func(b *testing.B) {
		w := donburi.NewWorld()
		w.CreateMany(bg, dPos, dVel)
		var prev []donburi.Entity
		tick := func() {
			for _, e := range prev {
				w.Remove(e)
			}
			prev = w.CreateMany(ChurnK, dPos, dVel)
		}
		tick()
		for b.Loop() {
			tick()
		}
		perEntity(b, ChurnK)
	})
	for _, f := range glueForms {
		b.Run(f.name, func(b *testing.B) {
			app := seqApp()
			defer app.Close()
			app.AddStartup(glue.Func(func(c glue.Commands) {
				for range bg {
					glue.Spawn2(c, Position{}, Velocity{})
				}
			}))
			prev := make([]glue.Entity, 0, ChurnK)
			app.AddSystems(tickStage, glue.Func(func(c glue.Commands) {
				for _, e := range prev {
					c.Despawn(e)
				}
				prev = prev[:0]
				for range ChurnK {
					if f.typed {
						prev = append(prev, glue.Spawn2(c, Position{}, Velocity{}))
					} else {
						prev = append(prev, c.Spawn(Position{}, Velocity{}))
					}
				}
			}))
			for range 3 {
				update(b, app)
			}
			b.ReportAllocs()
			for b.Loop() {
				update(b, app)
			}
			perEntity(b, ChurnK)
		})
	}
}
