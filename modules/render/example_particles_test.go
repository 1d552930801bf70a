package render_test

import (
	"fmt"
	"image/color"
	"math"

	"github.com/gluekit/glue/modules/render"
)

// An emitter's burst, aged by the clock (render.UpdateParticles does
// this every tick), drawn as one item: a single draw call.
func ExampleEmitter() {
	e := render.Emitter{X: 50, Y: 50, Burst: 300, Lifetime: 0.5, LifetimeSpread: 0.2,
		Speed: 80, SpeedSpread: 40, AngleSpread: math.Pi, GravityY: 200, Drag: 1,
		Size: 3, Color: color.RGBA{255, 200, 80, 255}}
	e.Advance(1.0 / 60)
	fmt.Println(e.Len(), "particles")
	var d render.DrawList
	d.AddParticles(&e)
	d.Flush(nil, 1)
	fmt.Println(d.Stats().Particles, "drawn in", d.Stats().DrawCalls(), "call")
	e.Advance(1)
	fmt.Println(e.Len(), "after a second")
	// Output:
	// 300 particles
	// 300 drawn in 1 call
	// 0 after a second
}
