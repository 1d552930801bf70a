package glue_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// Access comes from the type arguments: *T writes T and hands out a
// pointer into storage, T reads T and hands out a copy — in entity
// systems, batches and queries alike. Nothing is declared at registration.
func TestAccessFromTypes(t *testing.T) {
	app := newApp(t)
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(Pos{X: 1}, Vel{X: 2}) }))
	move := glue.Each2(func(_ glue.Entity, p *Pos, v Vel) {
		p.X += v.X
		v.X = 100 // a copy: not stored
	}).Named("move")
	batch := glue.Batch2(func(_ glue.Entities, ps glue.Column[Pos], vs glue.View[Vel]) {
		for i := range ps.Len() {
			ps.At(i).Y += vs.At(i).X
		}
	}).Named("batch")
	var got []Pos
	var vel Vel
	look := glue.Func(func(q glue.Query2[Pos, Vel]) {
		q.Each(func(_ glue.Entity, p Pos, v Vel) { got = append(got, p); vel = v })
	}).Named("look")
	app.AddSystems(First, move, batch)
	app.AddSystems(Last, look, glue.Func(func(q glue.Query1[Vel]) {}).Named("reader"))
	mustUpdate(t, app, 2)
	if len(got) != 2 || got[1] != (Pos{X: 5, Y: 4}) || vel.X != 2 {
		t.Fatalf("positions %v, velocity %v; want {5 4} and 2 after two ticks", got, vel)
	}
	d := app.Describe()
	for _, want := range []string{"move", "writes glue_test.Pos", "reads  glue_test.Vel", "group 1 — may run in parallel\n    look"} {
		if !strings.Contains(d, want) {
			t.Errorf("Describe lacks %q:\n%s", want, d)
		}
	}
}

// Query.Get and First hand out the kind the type argument says.
func TestQueryGetKinds(t *testing.T) {
	app := newApp(t)
	var e glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) { e = c.Spawn(A{V: 1}, B{V: 2}) }))
	app.AddSystems(First, glue.Func(func(q glue.Query2[*A, B]) {
		a, b, ok := q.Get(e)
		if !ok {
			t.Error("Get: not found")
			return
		}
		a.V += b.V
		_, a2, b2, ok := q.First()
		if !ok || a2 != a || b2.V != 2 {
			t.Errorf("First = %v %v %v", a2, b2, ok)
		}
	}).Named("add"))
	var after A
	app.AddSystems(Last, glue.Func(func(q glue.Query1[A]) { _, after, _ = q.First() }).Named("look"))
	mustUpdate(t, app, 1)
	if after.V != 3 {
		t.Fatalf("A = %v after the write through Get's pointer, want 3", after)
	}
}
