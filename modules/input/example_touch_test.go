package input_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
)

// On-screen controls for a phone: a stick bottom left moves, a button
// bottom right jumps. A test injects the touches through Devices, as the
// touch screen does.
func ExampleTouchControls() {
	const Jump = input.Restart + 1
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true, Touch: &input.TouchControls{
		Stick:   input.TouchStick{X: 40, Y: 140, Radius: 24},
		Buttons: []input.TouchButton{{Action: Jump, Label: "A", X: 285, Y: 145, Radius: 20}},
	}})
	defer app.Close()
	dev := glue.Resource[input.Devices](app)
	dev.Touches = []input.Point{{X: 64, Y: 140}, {X: 285, Y: 145}} // stick pushed right, button held
	app.Update()
	s := glue.Resource[input.State](app)
	fmt.Printf("axis x %.0f, jump pressed %v\n", s.AxisX, s.Pressed(Jump))
	// Output: axis x 1, jump pressed true
}
