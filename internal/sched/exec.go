package sched

import (
	"fmt"
	"time"
)

// Segment is the granularity of chunk boundaries: a split node's chunks
// start at multiples of Segment entities, so that the same entities fall
// into the same segments however many workers run them. Callers that run
// a chunk segment by segment (glue does, to keep going after a failed
// segment) get the same segments in parallel and sequential runs.
const Segment = 1024

// Executor runs plans: levels one after another, the nodes of a level on
// the calling goroutine or spread over a worker pool as its policy
// decides. The worker count is fixed when the executor is made.
type Executor struct {
	workers int
	pool    *pool
	policy  Policy
	turns   turns // of the parallel level running (Node.WaitTurn)
	// whole is the node runWhole is running on the caller's goroutine,
	// for [Executor.Goexited].
	whole *Node
	// Profile makes the executor time every node run and add the time to
	// the node's [Node.Spent] (for diagnostics; see [Node.Spent]). Off,
	// it costs one test per node run.
	Profile bool
}

// NewExecutor returns an executor with the given number of workers
// (counting the caller; below 2 means sequential) and policy (nil means
// [Learned]).
func NewExecutor(workers int, policy Policy) *Executor {
	if policy == nil {
		policy = Learned()
	}
	x := &Executor{workers: max(1, workers), policy: policy}
	if x.workers > 1 {
		x.pool = newPool(x.workers)
	}
	return x
}

// Workers returns the executor's worker count: the most chunks one node
// run is split into.
func (x *Executor) Workers() int { return x.workers }

// Close stops the executor's workers.
func (x *Executor) Close() {
	if x.pool != nil {
		x.pool.close()
		x.pool = nil
	}
}

// Run runs a plan's levels in order. If nodes of a level fail, every node
// of that level still runs, no later level runs, and Run returns the
// errors in execution order (a node's chunks in entity order). With
// parallel false every node runs whole on the calling goroutine.
func (x *Executor) Run(p *Plan, parallel bool) []error {
	for li := range p.Levels {
		if errs := x.runLevel(p, li, parallel); len(errs) > 0 {
			return errs
		}
	}
	return nil
}

// task is one node run, or one chunk of a split node.
type task struct {
	n         *Node
	c, lo, hi int
	err       error
	dur       time.Duration
	turns     *turns // the level's, or nil when the task runs alone
	idx       int    // the task's index in the level, for turns
}

// Run runs the task and times it. A task whose node ends the goroutine
// (runtime.Goexit, as testing's FailNow does) records a GoexitError.
func (t *task) Run() {
	t0 := time.Now()
	ok := false
	defer func() {
		if !ok {
			t.err = &GoexitError{Node: t.n.Name}
		}
		if t.turns != nil {
			t.turns.finish(t.idx)
		}
	}()
	t.err = t.n.Run(t.c, t.lo, t.hi)
	ok = true
	t.dur = time.Since(t0)
}

// GoexitError reports a node that ended its goroutine instead of
// returning.
type GoexitError struct{ Node string }

func (e *GoexitError) Error() string {
	return fmt.Sprintf("%s ended its goroutine (runtime.Goexit, e.g. t.Fatal or t.FailNow) on a worker; report failures with t.Error and return, or with Commands.Fail", e.Node)
}

func (x *Executor) runWhole(n *Node, parallel bool) error {
	if n.Skip {
		n.Chunks = 0
		return nil
	}
	n.Chunks = 1
	total := n.Len()
	n.stats.runs++
	x.whole = n
	if x.Profile {
		err := x.runProfiled(n, total, parallel)
		x.whole = nil
		return err
	}
	if !parallel || x.pool == nil || (n.stats.nsPerItem != 0 && n.stats.runs%8 != 0 && !n.stats.refresh) {
		err := n.Run(0, 0, total)
		x.whole = nil
		return err
	}
	// One run in eight is timed, for the policy's estimates: a clock read
	// costs about as much as an empty system.
	t0 := time.Now()
	err := n.Run(0, 0, total)
	x.whole = nil
	n.stats.observe(time.Since(t0), n.Work())
	return err
}

// Goexited names the node that ended the caller's goroutine
// (runtime.Goexit) in p's run, for a deferred call on that goroutine to
// report while it unwinds: the node runWhole was running, or a task of
// the level that recorded a [GoexitError]. It returns "" if there is none.
func (x *Executor) Goexited(p *Plan) string {
	if x.whole != nil {
		n := x.whole
		x.whole = nil
		return n.Name
	}
	for i := range p.tasks {
		if g, ok := p.tasks[i].err.(*GoexitError); ok {
			return g.Node
		}
	}
	return ""
}

func (x *Executor) runLevel(p *Plan, li int, parallel bool) []error {
	lv, st := p.Levels[li], &p.stats[li]
	var errs []error
	if !parallel || x.pool == nil || !x.policy.parallel(lv, st) {
		for _, n := range lv {
			if err := x.runWhole(n, parallel); err != nil {
				errs = append(errs, err)
			}
		}
		return errs
	}
	p.tasks = p.tasks[:0]
	for _, n := range lv {
		if n.Skip {
			n.Chunks = 0
			continue
		}
		k, total := 1, n.Len()
		n.stats.runs++
		if n.Splittable {
			k = x.policy.chunks(n, total, x.workers)
		}
		n.Chunks = k
		n.first = len(p.tasks)
		segs := (total + Segment - 1) / Segment
		for c := range k {
			lo, hi := min(segs*c/k*Segment, total), min(segs*(c+1)/k*Segment, total)
			p.tasks = append(p.tasks, task{n: n, c: c, lo: lo, hi: hi, idx: len(p.tasks)})
		}
	}
	p.ptrs = p.ptrs[:0]
	for i := range p.tasks {
		p.ptrs = append(p.ptrs, &p.tasks[i])
	}
	t0 := time.Now()
	if len(p.ptrs) == 1 {
		p.ptrs[0].Run()
	} else {
		// Tasks take turns in plan order where they ask to
		// (Node.WaitTurn).
		x.turns.reset(len(p.tasks))
		for i := range p.tasks {
			p.tasks[i].turns = &x.turns
			p.tasks[i].n.turns = &x.turns
		}
		x.pool.run(p.ptrs)
		for i := range p.tasks {
			p.tasks[i].turns = nil
			p.tasks[i].n.turns = nil
		}
	}
	st.observe(time.Since(t0))
	for i := 0; i < len(p.tasks); {
		n, d, wall := p.tasks[i].n, time.Duration(0), time.Duration(0)
		var first error
		for ; i < len(p.tasks) && p.tasks[i].n == n; i++ {
			if err := p.tasks[i].err; err != nil && first == nil {
				first = err
			}
			d += p.tasks[i].dur
			wall = max(wall, p.tasks[i].dur)
		}
		if first != nil {
			errs = append(errs, first)
			continue
		}
		if x.Profile {
			n.Spent += d
			n.Runs++
		}
		if n.Chunks > 1 {
			n.stats.observeSplit(wall, n.Work())
		} else {
			n.stats.observe(d, n.Work())
		}
	}
	return errs
}

// runProfiled runs a node whole, timing it for [Node.Spent]; the runs
// that runWhole samples for the policy's estimates feed them as before.
func (x *Executor) runProfiled(n *Node, total int, parallel bool) error {
	t0 := time.Now()
	err := n.Run(0, 0, total)
	d := time.Since(t0)
	n.Spent += d
	n.Runs++
	if parallel && x.pool != nil && (n.stats.nsPerItem == 0 || n.stats.runs%8 == 0) {
		n.stats.observe(d, n.Work())
	}
	return err
}
