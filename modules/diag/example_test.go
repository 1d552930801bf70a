package diag_test

import (
	"fmt"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/render"
)

// Health is a game's component.
type Health struct{ Now, Full int }

// Example wires the overlay and the inspector into a game drawn by
// render: one line. F3 shows the figures, F4 the inspector.
func Example() {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{}, diag.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(render.Box{X: 10, Y: 20, W: 30, H: 10}, Health{Now: 3, Full: 5})
	}))
	if err := app.Update(); err != nil {
		fmt.Println(err)
	}
	defer app.Close()
	for _, e := range app.Entities(nil) {
		fmt.Println(diag.Describe(app, e))
	}
	e, _ := diag.Pick(app, 25, 25) // a click at (25, 25) hits the box
	fmt.Println("picked", e)
	// Output:
	// Entity(1v1)
	//   render.Box {X:10 Y:20 W:30 H:10 Color:{R:0 G:0 B:0 A:0} Layer:0 UI:false}
	//   diag_test.Health {Now:3 Full:5}
	// picked Entity(1v1)
}

// ExampleFigures_Lines shows the text of the overlay for a set of
// figures.
func ExampleFigures_Lines() {
	f := diag.Figures{
		FPS: 60, TPS: 60, Tick: 1200,
		Entities: 44, Archetypes: 7,
		DrawCalls: 1, Vertices: 156,
		HeapInUse: 3 << 20, GCCycles: 12, GCPauses: 1, GCPauseMax: 120 * time.Microsecond,
		Update: 48 * time.Microsecond, Draw: 410 * time.Microsecond,
		Stages: []diag.Timing{
			{Name: "Physics", Stage: "Physics", Mean: 13500 * time.Nanosecond, Share: 0.06},
			{Name: "Draw", Stage: glue.Draw, Mean: 139 * time.Microsecond, Share: 0.24},
		},
		Systems: []diag.Timing{
			{Name: "render.flush", Stage: glue.PostDraw, Mean: 266 * time.Microsecond, Share: 0.46},
		},
	}
	for _, l := range f.Lines() {
		fmt.Println(l)
	}
	// Output:
	// FPS 60.0  TPS 60.0  tick 1200
	// entities 44  archetypes 7
	// draw calls 1  vertices 156
	// heap 3.0 MiB  GC 12 (1 pauses, max 120.0µs)
	// update 48.0µs/tick  draw 410.0µs/frame
	// stages, per run:
	//     13.5µs   6%  Physics
	//    139.0µs  24%  Draw
	// slowest systems, per run:
	//    266.0µs  46%  render.flush
}
