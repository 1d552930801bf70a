package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

// Disabled entities are hidden from systems, keeping their components,
// until enabled again; a system that asks sees them.
func ExampleCommands_Disable() {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true}) // the two systems print in the order added
	defer app.Close()
	var ghost glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(Position{X: 1})
		ghost = c.Spawn(Position{X: 2})
		c.Disable(ghost)
	}))
	tick := 0
	app.AddSystems(glue.Update,
		glue.Func(func(p struct {
			C glue.Commands
			Q glue.Query1[Position]
		}) {
			tick++
			fmt.Println("tick", tick, "sees", p.Q.Len())
			if tick == 1 {
				p.C.Enable(ghost)
			}
		}),
		glue.Each1(func(e glue.Entity, p Position) {
			fmt.Println("  editor:", e, p.X)
		}).IncludeDisabled(),
	)
	app.Update()
	app.Update()
	// Output:
	// tick 1 sees 1
	//   editor: Entity(1v1) 1
	//   editor: Entity(2v1) 2
	// tick 2 sees 2
	//   editor: Entity(1v1) 1
	//   editor: Entity(2v1) 2
}
