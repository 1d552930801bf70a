package bench

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"github.com/gluekit/glue"
)

func sortStates(s []State) {
	slices.SortFunc(s, func(a, b State) int {
		return cmp.Or(cmp.Compare(a.P.X, b.P.X), cmp.Compare(a.P.Y, b.P.Y),
			cmp.Compare(a.V.X, b.V.X), cmp.Compare(a.V.Y, b.V.Y), cmp.Compare(a.A.T, b.A.T))
	})
}

// testImpls are the benchmarked implementations plus glue forced to split
// every system into chunks (in both forms, on 2 and 3 workers), so that
// the chunked paths are checked too.
func testImpls() []Impl {
	return append(slices.Clone(Impls),
		Impl{"glue-chunked", newGlueSim(glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 16})},
		Impl{"glue-3workers", newGlueSim(glue.Options{Workers: 3, ParallelThreshold: 1, ChunkSize: 16})},
		Impl{"glue-batch-chunked", newGlueBatchSim(glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 16})},
		Impl{"glue-batch-3workers", newGlueBatchSim(glue.Options{Workers: 3, ParallelThreshold: 1, ChunkSize: 16})},
	)
}

// TestSameWorld checks that every implementation computes the same world:
// after the same ticks from the same start, every entity's position,
// velocity and age agree exactly with the object model's.
func TestSameWorld(t *testing.T) {
	const ticks = 400 // long enough for many entities to bounce
	for _, heavy := range []bool{false, true} {
		for _, n := range []int{1, 1000, 5000} {
			init := Initial(n, uint64(n))
			ref := newObjectSim(init, heavy)
			for range ticks {
				ref.Tick()
			}
			want := ref.States()
			sortStates(want)
			for _, im := range testImpls() {
				t.Run(fmt.Sprintf("%s/heavy=%v/%d", im.Name, heavy, n), func(t *testing.T) {
					s := im.New(init, heavy)
					defer s.Close()
					for range ticks {
						s.Tick()
					}
					got := s.States()
					sortStates(got)
					if len(got) != len(want) {
						t.Fatalf("%d entities, want %d", len(got), len(want))
					}
					for i := range got {
						if got[i] != want[i] {
							t.Fatalf("entity %d: got %+v, want %+v", i, got[i], want[i])
						}
					}
				})
			}
		}
	}
}

// TestBounces checks that the scenario exercises every branch: after 400
// ticks some velocities have flipped and the ages have grown.
func TestBounces(t *testing.T) {
	init := Initial(1000, 1)
	s := newSliceSim(init, false).(*sliceSim)
	for range 400 {
		s.Tick()
	}
	flipped := 0
	for i := range init {
		if s.vel[i].X != init[i].V.X || s.vel[i].Y != init[i].V.Y {
			flipped++
		}
		if want := init[i].A.T + 400*DT; s.age[i].T < want-1e-9 || s.age[i].T > want+1e-9 {
			t.Fatalf("age %v, want %v", s.age[i].T, want)
		}
	}
	if flipped < 100 {
		t.Fatalf("only %d of 1000 entities bounced", flipped)
	}
}
