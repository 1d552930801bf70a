package input_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
)

// playing is the state of TestTouchOffWhile's game.
type playing bool

// TestTouchOffWhile: with Plugin.TouchOffWhile the controls are off in
// the ticks the condition holds and on in the others, and the option
// without controls is a build error naming the fix.
func TestTouchOffWhile(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true, Touch: touchLayout(), TouchOffWhile: glue.Not(glue.InState(playing(true)))})
	glue.AddState(app, playing(false))
	t.Cleanup(app.Close)
	for i, want := range []bool{true, false, false, true} {
		if i > 0 {
			glue.Resource[glue.NextState[playing]](app).Set(i == 1 || i == 2)
		}
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if off := glue.Resource[input.TouchControls](app).Off; off != want {
			t.Errorf("tick %d, playing %v: Off %v, want %v", i, glue.Resource[glue.State[playing]](app).Get(), off, want)
		}
	}
	bad := glue.NewApp()
	bad.AddPlugins(input.Plugin{Headless: true, TouchOffWhile: glue.InState(playing(false))})
	if err := bad.Build(); err == nil || !strings.Contains(err.Error(), "TouchOffWhile needs Plugin.Touch") {
		t.Errorf("TouchOffWhile without Touch: %v; want the error", err)
	}
}
