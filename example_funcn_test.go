package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

// A system of several params takes them directly: Func2 for two, Func3
// for three, up to Func8.
func ExampleFunc2() {
	type Score struct{ Points int }
	type Bonus struct{ Points int }

	app := glue.NewApp()
	app.InsertResource(Score{})
	app.InsertResource(Bonus{Points: 10})
	app.AddSystems(glue.Update, glue.Func2(func(score glue.ResMut[Score], bonus glue.Res[Bonus]) {
		score.Get().Points += bonus.Get().Points
	}))
	for range 3 {
		app.Update()
	}
	app.Close()
	fmt.Println(glue.Resource[Score](app).Points)
	// Output: 30
}
