package glue

import (
	"strings"

	"github.com/gluekit/glue/internal/sched"
)

// cycleOf returns the systems of a cycle of After constraints among
// nodes, each with the one it runs after ("x runs After y; y runs After
// x"), or "" for none: the scheduler's error names one member of the
// cycle; a game's developer wants all of them. Native builds only (its
// code is not worth a browser download: buildStage).
func cycleOf(nodes []*sched.Node) string {
	byName := make(map[string]*sched.Node, len(nodes))
	for _, n := range nodes {
		byName[n.Name] = n
	}
	state := map[*sched.Node]int{} // 1 on the path, 2 done
	var path []*sched.Node
	var found []*sched.Node
	var visit func(n *sched.Node) bool
	visit = func(n *sched.Node) bool {
		switch state[n] {
		case 1:
			for i, p := range path {
				if p == n {
					found = path[i:]
				}
			}
			return true
		case 2:
			return false
		}
		state[n] = 1
		path = append(path, n)
		for _, a := range n.After {
			if d := byName[a]; d != nil && visit(d) {
				return true
			}
		}
		path = path[:len(path)-1]
		state[n] = 2
		return false
	}
	for _, n := range nodes {
		if visit(n) {
			break
		}
	}
	var b strings.Builder
	for i, n := range found {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(n.Name + " runs After " + found[(i+1)%len(found)].Name)
	}
	return b.String()
}

// namedAlike reports whether r and the first system of runs with its
// name are two System values, one of them named with Named: the advice
// for one function added twice ("add a second System with another
// name") does not fit them. Native builds only, as cycleOf.
func namedAlike(runs []*sysRun, r *sysRun) bool {
	for _, f := range runs {
		if f.name == r.name {
			return f.spec != r.spec && (f.spec.named || r.spec.named)
		}
	}
	return false
}
