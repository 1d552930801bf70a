package sched

import (
	"errors"
	"fmt"
	"math/bits"
	"time"
)

// Node is one system of a stage as the scheduler sees it.
type Node struct {
	// Name identifies the node in After constraints and errors.
	Name string
	// Access is what the node reads and writes.
	Access Access
	// After names nodes of the same plan this node runs after.
	After []string
	// Splittable nodes visit entities [0, Len()) and may be run as
	// several chunks on different workers.
	Splittable bool
	// Len returns the number of entities the node's run visits, split
	// into chunks; 0 for a global system.
	Len func() int
	// Work returns the number of entities the node visits in all (its
	// own and its queries'), for time estimates.
	Work func() int
	// Run runs the node over entities [lo, hi) as chunk c (0 for a
	// whole run). Chunks of one run have distinct c below the executor's
	// worker count.
	Run func(c, lo, hi int) error
	// Data is the caller's, untouched by the scheduler.
	Data any

	// Skip makes the executor pass the node over in its next run (a false
	// run condition); Chunks is then 0.
	Skip bool

	// Chunks is the number of chunks of the node's last run (1 when it
	// ran whole), for the caller to collect per-chunk results.
	Chunks int

	// Spent is the time the node's runs took while the executor's
	// Profile was on — for a split run, the sum of its chunks' times —
	// and Runs the number of those runs (skipped runs not counted).
	// The executor only adds to them; callers read and reset them
	// between runs.
	Spent time.Duration
	Runs  uint64

	stats nodeStats
	index int
	// turns and first, while the node runs in a parallel level: the
	// level's turns and the index of the node's first task (WaitTurn).
	turns *turns
	first int
}

// Plan is how one stage runs: its nodes in execution order (registration
// order adjusted by After), grouped into levels. Nodes of a level do not
// conflict and may run in parallel; each level waits for the one before.
type Plan struct {
	Order  []*Node
	Levels [][]*Node
	// after[i] is the set of nodes (by Order index) node i runs after,
	// directly or through others.
	after [][]uint64
	stats []levelStat
	tasks []task
	ptrs  []runner
}

// NewPlan orders nodes (given in registration order) by their After
// constraints, keeping registration order where After says nothing, and
// groups them into levels. It reports unknown names and cycles.
func NewPlan(nodes []*Node) (*Plan, error) {
	byName := make(map[string]*Node, len(nodes))
	for _, n := range nodes {
		byName[n.Name] = n
	}
	deps := make(map[*Node][]*Node)
	var errs []error
	for _, n := range nodes {
		for _, a := range n.After {
			d, ok := byName[a]
			if !ok {
				errs = append(errs, &UnknownAfterError{Node: n.Name, After: a})
				continue
			}
			deps[n] = append(deps[n], d)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	p := &Plan{}
	state := make(map[*Node]int, len(nodes)) // 1 visiting, 2 done
	var visit func(n *Node) error
	visit = func(n *Node) error {
		switch state[n] {
		case 1:
			return &CycleError{Node: n.Name}
		case 2:
			return nil
		}
		state[n] = 1
		for _, d := range deps[n] {
			if err := visit(d); err != nil {
				return err
			}
		}
		state[n] = 2
		n.index = len(p.Order)
		p.Order = append(p.Order, n)
		return nil
	}
	for _, n := range nodes {
		if err := visit(n); err != nil {
			return nil, err
		}
	}
	// Transitive closure of After, in order: a node's dependencies come
	// before it, so one pass suffices. Bitsets keep it quadratic at worst.
	words := (len(p.Order) + 63) / 64
	p.after = make([][]uint64, len(p.Order))
	for i, n := range p.Order {
		set := make([]uint64, words)
		for _, d := range deps[n] {
			set[d.index/64] |= 1 << (d.index % 64)
			for w, x := range p.after[d.index] {
				set[w] |= x
			}
		}
		p.after[i] = set
	}
	// Levels: a node goes one level after the last earlier node it
	// conflicts with or runs after.
	level := make([]int, len(p.Order))
	for i, n := range p.Order {
		lv := 0
		for j, x := range p.Order[:i] {
			if p.runsAfter(i, j) || x.Access.Conflicts(&n.Access) {
				lv = max(lv, level[j]+1)
			}
		}
		level[i] = lv
		for len(p.Levels) <= lv {
			p.Levels = append(p.Levels, nil)
			p.stats = append(p.stats, levelStat{})
		}
		p.Levels[lv] = append(p.Levels[lv], n)
	}
	return p, nil
}

func (p *Plan) runsAfter(i, j int) bool { return p.after[i][j/64]&(1<<(j%64)) != 0 }

// Ordered reports whether y runs after x by After constraints, directly or
// through other nodes.
func (p *Plan) Ordered(x, y *Node) bool { return p.runsAfter(y.index, x.index) }

// Conflicts returns the pairs of nodes that touch the same key with at
// least one writing, in execution order.
func (p *Plan) Conflicts() [][2]*Node {
	var out [][2]*Node
	for i, x := range p.Order {
		for _, y := range p.Order[i+1:] {
			if x.Access.Conflicts(&y.Access) {
				out = append(out, [2]*Node{x, y})
			}
		}
	}
	return out
}

// dependencies returns how many nodes n runs after (for tests).
func (p *Plan) dependencies(n *Node) int {
	c := 0
	for _, w := range p.after[n.index] {
		c += bits.OnesCount64(w)
	}
	return c
}

// UnknownAfterError reports an After constraint naming no node of the
// plan.
type UnknownAfterError struct{ Node, After string }

func (e *UnknownAfterError) Error() string {
	return fmt.Sprintf("%s runs After(%q), but there is no such system", e.Node, e.After)
}

// CycleError reports After constraints that form a cycle.
type CycleError struct{ Node string }

func (e *CycleError) Error() string {
	return fmt.Sprintf("systems are ordered in a cycle through %s; remove one After", e.Node)
}

// levelStat is what a level's parallel runs achieved: their wall time,
// a moving average, and a counter to probe again now and then.
type levelStat struct {
	parWall time.Duration
	probe   uint32
}
