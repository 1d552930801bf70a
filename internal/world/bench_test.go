package world

import (
	"fmt"
	"testing"
)

// BenchmarkArchetypes makes 16,384 archetypes (every set of 14 types,
// one entity each) in a new world per round.
func BenchmarkArchetypes(b *testing.B) {
	const bits = 14
	var types []*Type
	for i := range bits {
		types = append(types, typeForBit(i))
	}
	sets := make([][]*Type, 1<<bits)
	for m := 1; m < 1<<bits; m++ {
		for i := range bits {
			if m&(1<<i) != 0 {
				sets[m] = append(sets[m], types[i])
			}
		}
	}
	one := make([]Entity, 1)
	for b.Loop() {
		w, _ := New()
		for m := 1; m < 1<<bits; m++ {
			one[0] = w.Reserve()
			if _, err := w.SpawnBatch(sets[m], one); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkGet looks up one component of n entities in shuffled order
// with Query.Get.
func BenchmarkGet(b *testing.B) {
	for _, n := range []int{1024, 256_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, _ := New()
			tp := TypeFor[pos]()
			ents := make([]Entity, n)
			for i := range ents {
				ents[i] = w.Reserve()
			}
			blk, _ := w.SpawnBatch([]*Type{tp}, ents)
			Fill(w, blk, tp, make([]pos, n))
			for i := range ents { // a fixed shuffle
				j := (i*7919 + 13) % n
				ents[i], ents[j] = ents[j], ents[i]
			}
			q := w.NewQuery([]*Type{tp}, nil, nil)
			q.Refresh()
			s := 0.0
			for b.Loop() {
				for _, e := range ents {
					s += (*pos)(q.Get(e, 0)).X
				}
			}
			if s != 0 {
				b.Fatal(s)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity")
		})
	}
}

// BenchmarkChurn is the world's part of bench/'s churn: 1,000 despawns
// and 1,000 spawns (one batch, as typed commands apply them) per round
// among 100,000 entities of Position and Velocity, without the command
// buffers and the scheduler around them.
func BenchmarkChurn(b *testing.B) {
	w, _ := New()
	w.Solo = true
	tp, tv := TypeFor[pos](), TypeFor[vel]()
	types := []*Type{tp, tv}
	bg := make([]Entity, 100_000)
	for i := range bg {
		bg[i] = w.Reserve()
	}
	arch := -1
	if _, err := w.SpawnCached(types, bg, &arch); err != nil {
		b.Fatal(err)
	}
	const k = 1000
	ents := make([]Entity, 0, k)
	ps, vs := make([]pos, k), make([]vel, k)
	tick := func() {
		for _, e := range ents {
			w.Despawn(e)
		}
		ents = ents[:0]
		for range k {
			ents = append(ents, w.Reserve())
		}
		blk, err := w.SpawnCached(types, ents, &arch)
		if err != nil {
			b.Fatal(err)
		}
		Fill(w, blk, tp, ps)
		Fill(w, blk, tv, vs)
	}
	tick()
	b.ReportAllocs()
	for b.Loop() {
		tick()
	}
}
