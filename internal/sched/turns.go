package sched

import (
	"sync"
	"sync/atomic"
)

// turns lets the tasks of a parallel level take turns in plan order for
// what must not depend on the workers: a task that calls wait(i) goes on
// once tasks 0 … i-1 (the nodes before its node in the level, and its
// node's chunks before its own) have finished. Glue's commands wait so
// before they reserve entity ids, so that systems running side by side
// hand out the ids of a sequential run.
//
// It cannot deadlock: the pool starts tasks in plan order (see pool.run),
// and a task waits only for tasks before it, so the first task not
// finished is always running and waits for nothing.
type turns struct {
	mu     sync.Mutex
	cond   sync.Cond
	done   []bool
	prefix atomic.Int64 // tasks 0 … prefix-1 have all finished
}

// reset prepares the turns of a level of n tasks.
func (t *turns) reset(n int) {
	if t.cond.L == nil {
		t.cond.L = &t.mu
	}
	t.done = append(t.done[:0], make([]bool, n)...)
	t.prefix.Store(0)
}

// wait returns once tasks 0 … i-1 have finished.
func (t *turns) wait(i int) {
	if int(t.prefix.Load()) >= i {
		return
	}
	t.mu.Lock()
	for int(t.prefix.Load()) < i {
		t.cond.Wait()
	}
	t.mu.Unlock()
}

// finish records that task i has finished (returned, panicked or ended
// its goroutine).
func (t *turns) finish(i int) {
	t.mu.Lock()
	t.done[i] = true
	if p := int(t.prefix.Load()); p == i {
		for p < len(t.done) && t.done[p] {
			p++
		}
		t.prefix.Store(int64(p))
		t.cond.Broadcast()
	}
	t.mu.Unlock()
}

// WaitTurn blocks, while n runs in a parallel level, until every task
// of the level before chunk c of n in plan order — the nodes before n in
// the level, n's chunks before c — has finished; it returns at once when
// n runs on its own (a sequential level, a whole run on the calling
// goroutine). A node calls it before it hands out something whose order
// must not depend on the workers: what it hands out after the call is
// what a sequential run hands out. The tasks that never call it are not
// slowed down.
func (n *Node) WaitTurn(c int) {
	if t := n.turns; t != nil {
		t.wait(n.first + c)
	}
}
