package captured

import "github.com/gluekit/glue"

// Tests gather results in captured variables: not reported.
func gather(app *glue.App) []glue.Entity {
	var seen []glue.Entity
	app.AddSystems(glue.Update, glue.Each1(func(e glue.Entity, b *Ball) { seen = append(seen, e) }))
	return seen
}
