package world

import (
	"fmt"
	"slices"
	"testing"
)

// Peek predicts Reserve: despawned ids newest first, then new ones, also
// while new ids are reserved and not yet made.
func TestPeekIsReserve(t *testing.T) {
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tp := TypeFor[pos]()
	var live []Entity
	for range 10 {
		e, err := w.Spawn([]*Type{tp}, []any{pos{}})
		if err != nil {
			t.Fatal(err)
		}
		live = append(live, e)
	}
	for _, i := range []int{3, 7, 1} {
		w.Despawn(live[i])
	}
	for round := range 3 {
		want := w.Peek(6)
		var got []Entity
		for range 6 {
			got = append(got, w.Reserve())
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: Peek(6) = %x, Reserve gave %x", round, want, got)
		}
		for i, e := range got {
			if i%2 == 0 {
				w.Release(e)
			} else if err := w.SpawnAs(e, []*Type{tp}, []any{pos{}}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Walk visits archetypes in creation order and entities in storage
// order, and Value reads a component in place.
func TestWalkAndValue(t *testing.T) {
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	type tag struct{}
	tp, tt := TypeFor[pos](), TypeFor[tag]()
	var ents []Entity
	for i := range 6 {
		types, vals := []*Type{tp}, []any{pos{X: float64(i)}}
		if i%2 == 1 {
			types, vals = append(types, tt), append(vals, tag{})
		}
		e, err := w.Spawn(types, vals)
		if err != nil {
			t.Fatal(err)
		}
		ents = append(ents, e)
	}
	w.Despawn(ents[0]) // the last of its archetype takes its place
	var got []string
	w.Walk(func(types []*Type, es []Entity) {
		for _, e := range es {
			got = append(got, fmt.Sprint(len(types), w.Value(e, tp).(*pos).X))
		}
	})
	if fmt.Sprint(got) != "[1 4 1 2 2 1 2 3 2 5]" {
		t.Errorf("Walk visited %v", got)
	}
	w.Value(ents[1], tp).(*pos).Y = 9
	if (*pos)(w.Get(ents[1], tp)).Y != 9 || w.Value(ents[0], tp) != nil || w.Value(ents[2], tt) != nil {
		t.Error("Value does not point at the stored component, or finds one that is not there")
	}
}
