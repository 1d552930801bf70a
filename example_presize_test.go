package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

// A world that will hold a known number of entities reserves room for
// them first, so that spawning them does not grow its storage.
func ExampleReserveBundle() {
	app := glue.NewApp()
	defer app.Close()
	if err := glue.ReserveBundle[Asteroid](app, 10_000); err != nil {
		fmt.Println(err)
	}
	app.AddStartup(glue.Func(func(c glue.Commands) {
		glue.SpawnBatch(c, 10_000, Asteroid{Vel: Velocity{DX: 1}})
	}))
	app.Update()
	fmt.Println(app.Len(), "entities")
	// Output:
	// 10000 entities
}
