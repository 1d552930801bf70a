package physics_test

import (
	"fmt"

	"github.com/gluekit/glue/modules/physics"
)

// A watcher blends the ball between two received states; a ball that
// jumped (served again) is not blended.
func ExampleLerpBodies() {
	lerp := physics.LerpBodies(48)
	a, b := physics.Body{Pos: physics.Vec{X: 10, Y: 10}}, physics.Body{Pos: physics.Vec{X: 20, Y: 14}, Vel: physics.Vec{Y: 60}}
	fmt.Println(lerp(a, b, 0.5))
	far := physics.Body{Pos: physics.Vec{X: 200, Y: 300}}
	fmt.Println(lerp(a, far, 0.5).Pos, lerp(a, far, 1).Pos)
	// Output:
	// {{15 12} {0 60}}
	// {10 10} {200 300}
}
