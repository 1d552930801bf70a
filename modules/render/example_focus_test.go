package render_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// ExampleFocus pauses a single-player game while its window has lost
// the focus; a test gives the focus from its own Source, as a real
// window's cannot be relied on (Xvfb).
func ExampleFocus() {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.InsertResource(render.Window{Width: 320, Height: 180}) // RunUnfocused: false, a single-player game
	app.AddSystems(glue.Update, glue.Func(func(glue.Commands) {}))
	defer app.Close()
	app.Build()
	focused := true
	glue.Resource[render.Focus](app).Source = func() bool { return focused }
	g := render.NewGame(app)
	for _, f := range []bool{true, false, false, true} {
		focused = f
		g.Update()
		fmt.Println("focused", f, "ticks", app.Tick())
	}
	// Output:
	// focused true ticks 1
	// focused false ticks 1
	// focused false ticks 1
	// focused true ticks 2
}
