package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

// ExampleApp_Pause holds an app's ticks and lets one through with Step,
// then reads its world as an inspector does.
func ExampleApp_Pause() {
	type Pos struct{ X int }
	app := glue.NewApp()
	defer app.Close()
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(Pos{}) }))
	app.AddSystems(glue.Update, glue.Each1(func(_ glue.Entity, p *Pos) { p.X++ }))

	app.Update() // tick 1
	app.Pause()
	app.Update() // held
	app.Step()
	app.Update() // tick 2, the step
	app.Update() // held
	fmt.Println("ticks:", app.Tick(), "paused:", app.Paused())

	for _, e := range app.Entities(nil) {
		for _, t := range app.ComponentTypes(e) {
			v, _ := app.Component(e, t)
			fmt.Printf("%v %s %+v\n", e, t, v)
		}
	}
	// Output:
	// ticks: 2 paused: true
	// Entity(1v1) glue_test.Pos {X:2}
}
