// Package captured is gluevet's corpus of writes to captured variables
// in entity systems that glue may split across workers.
package captured

import "github.com/gluekit/glue"

type Ball struct{ X float64 }

type stats struct{ n int }

var total int

func Register(app *glue.App) {
	n := 0
	var seen []glue.Entity
	st := &stats{}
	counts := map[glue.Entity]int{}
	app.AddSystems(glue.Update,
		glue.Each1(func(e glue.Entity, b *Ball) {
			n++                    // want `glue.Each1 may run this function on several workers at once \(it splits an entity system that visits many entities\): the write to n, declared outside it, races; keep such state in a glue.Local\[T\] param`
			seen = append(seen, e) // want `the write to seen, declared outside it, races`
			st.n += 2              // want `the write to st, declared outside it, races`
			counts[e] = 1          // want `the write to counts, declared outside it, races`
			total = 3              // want `the write to total, declared outside it, races`
			x := b.X               // declared inside: private to the call
			x++
			b.X = x
		}),
		glue.Each1P(func(e glue.Entity, b *Ball, cmds glue.Commands) {
			n-- // want `glue.Each1P may run this function`
		}),
		glue.Batch1(func(es glue.Entities, c glue.Column[Ball]) {
			n = 0 // want `glue.Batch1 may run this function`
		}),
		// Params that keep glue from splitting the system: no report.
		glue.Each1P(func(e glue.Entity, b *Ball, l glue.Local[int]) {
			n++
		}),
		glue.Each1P(func(e glue.Entity, b *Ball, p struct {
			Cmd glue.Commands
			Sum glue.ResMut[stats]
		}) {
			n++
		}),
		glue.Each1P(func(e glue.Entity, b Ball, q glue.Query1[*Ball]) {
			n++
		}),
		glue.Each1P(func(e glue.Entity, b *Ball, q glue.Query1[Ball]) {
			n++ // the query reads a type the system writes: not split
		}),
		glue.Func(func(struct{}) {
			n++ // a global system runs on one worker
		}),
	)
}
