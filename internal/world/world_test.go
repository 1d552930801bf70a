package world

import (
	"sync"
	"testing"

	"github.com/yohamta/donburi"
)

type pos struct{ X, Y float64 }

// An entity id whose version reaches MaxVersion is retired: donburi would
// hand it out again at version 0, so that a stale Entity of the first
// generation would alias the live one.
func TestVersionWrapRetiresTheID(t *testing.T) {
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tp := TypeFor[pos]()
	e, _ := w.Spawn([]*Type{tp}, []any{pos{}})
	w.Despawn(e)
	// Fast-forward the id to its last version instead of despawning it
	// 2^24 times: donburi's free list holds it with the next version.
	d := w.m.destroyed
	if len(d) != 1 || d[0].Id() != donburi.Entity(e).Id() {
		t.Fatalf("free list = %v", d)
	}
	d[0] = donburi.Entity(uint64(d[0])&^MaxVersion | MaxVersion)
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

// Components of despawned entities are reused, so that a long-lived
// component does not keep a block of garbage alive under churn.
func TestSlotsAreReused(t *testing.T) {
	w, _ := New()
	tp := TypeFor[pos]()
	keep, _ := w.Spawn([]*Type{tp}, []any{pos{1, 1}})
	first := w.Get(keep, tp)
	for range 10_000 {
		e, _ := w.Spawn([]*Type{tp}, []any{pos{2, 2}})
		w.Despawn(e)
	}
	if len(w.cols[tp.Index].free) != 1 {
		t.Fatalf("free slots = %d, want 1 (one slot reused over and over)", len(w.cols[tp.Index].free))
	}
	if p := (*pos)(w.Get(keep, tp)); p != (*pos)(first) || *p != (pos{1, 1}) {
		t.Fatalf("the surviving component moved or changed: %v", *p)
	}
	e, _ := w.Spawn([]*Type{tp}, []any{pos{3, 3}})
	if *(*pos)(w.Get(e, tp)) != (pos{3, 3}) {
		t.Fatal("a reused slot does not hold the new value")
	}
}

// Worlds can be made on many goroutines at once, including the first of
// the process (the layout check and donburi's world counter).
func TestNewOnManyGoroutines(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := New(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}
