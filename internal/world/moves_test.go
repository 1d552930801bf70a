package world

import (
	"math/rand/v2"
	"testing"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
)

type (
	mvA struct{ V int }
	mvB struct{ V int }
	mvC struct{ V int }
)

// World moves entities between archetypes and removes them on donburi's
// tables itself (move, drop, recount). After a long random run of spawns,
// batch spawns, inserts, removes and despawns, every entity must have
// exactly the components and values a plain model says, and donburi's own
// API — Valid, Len, Entry.Component, the archetypes' entity lists and its
// per-archetype counts, which its next Create relies on — must agree.
func TestMovesKeepDonburiConsistent(t *testing.T) {
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	types := []*Type{TypeFor[mvA](), TypeFor[mvB](), TypeFor[mvC]()}
	vals := func(i, v int) any {
		switch i {
		case 0:
			return mvA{v}
		case 1:
			return mvB{v}
		}
		return mvC{v}
	}
	get := func(e Entity, i int) (int, bool) {
		p := w.Get(e, types[i])
		if p == nil {
			return 0, false
		}
		return *(*int)(p), true // every type is one int
	}
	model := map[Entity]map[int]int{} // entity -> type index -> value
	var live []Entity
	r := rand.New(rand.NewPCG(1, 2))
	next := 1
	for step := range 20000 {
		switch op := r.IntN(10); {
		case op < 3 || len(live) == 0: // spawn, one or a batch
			n := 1
			if r.IntN(2) == 0 {
				n = 1 + r.IntN(20)
			}
			var ts []*Type
			idx := r.Perm(3)[:1+r.IntN(3)]
			for _, i := range idx {
				ts = append(ts, types[i])
			}
			ents := make([]Entity, n)
			for k := range ents {
				ents[k] = w.Reserve()
			}
			b, err := w.SpawnBatch(ts, ents)
			if err != nil {
				t.Fatal(err)
			}
			for k, e := range ents {
				m := map[int]int{}
				for j, i := range idx {
					next++
					m[i] = next
					ts[j].Set(w.BlockCol(b, ts[j])[k], vals(i, next))
				}
				model[e] = m
				live = append(live, e)
			}
		case op < 5: // insert
			e := live[r.IntN(len(live))]
			i := r.IntN(3)
			next++
			if !w.Insert(e, types[i], vals(i, next)) {
				t.Fatalf("step %d: insert into live %v failed", step, e)
			}
			model[e][i] = next
		case op < 8: // remove
			k := r.IntN(len(live))
			e := live[k]
			i := r.IntN(3)
			_, had := model[e][i]
			if got := w.Remove(e, types[i]); got != had {
				t.Fatalf("step %d: Remove = %v, want %v", step, got, had)
			}
			delete(model[e], i)
			if len(model[e]) == 0 { // the last component: despawned
				delete(model, e)
				live = append(live[:k], live[k+1:]...)
			}
		default: // despawn
			k := r.IntN(len(live))
			e := live[k]
			if !w.Despawn(e) {
				t.Fatalf("step %d: despawn of live %v failed", step, e)
			}
			delete(model, e)
			live = append(live[:k], live[k+1:]...)
		}
		if step%997 == 0 || step == 19999 {
			checkWorld(t, w, model, get)
		}
	}
	// donburi's own Create and Remove still work on every archetype, once
	// its counts are set.
	w.flushCounts()
	for _, e := range live {
		ts := w.Types(e)
		made := w.dw.Create(w.layoutOf(ts)...)
		if !w.dw.Valid(made) {
			t.Fatal("donburi's Create after moves made an invalid entity")
		}
		w.dw.Remove(made)
	}
	checkWorld(t, w, model, get)
}

func (w *World) layoutOf(ts []*Type) []component.IComponentType {
	var out []component.IComponentType
	for _, t := range ts {
		out = append(out, w.col(t))
	}
	return out
}

func checkWorld(t *testing.T, w *World, model map[Entity]map[int]int, get func(Entity, int) (int, bool)) {
	t.Helper()
	if w.Len() != len(model) || w.dw.Len() != len(model) {
		t.Fatalf("Len = %d (donburi %d), want %d", w.Len(), w.dw.Len(), len(model))
	}
	total := 0
	for ai, a := range w.dw.Archetypes() {
		ents := a.Entities()
		total += len(ents)
		for _, c := range a.Layout().Components() {
			if got := len(w.storage(c.(*column)).storages[ai]); got != len(ents) {
				t.Fatalf("archetype %d: %d components of %s for %d entities", ai, got, c.(*column).t.Name, len(ents))
			}
			for row, p := range w.storage(c.(*column)).storages[ai] {
				if p != c.(*column).slot(ai, row) {
					t.Fatalf("archetype %d row %d: donburi's pointer to %s is not the row's slot", ai, row, c.(*column).t.Name)
				}
			}
		}
		if n, ok := w.m.components().indices[ai]; ok && n != len(ents)-1 && !w.stale[ai] {
			t.Fatalf("archetype %d: donburi counts %d, has %d entities", ai, n+1, len(ents))
		}
		for row, e := range ents {
			if _, ok := model[Entity(e)]; !ok {
				t.Fatalf("archetype %d row %d holds %v, which is not live", ai, row, e)
			}
		}
	}
	if total != len(model) {
		t.Fatalf("archetypes hold %d entities, want %d", total, len(model))
	}
	for e, m := range model {
		if !w.Valid(e) || !w.dw.Valid(donburi.Entity(e)) {
			t.Fatalf("%v is not valid", e)
		}
		entry := w.dw.Entry(donburi.Entity(e))
		for i := range 3 {
			v, has := get(e, i)
			want, ok := m[i]
			if has != ok || v != want {
				t.Fatalf("%v component %d = %v %v, want %v %v", e, i, v, has, want, ok)
			}
			if ok && *(*int)(entry.Component(w.col([]*Type{TypeFor[mvA](), TypeFor[mvB](), TypeFor[mvC]()}[i]))) != want {
				t.Fatalf("%v component %d through donburi's Entry disagrees", e, i)
			}
		}
	}
}
