package escape

import "github.com/gluekit/glue"

// Tests keep pointers to read the world after a tick: not reported.
func keepAll(app *glue.App) []*Ball {
	var all []*Ball
	app.AddSystems(glue.Update, glue.Each1(func(e glue.Entity, b *Ball) { all = append(all, b) }))
	return all
}
