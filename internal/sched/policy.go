package sched

import "time"

// Policy decides when a level of a plan runs on the worker pool and into
// how many chunks a splittable node is split.
type Policy interface {
	parallel(lv []*Node, st *levelStat) bool
	chunks(n *Node, total, workers int) int
}

// Costs of parallel work on a small machine, measured by the core's
// benchmarks: handing a task to a worker and waiting for it costs about
// 1 µs, so a level goes parallel only when that saves clearly more, and a
// chunk of a split node should take long enough to dwarf its hand-off.
const (
	minParallelGain = 20 * time.Microsecond
	targetChunk     = 25 * time.Microsecond
)

// Learned returns the default policy, which decides by measured time.
// Every node's time per entity is sampled as it runs (one whole run in
// eight). A level goes to the workers when running its nodes side by side
// is expected to save minParallelGain, or when one of its nodes is long
// enough to split; a node splits into chunks of about targetChunk, at
// most one per worker. Both decisions are checked against what they
// achieved: a level whose parallel runs are not clearly faster than its
// sequential estimate, or a node whose split runs are not clearly faster
// than its whole runs, goes back to one goroutine and is probed again
// every 64th run.
func Learned() Policy { return learned{} }

// Fixed returns a policy of entity counts: a level runs on the workers
// when its nodes visit at least threshold entities together, and a node
// splits into chunks of at least chunkSize entities. A zero threshold or
// chunk size leaves that decision to [Learned].
func Fixed(threshold, chunkSize int) Policy {
	return fixed{threshold: threshold, chunkSize: chunkSize}
}

type learned struct{}

func (learned) parallel(lv []*Node, st *levelStat) bool {
	var total, longest time.Duration
	split := false
	for _, n := range lv {
		if n.Skip {
			continue
		}
		e := n.stats.estimate(n.Work())
		total += e
		longest = max(longest, e)
		if n.Splittable && e >= 2*targetChunk {
			split = true // worth splitting by itself
		}
	}
	if !split && total-longest < minParallelGain {
		return false
	}
	if st.parWall > 0 && float64(st.parWall) > 0.8*float64(total) {
		// A stale whole-run estimate (a node's cost per entity drifts as
		// the game goes on: a flock grows denser) makes parallel runs look
		// worse than they are: refresh it with one observed whole run
		// before backing off.
		stale := false
		for _, n := range lv {
			if !n.Skip && n.stats.stale() {
				n.stats.refresh = true
				stale = true
			}
		}
		if stale {
			return false
		}
		st.probe++
		return st.probe%64 == 0
	}
	return true
}

func (learned) chunks(n *Node, total, workers int) int {
	s := &n.stats
	k := max(1, min(workers, int(s.estimate(n.Work())/targetChunk), (total+Segment-1)/Segment))
	if k > 1 && s.nsSplit > 0 && s.nsSplit > 0.8*s.nsPerItem {
		if s.stale() {
			return 1 // this whole run refreshes the estimate (runLevel observes it)
		}
		if s.splitProbe++; s.splitProbe%64 != 0 {
			return 1
		}
	}
	return k
}

type fixed struct{ threshold, chunkSize int }

func (f fixed) parallel(lv []*Node, st *levelStat) bool {
	if f.threshold <= 0 {
		return learned{}.parallel(lv, st)
	}
	work := 0
	for _, n := range lv {
		if !n.Skip {
			work += n.Work()
		}
	}
	return work >= f.threshold
}

func (f fixed) chunks(n *Node, total, workers int) int {
	if f.chunkSize <= 0 {
		return learned{}.chunks(n, total, workers)
	}
	return max(1, min(workers, total/f.chunkSize, (total+Segment-1)/Segment))
}

// nodeStats is what the policy learns about a node.
type nodeStats struct {
	// nsPerItem is the node's measured time per entity visited (per run
	// for nodes that visit none), a moving average.
	nsPerItem float64
	runs      uint32
	// nsSplit is the wall time per entity of split runs; splitProbe
	// counts the runs not split because splitting did not pay.
	nsSplit    float64
	splitProbe uint32
	// wholeAt and splitAt are the values of runs when a whole and a split
	// run were last observed; refresh asks runWhole to observe its next
	// run.
	wholeAt, splitAt uint32
	refresh          bool
}

// staleAfter is how many runs a whole-run estimate may be older than the
// latest split run before the two are no longer compared.
const staleAfter = 8

// stale reports whether the whole-run estimate is older than the latest
// split run's by more than staleAfter runs.
func (s *nodeStats) stale() bool {
	return s.nsSplit > 0 && s.splitAt > s.wholeAt+staleAfter
}

// estimate is the expected time of the node's next run.
func (s *nodeStats) estimate(work int) time.Duration {
	return time.Duration(s.nsPerItem * float64(max(work, 1)))
}

// observe records the duration of a whole run.
func (s *nodeStats) observe(d time.Duration, work int) {
	s.wholeAt, s.refresh = s.runs, false
	x := float64(d) / float64(max(work, 1))
	if s.nsPerItem == 0 {
		s.nsPerItem = x
		return
	}
	s.nsPerItem += (x - s.nsPerItem) / 4
}

// observeSplit records the wall time of a split run (its longest chunk).
func (s *nodeStats) observeSplit(wall time.Duration, work int) {
	s.splitAt = s.runs
	x := float64(wall) / float64(max(work, 1))
	if s.nsSplit == 0 {
		s.nsSplit = x
		return
	}
	s.nsSplit += (x - s.nsSplit) / 4
}

// observe records a parallel run's wall time.
func (st *levelStat) observe(wall time.Duration) {
	if st.parWall == 0 {
		st.parWall = wall
		return
	}
	st.parWall += (wall - st.parWall) / 4
}
