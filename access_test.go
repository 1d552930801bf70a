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
		v.X = 100 // a copy: not stored (gluevet:ignore, the test shows it)
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

// kindVal returns the V of an A, B, C or D, or of a pointer to one; bump
// adds 1 to it through the pointer (a copy is changed in vain).
func kindVal(x any) int {
	switch v := x.(type) {
	case A:
		return v.V
	case *A:
		return v.V
	case B:
		return v.V
	case *B:
		return v.V
	case C:
		return v.V
	case *C:
		return v.V
	case D:
		return v.V
	case *D:
		return v.V
	}
	panic("kindVal")
}

func kindBump(xs ...any) {
	for _, x := range xs {
		switch v := x.(type) {
		case *A:
			v.V++
		case *B:
			v.V++
		case *C:
			v.V++
		case *D:
			v.V++
		}
	}
}

// Entity systems and Query.Each hand out the right component in each
// argument for every combination of pointers and copies: the loops pick
// a body per combination (all 8 of three arguments), or share one above
// three arguments unless all are pointers.
func TestEachKindCombinations(t *testing.T) {
	cases := []struct {
		name  string
		sys   func(seen *int) *glue.System
		wants [4]int // A, B, C, D after one tick
	}{
		{"AAA", func(s *int) *glue.System {
			return glue.Each3(func(_ glue.Entity, a A, b B, c C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
		}, [4]int{1, 10, 100, 1000}},
		{"PAA", func(s *int) *glue.System {
			return glue.Each3(func(_ glue.Entity, a *A, b B, c C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
		}, [4]int{2, 10, 100, 1000}},
		{"APA", func(s *int) *glue.System {
			return glue.Each3(func(_ glue.Entity, a A, b *B, c C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
		}, [4]int{1, 11, 100, 1000}},
		{"PPA", func(s *int) *glue.System {
			return glue.Each3(func(_ glue.Entity, a *A, b *B, c C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
		}, [4]int{2, 11, 100, 1000}},
		{"AAP", func(s *int) *glue.System {
			return glue.Each3(func(_ glue.Entity, a A, b B, c *C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
		}, [4]int{1, 10, 101, 1000}},
		{"PAP", func(s *int) *glue.System {
			return glue.Each3(func(_ glue.Entity, a *A, b B, c *C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
		}, [4]int{2, 10, 101, 1000}},
		{"APP", func(s *int) *glue.System {
			return glue.Each3(func(_ glue.Entity, a A, b *B, c *C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
		}, [4]int{1, 11, 101, 1000}},
		{"PPP", func(s *int) *glue.System {
			return glue.Each3(func(_ glue.Entity, a *A, b *B, c *C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
		}, [4]int{2, 11, 101, 1000}},
		{"PPPP", func(s *int) *glue.System {
			return glue.Each4(func(_ glue.Entity, a *A, b *B, c *C, d *D) {
				*s += kindVal(a) + kindVal(b) + kindVal(c) + kindVal(d) - 1000
				kindBump(a, b, c, d)
			})
		}, [4]int{2, 11, 101, 1001}},
		{"APAP", func(s *int) *glue.System {
			return glue.Each4(func(_ glue.Entity, a A, b *B, c C, d *D) {
				*s += kindVal(a) + kindVal(b) + kindVal(c) + kindVal(d) - 1000
				kindBump(a, b, c, d)
			})
		}, [4]int{1, 11, 100, 1001}},
		{"query PAP", func(s *int) *glue.System {
			return glue.Func(func(q glue.Query3[*A, B, *C]) {
				q.Each(func(_ glue.Entity, a *A, b B, c *C) { *s += kindVal(a) + kindVal(b) + kindVal(c); kindBump(a, b, c) })
			})
		}, [4]int{2, 10, 101, 1000}},
		{"query APAP", func(s *int) *glue.System {
			return glue.Func(func(q glue.Query4[A, *B, C, *D]) {
				q.Each(func(_ glue.Entity, a A, b *B, c C, d *D) {
					*s += kindVal(a) + kindVal(b) + kindVal(c) + kindVal(d) - 1000
					kindBump(a, b, c, d)
				})
			})
		}, [4]int{1, 11, 100, 1001}},
	}
	const n = 1500 // two archetypes, and spans cut at 1,024 entities
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			app := newApp(t)
			app.AddStartup(glue.Func(func(cmds glue.Commands) {
				for i := range n {
					if i%3 == 0 {
						cmds.Spawn(A{1}, B{10}, C{100}, D{1000}, Tag{})
					} else {
						cmds.Spawn(A{1}, B{10}, C{100}, D{1000})
					}
				}
			}))
			seen := 0
			app.AddSystems(First, tc.sys(&seen).Named("sys"))
			var got [4]int
			count := 0
			app.AddSystems(Last, glue.Func(func(q glue.Query4[A, B, C, D]) {
				q.Each(func(_ glue.Entity, a A, b B, c C, d D) {
					count++
					if x := [4]int{a.V, b.V, c.V, d.V}; x != tc.wants && got == [4]int{} {
						got = x
					}
				})
			}).Named("look"))
			mustUpdate(t, app, 1)
			if count != n || got != [4]int{} {
				t.Errorf("%d entities; first wrong components %v, want %v", count, got, tc.wants)
			}
			if seen != 111*n {
				t.Errorf("read sum %d, want %d (each entity's A+B+C at the tick's start)", seen, 111*n)
			}
		})
	}
}
