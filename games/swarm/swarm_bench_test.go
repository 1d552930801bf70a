package main

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/gluekit/glue/internal/cputime"
)

// BenchmarkTick times one update-only tick of each variant with the same
// fish, side by side: glue on every worker, glue on one worker,
// the thesis's EC and the hand-written loop. Beside the wall time per tick
// it reports the CPU time per tick over all the process's threads
// (cpu-ns/op): on a loaded machine that is the figure to read for one
// worker, while glue on two workers spends more CPU than wall time.
// Compare ratios within one run:
//
//	go test -run '^$' -bench Tick -count 6 ./games/swarm
func BenchmarkTick(b *testing.B) {
	for _, v := range Variants {
		fish := 100_000
		if v.Flocks() {
			fish = 20_000
		}
		for _, impl := range []struct {
			name    string
			model   Model
			workers int
		}{{"glue", ECS, 0}, {"glue-1worker", ECS, 1}, {"ec", ECModel, 0}, {"loop", LoopModel, 0}} {
			b.Run(fmt.Sprintf("%s/fish=%d/%s", v, fish, impl.name), func(b *testing.B) {
				app := NewApp(Config{Seed: 1, Scene: Scene{Variant: v, Fish: fish}, Model: impl.model, Workers: impl.workers, Headless: true})
				defer app.Close()
				for range 30 {
					if err := app.Update(); err != nil {
						b.Fatal(err)
					}
				}
				runtime.GC() // the setup's garbage, for every implementation alike (as -bench)
				b.ReportAllocs()
				b.ResetTimer()
				cpu0, _ := cputime.Process()
				for b.Loop() {
					if err := app.Update(); err != nil {
						b.Fatal(err)
					}
				}
				if cpu1, ok := cputime.Process(); ok {
					b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}
