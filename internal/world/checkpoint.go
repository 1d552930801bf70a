package world

import (
	"fmt"
	"slices"
	"unsafe"
)

// This file copies a whole world into another, reusing the destination's
// memory: the checkpoints of rollback (glue.Checkpoint) save a world
// into a world of their own and restore it back, every tick, without
// allocating once their buffers have grown.

// CopyInto makes dst a copy of w: the same entities with the same ids,
// versions and components in the same archetypes and rows, the same free
// ids and reservations, the same history of archetypes made (which
// decides the versions of future ids and the order in which queries
// visit archetypes). Components are copied as Go assignment copies
// them: what a component points to (the elements of a slice, a map, the
// target of a pointer) is shared, not copied.
//
// dst must be a world that only CopyInto has changed (a checkpoint), or
// the world whose copy w is (a restore): the archetypes of the one must
// be the first archetypes of the other, in order, which holds because a
// world never removes an archetype. Archetypes dst has beyond w's are
// emptied, not removed, so that the queries of dst stay valid, and are
// no longer made: dst makes them again when it needs them, as w would. dst keeps
// its own OnAdd, OnRemove and Solo, and is told of no change. CopyInto
// allocates only when dst's buffers must grow, or for an archetype dst
// does not have yet. It panics if the archetypes differ.
func (w *World) CopyInto(dst *World) {
	if dst == w {
		return
	}
	for i, a := range w.archs {
		if i == len(dst.archs) {
			dst.setKey(a.types, nil, nil)
			dst.newArchetype(a.types) // types are never changed: shared
		}
		d := dst.archs[i]
		if !slices.Equal(a.types, d.types) {
			panic(fmt.Sprintf("glue: internal error: CopyInto between worlds of different archetypes (%d: %v and %v)", i, a.types, d.types))
		}
		copyRows(a, d)
	}
	for _, d := range dst.archs[len(w.archs):] {
		clearRows(d, 0)
		d.ents = d.ents[:0]
	}
	dst.made = append(dst.made[:0], w.made...)
	for i := range dst.rank {
		dst.rank[i] = -1
	}
	for i, ai := range dst.made {
		dst.rank[ai] = int32(i)
	}
	dst.order++
	dst.places = append(dst.places[:0], w.places...)
	dst.pmask = w.pmask
	dst.free = append(dst.free[:0], w.free...)
	dst.pending = append(dst.pending[:0], w.pending...)
	dst.next, dst.live, dst.retired = w.next, w.live, w.retired
}

// copyRows makes d's entities and components those of a (of the same
// types), clearing d's rows past a's last.
func copyRows(a, d *archetype) {
	n := len(a.ents)
	if n > d.cap {
		clearRows(d, 0)
		d.ents = d.ents[:0] // nothing to keep when growing
		d.grow(n)
	} else {
		clearRows(d, n)
	}
	d.ents = append(d.ents[:0], a.ents...)
	for k, c := range a.cols {
		if n > 0 && c.t.size > 0 {
			c.t.copyRows(d.cols[k].base, c.base, n)
		}
	}
}

// clearRows zeroes d's rows from row from on (up to its last), so that
// rows past the last stay zero and hold no garbage alive.
func clearRows(d *archetype, from int) {
	n := len(d.ents)
	if from >= n {
		return
	}
	for _, c := range d.cols {
		switch {
		case c.t.size == 0:
		case c.t.plain:
			clear(unsafe.Slice((*byte)(c.at(from)), uintptr(n-from)*c.t.size))
		default:
			for r := from; r < n; r++ {
				c.clearRow(r)
			}
		}
	}
}

// copyRows copies n components from src to dst: as bytes for a plain
// type, with the type's assignment (and so write barriers) otherwise.
func (t *Type) copyRows(dst, src unsafe.Pointer, n int) {
	switch {
	case t.plain:
		copy(unsafe.Slice((*byte)(dst), uintptr(n)*t.size), unsafe.Slice((*byte)(src), uintptr(n)*t.size))
	case t.cpN != nil:
		t.cpN(dst, src, n)
	default:
		for i := range n {
			off := uintptr(i) * t.size
			t.cp(unsafe.Add(dst, off), unsafe.Add(src, off))
		}
	}
}
