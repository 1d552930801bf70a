package physics_test

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/cputime"
	"github.com/gluekit/glue/modules/physics"
)

// brickField returns an app with n static 20x10 bricks in rows of 50,
// walls around them, and one ball at 300 px/s, after its first tick. With
// gap 2 the ball cannot enter the field and bounces below it, as in
// breakout; with gap 8 it weaves through the bricks and touches one
// nearly every tick. The caller closes the app.
func brickField(b *testing.B, n int, gap float64) *glue.App {
	app := glue.NewApp()
	cols := 50
	rows := (n + cols - 1) / cols
	w, h := float64(cols)*(20+gap), float64(rows)*(10+gap)+200
	app.AddPlugins(physics.Plugin{Bounds: physics.Bounds{Min: physics.Vec{X: -10, Y: -10}, Max: physics.Vec{X: w + 10, Y: h + 10}}})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		static := func(x0, y0, x1, y1 float64) {
			cmds.Spawn(physics.Body{Pos: physics.Vec{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}},
				physics.Collider{Shape: physics.Rect(x1-x0, y1-y0)}, physics.Static{})
		}
		static(-2, -2, w+2, 0)
		static(-2, h, w+2, h+2)
		static(-2, 0, 0, h)
		static(w, 0, w+2, h)
		for i := range n {
			x, y := float64(i%cols)*(20+gap)+gap/2, float64(i/cols)*(10+gap)+gap/2
			static(x, y, x+20, y+10)
		}
		start := physics.Vec{X: w / 2, Y: h - 20}
		if gap > 6 {
			start = physics.Vec{X: 10*(20+gap) + gap/4, Y: 10*(10+gap) + gap/4} // between bricks
		}
		cmds.Spawn(physics.Body{Pos: start, Vel: physics.Vec{X: 180, Y: -240}},
			physics.Collider{Shape: physics.Circle(3)}, physics.Bouncy{})
	}).Named("bench.Spawn"))
	if err := app.Update(); err != nil {
		b.Fatal(err)
	}
	return app
}

// BenchmarkTick measures one tick of a ball and n static bricks: the
// whole physics stage (sync, move, track, step). layout=breakout has the
// ball bounce below the bricks; layout=maze has it weave between them.
func BenchmarkTick(b *testing.B) {
	for _, layout := range []struct {
		name string
		gap  float64
	}{{"breakout", 2}, {"maze", 8}} {
		for _, n := range []int{36, 1000, 10000} {
			b.Run(fmt.Sprintf("layout=%s/bricks=%d", layout.name, n), func(b *testing.B) {
				benchTick(b, n, layout.gap)
			})
		}
	}
}

func benchTick(b *testing.B, n int, gap float64) {
	app := brickField(b, n, gap)
	defer app.Close()
	contacts := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := app.Update(); err != nil {
			b.Fatal(err)
		}
		contacts += len(glue.Resource[physics.Contacts](app).List)
	}
	b.ReportMetric(float64(contacts)/float64(b.N), "contacts/tick")
}

// BenchmarkSpawn measures adding a level of n static bricks to the space
// (the SyncSystem run of the tick they appear in).
func BenchmarkSpawn(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("bricks=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				brickField(b, n, 2).Close()
			}
		})
	}
}

// BenchmarkCharacters measures one tick of 1,000 character bodies
// walking with gravity on floors of 10,000 static 16x16 tiles (20 floors
// of 500 tiles), on one worker (glue.Options{Sequential: true}): a game
// system that steers them (turning at the ends of their walk) and the
// whole physics stage. layout=tiles has a collider per tile;
// layout=merged has each floor's tiles as one rectangle, as modules/tiled
// merges the solid tiles of a map.
func BenchmarkCharacters(b *testing.B) {
	for _, layout := range []string{"tiles", "merged"} {
		n := 1000
		b.Run(fmt.Sprintf("chars=%d/tiles=10000/layout=%s", n, layout), func(b *testing.B) {
			app := glue.NewApp().Configure(glue.Options{Sequential: true})
			const cols, floors, gap = 500, 20, 96.0
			app.AddPlugins(physics.Plugin{Bounds: physics.Bounds{Max: physics.Vec{X: cols * 16, Y: floors*gap + 32}}})
			app.AddStartup(glue.Func(func(cmds glue.Commands) {
				for f := range floors {
					y := float64(f)*gap + gap - 8
					if layout == "merged" { // each floor's 500 tiles as one rectangle, as modules/tiled makes them
						cmds.Spawn(physics.Body{Pos: physics.Vec{X: cols * 8, Y: y}},
							physics.Collider{Shape: physics.Rect(cols*16, 16)}, physics.Static{})
						continue
					}
					for c := range cols {
						cmds.Spawn(physics.Body{Pos: physics.Vec{X: float64(c)*16 + 8, Y: y}},
							physics.Collider{Shape: physics.Rect(16, 16)}, physics.Static{})
					}
				}
				for i := range n {
					f, k := i%floors, i/floors
					x := 40 + float64(k)*float64(cols*16-80)/float64(n/floors)
					cmds.Spawn(physics.Body{Pos: physics.Vec{X: x, Y: float64(f)*gap + gap - 24}, Vel: physics.Vec{X: 60}},
						physics.Collider{Shape: physics.Rect(12, 14)}, physics.Character{Snap: 2})
				}
			}).Named("bench.Spawn"))
			tick := 0
			app.AddSystems(glue.Update, glue.Each2P(func(e glue.Entity, b *physics.Body, c *physics.Character, _ glue.Res[physics.Settings]) {
				b.Vel.Y += 15 // gravity, 900 px/s²
				if tick%120 == 0 {
					b.Vel.X = -b.Vel.X
				}
			}).Named("bench.Walk"), glue.Func(func(glue.Res[physics.Settings]) { tick++ }).Named("bench.Count"))
			defer app.Close()
			for range 3 {
				if err := app.Update(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0, _ := cputime.Process()
			for b.Loop() {
				if err := app.Update(); err != nil {
					b.Fatal(err)
				}
			}
			// CPU time, not wall time, is the figure to read on a loaded
			// machine: it counts only what this process ran.
			if cpu1, ok := cputime.Process(); ok {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/tick")
			}
		})
	}
}
