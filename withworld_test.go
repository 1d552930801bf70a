package glue_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// WithWorld runs between ticks, and after Close for OnClose functions;
// from a system it refuses, naming Commands.Exclusive.
func TestWithWorld(t *testing.T) {
	type Pos struct{ X int }
	app := glue.NewApp()
	var inside error
	app.AddSystems(glue.Update, glue.Func(func(c glue.Commands) {
		inside = app.WithWorld(func(*glue.World) error { return nil })
	}))
	var atClose int
	app.OnClose(func() {
		app.WithWorld(func(w *glue.World) error { atClose = w.Len(); return nil })
	})
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if inside == nil || !strings.Contains(inside.Error(), "Commands.Exclusive") {
		t.Errorf("WithWorld from a system: %v", inside)
	}
	err := app.WithWorld(func(w *glue.World) error {
		e := w.Reserve()
		return w.SpawnReserved(e, Pos{3})
	})
	if err != nil || app.Len() != 1 {
		t.Fatalf("WithWorld between ticks: %v, %d entities", err, app.Len())
	}
	app.Close()
	if atClose != 1 {
		t.Errorf("WithWorld in OnClose saw %d entities, want 1", atClose)
	}
}
