package sched

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// The learned policy's decisions depend on measured times, which vary with
// the machine's load; these tests feed it measurements directly. The core's
// integration tests prove that parallel runs really happen (with fixed
// options) and equal sequential ones.

func entityNode(work int, nsPerItem float64) *Node {
	n := &Node{Splittable: true, Len: func() int { return work }, Work: func() int { return work }}
	n.stats.nsPerItem = nsPerItem
	return n
}

func TestSplitFollowsMeasuredCost(t *testing.T) {
	p := Learned()
	if got := p.chunks(entityNode(10_000, 100), 10_000, 2); got != 2 {
		t.Fatalf("a 1 ms node on 2 workers: %d chunks, want 2", got)
	}
	if got := p.chunks(entityNode(10_000, 3), 10_000, 2); got != 1 {
		t.Fatalf("a 30 µs node: %d chunks, want 1 (chunks of ~25 µs)", got)
	}
	if got := p.chunks(entityNode(10, 0), 10, 2); got != 1 {
		t.Fatalf("an unmeasured node: %d chunks, want 1", got)
	}
	if got := p.chunks(entityNode(1000, 1000), 1000, 2); got != 1 {
		t.Fatalf("a node of one segment: %d chunks, want 1", got)
	}
}

func TestSplitThatDoesNotPayStopsAndIsProbed(t *testing.T) {
	p := Learned()
	n := entityNode(10_000, 100)
	n.stats.observeSplit(900*time.Microsecond, 10_000) // split wall 90 ns/entity: no gain
	split := 0
	for range 128 {
		if p.chunks(n, 10_000, 2) > 1 {
			split++
		}
	}
	if split != 2 {
		t.Fatalf("split %d times in 128 runs after splitting did not pay, want 2 probes", split)
	}
	n2 := entityNode(10_000, 100)
	n2.stats.observeSplit(550*time.Microsecond, 10_000) // 55 ns/entity: it pays
	if got := p.chunks(n2, 10_000, 2); got != 2 {
		t.Fatalf("splitting that pays: %d chunks, want 2", got)
	}
}

// A node whose cost per entity grows as the game goes on (a flock
// growing denser) must not stop splitting because its split runs are
// compared with a whole-run estimate from long ago: the policy refreshes
// the estimate with one whole run and splits again, instead of backing
// off for 64 runs.
func TestStaleEstimateIsRefreshedNotBackedOff(t *testing.T) {
	p := Learned()
	n := entityNode(10_000, 100) // whole runs measured at run 0: 100 ns per entity
	n.stats.runs = 40
	n.stats.observeSplit(850*time.Microsecond, 10_000) // split at run 40: 85 ns per entity
	lv, st := []*Node{n}, &levelStat{parWall: 850 * time.Microsecond}
	if p.parallel(lv, st) || !n.stats.refresh {
		t.Fatal("the level went parallel, or asked for no refresh, against an estimate 40 runs old")
	}
	if got := p.chunks(n, 10_000, 2); got != 1 {
		t.Fatalf("chunks against a stale estimate: %d, want 1 (a whole run that refreshes it)", got)
	}
	// The refreshing whole run: the node now costs 170 ns per entity.
	n.stats.runs++
	n.stats.observe(1700*time.Microsecond, 10_000)
	if n.stats.refresh {
		t.Fatal("the observed whole run left the refresh asked")
	}
	if !p.parallel(lv, st) {
		t.Fatal("after the refresh the level stayed on one goroutine although its split runs pay")
	}
	if got := p.chunks(n, 10_000, 2); got != 2 {
		t.Fatalf("after the refresh: %d chunks, want 2", got)
	}
}

func TestLevelGoesParallelOnlyWhenItPays(t *testing.T) {
	p := Learned()
	light := []*Node{entityNode(1000, 3), entityNode(1000, 3)} // 3 µs each
	if p.parallel(light, &levelStat{}) {
		t.Fatal("two 3 µs nodes went parallel")
	}
	heavy := []*Node{entityNode(1000, 100), entityNode(1000, 100)} // 100 µs each
	if !p.parallel(heavy, &levelStat{}) {
		t.Fatal("two 100 µs nodes stayed on one goroutine")
	}
	// Their parallel runs took as long as a sequential run would: stop,
	// but probe again every 64th tick.
	st := &levelStat{parWall: 190 * time.Microsecond}
	n := 0
	for range 128 {
		if p.parallel(heavy, st) {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("went parallel %d times in 128 after it did not pay, want 2 probes", n)
	}
	if !p.parallel(heavy, &levelStat{parWall: 110 * time.Microsecond}) {
		t.Fatal("stopped going parallel although it paid (110 µs vs 200 µs)")
	}
	// Fixed counts decide by entity count.
	if !Fixed(1500, 0).parallel(light, &levelStat{}) {
		t.Fatal("threshold 1500 with 2000 entities stayed sequential")
	}
	if got := Fixed(0, 2048).chunks(entityNode(8192, 0), 8192, 8); got != 4 {
		t.Fatalf("chunk size 2048 of 8192 entities: %d chunks, want 4", got)
	}
}

// A plan orders by After, keeps registration order otherwise, and puts
// conflicting nodes in later levels.
func TestPlanLevels(t *testing.T) {
	mk := func(name string, reads, writes []any, after ...string) *Node {
		return &Node{Name: name, Access: Access{Reads: reads, Writes: writes}, After: after}
	}
	a := mk("a", nil, []any{"x"})
	b := mk("b", []any{"y"}, nil)
	c := mk("c", []any{"x"}, nil)
	d := mk("d", nil, nil, "c")
	p, err := NewPlan([]*Node{d, a, b, c})
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for i, lv := range p.Levels {
		got += fmt.Sprint(i, ":")
		for _, n := range lv {
			got += n.Name
		}
		got += " "
	}
	// d runs after c, so c moves up to d; a conflicts with c and runs after
	// it, in execution order.
	if want := "0:cb 1:da "; got != want {
		t.Fatalf("levels %q, want %q", got, want)
	}
	if !p.Ordered(c, d) || p.Ordered(c, a) {
		t.Fatal("Ordered is wrong")
	}
	if _, err := NewPlan([]*Node{mk("x", nil, nil, "y"), mk("y", nil, nil, "x")}); !errors.As(err, new(*CycleError)) {
		t.Fatalf("cycle: %v", err)
	}
	if _, err := NewPlan([]*Node{mk("x", nil, nil, "nobody")}); !errors.As(err, new(*UnknownAfterError)) {
		t.Fatalf("unknown After: %v", err)
	}
}

// Transitive After over a deep graph is computed once, not by walking
// every path: 300 layers of 3 nodes, each after the whole layer before.
func TestDeepAfterGraph(t *testing.T) {
	var nodes []*Node
	for l := range 300 {
		for w := range 3 {
			n := &Node{Name: fmt.Sprintf("n%d_%d", l, w)}
			if l > 0 {
				for x := range 3 {
					n.After = append(n.After, fmt.Sprintf("n%d_%d", l-1, x))
				}
			}
			nodes = append(nodes, n)
		}
	}
	p, err := NewPlan(nodes)
	if err != nil {
		t.Fatal(err)
	}
	last := nodes[len(nodes)-1]
	if got := p.dependencies(last); got != 299*3 {
		t.Fatalf("the last node runs after %d nodes, want %d", got, 299*3)
	}
	if len(p.Levels) != 300 {
		t.Fatalf("%d levels, want 300", len(p.Levels))
	}
}

// Every node of a failing level runs; the errors come back in order.
func TestFailingLevelRunsWhole(t *testing.T) {
	for _, workers := range []int{1, 2} {
		x := NewExecutor(workers, Fixed(1, 0))
		ran := map[string]bool{}
		mk := func(name string, err error) *Node {
			return &Node{Name: name, Len: func() int { return 0 }, Work: func() int { return 0 },
				Run: func(int, int, int) error { ran[name] = true; return err }}
		}
		e1, e2 := errors.New("one"), errors.New("two")
		p, _ := NewPlan([]*Node{mk("a", e1), mk("b", nil), mk("c", e2)})
		p.Levels[0][1].Access.Writes = []any{"k"}
		errs := x.Run(p, true)
		x.Close()
		if len(errs) != 2 || errs[0] != e1 || errs[1] != e2 || !ran["b"] {
			t.Fatalf("workers %d: errors %v, ran %v", workers, errs, ran)
		}
	}
}
