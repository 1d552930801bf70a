package glue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
)

type cmdKind uint8

const (
	cmdEnd cmdKind = iota
	cmdFail
	cmdSpawn
	cmdDespawn
	cmdInsert
	cmdRemove
	cmdInsertResource
	cmdRemoveResource
)

type command struct {
	kind   cmdKind
	e      Entity
	values []any
	types  []*typeInfo
	err    error
}

// cmdBuffer is one system run's queue of commands.
type cmdBuffer struct {
	cmds []command
}

func (b *cmdBuffer) reset() {
	clear(b.cmds)
	b.cmds = b.cmds[:0]
}

// End ends the app: the current tick finishes — every remaining stage runs
// — and then the driver stops. [App.Run] returns nil.
func (c Commands) End() { c.buf.cmds = append(c.buf.cmds, command{kind: cmdEnd}) }

// Fail ends the app like [Commands.End], and makes [App.Run] return err,
// wrapped with the system's name and stage.
func (c Commands) Fail(err error) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdFail, err: err})
}

// Spawn creates an entity with the given component values, at least one.
// Any Go type can be a component; a value's dynamic type is its component
// type, so pass values (Ball{}), not pointers, unless the component type
// is the pointer type. The entity is visible from the next stage on.
func (c Commands) Spawn(components ...any) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdSpawn, values: components})
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
// entity lacks are ignored. An entity left with no components is despawned.
func (c Commands) Remove(e Entity, types ...Type) {
	ts := make([]*typeInfo, len(types))
	for i, t := range types {
		ts[i] = t.info
	}
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdRemove, e: e, types: ts})
}

// Modify removes the components of the given types from an entity and
// inserts the given components, as one command: Lepenka's ModifyComponent.
func (c Commands) Modify(e Entity, remove []Type, insert ...any) {
	c.Remove(e, remove...)
	c.Insert(e, insert...)
}

// InsertResource creates the resource of v's type, or replaces it. Systems
// see the new value from the next stage on.
func (c Commands) InsertResource(v any) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdInsertResource, values: []any{v}})
}

// RemoveResource removes the resource of type t, if there is one.
func (c Commands) RemoveResource(t Type) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdRemoveResource, types: []*typeInfo{t.info}})
}

// apply runs one buffer's commands against the app's world. Commands on
// entities that no longer exist are skipped; type errors are returned, and
// a panic while applying (a bug in glue or donburi) becomes an error naming
// the system whose commands were applied.
func (a *App) apply(sys *System, buf *cmdBuffer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			buf.reset()
			err = &SystemError{System: sys.name, Stage: stageNameOf(sys), Err: fmt.Errorf("panic while applying its commands: %v", r), Panic: r, Stack: debug.Stack()}
		}
	}()
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, &SystemError{System: sys.name, Stage: stageNameOf(sys), Err: fmt.Errorf(format, args...)})
	}
	for i := range buf.cmds {
		cmd := &buf.cmds[i]
		switch cmd.kind {
		case cmdEnd:
			a.ending = true
		case cmdFail:
			a.ending = true
			errs = append(errs, &SystemError{System: sys.name, Stage: stageNameOf(sys), Err: cmd.err})
		case cmdSpawn:
			if err := a.spawn(cmd.values); err != nil {
				fail("Spawn: %v", err)
			}
		case cmdDespawn:
			a.despawn(cmd.e)
		case cmdInsert:
			if err := a.insert(cmd.e, cmd.values); err != nil {
				fail("Insert: %v", err)
			}
		case cmdRemove:
			a.remove(cmd.e, cmd.types)
		case cmdInsertResource:
			v := cmd.values[0]
			if v == nil {
				fail("InsertResource: nil value")
				continue
			}
			a.setResource(v)
		case cmdRemoveResource:
			if slot, ok := a.resources[cmd.types[0].rtype]; ok {
				slot.ptr, slot.keep = nil, nil
			}
		}
	}
	buf.reset()
	return errors.Join(errs...)
}

func stageNameOf(sys *System) string {
	if sys.stage == nil {
		return "startup"
	}
	return sys.stage.name
}

func resolveTypes(values []any) ([]*typeInfo, error) {
	infos := make([]*typeInfo, len(values))
	for i, v := range values {
		if v == nil {
			return nil, errors.New("nil component value")
		}
		ti := typeOfValue(v)
		for _, prev := range infos[:i] {
			if prev == ti {
				return nil, fmt.Errorf("component type %s given twice", ti.name)
			}
		}
		infos[i] = ti
	}
	return infos, nil
}

func (a *App) spawn(values []any) error {
	if len(values) == 0 {
		return errors.New("an entity needs at least one component")
	}
	infos, err := resolveTypes(values)
	if err != nil {
		return err
	}
	comps := make([]component.IComponentType, len(infos))
	for i, ti := range infos {
		comps[i] = ti.comp
	}
	archs := len(a.world.Archetypes())
	e := a.world.Create(comps...)
	if len(a.world.Archetypes()) != archs {
		// Create made the archetype, and counted it right: remember it.
		// Only when it is new, so that a spawn costs no key.
		var buf [64]byte
		a.seeded[string(layoutKey(buf[:0], comps))] = true
	}
	entry := a.world.Entry(e)
	for i, ti := range infos {
		ti.set(entry.Component(ti.comp), values[i])
		a.logEvent(ti.comp, true, Entity(e))
	}
	return nil
}

func (a *App) despawn(e Entity) {
	de := donburi.Entity(e)
	if !a.world.Valid(de) {
		return
	}
	entry := a.world.Entry(de)
	for _, c := range entry.Archetype().Layout().Components() {
		a.logEvent(c, false, e)
	}
	a.world.Remove(de)
}

func (a *App) insert(e Entity, values []any) error {
	infos, err := resolveTypes(values)
	if err != nil {
		return err
	}
	de := donburi.Entity(e)
	if !a.world.Valid(de) {
		return nil
	}
	for i, ti := range infos {
		entry := a.world.Entry(de)
		if !entry.HasComponent(ti.comp) {
			layout := entry.Archetype().Layout().Components()
			a.seedArchetype(append(slices.Clip(layout), ti.comp))
			entry = a.world.Entry(de)
			entry.AddComponent(ti.comp)
			a.logEvent(ti.comp, true, e)
		}
		ti.set(entry.Component(ti.comp), values[i])
	}
	return nil
}

func (a *App) remove(e Entity, types []*typeInfo) {
	de := donburi.Entity(e)
	if !a.world.Valid(de) {
		return
	}
	entry := a.world.Entry(de)
	layout := entry.Archetype().Layout().Components()
	left := len(layout)
	for _, ti := range types {
		if slices.Contains(layout, ti.comp) {
			left--
		}
	}
	if left == 0 {
		a.despawn(e)
		return
	}
	for _, ti := range types {
		entry := a.world.Entry(de)
		if entry.HasComponent(ti.comp) {
			layout := entry.Archetype().Layout().Components()
			a.seedArchetype(slices.DeleteFunc(slices.Clone(layout), func(c component.IComponentType) bool { return c == ti.comp }))
			entry = a.world.Entry(de)
			entry.RemoveComponent(ti.comp)
			a.logEvent(ti.comp, false, e)
		}
	}
}

// seedArchetype makes sure donburi has counted the archetype of layout
// before an entity moves into it by AddComponent or RemoveComponent.
// donburi v1.15.8's Components.Move counts the first entity to arrive in a
// never-created archetype as its second, and the next Create into that
// archetype then panics (index out of range). Creating and removing one
// entity there first sets the count right. It costs one create and remove
// per new archetype, once.
func (a *App) seedArchetype(layout []component.IComponentType) {
	var buf [64]byte
	key := layoutKey(buf[:0], layout)
	if a.seeded[string(key)] {
		return
	}
	a.seeded[string(key)] = true
	a.world.Remove(a.world.Create(layout...))
}

// layoutKey appends to dst a key that identifies a set of component types
// regardless of order: the sorted type ids as uvarints. It allocates
// nothing for layouts of up to 16 types; look it up as m[string(key)],
// which does not allocate either.
func layoutKey(dst []byte, layout []component.IComponentType) []byte {
	var buf [16]int
	ids := buf[:0]
	for _, c := range layout {
		ids = append(ids, int(c.Id()))
	}
	slices.Sort(ids)
	for _, id := range ids {
		dst = binary.AppendUvarint(dst, uint64(id))
	}
	return dst
}

func (a *App) logEvent(c component.IComponentType, added bool, e Entity) {
	if l, ok := a.logs(added)[c]; ok {
		l.list = append(l.list, e)
	}
}
