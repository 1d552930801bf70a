package glue

import (
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"

	"github.com/gluekit/glue/internal/sched"
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
	cmdSpawnTyped
	cmdInsertTyped
	cmdExclusive // Commands.Exclusive (snapshot.go): its value is the function
	// The bulk commands (bulk.go).
	cmdSpawnBatch
	cmdSpawnBatchOf
	cmdInsertAll
	cmdRemoveAll
	cmdDespawnAll
)

// command is one queued command. Its values and types live in the
// buffer's arenas, so that a command holds no pointers and queuing one
// allocates nothing once the buffer has grown.
type command struct {
	kind cmdKind
	e    Entity
	// off, n: the command's values, vals[off:off+n]; for a typed
	// command, off is its row in store tn.
	off, n int32
	// toff, tn: the command's types, types[toff:toff+tn]; for a typed
	// command, tn is the index of its store.
	toff, tn int32
}

// cmdBuffer is one system run's (or chunk's) queue of commands. It keeps
// its capacity from tick to tick.
type cmdBuffer struct {
	cmds  []command
	vals  []any
	types []Type
	errs  []error
	// stores hold the values of typed commands (Spawn2, Insert1, …), one
	// per list of component types; last is the one used last.
	stores []cmdStore
	last   int
	ents   []world.Entity // scratch: the entities of a batch of spawns
	wtypes []*world.Type  // scratch: the types of a boxed command
	w      *world.World
	// node and chunk are the system run's, for its turn to reserve ids
	// (reserve); node is nil for a buffer of no system.
	node  *sched.Node
	chunk int

	// The bulk commands' ids, queries and scratch blocks (bulk.go).
	batch   []world.Entity
	queries []*world.Query
	blocks  []world.Block
}

// reserve reserves the id of an entity to spawn. Where the system runs
// beside others (a parallel level, a chunk of a split run) it first
// waits until the systems before it in the stage's order, and its chunks
// before this one, have finished: so ids are handed out in the order of
// a sequential run, whatever the workers do (issue 34).
func (b *cmdBuffer) reserve() Entity {
	if b.node != nil {
		b.node.WaitTurn(b.chunk)
	}
	if e, ok := b.w.ReserveFree(); ok { // inlined: no call for a freed id
		return Entity(e)
	}
	return Entity(b.w.Reserve())
}

// cmdStore holds the values of a buffer's typed commands of one list of
// component types, one slice per type (see commands_gen.go).
type cmdStore interface {
	// check returns why the types cannot be components, or nil.
	check() error
	// spawn spawns the reserved ents with the values of rows row….
	spawn(w *world.World, ents []world.Entity, row int) error
	// insert inserts the values of a row into e.
	insert(w *world.World, e world.Entity, row int)
	reset()
}

// storeOf returns the buffer's store of type S, and its index, making it
// with mk the first time.
func storeOf[S cmdStore](b *cmdBuffer, mk func() S) (S, int32) {
	if b.last < len(b.stores) {
		if s, ok := b.stores[b.last].(S); ok {
			return s, int32(b.last)
		}
	}
	for i, x := range b.stores {
		if s, ok := x.(S); ok {
			b.last = i
			return s, int32(i)
		}
	}
	s := mk()
	b.stores = append(b.stores, s)
	b.last = len(b.stores) - 1
	return s, int32(b.last)
}

// checkTypes reports why a typed command's component types cannot be
// components: a pointer or interface type, or a type given twice.
func checkTypes(types []*world.Type) error {
	for i, t := range types {
		if err := checkComponentType(t.RType); err != nil {
			return err
		}
		if containsType(types[:i], t) {
			return fmt.Errorf("component type %s given twice", t.Name)
		}
	}
	return nil
}

// push queues a command with boxed values and types.
func (b *cmdBuffer) push(kind cmdKind, e Entity, values []any, types []Type) {
	b.cmds = append(b.cmds, command{kind: kind, e: e,
		off: int32(len(b.vals)), n: int32(len(values)),
		toff: int32(len(b.types)), tn: int32(len(types))})
	b.vals = append(b.vals, values...)
	b.types = append(b.types, types...)
}

func (b *cmdBuffer) values(cmd *command) []any { return b.vals[cmd.off : cmd.off+cmd.n] }
func (b *cmdBuffer) typeList(cmd *command) []Type {
	return b.types[cmd.toff : cmd.toff+cmd.tn]
}

func (b *cmdBuffer) reset() {
	b.cmds = b.cmds[:0]
	clear(b.vals)
	b.vals = b.vals[:0]
	clear(b.types)
	b.types = b.types[:0]
	clear(b.errs)
	b.errs = b.errs[:0]
	for _, s := range b.stores {
		s.reset()
	}
	b.batch = b.batch[:0]
	clear(b.queries)
	b.queries = b.queries[:0]
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
		if cmd.kind == cmdSpawn || cmd.kind == cmdSpawnTyped {
			b.w.Release(world.Entity(cmd.e))
		}
		if cmd.kind == cmdSpawnBatch || cmd.kind == cmdSpawnBatchOf {
			for _, e := range b.batch[cmd.toff : cmd.toff+cmd.n] {
				b.w.Release(e)
			}
		}
	}
}

// End ends the app: the current tick finishes — every remaining stage runs
// — and then the driver stops. [App.Run] returns nil.
func (c Commands) End() { c.buf.push(cmdEnd, 0, nil, nil) }

// Fail ends the app like [Commands.End] — the current tick finishes — and
// then [App.Update] and [App.Run] return err, wrapped in a *SystemError
// naming the system and its stage.
func (c Commands) Fail(err error) {
	c.buf.cmds = append(c.buf.cmds, command{kind: cmdFail, off: int32(len(c.buf.errs))})
	c.buf.errs = append(c.buf.errs, err)
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
// order of spawns, and spawns take ids in the stage's system order (and,
// within a system split across workers, in entity order): a system that
// runs beside others waits, at its first spawn, until the systems before
// it have finished. So a parallel run hands out the ids of a sequential
// run ([Options.Sequential]), every time.
func (c Commands) Spawn(components ...any) Entity {
	e := c.buf.reserve()
	c.buf.push(cmdSpawn, e, components, nil)
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
	c.buf.push(cmdInsert, e, components, nil)
}

// Remove removes components of the given types from an entity. Types the
// entity lacks, and types given twice, are ignored. An entity left with no
// components is despawned.
func (c Commands) Remove(e Entity, types ...Type) {
	c.buf.push(cmdRemove, e, nil, types)
}

// Modify replaces components of an entity as one change (Lepenka's
// ModifyComponent): afterwards the entity has its old components less the
// remove types, plus the insert values. Modify(e, []Type{A}, B{}) on an
// entity that has only A leaves it with only B; the entity is despawned
// only if it is left with no components at all.
func (c Commands) Modify(e Entity, remove []Type, insert ...any) {
	c.buf.push(cmdModify, e, insert, remove)
}

// InsertResource creates the resource of v's type, or replaces it. Pass a
// value, not a pointer. Systems see the new value from the next stage on.
func (c Commands) InsertResource(v any) {
	c.buf.push(cmdInsertResource, 0, []any{v}, nil)
}

// RemoveResource removes the resource of type t, if there is one.
func (c Commands) RemoveResource(t Type) {
	c.buf.push(cmdRemoveResource, 0, nil, []Type{t})
}

// commandError adds to errs the error of a command of r that could not
// be applied. It is a function, not inlined, rather than a closure in
// apply: a closure called from a dozen places is inlined at each, about
// 1 KB of the browser build each time (issue #40).
//
//go:noinline
func (r *sysRun) commandError(errs *[]error, format string, args ...any) {
	*errs = append(*errs, &SystemError{System: r.name, Stage: r.stageName(), Err: fmt.Errorf(format, args...)})
}

// apply runs one buffer's commands against the app's world, in issue
// order. Commands on entities that no longer exist are skipped. A command
// that cannot be applied (a nil or pointer component, a zero Type) is
// skipped and reported; a panic while applying (a bug in glue)
// is reported too. Each error is a *SystemError naming the system.
func (a *App) apply(r *sysRun, buf *cmdBuffer) (errs []error) {
	i := 0
	defer func() {
		if p := recover(); p != nil {
			buf.releaseFrom(min(i+1, len(buf.cmds)))
			buf.reset()
			errs = append(errs, &SystemError{System: r.name, Stage: r.stageName(), Err: fmt.Errorf("panic while applying its commands: %v", p), Panic: p, Stack: debug.Stack()})
		}
	}()
	w := a.world
	for ; i < len(buf.cmds); i++ {
		cmd := &buf.cmds[i]
		if cmd.e == 0 && (cmd.kind == cmdInsert || cmd.kind == cmdInsertTyped) {
			r.commandError(&errs, "Insert: the zero Entity is no entity; insert into an entity that Spawn returned or a query found")
			continue
		}
		switch cmd.kind {
		case cmdEnd:
			a.ending = true
		case cmdFail:
			a.ending = true
			a.failures = append(a.failures, &SystemError{System: r.name, Stage: r.stageName(), Err: buf.errs[cmd.off]})
		case cmdSpawn:
			vals := buf.values(cmd)
			types, err := buf.valueTypes(vals)
			if err != nil {
				w.Release(world.Entity(cmd.e))
				r.commandError(&errs, "Spawn: %v", err)
				continue
			}
			// A run of spawns of values of the same types, in the same
			// order, is spawned as one batch, like typed spawns.
			j := i + 1
			for j < len(buf.cmds) && buf.cmds[j].kind == cmdSpawn && sameTypes(buf.values(&buf.cmds[j]), types) {
				j++
			}
			ents := buf.ents[:0]
			for k := i; k < j; k++ {
				ents = append(ents, world.Entity(buf.cmds[k].e))
			}
			buf.ents = ents
			first := i
			i = j - 1
			blk, err := w.SpawnBatch(types, ents)
			if err != nil {
				r.commandError(&errs, "Spawn: %v", err)
				continue
			}
			for k := range ents {
				for x, v := range buf.values(&buf.cmds[first+k]) {
					w.SetIn(blk, k, types[x], v)
				}
			}
		case cmdSpawnTyped:
			// A run of spawns of one list of types is spawned as one
			// batch: the world finds the archetype once.
			s := buf.stores[cmd.tn]
			if err := s.check(); err != nil {
				w.Release(world.Entity(cmd.e))
				r.commandError(&errs, "Spawn: %v", err)
				continue
			}
			j := i + 1
			for j < len(buf.cmds) && buf.cmds[j].kind == cmdSpawnTyped && buf.cmds[j].tn == cmd.tn {
				j++
			}
			ents := buf.ents[:0]
			for k := i; k < j; k++ {
				ents = append(ents, world.Entity(buf.cmds[k].e))
			}
			buf.ents = ents
			row := int(cmd.off)
			i = j - 1
			if err := s.spawn(w, ents, row); err != nil {
				r.commandError(&errs, "Spawn: %v", err)
			}
		case cmdDespawn:
			// A run of despawns is applied as one (world.DespawnEach:
			// the result of one Despawn per entity, with each surviving
			// row copied once).
			j := i + 1
			for j < len(buf.cmds) && buf.cmds[j].kind == cmdDespawn {
				j++
			}
			if j == i+1 {
				w.Despawn(world.Entity(cmd.e))
				continue
			}
			ents := buf.ents[:0]
			for k := i; k < j; k++ {
				ents = append(ents, world.Entity(buf.cmds[k].e))
			}
			buf.ents = ents
			i = j - 1
			w.DespawnEach(ents)
		case cmdInsert:
			vals := buf.values(cmd)
			types, err := buf.valueTypes(vals)
			if err != nil {
				r.commandError(&errs, "Insert: %v", err)
				continue
			}
			for i, t := range types {
				w.Insert(world.Entity(cmd.e), t, vals[i])
			}
		case cmdInsertTyped:
			s := buf.stores[cmd.tn]
			if err := s.check(); err != nil {
				r.commandError(&errs, "Insert: %v", err)
				continue
			}
			s.insert(w, world.Entity(cmd.e), int(cmd.off))
		case cmdRemove:
			types, err := buf.typeInfos(buf.typeList(cmd))
			if err != nil {
				r.commandError(&errs, "Remove: %v", err)
				continue
			}
			for _, t := range types {
				w.Remove(world.Entity(cmd.e), t)
			}
		case cmdModify:
			vals := buf.values(cmd)
			ins, err := buf.valueTypes(vals)
			var rm []*world.Type
			if err == nil {
				rm, err = typeInfos(buf.typeList(cmd))
			}
			if err != nil {
				r.commandError(&errs, "Modify: %v", err)
				continue
			}
			e := world.Entity(cmd.e)
			for i, t := range ins { // insert first, so that the entity is never left empty
				w.Insert(e, t, vals[i])
			}
			for _, t := range rm {
				if !containsType(ins, t) {
					w.Remove(e, t)
				}
			}
		case cmdInsertResource:
			v := buf.vals[cmd.off]
			if err := checkResource(v); err != nil {
				r.commandError(&errs, "Commands.%v", err.Error()[len("glue: "):])
				continue
			}
			a.setResource(v)
		case cmdRemoveResource:
			t := buf.types[cmd.toff]
			if t.info == nil {
				r.commandError(&errs, "RemoveResource: zero glue.Type; get the type with glue.TypeOf[T]()")
				continue
			}
			if slot, ok := a.resources[t.info.RType]; ok {
				slot.val = nil
			}
		case cmdExclusive:
			if err := a.runExclusive(buf.vals[cmd.off]); err != nil {
				r.commandError(&errs, "Exclusive: %w", err)
			}
		case cmdSpawnBatch, cmdSpawnBatchOf, cmdInsertAll, cmdRemoveAll, cmdDespawnAll:
			if err := a.applyBulk(buf, cmd); err != nil {
				r.commandError(&errs, "%v", err)
			}
		}
	}
	buf.reset()
	return errs
}

// sameTypes reports whether vals hold values of exactly types, in order.
func sameTypes(vals []any, types []*world.Type) bool {
	if len(vals) != len(types) {
		return false
	}
	for i, v := range vals {
		if v == nil || reflect.TypeOf(v) != types[i].RType {
			return false
		}
	}
	return true
}

func containsType(ts []*world.Type, t *world.Type) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// valueTypes returns the component types of values, in a scratch slice
// of the buffer, or an error naming a value that cannot be a component.
func (b *cmdBuffer) valueTypes(values []any) ([]*world.Type, error) {
	types := b.wtypes[:0]
	for i, v := range values {
		if v == nil {
			return nil, errors.New("nil component value; pass a value of the component's type, e.g. Pos{}")
		}
		if err := checkComponentType(reflect.TypeOf(v)); err != nil {
			return nil, fmt.Errorf("%v (got %T)", err, v)
		}
		t := world.TypeOf(v)
		if containsType(types[:i], t) {
			return nil, fmt.Errorf("component type %s given twice", t.Name)
		}
		types = append(types, t)
	}
	b.wtypes = types
	return types, nil
}

// typeInfos returns the world types of ts, in a scratch slice of the
// buffer, or an error for a zero Type.
func (b *cmdBuffer) typeInfos(ts []Type) ([]*world.Type, error) {
	out, err := typeInfosTo(b.wtypes[:0], ts)
	b.wtypes = out
	return out, err
}

// typeInfos returns the world types of ts, or an error for a zero Type.
func typeInfos(ts []Type) ([]*world.Type, error) { return typeInfosTo(nil, ts) }

func typeInfosTo(out []*world.Type, ts []Type) ([]*world.Type, error) {
	for _, t := range ts {
		if t.info == nil {
			return nil, errors.New("zero glue.Type; get types with glue.TypeOf[T]()")
		}
		out = append(out, t.info)
	}
	return out, nil
}
