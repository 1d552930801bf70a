package glue

import (
	"errors"
	"fmt"

	"github.com/gluekit/glue/internal/world"
)

// World is exclusive access to an app's whole world — every entity, its
// components and the resources — handed to a function queued with
// [Commands.Exclusive]. It is for operations on the whole world that
// systems cannot declare access for: saving and loading it, inspecting
// it. It is valid only during that function's call; using it afterwards
// panics.
//
// World's methods take effect at once, not when a stage ends, and use
// reflection: they are meant for occasional whole-world work, not for a
// tick's.
type World struct {
	a *App
}

// Exclusive queues fn to run with the whole world to itself: when this
// stage's commands are applied, in order with the other commands (after
// those of the systems that ran before this one, and those this system
// issued before), while no system runs. Entities fn spawns or despawns,
// components and resources it changes, are seen from the next stage on,
// like any command's; [Added] and [Removed] list them.
//
// An error fn returns fails the tick like a command that cannot be
// applied (see the package documentation, # Failed ticks); to report a
// problem and go on — a bad save file — fn records it instead and
// returns nil. If the stage's commands are discarded (a system of the
// stage failed), fn never runs.
func (c Commands) Exclusive(fn func(w *World) error) {
	c.buf.push(cmdExclusive, 0, []any{fn}, nil)
}

// runExclusive runs an Exclusive command's function.
func (a *App) runExclusive(v any) error {
	fn, _ := v.(func(*World) error)
	if fn == nil {
		return errors.New("nil function; pass Exclusive a func(*glue.World) error")
	}
	w := &World{a: a}
	defer func() { w.a = nil }()
	return fn(w)
}

// app returns the world's app, or panics if the World is used after its
// function returned.
func (w *World) app() *App {
	if w.a == nil {
		panic("glue: World used after the Exclusive function it was given to returned; use it only during that call")
	}
	return w.a
}

// Len returns the number of entities.
func (w *World) Len() int { return w.app().world.Len() }

// Each calls fn for every live entity with its component types,
// archetype by archetype in the order the world created them and, within
// an archetype, in storage order — the order in which systems and
// queries visit entities. types is shared by the entities of one
// archetype: fn must not change it or keep it. fn must not spawn or
// despawn entities; collect them and change the world after Each
// returns.
func (w *World) Each(fn func(e Entity, types []Type)) {
	w.app().world.Walk(func(ts []*world.Type, ents []world.Entity) {
		types := make([]Type, len(ts))
		for i, t := range ts {
			types[i] = Type{t}
		}
		for _, e := range ents {
			fn(Entity(e), types)
		}
	})
}

// Component returns a pointer to e's component of type t, as a *T in an
// interface (T being t's Go type), or nil if e is not live or lacks t.
// The pointer is valid until the world next changes.
func (w *World) Component(e Entity, t Type) any {
	if t.info == nil {
		return nil
	}
	return w.app().world.Value(world.Entity(e), t.info)
}

// Resource returns a pointer to the app's resource of type t, as a *T in
// an interface, or nil if there is none.
func (w *World) Resource(t Type) any {
	a := w.app()
	if t.info == nil {
		return nil
	}
	if s, ok := a.resources[t.info.RType]; ok && s.val != nil {
		return s.val
	}
	return nil
}

// InsertResource creates the resource of v's type, or replaces it, at
// once. Pass a value, not a pointer.
func (w *World) InsertResource(v any) error {
	a := w.app()
	if err := checkResource(v); err != nil {
		return err
	}
	a.setResource(v)
	return nil
}

// RemoveResource removes the resource of type t, if there is one.
func (w *World) RemoveResource(t Type) {
	a := w.app()
	if t.info == nil {
		return
	}
	if slot, ok := a.resources[t.info.RType]; ok {
		slot.val = nil
	}
}

// Reserve returns the id of an entity to spawn with [World.SpawnReserved],
// as [Commands.Spawn] does: despawned ids first, newest first, then new
// ones in increasing order. An id that is not spawned must be given back
// with [World.Release].
func (w *World) Reserve() Entity { return Entity(w.app().world.Reserve()) }

// Peek returns the ids that the next n calls of [World.Reserve] will
// return, in order, without reserving them: a loader can decode
// references to the entities it is about to spawn before it changes
// anything.
func (w *World) Peek(n int) []Entity {
	ids := w.app().world.Peek(n)
	out := make([]Entity, len(ids))
	for i, e := range ids {
		out[i] = Entity(e)
	}
	return out
}

// Release gives back a reserved id that will not be spawned. It returns
// an error, and changes nothing, if e is not a reserved id waiting to be
// spawned: never reserved, already released, or spawned.
func (w *World) Release(e Entity) error {
	if err := w.app().world.Release(world.Entity(e)); err != nil {
		return fmt.Errorf("glue: World.Release(%v): %v", e, err)
	}
	return nil
}

// SpawnReserved spawns the entity reserved as e with the given components
// (values of distinct types, at least one), at once. If e is not a
// reserved id waiting to be spawned (never reserved, released, or already
// spawned), it returns an error and changes nothing. If the values cannot
// be components, it returns an error saying why, and e is released.
func (w *World) SpawnReserved(e Entity, components ...any) error {
	ww := w.app().world
	types, err := valueTypes(components)
	if err == nil && len(types) == 0 {
		err = errors.New("an entity needs at least one component")
	}
	if err != nil {
		if rerr := ww.Release(world.Entity(e)); rerr != nil {
			err = rerr
		}
		return fmt.Errorf("glue: World.SpawnReserved(%v): %v", e, err)
	}
	if err := ww.SpawnAs(world.Entity(e), types, components); err != nil {
		return fmt.Errorf("glue: World.SpawnReserved(%v): %v", e, err)
	}
	return nil
}

// Insert sets the components of the live entity e, at once: each value
// replaces e's component of its type, or is added to e. It is how an
// [Commands.Exclusive] step or a save's AfterLoad changes an entity's
// components in place — a component of an old save split into two,
// without a new id that other entities' references would miss. It
// returns an error, and changes nothing, if e is not live or a value
// cannot be a component.
func (w *World) Insert(e Entity, components ...any) error {
	ww := w.app().world
	if !ww.Valid(world.Entity(e)) {
		return fmt.Errorf("glue: World.Insert(%v): the entity is not live", e)
	}
	types, err := valueTypes(components)
	if err != nil {
		return fmt.Errorf("glue: World.Insert(%v): %v", e, err)
	}
	for i, t := range types {
		ww.Insert(world.Entity(e), t, components[i])
	}
	return nil
}

// Despawn removes a live entity and its components at once. It reports
// false if e is not live.
func (w *World) Despawn(e Entity) bool { return w.app().world.Despawn(world.Entity(e)) }

// Valid reports whether e is a live entity.
func (w *World) Valid(e Entity) bool { return w.app().world.Valid(world.Entity(e)) }

// valueTypes returns the component types of values in a new slice, or an
// error naming a value that cannot be a component.
func valueTypes(values []any) ([]*world.Type, error) {
	var b cmdBuffer
	return b.valueTypes(values)
}
