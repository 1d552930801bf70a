package glue_test

import (
	"testing"

	"github.com/gluekit/glue"
)

// BenchmarkSpawnCommands_3000 is one tick of detSpawnApp: 3,000
// entities, about 1,400 spawns from three systems side by side and as
// many despawns. Its parallel form measures what deterministic ids cost
// the command path (issue 34).
func BenchmarkSpawnCommands_3000(b *testing.B) {
	for _, c := range []struct {
		name string
		opts glue.Options
	}{
		{"Sequential", glue.Options{Sequential: true}},
		{"Parallel", glue.Options{ParallelThreshold: 1, ChunkSize: 256}},
	} {
		b.Run(c.name, func(b *testing.B) {
			app := detSpawnApp(b, c.opts)
			defer app.Close()
			runTicks(b, app, 3)
			b.ReportAllocs()
			for b.Loop() {
				if err := app.Update(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
