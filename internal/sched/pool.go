package sched

import "sync"

// task is one unit of work in a batch.
type runner interface {
	Run()
}

// pool is a persistent worker pool: a fixed set of goroutines that run
// batches of tasks, with the calling goroutine taking part. A batch costs
// about one channel hand-off per task plus a barrier, with no allocation.
// A task that ends its goroutine (runtime.Goexit) on a worker is counted as
// done and the worker is replaced, so a batch never waits forever.
type pool struct {
	ch   chan runner
	wg   sync.WaitGroup
	quit chan struct{}
	done sync.WaitGroup
}

// newPool starts a pool of n workers in all, counting the caller of run;
// n < 2 starts no goroutines.
func newPool(n int) *pool {
	p := &pool{ch: make(chan runner, 64), quit: make(chan struct{})}
	for range n - 1 {
		p.done.Add(1)
		go p.work()
	}
	return p
}

func (p *pool) work() {
	defer p.done.Done()
	for {
		select {
		case t := <-p.ch:
			p.runOne(t)
		case <-p.quit:
			return
		}
	}
}

// runOne runs a task on a worker. If the task ends the goroutine, the
// deferred call still counts it and starts a replacement worker.
func (p *pool) runOne(t runner) {
	ok := false
	defer func() {
		if !ok {
			p.wg.Done()
			p.done.Add(1)
			go p.work()
		}
	}()
	t.Run()
	ok = true
	p.wg.Done()
}

// run runs every task and returns when all have finished. The caller runs
// the first task itself and then helps with the rest. Tasks start in
// their order: the workers take them from a queue in order, and those
// the queue has no room for are run by the caller once the queue is
// empty (see turns: a task may wait for the tasks before it, never for
// those after). Tasks must not call run. run is not concurrent-safe.
func (p *pool) run(tasks []runner) {
	if len(tasks) == 0 {
		return
	}
	p.wg.Add(len(tasks) - 1)
	queued := 1
	for queued < len(tasks) {
		select {
		case p.ch <- tasks[queued]:
			queued++
			continue
		default:
		}
		break // the queue is full: the rest wait for the caller
	}
	tasks[0].Run()
	for {
		select {
		case t := <-p.ch:
			t.Run()
			p.wg.Done()
			continue
		default:
		}
		break
	}
	for _, t := range tasks[queued:] {
		t.Run()
		p.wg.Done()
	}
	p.wg.Wait()
}

// close stops the pool's goroutines and waits for them to exit.
func (p *pool) close() {
	close(p.quit)
	p.done.Wait()
}
