package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

// Asteroid is a bundle of the bulk example.
type Asteroid struct {
	Pos Position
	Vel Velocity
}

// Bulk commands: many entities spawned as one command, and a component
// inserted, or entities despawned, on every entity of a query.
func ExampleSpawnBatch() {
	app := glue.NewApp()
	defer app.Close()
	app.AddStartup(glue.Func(func(c glue.Commands) {
		ids := glue.SpawnBatch(c, 3, Asteroid{Vel: Velocity{DX: 1}})
		fmt.Println("spawned", ids.Len(), "from", ids.At(0))
		glue.SpawnBatchOf(c, []Asteroid{{Pos: Position{X: 10}}, {Pos: Position{X: 20}}})
	}))
	tick := 0
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		C      glue.Commands
		Moving glue.Query2[Position, Velocity]
		Frozen glue.Query1[Frozen]
	}) {
		tick++
		fmt.Println("tick", tick, "moving", p.Moving.Len(), "frozen", p.Frozen.Len())
		switch tick {
		case 1:
			glue.InsertAll(p.C, p.Moving, Frozen{})
		case 2:
			glue.RemoveAll(p.C, p.Frozen, glue.TypeOf[Velocity]())
		case 3:
			glue.DespawnAll(p.C, p.Frozen)
		}
	}))
	for range 4 {
		app.Update()
	}
	fmt.Println("left", app.Len())
	// Output:
	// spawned 3 from Entity(1v1)
	// tick 1 moving 5 frozen 0
	// tick 2 moving 5 frozen 5
	// tick 3 moving 0 frozen 5
	// tick 4 moving 0 frozen 0
	// left 0
}
