package glue

import (
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"

	"github.com/gluekit/glue/internal/world"
)

type cmdKind uint8

const (
	cmdEnd cmdKind = iota
	cmdFail
	cmdSpawn
	cmdDespawn
	cmdInsert
	cmdRemove
	cmdModify
	cmdInsertResource
	cmdRemoveResource
	cmdExclusive // Commands.Exclusive (snapshot.go): values[0] is the function
)

type command struct {
	kind   cmdKind
	e      Entity
	values []any
	types  []Type
	err    error
}

// cmdBuffer is one system run's (or chunk's) queue of commands.
type cmdBuffer struct {
	cmds []command
	w    *world.World
}

func (b *cmdBuffer) reset() {
	clear(b.cmds)
	b.cmds = b.cmds[:0]
}

// discard drops the queued commands without applying them, giving back
// the entities reserved by Spawn.
func (b *cmdBuffer) discard() {
	b.releaseFrom(0)
	b.reset()
}

// releaseFrom gives back the entities reserved by the Spawn commands from
// index i on, which will not be applied.
func (b *cmdBuffer) releaseFrom(i int) {
	for _, cmd := range b.cmds[i:] {
		if cmd.kind == cmdSpawn {
			b.w.Release(world.Entity(cmd.e))
		}
	}
}

// End ends the app: the current tick finishes — every remaining stage runs
// — and then the driver stops. [App.Run] returns nil.
func (c Commands) End() { c.buf.cmds = append(c.buf.cmds, command{kind: cmdEnd}) }

// Fail ends the app like [Commands.End] — the current tick finishes — and
// then [App.Update] and [App.Run] return err, wrapped in a *SystemError
// naming the system and its stage.
func (c Commands) Fail(err error) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdFail, err: err})
}

// Spawn creates an entity with the given component values, at least one,
// of distinct types. Any Go type but a pointer or an interface can be a
// component; a value's dynamic type is its component type, so pass values
// (Ball{}), never pointers. The entity is visible from the next stage on.
//
// Spawn returns the new entity's id at once: it may be stored in
// components and resources, and used in later commands of the same system
// and of systems whose commands apply after it (Insert, Despawn, …). Until
// the stage ends it is not live, so lookups ([Query1.Get]) do not find it
// yet. If the stage's commands are discarded (a system failed) or the
// components are not valid, the entity is never spawned and the id stays
// dead: commands on it do nothing.
//
// Ids are reused after despawns. Which id a spawn gets depends only on the
// order of spawns, so a sequential run ([Options.Sequential]) gives the
// same ids every time. Systems that run at the same time on several
// workers take ids in the order they get there, so their ids may differ
// from run to run, and from a sequential run; the entities, their
// components and what refers to what do not.
func (c Commands) Spawn(components ...any) Entity {
	e := Entity(c.buf.w.Reserve())
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdSpawn, e: e, values: components})
	return e
}

// Despawn removes an entity and all its components. Despawning an entity
// that no longer exists does nothing.
func (c Commands) Despawn(e Entity) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdDespawn, e: e})
}

// Insert adds components to an entity, or overwrites them if the entity
// already has components of those types. Inserting into an entity that no
// longer exists does nothing.
func (c Commands) Insert(e Entity, components ...any) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdInsert, e: e, values: components})
}

// Remove removes components of the given types from an entity. Types the
// entity lacks, and types given twice, are ignored. An entity left with no
// components is despawned.
func (c Commands) Remove(e Entity, types ...Type) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdRemove, e: e, types: types})
}

// Modify replaces components of an entity as one change (Lepenka's
// ModifyComponent): afterwards the entity has its old components less the
// remove types, plus the insert values. Modify(e, []Type{A}, B{}) on an
// entity that has only A leaves it with only B; the entity is despawned
// only if it is left with no components at all.
func (c Commands) Modify(e Entity, remove []Type, insert ...any) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdModify, e: e, types: remove, values: insert})
}

// InsertResource creates the resource of v's type, or replaces it. Pass a
// value, not a pointer. Systems see the new value from the next stage on.
func (c Commands) InsertResource(v any) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdInsertResource, values: []any{v}})
}

// RemoveResource removes the resource of type t, if there is one.
func (c Commands) RemoveResource(t Type) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdRemoveResource, types: []Type{t}})
}

// apply runs one buffer's commands against the app's world, in issue
// order. Commands on entities that no longer exist are skipped. A command
// that cannot be applied (a nil or pointer component, a zero Type) is
// skipped and reported; a panic while applying (a bug in glue or donburi)
// is reported too. Each error is a *SystemError naming the system.
func (a *App) apply(r *sysRun, buf *cmdBuffer) (errs []error) {
	fail := func(format string, args ...any) {
		errs = append(errs, &SystemError{System: r.spec.name, Stage: r.stageName(), Err: fmt.Errorf(format, args...)})
	}
	i := 0
	defer func() {
		if p := recover(); p != nil {
			buf.releaseFrom(min(i+1, len(buf.cmds)))
			buf.reset()
			errs = append(errs, &SystemError{System: r.spec.name, Stage: r.stageName(), Err: fmt.Errorf("panic while applying its commands: %v", p), Panic: p, Stack: debug.Stack()})
		}
	}()
	w := a.world
	for ; i < len(buf.cmds); i++ {
		cmd := &buf.cmds[i]
		switch cmd.kind {
		case cmdEnd:
			a.ending = true
		case cmdFail:
			a.ending = true
			a.failures = append(a.failures, &SystemError{System: r.spec.name, Stage: r.stageName(), Err: cmd.err})
		case cmdSpawn:
			types, err := valueTypes(cmd.values)
			if err == nil {
				err = w.SpawnAs(world.Entity(cmd.e), types, cmd.values)
			} else {
				w.Release(world.Entity(cmd.e))
			}
			if err != nil {
				fail("Spawn: %v", err)
			}
		case cmdDespawn:
			w.Despawn(world.Entity(cmd.e))
		case cmdInsert:
			types, err := valueTypes(cmd.values)
			if err != nil {
				fail("Insert: %v", err)
				continue
			}
			for i, t := range types {
				w.Insert(world.Entity(cmd.e), t, cmd.values[i])
			}
		case cmdRemove:
			types, err := typeInfos(cmd.types)
			if err != nil {
				fail("Remove: %v", err)
				continue
			}
			for _, t := range types {
				w.Remove(world.Entity(cmd.e), t)
			}
		case cmdModify:
			rm, err := typeInfos(cmd.types)
			var ins []*world.Type
			if err == nil {
				ins, err = valueTypes(cmd.values)
			}
			if err != nil {
				fail("Modify: %v", err)
				continue
			}
			e := world.Entity(cmd.e)
			for i, t := range ins { // insert first, so that the entity is never left empty
				w.Insert(e, t, cmd.values[i])
			}
			for _, t := range rm {
				if !containsType(ins, t) {
					w.Remove(e, t)
				}
			}
		case cmdInsertResource:
			if err := checkResource(cmd.values[0]); err != nil {
				fail("Commands.%v", err.Error()[len("glue: "):])
				continue
			}
			a.setResource(cmd.values[0])
		case cmdRemoveResource:
			t := cmd.types[0]
			if t.info == nil {
				fail("RemoveResource: zero glue.Type; get the type with glue.TypeOf[T]()")
				continue
			}
			if slot, ok := a.resources[t.info.RType]; ok {
				slot.val = nil
			}
		case cmdExclusive:
			if err := a.runExclusive(cmd.values[0]); err != nil {
				fail("Exclusive: %v", err)
			}
		}
	}
	buf.reset()
	return errs
}

func containsType(ts []*world.Type, t *world.Type) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// valueTypes returns the component types of values, or an error naming a
// value that cannot be a component.
func valueTypes(values []any) ([]*world.Type, error) {
	types := make([]*world.Type, len(values))
	for i, v := range values {
		if v == nil {
			return nil, errors.New("nil component value; pass a value of the component's type, e.g. Pos{}")
		}
		if err := checkComponentType(reflect.TypeOf(v)); err != nil {
			return nil, fmt.Errorf("%v (got %T)", err.Error()[len("glue: "):], v)
		}
		t := world.TypeOf(v)
		if containsType(types[:i], t) {
			return nil, fmt.Errorf("component type %s given twice", t.Name)
		}
		types[i] = t
	}
	return types, nil
}

// typeInfos returns the world types of ts, or an error for a zero Type.
func typeInfos(ts []Type) ([]*world.Type, error) {
	out := make([]*world.Type, 0, len(ts))
	for _, t := range ts {
		if t.info == nil {
			return nil, errors.New("zero glue.Type; get types with glue.TypeOf[T]()")
		}
		out = append(out, t.info)
	}
	return out, nil
}
