package world

import "testing"

type (
	rsA struct{ X, Y float64 }
	rsB struct{ S string }
)

// A reserved archetype spawns its entities without growing its columns,
// and leaves the world's history as a world without the reservation:
// the archetype is made when its first entity lands in it, also by a
// move (which then counts up the newest freed id, as making it does).
func TestReserveRoomChangesNoHistory(t *testing.T) {
	ta, tb := TypeFor[rsA](), TypeFor[rsB]()
	run := func(reserve bool) (*World, []Entity) {
		w, _ := New()
		if reserve {
			if err := w.ReserveRoom([]*Type{ta, tb}, 1000); err != nil {
				t.Fatal(err)
			}
		}
		e1, _ := w.Spawn([]*Type{ta}, []any{rsA{1, 2}})
		e2, _ := w.Spawn([]*Type{ta}, []any{rsA{3, 4}})
		w.Despawn(e2)
		w.Insert(e1, tb, rsB{"b"}) // makes {A, B} by a move: bumps e2's freed id
		var base any
		if reserve {
			base = w.archs[w.places[e1>>32].arch].cols[0].base
		}
		var ents []Entity
		for range 999 {
			e := w.Reserve()
			ents = append(ents, e)
		}
		if _, err := w.SpawnBatch([]*Type{ta, tb}, ents); err != nil {
			t.Fatal(err)
		}
		if reserve && w.archs[w.places[e1>>32].arch].cols[0].base != base {
			t.Fatal("spawning into the reserved archetype grew its columns")
		}
		return w, ents
	}
	plain, pe := run(false)
	res, re := run(true)
	if pe[0] != re[0] || pe[0].Version() != 3 {
		t.Fatalf("first id after the move %v (reserved: %v), want the freed id 2 at version 3 (freed at 2, bumped by the move) in both", pe[0], re[0])
	}
	var dp, dr []Entity
	dp, dr = plain.Entities(dp), res.Entities(dr)
	if len(dp) != len(dr) {
		t.Fatalf("%d and %d entities", len(dp), len(dr))
	}
	for i := range dp {
		if dp[i] != dr[i] {
			t.Fatalf("entity %d: %v without reserving, %v with", i, dp[i], dr[i])
		}
	}
	if len(plain.made) != len(res.made) {
		t.Fatalf("made %v and %v", plain.made, res.made)
	}
	if err := res.ReserveRoom([]*Type{ta, ta}, 1); err == nil {
		t.Fatal("ReserveRoom of a type given twice: no error")
	}
}
