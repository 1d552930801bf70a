package sched

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// Tasks that wait for their turn (Node.WaitTurn) go in plan order —
// nodes in level order, a node's chunks in entity order — on 4 workers,
// with more tasks than the pool's queue holds (a queue that filled up
// before the first task started would have deadlocked), while tasks that
// do not ask keep running in any order; and the whole finishes.
func TestWaitTurnGoesInPlanOrder(t *testing.T) {
	x := NewExecutor(4, Fixed(1, 1))
	defer x.Close()
	var mu sync.Mutex
	var got []string
	var nodes []*Node
	for i := range 100 {
		n := &Node{Name: fmt.Sprint("n", i), Splittable: i%10 == 0, Len: func() int { return 4 * Segment }, Work: func() int { return 4 * Segment }}
		n.Run = func(c, lo, hi int) error {
			if i%3 == 0 {
				return nil // never asks: runs in any order
			}
			n.WaitTurn(c)
			mu.Lock()
			got = append(got, fmt.Sprintf("%d/%d", i, c))
			mu.Unlock()
			return nil
		}
		nodes = append(nodes, n)
	}
	p, err := NewPlan(nodes)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Levels) != 1 {
		t.Fatalf("%d levels, want 1", len(p.Levels))
	}
	for run := range 20 {
		got = got[:0]
		done := make(chan []error)
		go func() { done <- x.Run(p, true) }()
		select {
		case errs := <-done:
			if len(errs) > 0 {
				t.Fatal(errs)
			}
		case <-time.After(2 * time.Minute): // liveness only
			t.Fatalf("run %d: the level did not finish: tasks waiting for their turn deadlocked", run)
		}
		var want []string
		for i := range 100 {
			if i%3 == 0 {
				continue
			}
			for c := range nodes[i].Chunks {
				want = append(want, fmt.Sprintf("%d/%d", i, c))
			}
		}
		if nodes[10].Chunks < 2 {
			t.Fatalf("run %d: node 10 ran in %d chunks; the test wants split nodes", run, nodes[10].Chunks)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("run %d: order %v, want %v", run, got, want)
		}
	}
}
