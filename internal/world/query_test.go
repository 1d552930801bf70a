package world

import (
	"slices"
	"testing"
	"unsafe"
)

type vel struct{ X, Y float64 }

// Query.Get finds a matching entity's component and gives nil, never a
// wrong component or a panic, for everything else: the zero Entity, an
// id reserved beyond the table of places, a stale Entity, an entity
// that does not match, one in an archetype made after the last Refresh
// (until the next Refresh), an id past the table of places whose masked
// id is a live entity's, and the Entity that place 0 holds (never handed
// out). Fetch hands out a pointer or a copy as the query's SetPtrs says.
// As gives the component or a copy by
// the kind, and the zero value for nil.
func TestQueryGetMisses(t *testing.T) {
	w, _ := New()
	tp, tv := TypeFor[pos](), TypeFor[vel]()
	spawn := func(types ...*Type) Entity {
		e := w.Reserve()
		if _, err := w.SpawnBatch(types, []Entity{e}); err != nil {
			t.Fatal(err)
		}
		return e
	}
	a := spawn(tp, tv)
	*(*pos)(w.Get(a, tp)) = pos{1, 2}
	other := spawn(tv)
	gone := spawn(tp, tv)
	w.Despawn(gone)
	q := w.NewQuery([]*Type{tp}, nil, nil)
	q.Refresh()
	qv := w.NewQuery([]*Type{tp}, nil, nil) // hands out copies
	q.SetPtrs([]bool{true})
	qv.SetPtrs([]bool{false})
	qv.Refresh()
	late := spawn(tp) // a new archetype, after the refresh
	far := w.Reserve()
	for i := 0; i < 100; i++ {
		far = w.Reserve() // ids beyond the table of places
	}
	aliased := a + Entity(len(w.places))<<32 // id&pmask is a's id
	if aliased>>32&w.pmask != a>>32 || aliased>>32 == a>>32 {
		t.Fatal("the aliased Entity does not land on a's place")
	}
	misses := map[string]Entity{"zero": 0, "reserved": far, "stale": gone, "no match": other, "unrefreshed": late, "aliased": aliased, "place 0's": 1 << 32}
	for name, e := range misses {
		if p := q.Get(e, 0); p != nil {
			t.Errorf("Get(%s) = %p, want nil", name, p)
		}
		if p, ok := Fetch[*pos](q, e); p != nil || ok {
			t.Errorf("Fetch[*pos](%s) = %p, %v, want nil, false", name, p, ok)
		}
		if v, ok := Fetch[pos](qv, e); v != (pos{}) || ok {
			t.Errorf("Fetch[pos](%s) = %v, %v, want the zero value, false", name, v, ok)
		}
		if _, ok := Find[pos](q, e); ok {
			t.Errorf("Find(%s) found it", name)
		}
		if Has[pos](q, e) {
			t.Errorf("Has(%s) = true", name)
		}
	}
	if !Has[pos](q, a) {
		t.Error("Has(a) = false")
	}
	if p, ok := Fetch[*pos](q, a); !ok || unsafe.Pointer(p) != q.Get(a, 0) {
		t.Errorf("Fetch[*pos](a) = %p, %v, want %p, true", p, ok, q.Get(a, 0))
	}
	if v, ok := Fetch[pos](qv, a); !ok || v != (pos{1, 2}) {
		t.Errorf("Fetch[pos](a) = %v, %v", v, ok)
	}
	if l, ok := Find[pos](q, a); !ok || *At[pos](q, 0, l) != (pos{1, 2}) {
		t.Errorf("Find(a) = %v, %v", l, ok)
	}
	if p := As[*pos](q.Get(a, 0), true); p == nil || *p != (pos{1, 2}) {
		t.Errorf("Get(a) as *pos = %v", p)
	}
	if v := As[pos](q.Get(a, 0), false); v != (pos{1, 2}) {
		t.Errorf("Get(a) as pos = %v", v)
	}
	if v := As[pos](q.Get(other, 0), false); v != (pos{}) {
		t.Errorf("As of nil = %v, want the zero value", v)
	}
	q.Refresh()
	if q.Get(late, 0) == nil {
		t.Error("Get(late) after Refresh = nil")
	}
}

// A query made before the world has any archetype, and never refreshed,
// finds nothing and does not panic; the archetypes made after it are
// taken into its tables as they are made (Query.pad), so that a lookup
// needs no range check.
func TestQueryBeforeAnyArchetype(t *testing.T) {
	w, _ := New()
	tp := TypeFor[pos]()
	q := w.NewQuery([]*Type{tp}, nil, nil)
	if q.Get(0, 0) != nil || q.Get(Entity(7<<32|ready|1), 0) != nil {
		t.Fatal("Get on an empty world found something")
	}
	var ents []Entity
	for i := range 40 { // 40 archetypes made after the query
		types := []*Type{tp}
		for j := range 6 {
			if i&(1<<j) != 0 {
				types = append(types, tagTypes[j])
			}
		}
		e := w.Reserve()
		if _, err := w.SpawnBatch(types, []Entity{e}); err != nil {
			t.Fatal(err)
		}
		ents = append(ents, e)
	}
	for _, e := range ents {
		if q.Get(e, 0) != nil {
			t.Fatalf("Get(%d) before Refresh found it", e.ID())
		}
	}
	q.Refresh()
	for _, e := range ents {
		if q.Get(e, 0) == nil {
			t.Fatalf("Get(%d) after Refresh = nil", e.ID())
		}
	}
}

type (
	tag0 struct{ _ byte }
	tag1 struct{ _ byte }
	tag2 struct{ _ byte }
	tag3 struct{ _ byte }
	tag4 struct{ _ byte }
	tag5 struct{ _ byte }
)

var tagTypes = []*Type{TypeFor[tag0](), TypeFor[tag1](), TypeFor[tag2](), TypeFor[tag3](), TypeFor[tag4](), TypeFor[tag5]()}

// ReserveFree takes the ids Reserve would, in the same order, while a
// freed id waits and the world is Solo; otherwise it changes nothing.
func TestReserveFreeIsReserve(t *testing.T) {
	build := func() *World {
		w, _ := New()
		tp := TypeFor[pos]()
		var ents []Entity
		for range 6 {
			e := w.Reserve()
			if _, err := w.SpawnBatch([]*Type{tp}, []Entity{e}); err != nil {
				t.Fatal(err)
			}
			ents = append(ents, e)
		}
		for _, e := range ents[1:4] {
			w.Despawn(e)
		}
		return w
	}
	a, b := build(), build()
	if _, ok := a.ReserveFree(); ok {
		t.Fatal("ReserveFree took an id in a world that is not Solo")
	}
	a.Solo, b.Solo = true, true
	fast := 0
	for range 6 { // 3 freed ids, then new ones
		want := b.Reserve()
		got, ok := a.ReserveFree()
		if ok {
			fast++
		} else {
			got = a.Reserve()
		}
		if got != want {
			t.Fatalf("reserved %v, Reserve gives %v", got, want)
		}
	}
	if fast != 3 {
		t.Errorf("ReserveFree took %d ids, want the 3 freed ones", fast)
	}
	if !slices.Equal(a.pending, b.pending) || !slices.Equal(a.free, b.free) || a.next != b.next {
		t.Error("the worlds' id tables differ after the same reservations")
	}
}
