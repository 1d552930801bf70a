// Package realapi misuses the real glue API (not the stand-in under
// testdata/src) so that TestRepository notices when glue's API and the
// analyzers drift apart. Each line ending in "// report" must be reported,
// and no other.
package realapi

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

type Ball struct{ X, V float64 }

// Stop changes b.
func (b *Ball) Stop() { b.V = 0 }

func Move(e glue.Entity, b Ball, p struct{ T glue.Res[timer.Time] }) {
	b.X += b.V // report
	b.Stop()   // report
}

func Sys(p struct {
	Q glue.Query2[Ball, timer.Timer]
	W glue.Query1[*Ball]
	T glue.Res[timer.Time]
}, e glue.Entity) {
	p.Q.Each(func(e glue.Entity, b Ball, t timer.Timer) {
		t.Reset() // report
		b.X = 1   // report
	})
	if b, _, ok := p.Q.Get(e); ok {
		b.V = 2 // report
	}
	if _, b, ok := p.W.First(); ok {
		b.V = 2
	}
	*p.T.Get() = timer.Time{} // report
	kept, _ = p.W.Get(e)      // report
}

func Draw(es glue.Entities, v glue.View[Ball], c glue.Column[Ball]) {
	for i := range es.Len() {
		b := v.At(i)
		b.X = 0 // report
		c.At(i).X = 0
		kept = c.At(i) // report
	}
}

// Revive enables entities its query never yields disabled.
func Revive(q glue.Query1[Ball], d glue.Query2[Ball, glue.Disabled], cmds glue.Commands) {
	q.All() // report
	for e := range q.All() {
		cmds.Enable(e) // report
	}
	for e := range d.All() {
		cmds.Enable(e)
		cmds.Disable(e) // report
	}
	glue.RemoveAll(cmds, q, glue.TypeOf[glue.Disabled]()) // report
}

// Ship is a bundle of Ball and timer.Timer.
type Ship struct {
	B Ball
	T timer.Timer
}

// Spawns spawns a Ship as a bundle, and once as one component.
func Spawns(cmds glue.Commands) {
	glue.SpawnBundle(cmds, Ship{})
	glue.Spawn1(cmds, Ship{}) // report
	cmds.Spawn(Ship{})        // report
}

// Register adds some systems and drops one.
func Register(app *glue.App) {
	app.AddSystems(glue.Update, glue.Func3(Revive), glue.Func(Spawns))
	glue.Func(Draw2) // report
	hits := 0
	app.AddSystems(glue.Update, glue.Each1P(Move), glue.Batch2(Draw),
		glue.Each1(func(e glue.Entity, b *Ball) {
			hits++ // report
		}),
		glue.Each1P(func(e glue.Entity, b *Ball, l glue.Local[int]) {
			hits++ // a Local: never split
		}),
		glue.Each1P(func(e glue.Entity, b *Ball, l glue.Local[int]) {
			kept = b // report
		}))
}

var kept *Ball

// Draw2 is a system of no params.
func Draw2(struct{}) {}

// Rows writes through the copies QueryN.All yields.
func Rows(p struct {
	Q glue.Query2[*Ball, timer.Timer]
	R glue.Query1[Ball]
}) {
	for _, r := range p.Q.All() {
		r.A.X = 1
		r.B.Reset() // report
	}
	for _, b := range p.R.All() {
		b.V = 0 // report
	}
	for _, r := range p.Q.All() {
		kept = r.A // report
	}
}
