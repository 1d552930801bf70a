package escape

import "github.com/gluekit/glue"

// Tests keep pointers to read the world after a tick: not reported.
func keepAll(app *glue.App) []*Ball {
	var all []*Ball
	app.AddSystems(glue.Update, glue.Each1(func(e glue.Entity, b *Ball) { all = append(all, b) }))
	app.AddSystems(glue.Update, glue.Batch1(func(ents glue.Entities, c glue.Column[Ball]) { last = c.At(0) }))
	return all
}
