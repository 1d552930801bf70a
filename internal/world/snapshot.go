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
// the world created them, with its component types and its entities in
// storage order: the order in which queries visit entities. Both slices
// are the world's own or reused: fn must not keep or change them, and
// must not change the world.
func (w *World) Walk(fn func(types []*Type, ents []Entity)) {
	var types []*Type
	for _, arch := range w.dw.Archetypes() {
		ents := arch.Entities()
		if len(ents) == 0 {
			continue
		}
		types = types[:0]
		for _, c := range arch.Layout().Components() {
			types = append(types, c.(*column).t)
		}
		fn(types, entities(ents))
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
	d, fresh := w.m.destroyed, w.fresh
	for len(out) < n {
		if len(d) > 0 && fresh == 0 {
			out = append(out, Entity(d[len(d)-1].Ready()))
			d = d[:len(d)-1]
			continue
		}
		id := uint32(len(w.m.entities.locations) + fresh)
		fresh++
		out = append(out, Entity(uint64(id)<<32|1<<24|1))
	}
	return out
}
