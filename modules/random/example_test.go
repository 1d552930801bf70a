package random_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/random"
)

// Example rolls a die for three ticks from a seeded stream: the same
// seed, the same rolls, in every run.
func Example() {
	app := glue.NewApp()
	app.InsertResource(random.New(42))
	app.AddSystems(glue.Update, glue.Func(func(r glue.ResMut[random.Rand]) {
		fmt.Print(1+r.Get().IntN(6), " ")
	}))
	for range 3 {
		if err := app.Update(); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println()
	// Output:
	// 5 5 1
}
