package glue_test

import (
	"fmt"
	"slices"

	"github.com/gluekit/glue"
)

// A checkpoint taken between ticks, restored, and the same ticks run
// again: the app ends where it ended the first time, digest for digest.
func ExampleCheckpoint() {
	type Counter struct{ N int }
	app := glue.NewApp()
	app.InsertResource(Counter{})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(Position{}) }))
	app.AddSystems(glue.Update,
		glue.Func(func(c glue.ResMut[Counter]) { c.Get().N++ }),
		glue.Each1(func(_ glue.Entity, p *Position) { p.X += 2 }),
	)
	defer app.Close()
	app.Update()

	var c, end glue.Checkpoint
	if err := c.Save(app); err != nil {
		fmt.Println(err)
	}
	for range 3 {
		app.Update()
	}
	end.Save(app)
	first := end.Digest(nil)
	fmt.Println("tick", app.Tick(), "counter", glue.Resource[Counter](app).N)

	c.Restore(app)
	fmt.Println("restored to tick", app.Tick(), "counter", glue.Resource[Counter](app).N)
	for range 3 {
		app.Update()
	}
	end.Save(app)
	fmt.Println("tick", app.Tick(), "counter", glue.Resource[Counter](app).N, "same state:", slices.Equal(end.Digest(nil), first))
	// Output:
	// tick 4 counter 4
	// restored to tick 1 counter 1
	// tick 4 counter 4 same state: true
}
