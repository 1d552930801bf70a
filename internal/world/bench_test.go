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
