package world

import (
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/yohamta/donburi"
)

type pos struct{ X, Y float64 }

// An entity id whose version reaches MaxVersion is retired: handed out
// again at version 0, a stale Entity of the first generation would alias
// the live one.
func TestVersionWrapRetiresTheID(t *testing.T) {
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tp := TypeFor[pos]()
	e, _ := w.Spawn([]*Type{tp}, []any{pos{}})
	w.Despawn(e)
	// Fast-forward the id to its last version instead of despawning it
	// 2^24 times: the free list holds it with the next version.
	d := w.free
	if len(d) != 1 || d[0].ID() != e.ID() {
		t.Fatalf("free list = %v", d)
	}
	d[0] = d[0]&^MaxVersion | MaxVersion
	last, _ := w.Spawn([]*Type{tp}, []any{pos{}})
	if last.ID() != e.ID() || last.Version() != MaxVersion {
		t.Fatalf("spawned %v, want id %d at version %d", last, e.ID(), MaxVersion)
	}
	w.Despawn(last)
	next, _ := w.Spawn([]*Type{tp}, []any{pos{}})
	if next.ID() == e.ID() {
		t.Fatalf("id %d reused after version %d (as %v): a stale Entity of version 0 would alias it", e.ID(), MaxVersion, next)
	}
	if w.Retired() != 1 {
		t.Fatalf("Retired = %d, want 1", w.Retired())
	}
	stale := Entity(uint64(e) &^ MaxVersion) // version 0 of the retired id
	if w.Valid(stale) || w.Valid(last) {
		t.Fatal("a despawned entity is valid")
	}
}

// Components live in dense per-archetype columns: the rows of despawned
// entities are reused, so that churn allocates nothing and does not keep
// garbage alive, a surviving entity keeps its value, and an archetype's
// components are contiguous.
func TestSlotsAreReused(t *testing.T) {
	w, _ := New()
	tp := TypeFor[pos]()
	keep, _ := w.Spawn([]*Type{tp}, []any{pos{1, 1}})
	first := w.Get(keep, tp)
	for range 10_000 {
		e, _ := w.Spawn([]*Type{tp}, []any{pos{2, 2}})
		w.Despawn(e)
	}
	arch, _, _ := w.locate(keep)
	if c := w.archs[arch].cap; c != 8 {
		t.Fatalf("capacity %d for at most 2 entities, want 8", c)
	}
	if p := (*pos)(w.Get(keep, tp)); p != (*pos)(first) || *p != (pos{1, 1}) {
		t.Fatalf("the surviving component moved or changed: %v", *p)
	}
	e, _ := w.Spawn([]*Type{tp}, []any{pos{3, 3}})
	if *(*pos)(w.Get(e, tp)) != (pos{3, 3}) {
		t.Fatal("a reused row does not hold the new value")
	}
	var ents []Entity
	for i := range 1000 {
		e, _ := w.Spawn([]*Type{tp}, []any{pos{float64(i), 0}})
		ents = append(ents, e)
	}
	for i := 1; i < len(ents); i++ {
		if d := uintptr(w.Get(ents[i], tp)) - uintptr(w.Get(ents[i-1], tp)); d != tp.size {
			t.Fatalf("rows %d and %d are %d bytes apart, want %d", i-1, i, d, tp.size)
		}
		if p := (*pos)(w.Get(ents[i], tp)); p.X != float64(i) {
			t.Fatalf("entity %d holds %v after its column grew", i, *p)
		}
	}
}

// Worlds can be made, and types registered, on many goroutines at once.
func TestNewOnManyGoroutines(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, err := New()
			if err != nil {
				t.Error(err)
				return
			}
			if _, err := w.Spawn([]*Type{TypeFor[pos]()}, []any{pos{}}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// Reserved ids are spawned in any order with the ids Reserve returned,
// recycled ids first; a released id is never live and does not alias the
// entity that reuses it.
func TestReserveSpawnAsRelease(t *testing.T) {
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tp := TypeFor[pos]()
	a, b, c := w.Reserve(), w.Reserve(), w.Reserve()
	if a == b || b == c || a == c {
		t.Fatalf("reserved %x %x %x: not distinct", a, b, c)
	}
	if w.Valid(a) {
		t.Fatal("a reserved id is live before it is spawned")
	}
	for i, e := range []Entity{c, a} { // out of order; b is released
		if err := w.SpawnAs(e, []*Type{tp}, []any{pos{X: float64(i)}}); err != nil {
			t.Fatal(err)
		}
	}
	w.Release(b)
	if !w.Valid(a) || !w.Valid(c) || w.Valid(b) || w.Len() != 2 {
		t.Fatalf("valid a=%v b=%v c=%v len=%d, want a and c only", w.Valid(a), w.Valid(b), w.Valid(c), w.Len())
	}
	if got := (*pos)(w.Get(c, tp)).X; got != 0 {
		t.Fatalf("c.X = %v, want 0", got)
	}
	// The released id comes back first, at a newer version.
	d := w.Reserve()
	if d.ID() != b.ID() || d == b {
		t.Fatalf("reserved %x after releasing %x: want the same id at a newer version", d, b)
	}
	if err := w.SpawnAs(d, []*Type{tp}, []any{pos{}}); err != nil {
		t.Fatal(err)
	}
	if w.Valid(b) || !w.Valid(d) {
		t.Fatal("the released Entity aliases the entity that reuses its id")
	}
	// Despawned ids are reserved again, newest first, like donburi's Create.
	w.Despawn(a)
	if e := w.Reserve(); e.ID() != a.ID() || e == a {
		t.Fatalf("reserved %x after despawning %x", e, a)
	}
	// Invalid components release the id.
	e := w.Reserve()
	if err := w.SpawnAs(e, nil, nil); err == nil {
		t.Fatal("SpawnAs with no components: no error")
	}
	if w.Valid(e) {
		t.Fatal("an entity spawned without components is live")
	}
}

// Reserve is safe from many goroutines: every id is distinct and each
// spawns as reserved.
func TestReserveConcurrent(t *testing.T) {
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tp := TypeFor[pos]()
	var old []Entity
	for range 100 {
		e, _ := w.Spawn([]*Type{tp}, []any{pos{}})
		old = append(old, e)
	}
	for _, e := range old {
		w.Despawn(e) // 100 ids on the free list, then new ones
	}
	const n, per = 4, 100
	got := make([][]Entity, n)
	var wg sync.WaitGroup
	for g := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range per {
				got[g] = append(got[g], w.Reserve())
			}
		}()
	}
	wg.Wait()
	seen := map[Entity]bool{}
	for g := n - 1; g >= 0; g-- {
		for _, e := range got[g] {
			if seen[e] {
				t.Fatalf("id %x reserved twice", e)
			}
			seen[e] = true
			if err := w.SpawnAs(e, []*Type{tp}, []any{pos{}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if w.Len() != n*per {
		t.Fatalf("Len = %d, want %d", w.Len(), n*per)
	}
	for e := range seen {
		if !w.Valid(e) {
			t.Fatalf("%x not live", e)
		}
	}
}

// Type names read as in Go code: package paths of type arguments are cut
// to their last element (donburi.Entity is an alias of its internal
// storage.Entity).
func TestShortName(t *testing.T) {
	for _, c := range []struct {
		t    reflect.Type
		want string
	}{
		{reflect.TypeFor[pos](), "world.pos"},
		{reflect.TypeFor[atomic.Pointer[donburi.Entity]](), "atomic.Pointer[storage.Entity]"},
		{reflect.TypeFor[map[string]*atomic.Pointer[[]donburi.Entity]](), "map[string]*atomic.Pointer[[]storage.Entity]"},
	} {
		if got := ShortName(c.t); got != c.want {
			t.Errorf("ShortName(%s) = %q, want %q", c.t, got, c.want)
		}
	}
}
