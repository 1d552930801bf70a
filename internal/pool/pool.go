// Package pool is glue's persistent worker pool: a fixed set of goroutines
// that run batches of tasks, with the calling goroutine taking part. A
// batch costs about one channel hand-off per task plus a barrier, with no
// allocation.
package pool

import "sync"

// Task is one unit of work in a batch.
type Task interface {
	Run()
}

// Pool runs batches of tasks on workers-1 goroutines plus the caller.
type Pool struct {
	ch   chan Task
	wg   sync.WaitGroup
	quit chan struct{}
	done sync.WaitGroup
}

// New starts a pool of n workers in all, counting the caller of Run; n < 2
// starts no goroutines.
func New(n int) *Pool {
	p := &Pool{ch: make(chan Task, 64), quit: make(chan struct{})}
	for range n - 1 {
		p.done.Add(1)
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	defer p.done.Done()
	for {
		select {
		case t := <-p.ch:
			t.Run()
			p.wg.Done()
		case <-p.quit:
			return
		}
	}
}

// Run runs every task and returns when all have finished. The caller runs
// the first task itself and then helps with the rest. Tasks must not call
// Run. Run is not concurrent-safe.
func (p *Pool) Run(tasks []Task) {
	if len(tasks) == 0 {
		return
	}
	p.wg.Add(len(tasks) - 1)
	for _, t := range tasks[1:] {
		p.ch <- t
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
	p.wg.Wait()
}

// Close stops the pool's goroutines and waits for them to exit.
func (p *Pool) Close() {
	close(p.quit)
	p.done.Wait()
}
