package world

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

type (
	lmA   struct{ V int }
	lmB   struct{ V int }
	lmBig struct {
		Data [64 << 10]byte
		S    string
	}
	lmTag struct{}
)

// Making an archetype by a move counts up the version of the newest
// freed id (the id order glue kept, see bumpFree). Cycling one id
// 2^24−2 times and then making an archetype by an Insert wrapped that
// version, and the Entity of the id's first life was live again. The id
// is retired instead.
func TestNewArchetypeRetiresAnIDAtItsLastVersion(t *testing.T) {
	w, _ := New()
	a, b := TypeFor[lmA](), TypeFor[lmB]()
	keep, _ := w.Spawn([]*Type{a}, []any{lmA{}})
	first, _ := w.Spawn([]*Type{a}, []any{lmA{}})
	w.Despawn(first)
	// Fast-forward: the free list holds the id at the version 2^24−2
	// spawns and despawns leave it at.
	if len(w.free) != 1 || w.free[0] != first.next() {
		t.Fatalf("free list %x, want [%x]", w.free, first.next())
	}
	w.free[0] = w.free[0]&^MaxVersion | Entity(first.Version()+1<<24-2)&MaxVersion
	if w.free[0].Version() != MaxVersion {
		t.Fatalf("version %d, want %d", w.free[0].Version(), MaxVersion)
	}
	w.Insert(keep, b, lmB{}) // makes archetype {A, B} by a move
	if w.Retired() != 1 || len(w.free) != 0 {
		t.Fatalf("Retired %d, free %x: want the id retired", w.Retired(), w.free)
	}
	for range 4 {
		e, _ := w.Spawn([]*Type{a}, []any{lmA{}})
		if e.ID() == first.ID() || w.Valid(first) {
			t.Fatalf("spawned %x: the retired id of %x is back", e, first)
		}
		w.Despawn(e)
	}
	// Below the last version the id stays and counts up by one.
	w.Reserve() // takes the free id
	free := w.Reserve()
	w.Release(free)
	w.Insert(keep, TypeFor[lmTag](), lmTag{})
	if got := w.Reserve(); got.ID() != free.ID() || got.Version() != free.Version()+2 {
		t.Fatalf("reserved %x after a new archetype; want id %d two versions past %x", got, free.ID(), free)
	}
}

// Release retires an id at its last version too.
func TestReleaseRetires(t *testing.T) {
	w, _ := New()
	e := w.Reserve()
	w.Release(e)
	w.free[0] = w.free[0]&^MaxVersion | MaxVersion
	last := w.Reserve()
	if err := w.Release(last); err != nil {
		t.Fatal(err)
	}
	if w.Retired() != 1 || len(w.free) != 0 {
		t.Fatalf("Retired %d, free %x after releasing version %d", w.Retired(), w.free, MaxVersion)
	}
	if next := w.Reserve(); next.ID() == e.ID() {
		t.Fatalf("reserved the retired id again: %x", next)
	}
}

// Misuse of reservations is an error that changes nothing.
func TestReservationMisuse(t *testing.T) {
	w, _ := New()
	tp := TypeFor[lmA]()
	e := w.Reserve()
	if err := w.Release(e); err != nil {
		t.Fatal(err)
	}
	if err := w.Release(e); err == nil {
		t.Fatal("a second Release: no error")
	}
	if err := w.SpawnAs(e, []*Type{tp}, []any{lmA{}}); err == nil {
		t.Fatal("SpawnAs of a released id: no error")
	}
	never := Entity(uint64(7)<<32 | ready | 1)
	if err := w.SpawnAs(never, []*Type{tp}, []any{lmA{}}); err == nil || !strings.Contains(err.Error(), "id 7") {
		t.Fatalf("SpawnAs of an id never reserved: %v", err)
	}
	if err := w.Release(never); err == nil {
		t.Fatal("Release of an id never reserved: no error")
	}
	if err := w.Release(0); err == nil {
		t.Fatal("Release(0): no error")
	}
	a, b := w.Reserve(), w.Reserve()
	if a == b || a.ID() != e.ID() {
		t.Fatalf("reserved %x and %x", a, b)
	}
	if w.Len() != 0 {
		t.Fatalf("Len %d", w.Len())
	}
	// A batch with one id that is not waiting spawns none of them.
	if _, err := w.SpawnBatch([]*Type{tp}, []Entity{a, e}); err == nil {
		t.Fatal("SpawnBatch with a stale id: no error")
	}
	if w.Len() != 0 || w.Valid(a) {
		t.Fatalf("a failed batch spawned: Len %d", w.Len())
	}
	if _, err := w.SpawnBatch([]*Type{tp}, []Entity{a, b}); err != nil {
		t.Fatal(err)
	}
	if w.Len() != 2 || len(w.Entities(nil)) != 2 {
		t.Fatalf("Len %d, Entities %d", w.Len(), len(w.Entities(nil)))
	}
}

// A world hands out at most MaxIDs ids; the next reservation panics with
// a message that says so.
func TestIDsRunOut(t *testing.T) {
	w, _ := New()
	w.next = MaxIDs
	last := w.Reserve()
	if last.ID() != MaxIDs {
		t.Fatalf("last id %d, want %d", last.ID(), uint32(MaxIDs))
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "glue: a world hands out at most") {
			t.Fatalf("recovered %v", r)
		}
	}()
	w.Reserve()
}

// 16,384 archetypes are made and each is found again by its types: the
// lookup is a map keyed by the sorted type indices (time is measured by
// BenchmarkArchetypes, not here).
func TestManyArchetypes(t *testing.T) {
	const bits = 14 // 2^14 = 16,384 sets of 14 types
	var types []*Type
	for i := range bits {
		types = append(types, typeForBit(i))
	}
	w, _ := New()
	set := func(m int) []*Type {
		var ts []*Type
		for i := range bits {
			if m&(1<<i) != 0 {
				ts = append(ts, types[i])
			}
		}
		return ts
	}
	ents := make([]Entity, 1<<bits)
	for m := 1; m < 1<<bits; m++ {
		e := w.Reserve()
		if _, err := w.SpawnBatch(set(m), []Entity{e}); err != nil {
			t.Fatal(err)
		}
		ents[m] = e
	}
	if w.Archetypes() != 1<<bits-1 {
		t.Fatalf("%d archetypes, want %d", w.Archetypes(), 1<<bits-1)
	}
	// Found again, in any order of types, and by moves.
	for m := 1; m < 1<<bits; m++ {
		ts := set(m)
		for i, j := 0, len(ts)-1; i < j; i, j = i+1, j-1 {
			ts[i], ts[j] = ts[j], ts[i]
		}
		if got := w.archetypeOf(ts); got != m-1 {
			t.Fatalf("set %b: archetype %d, want %d", m, got, m-1)
		}
	}
	w.Remove(ents[3], types[0]) // {0,1} → {1}
	w.Slot(ents[5], types[1])
	if w.Archetypes() != 1<<bits-1 {
		t.Fatalf("moves made archetypes: %d", w.Archetypes())
	}
	q := w.NewQuery([]*Type{types[bits-1]}, nil, nil)
	q.Refresh()
	if q.Len() != 1<<(bits-1) {
		t.Fatalf("query of the last type: %d entities, want %d", q.Len(), 1<<(bits-1))
	}
}

// typeForBit returns a distinct registered type per i: arrays of i+1
// bytes of a named element.
func typeForBit(i int) *Type {
	type bit byte
	rt := reflect.ArrayOf(i+1, reflect.TypeFor[bit]())
	return TypeOf(reflect.New(rt).Elem().Interface())
}

// Components of any size work: a 64 KiB component with a string moves
// and survives its column's growth; zero-size components take no memory.
func TestComponentSizes(t *testing.T) {
	w, _ := New()
	big, tag, a := TypeFor[lmBig](), TypeFor[lmTag](), TypeFor[lmA]()
	var ents []Entity
	for i := range 20 {
		v := lmBig{S: fmt.Sprint("big", i)}
		v.Data[len(v.Data)-1] = byte(i)
		e, err := w.Spawn([]*Type{big, tag}, []any{v, lmTag{}})
		if err != nil {
			t.Fatal(err)
		}
		ents = append(ents, e)
	}
	for i, e := range ents {
		if i%2 == 0 {
			w.Insert(e, a, lmA{i})
		}
	}
	w.Despawn(ents[1])
	runtime.GC()
	for i, e := range ents {
		if i == 1 {
			continue
		}
		p := (*lmBig)(w.Get(e, big))
		if p.S != fmt.Sprint("big", i) || p.Data[len(p.Data)-1] != byte(i) || !w.Has(e, tag) {
			t.Fatalf("entity %d: %q %d", i, p.S, p.Data[len(p.Data)-1])
		}
	}
	if tag.size != 0 || w.Get(ents[0], tag) == nil {
		t.Fatal("a zero-size component has no address")
	}
}

// Components holding Go pointers (strings, slices, maps, pointers) live
// in columns the garbage collector scans: they survive moves, swap
// removes and column growth with collections in between.
func TestPointersSurviveMovesUnderGC(t *testing.T) {
	type ptrs struct {
		S string
		L []int
		M map[int]string
		P *int
	}
	w, _ := New()
	pt, a, b := TypeFor[ptrs](), TypeFor[lmA](), TypeFor[lmB]()
	mk := func(i int) ptrs {
		n := i
		return ptrs{S: fmt.Sprint("s", i), L: []int{i, i + 1}, M: map[int]string{i: fmt.Sprint(i)}, P: &n}
	}
	check := func(e Entity, i int) {
		t.Helper()
		p := (*ptrs)(w.Get(e, pt))
		if p == nil || p.S != fmt.Sprint("s", i) || len(p.L) != 2 || p.L[1] != i+1 || p.M[i] != fmt.Sprint(i) || *p.P != i {
			t.Fatalf("entity %d lost its pointers: %+v", i, p)
		}
	}
	var ents []Entity
	for round := range 6 {
		for i := range 200 {
			k := round*200 + i
			e, _ := w.Spawn([]*Type{pt}, []any{mk(k)})
			ents = append(ents, e)
		}
		runtime.GC()
		for k, e := range ents {
			switch (k + round) % 3 {
			case 0:
				w.Insert(e, a, lmA{k})
			case 1:
				w.Insert(e, b, lmB{k})
			default:
				w.Remove(e, a)
			}
			if k%97 == 0 {
				runtime.GC()
			}
		}
		runtime.GC()
		for k, e := range ents {
			check(e, k)
		}
	}
}
