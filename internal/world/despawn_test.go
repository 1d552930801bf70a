package world

import (
	"math/rand/v2"
	"slices"
	"testing"
)

type (
	dsA struct{ X, Y float64 }
	dsB struct {
		S string // not plain: copied and cleared by its type
		N int
	}
	dsC struct{ V [5]int32 } // 20 bytes: not copied as words
)

// TestDespawnEachIsDespawn checks DespawnEach against one Despawn per
// entity on worlds of three archetypes (plain, pointer-holding and odd
// sizes): runs in storage order, reversed, shuffled, mixed across
// archetypes, with duplicates, stale and never-spawned ids and the
// zero Entity. The worlds must end alike in every row and id: the same
// digest (entities in storage order, every component's values, the free
// list), the same OnRemove calls in the same order, the same rows read
// back, and the same ids for the next spawns.
func TestDespawnEachIsDespawn(t *testing.T) {
	ta, tb, tc := TypeFor[dsA](), TypeFor[dsB](), TypeFor[dsC]()
	layouts := [][]*Type{{ta}, {ta, tb}, {tc, ta, tb}}
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 7))
		type world struct {
			w       *World
			removed []Entity
		}
		build := func() *world {
			w, _ := New()
			x := &world{w: w}
			w.OnRemove = func(t *Type, e Entity) { x.removed = append(x.removed, e<<8|Entity(t.Index&0xff)) }
			return x
		}
		one, run := build(), build()
		r := rand.New(rand.NewPCG(seed, 1))
		var all []Entity
		n := 1 + r.IntN(60)
		for i := range n {
			l := layouts[r.IntN(len(layouts))]
			vals := make([]any, len(l))
			for k, t := range l {
				switch t {
				case ta:
					vals[k] = dsA{float64(i), -float64(i)}
				case tb:
					vals[k] = dsB{string(rune('a' + i%26)), i}
				default:
					vals[k] = dsC{[5]int32{int32(i), 1, 2, 3, int32(i)}}
				}
			}
			e1, err1 := one.w.Spawn(l, vals)
			e2, err2 := run.w.Spawn(l, vals)
			if err1 != nil || err2 != nil || e1 != e2 {
				t.Fatalf("seed %d: spawn %v %v, %v %v", seed, e1, err1, e2, err2)
			}
			all = append(all, e1)
		}
		// A few despawned already: their Entity values are stale.
		for _, e := range all[:r.IntN(min(3, len(all)+1))] {
			one.w.Despawn(e)
			run.w.Despawn(e)
		}
		var list []Entity
		switch rng.IntN(4) {
		case 0:
			list = slices.Clone(all)
		case 1:
			list = slices.Clone(all)
			slices.Reverse(list)
		case 2:
			list = slices.Clone(all[:r.IntN(len(all)+1)])
			rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		default:
			list = one.w.Entities(nil) // storage order
			list = list[len(list)/3:]
		}
		for range r.IntN(4) { // duplicates, a never-spawned id, the zero Entity
			switch r.IntN(3) {
			case 0:
				if len(list) > 0 {
					list = slices.Insert(list, r.IntN(len(list)+1), list[r.IntN(len(list))])
				}
			case 1:
				list = append(list, Entity(999)<<32|1)
			default:
				list = slices.Insert(list, r.IntN(len(list)+1), 0)
			}
		}
		want := 0
		for _, e := range list {
			if one.w.Despawn(e) {
				want++
			}
		}
		if got := run.w.DespawnEach(list); got != want {
			t.Fatalf("seed %d: DespawnEach despawned %d, Despawn %d", seed, got, want)
		}
		h1, s1 := one.w.Digest(nil)
		h2, s2 := run.w.Digest(nil)
		if h1 != h2 || !slices.Equal(s1, s2) {
			t.Fatalf("seed %d: digests differ after despawning %v: %x %v and %x %v", seed, list, h1, s1, h2, s2)
		}
		if !slices.Equal(one.removed, run.removed) {
			t.Fatalf("seed %d: OnRemove calls %v, want %v", seed, run.removed, one.removed)
		}
		for _, a := range run.w.archs {
			for r := len(a.ents); r < a.cap; r++ {
				for _, c := range a.cols {
					if !c.v.Index(r).IsZero() {
						t.Fatalf("seed %d: row %d past the last of %v is not cleared", seed, r, a.types)
					}
				}
			}
		}
		for range 5 {
			e1, _ := one.w.Spawn([]*Type{ta}, []any{dsA{}})
			e2, _ := run.w.Spawn([]*Type{ta}, []any{dsA{}})
			if e1 != e2 {
				t.Fatalf("seed %d: next spawn %v, want %v", seed, e2, e1)
			}
		}
	}
}
