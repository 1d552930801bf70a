package ui_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// ExampleFullscreenKey switches full screen with F11: render.Game
// applies render.Fullscreen after the tick, and the notice names the
// key.
func ExampleFullscreenKey() {
	const toggleFullscreen = input.Restart + 1
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.FullscreenKey{Action: toggleFullscreen})
	defer app.Close()
	for _, down := range []bool{true, false} {
		glue.Resource[input.Devices](app).Keys[ebiten.KeyF11] = down
		app.Update()
	}
	fmt.Println(glue.Resource[render.Fullscreen](app).On, glue.Resource[ui.Notice](app).Text)
	// Output: true Full screen (F11 leaves)
}
