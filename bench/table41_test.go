package bench

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
)

// short drops sizes above 10,000 under -short, for smoke runs.
func short(sizes []int) []int {
	if !testing.Short() {
		return sizes
	}
	var out []int
	for _, n := range sizes {
		if n <= 10000 {
			out = append(out, n)
		}
	}
	return out
}

// warmupTicks are the ticks runSim runs before it measures.
const warmupTicks = 20

// runSim benchmarks ticks ticks of s per operation and reports the time
// per entity per tick (all systems together).
func runSim(b *testing.B, s Sim, n, ticks int) {
	defer s.Close()
	// glue spawns its entities in the first tick, and its parallel
	// scheduler times the systems' first runs before it spreads them over
	// workers (its pool and per-chunk buffers are made then): measure the
	// steady state after that.
	for range warmupTicks {
		s.Tick()
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		for range ticks {
			s.Tick()
		}
	}
	per := float64(b.N) * float64(ticks) * float64(n)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/entity-tick")
	// CPU time of the whole process: for a sequential implementation it
	// leaves out the time the shared machine gave to other processes.
	b.ReportMetric(float64(cpuTime()-cpu0)/per, "cpu-ns/entity-tick")
}

// BenchmarkTable41 is Lepenka's Table 4.1: 1000 ticks of entities with
// position, velocity and age under three systems (move, age, bounce).
func BenchmarkTable41(b *testing.B) {
	for _, im := range Impls {
		for _, n := range short(Sizes) {
			b.Run(fmt.Sprintf("%s/%d", im.Name, n), func(b *testing.B) {
				runSim(b, im.New(Initial(n, 1), false), n, Ticks)
			})
		}
	}
}

// BenchmarkCompute is the compute-heavy variant: Table 4.1 plus a steer
// system with four math.Sin/math.Cos calls per entity, where running on
// two cores should pay.
func BenchmarkCompute(b *testing.B) {
	for _, name := range ComputeImpls {
		im := ImplByName(name)
		for _, n := range short(Sizes) {
			b.Run(fmt.Sprintf("%s/%d", im.Name, n), func(b *testing.B) {
				runSim(b, im.New(Initial(n, 1), true), n, HeavyTicks)
			})
		}
	}
}

// BenchmarkParallel finds the entity count from which spreading a system
// over two workers pays: glue sequential against glue forced to split
// every system in two (ParallelThreshold 1, ChunkSize 1), and glue with
// its defaults, for the light (Table 4.1) and heavy (steer) systems.
func BenchmarkParallel(b *testing.B) {
	modes := []struct {
		name string
		opts glue.Options
	}{
		{"seq", glue.Options{Sequential: true}},
		{"split", glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 1}},
		{"default", glue.Options{Workers: 2}},
	}
	for _, heavy := range []bool{false, true} {
		kind := "light"
		if heavy {
			kind = "heavy"
		}
		for _, m := range modes {
			for _, n := range short(SweepSizes) {
				b.Run(fmt.Sprintf("%s/%s/%d", kind, m.name, n), func(b *testing.B) {
					runSim(b, newGlueSim(m.opts)(Initial(n, 1), heavy), n, HeavyTicks)
				})
			}
		}
	}
}
