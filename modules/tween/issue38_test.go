package tween_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/tween"
)

// Label is a second tweened component type, beside Ball.
type Label struct{ Alpha float64 }

// TestUpdateTwoTypesInOneApp is issue #38's bug 1: two tween.Update[T]
// for different types in one stage failed Build with "added twice",
// since the generic system's name lacked its type argument.
func TestUpdateTwoTypesInOneApp(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	app.AddSystems(glue.Update, tween.Update[Ball](), tween.Update[Label]())
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatalf("Build: %v", err)
	}
	if got, want := tween.Update[Label]().Name(), "tween.Update[tween_test.Label]"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
}
