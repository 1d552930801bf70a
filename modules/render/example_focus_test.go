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

// ExamplePauseOnFocusLoss opens a game's own pause menu when its window
// loses the focus: the game gets one more tick, in which its Paused
// state is entered (and its OnEnter systems spawn the menu), then none
// until the focus is back; the game stays paused until the player
// resumes it from the menu.
func ExamplePauseOnFocusLoss() {
	type phase int
	const (
		playing phase = iota
		paused
	)
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.InsertResource(render.Window{Width: 320, Height: 180, PauseMenu: true})
	glue.AddState(app, playing)
	app.AddSystems(glue.First, render.PauseOnFocusLoss(paused, playing))
	app.AddSystems(glue.OnEnter(paused), glue.Func(func(glue.Commands) { fmt.Println("the pause menu opens") }))
	defer app.Close()
	app.Build()
	focused := true
	glue.Resource[render.Focus](app).Source = func() bool { return focused }
	g := render.NewGame(app)
	for _, f := range []bool{true, false, false, true} {
		focused = f
		g.Update()
		fmt.Println("focused", f, "ticks", app.Tick(), "paused", glue.Resource[glue.State[phase]](app).Get() == paused)
	}
	// Output:
	// focused true ticks 1 paused false
	// the pause menu opens
	// focused false ticks 2 paused true
	// focused false ticks 2 paused true
	// focused true ticks 3 paused true
}
