package input_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// Twin-stick input: the move stick from WASD, the aim stick from the
// pointer relative to the player's point on screen.
func ExampleState_Stick() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true})
	defer app.Close()
	dev := glue.Resource[input.Devices](app)
	dev.Keys[ebiten.KeyW], dev.Keys[ebiten.KeyD] = true, true
	glue.Resource[input.Origins](app).Points[input.AimStick] = input.Point{X: 100, Y: 100}
	dev.Cursor = input.Point{X: 100, Y: 160}
	app.Update()
	s := glue.Resource[input.State](app)
	mx, my := s.Stick(input.MoveStick)
	ax, ay := s.Stick(input.AimStick)
	fmt.Printf("move (%.3f, %.3f), aim (%.0f, %.0f)\n", mx, my, ax, ay)
	// Output: move (0.707, -0.707), aim (0, 1)
}
