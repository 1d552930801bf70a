package world

import (
	"reflect"
)

// This file holds what snapshots of a world need (modules/save, through
// glue.World): walking every entity with its component types, and reading
// a component as a value in an interface. They use reflection per
// component and are meant for whole-world operations between systems, not
// for a tick's work.

// Walk calls fn for every archetype that holds entities, in the order
// the world's history made them (see World.made), with its component types and its entities in
// storage order: the order in which queries visit entities. Both slices
// are the world's own or reused: fn must not keep or change them, and
// must not change the world.
func (w *World) Walk(fn func(types []*Type, ents []Entity)) {
	for _, ai := range w.made {
		if a := w.archs[ai]; len(a.ents) > 0 {
			fn(a.types, a.ents)
		}
	}
}

// Value returns a pointer to e's component of type t as a *T in an
// interface, T being t's Go type, or nil if e is not live or lacks t. The
// pointer points into the world's storage: it is valid until the next
// change of the world.
func (w *World) Value(e Entity, t *Type) any {
	p := w.Get(e, t)
	if p == nil {
		return nil
	}
	return reflect.NewAt(t.RType, p).Interface()
}

// Peek returns the ids that the next n calls of [World.Reserve] will
// return, in order, without reserving them: a loader decodes references
// to the entities it is about to spawn before it changes anything. Its
// policy must stay Reserve's (TestPeekIsReserve).
func (w *World) Peek(n int) []Entity {
	w.resMu.Lock()
	defer w.resMu.Unlock()
	out := make([]Entity, 0, n)
	d, next := w.free, w.next
	for len(out) < n {
		if len(d) > 0 {
			out = append(out, d[len(d)-1])
			d = d[:len(d)-1]
			continue
		}
		out = append(out, Entity(next<<32|ready|1))
		next++
	}
	return out
}
