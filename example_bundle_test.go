package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

// Craft is a bundle: a struct whose fields are the components of one
// entity, spawned as one.
type Craft struct {
	Pos    Position
	Vel    Velocity
	Hull   Hull
	Frozen Frozen
}

// Hull is a ship's health.
type Hull struct{ HP int }

// A bundle spawns every field as a component; InsertBundle adds (or
// overwrites) several at once.
func ExampleSpawnBundle() {
	app := glue.NewApp()
	defer app.Close()
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 3 {
			glue.SpawnBundle(c, Craft{Pos: Position{X: float64(i)}, Vel: Velocity{DX: 1}, Hull: Hull{HP: 10 * (i + 1)}})
		}
	}))
	app.AddSystems(glue.Update, glue.Each3(func(e glue.Entity, p *Position, v Velocity, h Hull) {
		p.X += v.DX
		fmt.Println(e, p.X, h.HP)
	}))
	if err := glue.CheckBundle[Craft](); err != nil {
		fmt.Println(err)
	}
	app.Update()
	// Output:
	// Entity(1v1) 1 10
	// Entity(2v1) 2 20
	// Entity(3v1) 3 30
}
