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

// Controls anchored to the screen's bottom corners: on a phone held
// upright the 320×180 field's screen grows below it
// (render.Window.GrowDown) and the controls go there; held sideways they
// are over the field.
func ExampleTouchControls_Arrange() {
	const Jump = input.Restart + 1
	tc := &input.TouchControls{
		Stick:   input.TouchStick{Anchor: input.TouchBottomLeft, X: 40, Y: 44, Radius: 24},
		Buttons: []input.TouchButton{{Action: Jump, Label: "A", Anchor: input.TouchBottomRight, X: 36, Y: 40, Radius: 22}},
	}
	for _, below := range []float64{512, 0} { // render.Viewport.Below upright and sideways
		if err := tc.Arrange(320, 180, below); err != nil {
			fmt.Println(err)
		}
		fmt.Printf("below the field %v: stick at %v, A at %v\n", tc.BelowField, tc.StickAt(), tc.ButtonAt(0))
	}
	// Output:
	// below the field true: stick at {40 648}, A at {284 652}
	// below the field false: stick at {40 136}, A at {284 140}
}
