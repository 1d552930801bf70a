package input_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// Example drives game logic with injected input: the plugin runs
// headless, and the test writes Devices between ticks.
func Example() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}) // State is updated in glue.PreUpdate
	app.AddSystems(glue.Update, glue.Func(func(in glue.Res[input.State]) {
		s := in.Get()
		fmt.Printf("axis %+.0f, launch pressed %v, held %v\n", s.AxisX, s.Pressed(input.Primary), s.Down(input.Primary))
	}))
	defer app.Close()

	dev := glue.Resource[input.Devices](app)
	dev.Keys[ebiten.KeyArrowLeft] = true
	dev.Keys[ebiten.KeySpace] = true
	app.Update()
	app.Update()
	dev.Keys[ebiten.KeyArrowLeft] = false
	dev.Keys[ebiten.KeySpace] = false
	app.Update()
	// Output:
	// axis -1, launch pressed true, held true
	// axis -1, launch pressed false, held true
	// axis +0, launch pressed false, held false
}
