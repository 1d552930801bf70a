package world

// DigestEach calls fn with each entity the world holds, in storage
// order, and the hash of its value of the type of index ti (a Type's
// Index) as Digest hashes it; entities without that type are left out.
// With ti < 0 it calls fn with every entity and a sum of 0. It is the
// detail behind Digest's per-type sums, for naming the entities whose
// values differ between two states (a slow path: it is not called per
// tick).
func (w *World) DigestEach(ti int, fn func(e Entity, sum uint64)) {
	for _, a := range w.archs {
		if ti < 0 {
			for _, e := range a.ents {
				fn(e, 0)
			}
			continue
		}
		for _, c := range a.cols {
			if c.t.Index != ti {
				continue
			}
			l := layoutOf(c.t.RType)
			for r, e := range a.ents {
				fn(e, l.hash(hashSeed, c.at(r)))
			}
		}
	}
}

// TypeIndex returns the Index of the registered type called name (a
// Type's Name), or -1.
func TypeIndex(name string) int {
	registryMu.Lock()
	defer registryMu.Unlock()
	for i, t := range types {
		if t.Name == name {
			return i
		}
	}
	return -1
}
