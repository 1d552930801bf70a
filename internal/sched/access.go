// Package sched is glue's scheduler: it orders the systems of a stage
// into a plan from their access sets and After constraints, groups them
// into levels of systems that may run side by side, and runs plans on a
// worker pool, splitting entity systems into chunks when a policy says
// it pays.
//
// The scheduler knows nothing of glue's systems: it runs Nodes, each an
// access set, a name, constraints and a run function.
package sched

// Access is the set of keys a node reads and writes. Keys are comparable
// values (glue uses pointers to its component and resource descriptors).
type Access struct {
	Reads, Writes []any
}

// Add records a read (write == false) or a write of key. A write
// supersedes a read of the same key.
func (a *Access) Add(key any, write bool) {
	if write {
		a.Reads = remove(a.Reads, key)
		if !contains(a.Writes, key) {
			a.Writes = append(a.Writes, key)
		}
		return
	}
	if !contains(a.Writes, key) && !contains(a.Reads, key) {
		a.Reads = append(a.Reads, key)
	}
}

// Writes reports whether the access writes key.
func (a *Access) WritesKey(key any) bool { return contains(a.Writes, key) }

// Conflicts reports whether a and b touch a key and at least one of them
// writes it.
func (a *Access) Conflicts(b *Access) bool {
	return len(a.Overlap(b)) > 0
}

// Overlap returns the keys a and b touch where at least one writes.
func (a *Access) Overlap(b *Access) []any {
	var out []any
	for _, w := range a.Writes {
		if contains(b.Writes, w) || contains(b.Reads, w) {
			out = append(out, w)
		}
	}
	for _, w := range b.Writes {
		if contains(a.Reads, w) {
			out = append(out, w)
		}
	}
	return out
}

func contains(ks []any, k any) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

func remove(ks []any, k any) []any {
	for i, x := range ks {
		if x == k {
			return append(ks[:i], ks[i+1:]...)
		}
	}
	return ks
}
