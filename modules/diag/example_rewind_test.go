package diag_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
)

// Score is a game's saved resource.
type Score struct{ N int }

// ExampleOverlay_Rewind keeps the history of a game whose score counts
// its ticks, while the overlay is shown, and goes back to tick 10: the
// snapshot of tick 1 is restored and nine ticks re-simulated.
func ExampleOverlay_Rewind() {
	reg := codec.NewRegistry()
	codec.Register[Score](reg)
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{}, diag.Plugin{Show: true},
		save.Plugin{Game: "example", Registry: reg, Resources: []glue.Type{glue.TypeOf[Score]()}, Store: &save.Memory{}})
	app.InsertResource(Score{})
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[Score]) { s.Get().N++ }))
	defer app.Close()
	for range 30 {
		app.Update()
	}
	o := glue.Resource[diag.Overlay](app)
	first, last, _, _ := o.History()
	fmt.Println("history", first, "to", last, "score", glue.Resource[Score](app).N)

	if err := o.Rewind(10); err != nil {
		fmt.Println(err)
	}
	for { // a renderer's loop: a frame, a tick
		app.Draw()
		if _, _, at, _ := o.History(); at == 10 {
			break
		}
		app.Update()
	}
	fmt.Println("at tick 10: score", glue.Resource[Score](app).N, "paused", app.Paused())
	// Output:
	// history 1 to 30 score 30
	// at tick 10: score 10 paused true
}
