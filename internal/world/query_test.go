package world

import "testing"

type vel struct{ X, Y float64 }

// Query.Get finds a matching entity's component and gives nil, never a
// wrong component or a panic, for everything else: the zero Entity, an
// id reserved beyond the table of places, a stale Entity, an entity
// that does not match, and one in an archetype made after the last
// Refresh (until the next Refresh). As gives the component or a copy by
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
	late := spawn(tp) // a new archetype, after the refresh
	far := w.Reserve()
	for i := 0; i < 100; i++ {
		far = w.Reserve() // ids beyond the table of places
	}
	for name, e := range map[string]Entity{"zero": 0, "reserved": far, "stale": gone, "no match": other, "unrefreshed": late} {
		if p := q.Get(e, 0); p != nil {
			t.Errorf("Get(%s) = %p, want nil", name, p)
		}
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
