package physics_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// TestStaticThatMovesIsAnError: a body both Static and Bouncy (or Static
// and a Character) moved though Static says it never does — a stranger's
// "static bouncy wall" that walked away. It is an error naming the entity
// and the fix.
func TestStaticThatMovesIsAnError(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra any
		want  string
	}{
		{"bouncy", physics.Bouncy{}, "is Static and Bouncy: a Static collider never moves, and Bouncy moves it; remove one of them"},
		{"character", physics.Character{}, "is Static and a Character: a Static collider never moves, and a Character moves; remove one of them"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newApp(glue.Options{})
			app.AddPlugins(physics.Plugin{Stage: phys})
			app.AddStartup(glue.Func(func(cmds glue.Commands) {
				cmds.Spawn(physics.Body{Pos: physics.Vec{X: 10, Y: 10}, Vel: physics.Vec{X: 60}}, physics.Collider{Shape: physics.Rect(4, 4)}, physics.Static{}, tc.extra)
			}))
			defer app.Close()
			err := app.Update()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Update: %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestColliderWithoutThePluginIsAnError: a Collider spawned by a game
// that forgot physics.Plugin collided with nothing, silently; the tick
// fails naming it and the plugin (glue.RunBy).
func TestColliderWithoutThePluginIsAnError(t *testing.T) {
	app := glue.NewApp()
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{}, physics.Collider{Shape: physics.Rect(4, 4)})
	}))
	defer app.Close()
	err := app.Update()
	want := "glue: a physics.Collider was spawned, and the app has no physics.Plugin to run it, so it would do nothing; add the plugin (app.AddPlugins(physics.Plugin{…}))"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Update: %v, want %q", err, want)
	}
}
