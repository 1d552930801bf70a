package glue_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gluekit/glue"
)

// allWorld spawns entities over several archetypes, some with every one
// of A, B, C and D, some disabled, some missing one of them.
func allWorld(t *testing.T) *glue.App {
	t.Helper()
	app := newApp(t)
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 12 {
			switch i % 4 {
			case 0:
				c.Spawn(A{i}, B{10 * i}, C{100 * i}, D{1000 * i})
			case 1:
				c.Spawn(A{i}, B{10 * i}, C{100 * i}, D{1000 * i}, Tag{})
			case 2:
				c.Spawn(A{i}, B{10 * i}) // no C, D
			case 3:
				e := c.Spawn(A{i}, B{10 * i}, C{100 * i}, D{1000 * i})
				c.Disable(e)
			}
		}
	}))
	return app
}

// TestQueryAllIsEach checks QueryN.All against QueryN.Each: the same
// entities with the same components in the same order, for one, two,
// three and four components and for every mix of pointers (writes) and
// values (reads) of two, including that writes through All's pointers
// land in storage, that a break stops the iteration, and that disabled
// entities stay hidden.
func TestQueryAllIsEach(t *testing.T) {
	app := allWorld(t)
	type row [5]int // entity id, then the components' V
	var each, all [][]row
	var broke []int
	app.AddSystems(First, glue.Func(func(p struct {
		Q1  glue.Query1[*A]
		Q2  glue.Query2[A, B]
		Q2p glue.Query2[*A, *B]
		Q2a glue.Query2[*A, B]
		Q2b glue.Query2[A, *B]
		Q3  glue.Query3[A, *B, C]
		Q4  glue.Query4[A, B, C, D]
	}) {
		each, all = make([][]row, 7), make([][]row, 7)
		id := func(e glue.Entity) int { return int(uint64(e) >> 32) }
		p.Q1.Each(func(e glue.Entity, a *A) { each[0] = append(each[0], row{id(e), a.V}) })
		for e, a := range p.Q1.All() {
			all[0] = append(all[0], row{id(e), a.V})
		}
		p.Q2.Each(func(e glue.Entity, a A, b B) { each[1] = append(each[1], row{id(e), a.V, b.V}) })
		for e, r := range p.Q2.All() {
			all[1] = append(all[1], row{id(e), r.A.V, r.B.V})
		}
		p.Q2p.Each(func(e glue.Entity, a *A, b *B) { each[2] = append(each[2], row{id(e), a.V, b.V}) })
		for e, r := range p.Q2p.All() {
			all[2] = append(all[2], row{id(e), r.A.V, r.B.V})
		}
		p.Q2a.Each(func(e glue.Entity, a *A, b B) { each[3] = append(each[3], row{id(e), a.V, b.V}) })
		for e, r := range p.Q2a.All() {
			all[3] = append(all[3], row{id(e), r.A.V, r.B.V})
		}
		p.Q2b.Each(func(e glue.Entity, a A, b *B) { each[4] = append(each[4], row{id(e), a.V, b.V}) })
		for e, r := range p.Q2b.All() {
			all[4] = append(all[4], row{id(e), r.A.V, r.B.V})
		}
		p.Q3.Each(func(e glue.Entity, a A, b *B, c C) { each[5] = append(each[5], row{id(e), a.V, b.V, c.V}) })
		for e, r := range p.Q3.All() {
			all[5] = append(all[5], row{id(e), r.A.V, r.B.V, r.C.V})
		}
		p.Q4.Each(func(e glue.Entity, a A, b B, c C, d D) { each[6] = append(each[6], row{id(e), a.V, b.V, c.V, d.V}) })
		for e, r := range p.Q4.All() {
			all[6] = append(all[6], row{id(e), r.A.V, r.B.V, r.C.V, r.D.V})
		}
		// Writes through the pointers; a copy written changes nothing.
		for _, r := range p.Q2a.All() {
			r.A.V++
			r.B.V++ // gluevet:ignore — a copy: must not reach storage
		}
		broke = broke[:0]
		for _, a := range p.Q1.All() {
			if len(broke) == 2 {
				break
			}
			broke = append(broke, a.V)
		}
	}).Named("compare"))
	mustUpdate(t, app, 1)
	wantLen := []int{9, 9, 9, 9, 9, 6, 6} // 3 of 12 disabled; 3 more lack C and D
	for k := range each {
		if !slices.Equal(each[k], all[k]) {
			t.Errorf("query %d: All gave %v, Each %v", k, all[k], each[k])
		}
		if len(all[k]) != wantLen[k] {
			t.Errorf("query %d: All gave %d entities, want %d", k, len(all[k]), wantLen[k])
		}
	}
	if len(broke) != 2 {
		t.Errorf("a break after 2 entities: the loop ran for %v", broke)
	}
	first := each[1]
	mustUpdate(t, app, 1) // the second tick sees the first's writes
	for i, r := range first {
		if got, want := each[1][i], (row{r[0], r[1] + 1, r[2]}); got != want {
			t.Errorf("entity %d: (id, A, B) = %v after writes through All, want %v (A through a pointer, B a copy)", r[0], got, want)
		}
	}
}

// TestQueryAllNoAllocs checks that a system ranging over QueryN.All
// allocates nothing per tick.
func TestQueryAllNoAllocs(t *testing.T) {
	app := allWorld(t)
	sum := 0
	app.AddSystems(First, glue.Func(func(q glue.Query2[*A, B]) {
		for _, r := range q.All() {
			r.A.V += r.B.V
			sum += r.A.V
		}
	}).Named("move"))
	mustUpdate(t, app, 3)
	if allocs := testing.AllocsPerRun(20, func() { app.Update() }); allocs != 0 {
		t.Fatalf("%.1f allocations per tick of a system ranging over Query2.All, want 0", allocs)
	}
	if sum == 0 {
		t.Fatal("the system saw no entity")
	}
}

func ExampleQuery2_All() {
	type Pos struct{ X, Y float64 }
	type Vel struct{ X, Y float64 }
	app := glue.NewApp()
	defer app.Close()
	app.AddStartup(glue.Func(func(c glue.Commands) {
		glue.Spawn2(c, Pos{0, 0}, Vel{1, 2})
		glue.Spawn2(c, Pos{5, 5}, Vel{-1, 0})
	}))
	// A system that loops itself: r.A is the *Pos (written), r.B a copy
	// of the Vel (read). The loop's body is compiled into the system,
	// with no call per entity.
	app.AddSystems(glue.Update, glue.Func(func(q glue.Query2[*Pos, Vel]) {
		for _, r := range q.All() {
			r.A.X += r.B.X
			r.A.Y += r.B.Y
		}
	}).Named("move"))
	app.AddSystems(glue.Draw, glue.Func(func(q glue.Query1[Pos]) {
		for _, p := range q.All() {
			fmt.Println(p)
		}
	}).Named("show"))
	for range 2 {
		if err := app.Update(); err != nil {
			fmt.Println(err)
		}
	}
	if err := app.Draw(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {2 4}
	// {3 5}
}
