// Package noop is gluevet's corpus of glue calls that silently do
// nothing: dropped QueryN.All iterators, enabling entities that are never
// disabled, disabling entities that all are.
package noop

import "github.com/gluekit/glue"

type Ball struct{ X float64 }

type Pool struct{}

func Iterators(q glue.Query1[Ball], q2 glue.Query2[*Ball, Pool]) {
	q.All()  // want `q.All\(\) makes an iterator and drops it, so nothing runs; range over it`
	q2.All() // want `q2.All\(\) makes an iterator and drops it`
	for range q.All() {
	}
	it := q2.All() // kept: ranged over later, or not — not judged
	_ = it
}

// --- Enable on entities that are never disabled ---

// Revive is a named system function, used only in Register's AddSystems.
func Revive(p struct {
	Q   glue.Query1[Pool]
	D   glue.Query2[Pool, glue.Disabled]
	Cmd glue.Commands
}) {
	for e := range p.Q.All() {
		p.Cmd.Enable(e) // want `p.Cmd.Enable\(e\) does nothing: e comes from the query p.Q \(glue.Query1\[Pool\]\), which skips disabled entities, so it is never disabled; give the query glue.Disabled among its types`
	}
	p.Q.Each(func(e glue.Entity, _ Pool) {
		p.Cmd.Enable(e) // want `p.Cmd.Enable\(e\) does nothing: e comes from the query p.Q`
	})
	if e, _, ok := p.Q.First(); ok {
		p.Cmd.Enable(e) // want `does nothing: e comes from the query p.Q`
	}
	glue.RemoveAll(p.Cmd, p.Q, glue.TypeOf[glue.Disabled]()) // want `glue.RemoveAll of glue.Disabled does nothing: the query p.Q \(glue.Query1\[Pool\]\) skips disabled entities`
	glue.RemoveAll(p.Cmd, p.Q, glue.TypeOf[Ball]())          // another type: fine
	for e := range p.D.All() {
		p.Cmd.Enable(e)  // a query of Disabled: fine
		p.Cmd.Disable(e) // want `p.Cmd.Disable\(e\) does nothing: e comes from the query p.D \(glue.Query2\[Pool, glue.Disabled\]\), which yields only disabled entities, so it is disabled already`
	}
	glue.RemoveAll(p.Cmd, p.D, glue.TypeOf[glue.Disabled]()) // fine: enables them all
	for e := range p.Q.All() {
		p.Cmd.Disable(e) // fine
	}
}

// Editor is like Revive, but its system includes disabled entities.
func Editor(q glue.Query1[Pool], cmds glue.Commands) {
	for e := range q.All() {
		cmds.Enable(e) // IncludeDisabled: fine
	}
	glue.RemoveAll(cmds, q, glue.TypeOf[glue.Disabled]())
}

// Kept is made into a system kept in a variable: not judged.
func Kept(q glue.Query1[Pool], cmds glue.Commands) {
	for e := range q.All() {
		cmds.Enable(e)
	}
}

// Twice is made into two systems, one of them including disabled
// entities: not judged.
func Twice(q glue.Query1[Pool], cmds glue.Commands) {
	for e := range q.All() {
		cmds.Enable(e)
	}
}

// Elsewhere is exported and never made into a system here: not judged.
func Elsewhere(q glue.Query1[Pool], cmds glue.Commands) {
	for e := range q.All() {
		cmds.Enable(e)
	}
}

func Wake(e glue.Entity, p Pool, cmds glue.Commands) {
	cmds.Enable(e) // want `cmds.Enable\(e\) does nothing: e comes from the glue.Each1P system, which skips disabled entities`
}

func Register(app *glue.App) *glue.System {
	kept := glue.Func2(Kept)
	app.AddSystems(glue.Update,
		glue.Func(Revive).Named("revive"),
		glue.Func2(Editor).IncludeDisabled(),
		kept,
		glue.Func2(Twice),
		glue.Func2(Twice).IncludeDisabled(),
		glue.Each1P(Wake),
		glue.Each1P(func(e glue.Entity, p Pool, cmds glue.Commands) {
			cmds.Enable(e) // want `cmds.Enable\(e\) does nothing: e comes from the glue.Each1P system`
		}).Named("wake2"),
		glue.Each1P(func(e glue.Entity, p Pool, cmds glue.Commands) {
			cmds.Enable(e) // IncludeDisabled: fine
		}).IncludeDisabled(),
		glue.Each1P(func(e glue.Entity, p Pool, cmds glue.Commands) {
			cmds.Enable(e) // With may name Disabled: not judged
		}).With(glue.TypeOf[glue.Disabled]()),
		glue.Each1P(func(e glue.Entity, d *glue.Disabled, cmds glue.Commands) {
			cmds.Enable(e)
			cmds.Disable(e) // want `cmds.Disable\(e\) does nothing: e comes from the glue.Each1P system, which yields only disabled entities`
		}),
	)
	return glue.Each1P(func(e glue.Entity, p Pool, cmds glue.Commands) {
		cmds.Enable(e) // returned: the caller may add IncludeDisabled
	})
}
