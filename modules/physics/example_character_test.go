package physics_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// A character falls onto a floor, lands and stands on it: physics stops
// it at the floor's top, zeroes its fall and sets OnFloor and the floor's
// normal.
func ExampleCharacter() {
	app := glue.NewApp()
	app.AddPlugins(physics.Plugin{})
	var hero glue.Entity
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 100, Y: 108}}, // a floor, top at y 100
			physics.Collider{Shape: physics.Rect(200, 16)}, physics.Static{})
		hero = cmds.Spawn(physics.Body{Pos: physics.Vec{X: 100, Y: 50}},
			physics.Collider{Shape: physics.Rect(10, 14)}, physics.Character{})
	}).Named("example.Spawn"))
	app.AddSystems(glue.Update, glue.Each2(func(_ glue.Entity, b *physics.Body, _ *physics.Character) {
		b.Vel.Y += 900.0 / 60 // gravity, the game's
	}).Named("example.Gravity"))
	defer app.Close()
	for range 60 {
		if err := app.Update(); err != nil {
			fmt.Println(err)
			return
		}
	}
	for _, e := range app.Entities(nil) {
		if e != hero {
			continue
		}
		b, _ := app.Component(e, glue.TypeOf[physics.Body]())
		c, _ := app.Component(e, glue.TypeOf[physics.Character]())
		body, char := b.(physics.Body), c.(physics.Character)
		fmt.Printf("feet at %.2f, falling at %g, on the floor: %v, normal %v\n",
			body.Pos.Y+7, body.Vel.Y, char.OnFloor, char.FloorNormal)
	}
	// Output:
	// feet at 100.00, falling at 0, on the floor: true, normal {0 -1}
}
