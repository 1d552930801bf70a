package glue_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/gluekit/glue"
)

type Pos struct{ X, Y float64 }
type Vel struct{ X, Y float64 }

func spawnMovers(n int) *glue.System {
	return glue.Func(func(c glue.Commands) {
		for i := range n {
			c.Spawn(Pos{float64(i), 0}, Vel{1, 2})
		}
	})
}

// BenchmarkEmptySystem measures the scheduler's cost per system per tick:
// 10 empty global systems in one stage.
func BenchmarkEmptySystem(b *testing.B) {
	app := stagedApp()
	for i := range 10 {
		app.AddSystems(First, glue.Func(func(struct{}) {}).Named(fmt.Sprint(i)))
	}
	defer app.Close()
	app.Update()
	b.ReportAllocs()
	for b.Loop() {
		app.Update()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10, "ns/system")
}

// BenchmarkMove measures an entity system over two components.
func BenchmarkMove(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		for _, seq := range []bool{true, false} {
			mode := "par"
			if seq {
				mode = "seq"
			}
			b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
				app := stagedApp()
				app.Configure(glue.Options{Sequential: seq})
				app.AddStartup(spawnMovers(n))
				app.AddSystems(First, glue.Each2(func(_ glue.Entity, p *Pos, v Vel) {
					p.X += v.X
					p.Y += v.Y
				}))
				defer app.Close()
				app.Update()
				b.ReportAllocs()
				for b.Loop() {
					app.Update()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity")
			})
		}
	}
}

// BenchmarkParallelThreshold compares sequential and parallel runs of a
// stage of two non-conflicting light entity systems at sizes around the
// default Options.ParallelThreshold, to choose it: parallel must win above
// the threshold.
func BenchmarkParallelThreshold(b *testing.B) {
	for _, n := range []int{512, 1024, 2048, 4096, 8192, 16384} {
		for _, seq := range []bool{true, false} {
			mode := "par"
			if seq {
				mode = "seq"
			}
			b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
				app := stagedApp()
				app.Configure(glue.Options{Sequential: seq, ParallelThreshold: 1, ChunkSize: 1 << 30})
				app.AddStartup(spawnMovers(n / 2))
				app.AddStartup(glue.Func(func(c glue.Commands) {
					for i := range n / 2 {
						c.Spawn(A{i})
					}
				}))
				app.AddSystems(First,
					glue.Each2(func(_ glue.Entity, p *Pos, v Vel) { p.X += v.X; p.Y += v.Y }),
					glue.Each1(func(_ glue.Entity, a *A) { a.V = a.V*3 + 1 }),
				)
				defer app.Close()
				app.Update()
				for b.Loop() {
					app.Update()
				}
			})
		}
	}
}

// BenchmarkChunkSize measures splitting one compute-heavy entity system
// across workers at several chunk sizes.
func BenchmarkChunkSize(b *testing.B) {
	const n = 100_000
	for _, cs := range []int{0, 256, 1024, 2048, 8192, 1 << 30} {
		name := fmt.Sprint(cs)
		if cs == 1<<30 {
			name = "unsplit"
		}
		b.Run(name, func(b *testing.B) {
			app := stagedApp()
			app.Configure(glue.Options{ChunkSize: cs, ParallelThreshold: 1})
			app.AddStartup(spawnMovers(n))
			app.AddSystems(First, glue.Each2(func(_ glue.Entity, p *Pos, v Vel) {
				p.X += math.Sin(v.X) * math.Cos(p.Y)
			}))
			defer app.Close()
			app.Update()
			for b.Loop() {
				app.Update()
			}
		})
	}
}

// TestNoAllocationPerTick checks the steady state: a tick that issues no
// commands allocates nothing, sequentially and in parallel.
func TestNoAllocationPerTick(t *testing.T) {
	for _, opts := range []glue.Options{{Sequential: true}, {Workers: 2, ParallelThreshold: 1, ChunkSize: 100}} {
		app := stagedApp()
		app.Configure(opts)
		app.InsertResource(Gold{})
		app.AddStartup(spawnMovers(5000))
		app.AddSystems(First,
			glue.Each2(func(_ glue.Entity, p *Pos, v Vel) { p.X += v.X }),
			glue.Func(func(p struct {
				G glue.ResMut[Gold]
				Q glue.Query1[Vel]
			}) {
				g, q := p.G, p.Q
				g.Get().N += q.Len()
			}),
			glue.Func(func(l glue.Local[int]) { *l.Get()++ }),
		)
		app.AddSystems(Last, glue.Batch2(func(_ glue.Entities, ps glue.Column[Pos], vs glue.View[Vel]) {
			for i := range ps.Len() {
				ps.At(i).Y += vs.At(i).X
			}
		}), glue.Batch1P(func(_ glue.Entities, vs glue.View[Vel], g glue.Res[Gold]) { _ = g.Get().N + vs.Len() }))
		app.AddSystems(Middle, glue.Each1P(func(_ glue.Entity, v Vel, p struct {
			C glue.Commands
			G glue.Res[Gold]
		}) {
		}))
		for range 3 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		allocs := testing.AllocsPerRun(50, func() { app.Update() })
		app.Close()
		if allocs != 0 {
			t.Errorf("%+v: %.1f allocations per tick, want 0", opts, allocs)
		}
	}
}
