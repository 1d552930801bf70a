package glue

import (
	"testing"
	"time"
)

// The scheduler's default decisions depend on measured times, which vary
// with the machine's load; these tests feed it measurements directly. The
// integration tests in parallel_test.go prove that parallel runs really
// happen (with explicit Options) and equal sequential ones.

func entitySys(work int, nsPerItem float64) *System {
	qs := &queryState{count: work}
	return &System{kind: entitySystem, chunkSafe: true, queries: []*queryState{qs}, nsPerItem: nsPerItem}
}

func TestDefaultSplitFollowsMeasuredCost(t *testing.T) {
	a := &App{}
	heavy := entitySys(10_000, 100) // 1 ms per run
	if got := a.chunks(heavy, 10_000, 2); got != 2 {
		t.Fatalf("a 1 ms system on 2 workers: %d chunks, want 2", got)
	}
	light := entitySys(10_000, 3) // 30 µs per run
	if got := a.chunks(light, 10_000, 2); got != 1 {
		t.Fatalf("a 30 µs system: %d chunks, want 1 (chunks of ~25 µs)", got)
	}
	if got := a.chunks(entitySys(10, 0), 10, 2); got != 1 {
		t.Fatalf("an unmeasured system: %d chunks, want 1", got)
	}
}

func TestSplitThatDoesNotPayStopsAndIsProbed(t *testing.T) {
	a := &App{}
	s := entitySys(10_000, 100)
	s.observeSplit(900 * time.Microsecond) // split wall 90 ns/entity: no gain
	split := 0
	for range 128 {
		if a.chunks(s, 10_000, 2) > 1 {
			split++
		}
	}
	if split != 2 {
		t.Fatalf("split %d times in 128 runs after splitting did not pay, want 2 probes", split)
	}
	s2 := entitySys(10_000, 100)
	s2.observeSplit(550 * time.Microsecond) // 55 ns/entity: it pays
	if got := a.chunks(s2, 10_000, 2); got != 2 {
		t.Fatalf("splitting that pays: %d chunks, want 2", got)
	}
}

func TestLevelGoesParallelOnlyWhenItPays(t *testing.T) {
	a := &App{}
	light := []*System{entitySys(1000, 3), entitySys(1000, 3)} // 3 µs each
	if a.worthParallel(light, &levelStat{}) {
		t.Fatal("two 3 µs systems went parallel")
	}
	heavy := []*System{entitySys(1000, 100), entitySys(1000, 100)} // 100 µs each
	if !a.worthParallel(heavy, &levelStat{}) {
		t.Fatal("two 100 µs systems stayed on one goroutine")
	}
	// Their parallel runs took as long as a sequential run would: stop,
	// but probe again every 64th tick.
	st := &levelStat{parWall: 190 * time.Microsecond}
	n := 0
	for range 128 {
		if a.worthParallel(heavy, st) {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("went parallel %d times in 128 after it did not pay, want 2 probes", n)
	}
	if !a.worthParallel(heavy, &levelStat{parWall: 110 * time.Microsecond}) {
		t.Fatal("stopped going parallel although it paid (110 µs vs 200 µs)")
	}
	// Explicit options decide by entity count.
	b := &App{opts: Options{ParallelThreshold: 1500}}
	if !b.worthParallel(light, &levelStat{}) {
		t.Fatal("ParallelThreshold 1500 with 2000 entities stayed sequential")
	}
}
