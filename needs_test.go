package glue_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// ranPlugin runs Ran components (it adds nothing: the test only needs
// its name).
type ranPlugin struct{}

func (ranPlugin) Build(*glue.App) {}

// Ran is a component that a plugin runs.
type Ran struct{}

func init() { glue.RunBy[Ran]("glue_test.ranPlugin") }

type level int

// TestComponentWithoutItsPluginFailsTheTick: a component that does
// nothing without its plugin (glue.RunBy: a Collider without
// physics.Plugin, a Timer without timer.Plugin), or an entity spawned
// into a state the app has not, was silent; the tick that spawns it
// fails, naming the component, what is missing, the fix and the stage.
func TestComponentWithoutItsPluginFailsTheTick(t *testing.T) {
	spawner := func(cmds glue.Commands) { glue.Spawn1(cmds, Ran{}) }
	scoped := func(cmds glue.Commands) { glue.SpawnIn1(cmds, level(2), Ran{}) }
	for _, tc := range []struct {
		name  string
		setup func(*glue.App)
		sys   func(glue.Commands)
		want  string // "" for no error
	}{
		{"no plugin", func(*glue.App) {}, spawner,
			"glue: a glue_test.Ran was spawned, and the app has no glue_test.ranPlugin to run it, so it would do nothing; add the plugin (app.AddPlugins(glue_test.ranPlugin{…}))"},
		{"with its plugin", func(a *glue.App) { a.AddPlugins(ranPlugin{}) }, spawner, ""},
		{"no state", func(a *glue.App) { a.AddPlugins(ranPlugin{}) }, scoped,
			"glue: an entity was spawned into a state of type glue_test.level (glue.StateScoped[glue_test.level]), and the app has no such state, so it would never be despawned; add it with glue.AddState(app, …)"},
		{"with its state", func(a *glue.App) { a.AddPlugins(ranPlugin{}); glue.AddState(a, level(1)) }, scoped, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := glue.NewApp()
			tc.setup(app)
			app.AddSystems(glue.Update, glue.Func(tc.sys).Named("spawner"))
			defer app.Close()
			err := app.Update()
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "(spawned in stage Update)") {
				t.Fatalf("Update: %v\nwant %q, spawned in stage Update", err, tc.want)
			}
		})
	}
}

// Driven is a component run by a system per type argument, named by its
// RunBy method (glue.RunBySystem), here on the pointer.
type Driven struct{}

func (*Driven) RunBy() *glue.System { return glue.Func(driveSystem).Named("drive") }

func driveSystem(glue.Query1[Driven]) {}

// TestComponentWithoutItsSystemFailsTheTick: a glue.RunBySystem
// component spawned where no stage has its system fails the tick, naming
// the system; with the system in any stage (a draw stage here), it does
// not.
func TestComponentWithoutItsSystemFailsTheTick(t *testing.T) {
	for _, with := range []bool{false, true} {
		app := glue.NewApp()
		app.AddSystems(glue.Update, glue.Func(func(cmds glue.Commands) { glue.Spawn1(cmds, Driven{}) }).Named("spawner"))
		if with {
			app.AddSystems(glue.PreDraw, glue.Func(driveSystem).Named("drive"))
		}
		err := app.Update()
		app.Close()
		switch {
		case with && err != nil:
			t.Errorf("with the system: %v", err)
		case !with && (err == nil || !strings.Contains(err.Error(), "glue: a glue_test.Driven was spawned, and no stage runs drive, so it would do nothing")):
			t.Errorf("without the system: %v", err)
		}
	}
}
