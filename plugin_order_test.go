package glue_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/timer"
)

// The tick does not depend on the order plugins are added: each module
// puts its systems in documented core stages. (In the first edition,
// swapping timer.Plugin and input.Plugin swapped their stages.)
func TestPluginOrderDoesNotChangeTheTick(t *testing.T) {
	describe := func(plugins ...glue.Plugin) string {
		app := glue.NewApp()
		defer app.Close()
		app.AddPlugins(plugins...)
		if err := app.Build(); err != nil {
			t.Fatal(err)
		}
		return app.Describe()
	}
	tm, in, au := timer.Plugin{}, input.Plugin{Headless: true}, audio.Plugin{Headless: true}
	want := describe(tm, in, au)
	for _, order := range [][]glue.Plugin{{in, tm, au}, {au, in, tm}, {au, tm, in}} {
		if got := describe(order...); got != want {
			t.Fatalf("the schedule changed with the order of the plugins:\n%s\nwant:\n%s", got, want)
		}
	}
}
