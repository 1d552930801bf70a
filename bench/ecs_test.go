package bench

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gluekit/glue"
	"github.com/mlange-42/ark/ecs"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// The scenarios of the public go-ecs-benchmarks suite (query2comp, random,
// create2comp, add_remove, delete2comp), at 1,000 and 100,000 entities,
// each reporting ns/entity like that suite. glue runs each scenario as a
// user would: systems and Commands, one App.Update per operation, so its
// figures include the scheduler and command application.

func perEntity(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity")
}

// ecsApp is a one-stage glue app for the scenarios.
func ecsApp(seq bool) *glue.App {
	opts := glue.Options{Workers: 2}
	if seq {
		opts = glue.Options{Sequential: true}
	}
	return glue.NewApp().Configure(opts)
}

func update(b *testing.B, app *glue.App) {
	if err := app.Update(); err != nil {
		b.Fatal(err)
	}
}

func spawnPosVel(n int) *glue.System {
	return glue.Func(func(c glue.Commands) {
		for range n {
			c.Spawn(Position{}, Velocity{1, 1})
		}
	}).Named("bench.spawnPosVel")
}

// BenchmarkQuery2 adds each entity's velocity to its position.
func BenchmarkQuery2(b *testing.B) {
	for _, n := range short(EcsSizes) {
		for _, seq := range []bool{true, false} {
			name := map[bool]string{true: "glue-seq", false: "glue-par"}[seq]
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				app := ecsApp(seq)
				defer app.Close()
				app.AddStartup(spawnPosVel(n))
				app.AddSystems(tickStage, glue.Each2(func(_ glue.Entity, p *Position, v *Velocity) {
					p.X += v.X
					p.Y += v.Y
				}).ReadOnly(glue.TypeOf[Velocity]()))
				update(b, app)
				for b.Loop() {
					update(b, app)
				}
				perEntity(b, n)
			})
		}
		b.Run(fmt.Sprintf("glue-batch/%d", n), func(b *testing.B) {
			app := ecsApp(true)
			defer app.Close()
			app.AddStartup(spawnPosVel(n))
			app.AddSystems(tickStage, glue.Batch2(func(_ glue.Entities, ps glue.Column[Position], vs glue.Column[Velocity]) {
				for i := range min(ps.Len(), vs.Len()) {
					p, v := ps.At(i), vs.At(i)
					p.X += v.X
					p.Y += v.Y
				}
			}).ReadOnly(glue.TypeOf[Velocity]()))
			update(b, app)
			for b.Loop() {
				update(b, app)
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("glue-query/%d", n), func(b *testing.B) {
			app := ecsApp(true)
			defer app.Close()
			app.AddStartup(spawnPosVel(n))
			app.AddSystems(tickStage, glue.Func(func(q glue.Query2[Position, Velocity]) {
				q.Each(func(_ glue.Entity, p *Position, v *Velocity) {
					p.X += v.X
					p.Y += v.Y
				})
			}))
			update(b, app)
			for b.Loop() {
				update(b, app)
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			for range n {
				*dVel.Get(w.Entry(w.Create(dPos, dVel))) = Velocity{1, 1}
			}
			q := donburi.NewQuery(filter.Contains(dPos, dVel))
			fn := func(e *donburi.Entry) {
				p, v := dPos.Get(e), dVel.Get(e)
				p.X += v.X
				p.Y += v.Y
			}
			for b.Loop() {
				q.Each(w, fn)
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			m := ecs.NewMap2[Position, Velocity](w)
			for range n {
				m.NewEntity(&Position{}, &Velocity{1, 1})
			}
			f := ecs.NewFilter2[Position, Velocity](w).Register()
			for b.Loop() {
				q := f.Query()
				for q.Next() {
					p, v := q.Get()
					p.X += v.X
					p.Y += v.Y
				}
			}
			perEntity(b, n)
		})
	}
}

// BenchmarkRandom reads one component of every entity in shuffled order.
func BenchmarkRandom(b *testing.B) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("glue/%d", n), func(b *testing.B) {
			app := ecsApp(true)
			defer app.Close()
			var ents []glue.Entity
			app.AddStartup(glue.Func(func(c glue.Commands) {
				for range n {
					c.Spawn(Position{})
				}
			}))
			collect := true
			sum := 0.0
			app.AddSystems(tickStage, glue.Func(func(q glue.Query1[Position]) {
				if collect {
					q.Each(func(e glue.Entity, _ *Position) { ents = append(ents, e) })
					rand.New(rand.NewPCG(1, 2)).Shuffle(len(ents), func(i, j int) { ents[i], ents[j] = ents[j], ents[i] })
					collect = false
					return
				}
				for _, e := range ents {
					p, _ := q.Get(e)
					sum += p.X
				}
			}))
			update(b, app)
			for b.Loop() {
				update(b, app)
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
			rand.New(rand.NewPCG(1, 2)).Shuffle(n, func(i, j int) { ents[i], ents[j] = ents[j], ents[i] })
			sum := 0.0
			for b.Loop() {
				for _, e := range ents {
					sum += dPos.Get(w.Entry(e)).X
				}
			}
			perEntity(b, n)
			if sum != 0 {
				b.Fatal("positions changed")
			}
		})
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			m := ecs.NewMap1[Position](w)
			ents := make([]ecs.Entity, n)
			for i := range ents {
				ents[i] = m.NewEntity(&Position{})
			}
			rand.New(rand.NewPCG(1, 2)).Shuffle(n, func(i, j int) { ents[i], ents[j] = ents[j], ents[i] })
			get := ecs.NewMap[Position](w)
			sum := 0.0
			for b.Loop() {
				for _, e := range ents {
					sum += get.Get(e).X
				}
			}
			perEntity(b, n)
			if sum != 0 {
				b.Fatal("positions changed")
			}
		})
	}
}

// lifeApp is a glue app whose one stage spawns n entities with Position
// and Velocity when spawn is set, or despawns every such entity when
// despawn is set, all through Commands.
type lifeApp struct {
	app            *glue.App
	spawn, despawn bool
}

func newLifeApp(n int) *lifeApp {
	l := &lifeApp{app: ecsApp(true)}
	l.app.AddSystems(tickStage,
		glue.Func(func(c glue.Commands) {
			if l.spawn {
				for range n {
					c.Spawn(Position{}, Velocity{1, 1})
				}
			}
		}).Named("bench.spawn"),
		glue.Each2P(func(e glue.Entity, _ *Position, _ *Velocity, c glue.Commands) {
			if l.despawn {
				c.Despawn(e)
			}
		}).Named("bench.despawn"),
	)
	return l
}

func (l *lifeApp) run(b *testing.B, spawn bool) {
	l.spawn, l.despawn = spawn, !spawn
	update(b, l.app)
}

// BenchmarkCreate creates n entities with two components; the removal
// that makes room for the next operation is not timed. One round runs
// before timing, so allocation of storage is not measured.
func BenchmarkCreate(b *testing.B) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("glue/%d", n), func(b *testing.B) {
			l := newLifeApp(n)
			defer l.app.Close()
			l.run(b, true)
			l.run(b, false)
			for b.Loop() {
				l.run(b, true)
				b.StopTimer()
				l.run(b, false)
				b.StartTimer()
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			ents := make([]donburi.Entity, 0, n)
			round := func() {
				for range n {
					ents = append(ents, w.Create(dPos, dVel))
				}
			}
			clear := func() {
				for _, e := range ents {
					w.Remove(e)
				}
				ents = ents[:0]
			}
			round()
			clear()
			for b.Loop() {
				round()
				b.StopTimer()
				clear()
				b.StartTimer()
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			m := ecs.NewMap2[Position, Velocity](w)
			f := ecs.NewFilter2[Position, Velocity](w)
			round := func() {
				for range n {
					m.NewEntity(&Position{}, &Velocity{1, 1})
				}
			}
			round()
			w.RemoveEntities(f.Batch(), nil)
			for b.Loop() {
				round()
				b.StopTimer()
				w.RemoveEntities(f.Batch(), nil)
				b.StartTimer()
			}
			perEntity(b, n)
		})
	}
}

// BenchmarkDelete removes n entities with two components; the creation
// that refills the world is not timed.
func BenchmarkDelete(b *testing.B) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("glue/%d", n), func(b *testing.B) {
			l := newLifeApp(n)
			defer l.app.Close()
			l.run(b, true)
			for b.Loop() {
				l.run(b, false)
				b.StopTimer()
				l.run(b, true)
				b.StartTimer()
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			ents := make([]donburi.Entity, 0, n)
			fill := func() {
				for range n {
					ents = append(ents, w.Create(dPos, dVel))
				}
			}
			fill()
			for b.Loop() {
				for _, e := range ents {
					w.Remove(e)
				}
				b.StopTimer()
				ents = ents[:0]
				fill()
				b.StartTimer()
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			m := ecs.NewMap2[Position, Velocity](w)
			ents := make([]ecs.Entity, 0, n)
			fill := func() {
				for range n {
					ents = append(ents, m.NewEntity(&Position{}, &Velocity{1, 1}))
				}
			}
			fill()
			for b.Loop() {
				for _, e := range ents {
					w.RemoveEntity(e)
				}
				b.StopTimer()
				ents = ents[:0]
				fill()
				b.StartTimer()
			}
			perEntity(b, n)
		})
	}
}

// addStage and removeStage are the two stages of the add/remove app.
const (
	addStage    glue.Stage = "Add"
	removeStage glue.Stage = "Remove"
)

// BenchmarkAddRemove adds a Velocity to every entity with a Position, then
// removes it again. glue does it in one tick of two stages, through
// Commands.Insert and Commands.Remove.
func BenchmarkAddRemove(b *testing.B) {
	for _, n := range short(EcsSizes) {
		b.Run(fmt.Sprintf("glue/%d", n), func(b *testing.B) {
			app := glue.NewApp().Configure(glue.Options{Sequential: true})
			app.AddStagesAfter(glue.Update, addStage, removeStage)
			defer app.Close()
			vel := glue.TypeOf[Velocity]()
			app.AddStartup(glue.Func(func(c glue.Commands) {
				for range n {
					c.Spawn(Position{})
				}
			}))
			app.AddSystems(addStage, glue.Each1P(func(e glue.Entity, _ *Position, c glue.Commands) {
				c.Insert(e, Velocity{1, 1})
			}).Without(vel))
			app.AddSystems(removeStage, glue.Each2P(func(e glue.Entity, _ *Position, _ *Velocity, c glue.Commands) {
				c.Remove(e, vel)
			}))
			update(b, app)
			for b.Loop() {
				update(b, app)
			}
			perEntity(b, n)
		})
		b.Run(fmt.Sprintf("donburi/%d", n), func(b *testing.B) {
			w := donburi.NewWorld()
			ents := make([]donburi.Entity, n)
			for i := range ents {
				ents[i] = w.Create(dPos)
			}
			round := func() {
				for _, e := range ents {
					donburi.Add(w.Entry(e), dVel, &Velocity{1, 1})
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
		b.Run(fmt.Sprintf("ark/%d", n), func(b *testing.B) {
			w := ecs.NewWorld(1024)
			pm := ecs.NewMap1[Position](w)
			vm := ecs.NewMap[Velocity](w)
			ents := make([]ecs.Entity, n)
			for i := range ents {
				ents[i] = pm.NewEntity(&Position{})
			}
			round := func() {
				for _, e := range ents {
					vm.Add(e, &Velocity{1, 1})
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
	}
}
