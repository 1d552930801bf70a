package glue

import (
	"errors"
	"fmt"

	"github.com/gluekit/glue/internal/world"
)

// This file holds the bulk commands: many entities spawned from one
// command ([SpawnBatch], [SpawnBatchOf]), and a component inserted or
// removed, or the entities despawned, on every entity of a query
// ([InsertAll], [RemoveAll], [DespawnAll]). They are
// deferred like every command and applied in order with the others; the
// world then moves whole archetypes at a time, not entity by entity. The
// result — entities, archetypes, rows, ids, what [Added] and [Removed]
// list, checkpoints and saves — is the result of the per-entity
// commands issued in the query's order.

// AnyQuery is a query param — [Query1] … [Query8] — whose entities a
// bulk command changes; the bulk commands take it as a type parameter,
// so passing a query boxes nothing. A zero QueryN (not a system's param)
// fails the command.
type AnyQuery interface {
	worldQuery() *world.Query
}

// bulkStore is a command store that also spawns many entities of one
// value.
type bulkStore interface {
	cmdStore
	spawnRepeat(w *world.World, ents []world.Entity, row int) error
}

// valueStore holds the values of a buffer's InsertAll commands of
// component type T: a bundle store of one field, T itself, distinct from
// the store of T used as a bundle.
type valueStore[T any] struct{ bundleStore[T] }

func newValueStore[T any]() *valueStore[T] {
	t := world.TypeFor[T]()
	info := &bundleInfo{types: []*world.Type{t}, fields: []world.Field{world.NewField(t, 0)}}
	if err := checkComponentType(t.RType); err != nil {
		info.err = err
	}
	return &valueStore[T]{bundleStore[T]{info: info, arch: -1}}
}

// reserveN reserves n ids for spawns, in the buffer's arena of batch
// ids, and returns where they start.
func (b *cmdBuffer) reserveN(n int) int32 {
	if b.node != nil {
		b.node.WaitTurn(b.chunk)
	}
	start := len(b.batch)
	b.batch = b.w.ReserveN(b.batch, n)
	return int32(start)
}

// SpawnBatch spawns n entities, each with the components of bundle b
// (the fields of a struct: see [CheckBundle]), as one command: the world
// finds their archetype once and writes each component's column in one
// loop. It returns the new entities' ids at once, in the order of their
// spawn; the returned Entities is valid until the system returns (copy
// the ids to keep them). Everything [Commands.Spawn] says about ids,
// order and failures holds. n ≤ 0 spawns nothing.
//
// To spawn many entities of one component, make it a bundle of one:
// struct{ Pos Pos }.
func SpawnBatch[B any](cmds Commands, n int, b B) Entities {
	if n <= 0 {
		return Entities{}
	}
	st, at := storeOf(cmds.buf, newBundleStore[B])
	off := cmds.buf.reserveN(n)
	cmds.buf.cmds = append(cmds.buf.cmds, command{kind: cmdSpawnBatch, off: int32(len(st.vals)), n: int32(n), toff: off, tn: at})
	st.vals = append(st.vals, b)
	return Entities{ids: cmds.buf.batch[off : int(off)+n]}
}

// SpawnBatchOf is [SpawnBatch] with one bundle per entity: it spawns
// len(bs) entities, entity i with the fields of bs[i]. It copies bs.
func SpawnBatchOf[B any](cmds Commands, bs []B) Entities {
	if len(bs) == 0 {
		return Entities{}
	}
	st, at := storeOf(cmds.buf, newBundleStore[B])
	off := cmds.buf.reserveN(len(bs))
	cmds.buf.cmds = append(cmds.buf.cmds, command{kind: cmdSpawnBatchOf, off: int32(len(st.vals)), n: int32(len(bs)), toff: off, tn: at})
	st.vals = append(st.vals, bs...)
	return Entities{ids: cmds.buf.batch[off : int(off)+len(bs)]}
}

// InsertAll inserts v into every entity that matches q when the command
// is applied — adding the component where it lacks, overwriting it where
// it has one — in the query's order: what a loop of [Insert1] over q's
// entities does, applied a whole archetype at a time. q is one of the
// system's query params (entities it excludes, disabled ones among them,
// are left alone).
func InsertAll[Q AnyQuery, T any](cmds Commands, q Q, v T) {
	st, at := storeOf(cmds.buf, newValueStore[T])
	cmds.buf.cmds = append(cmds.buf.cmds, command{kind: cmdInsertAll, off: int32(len(st.vals)), toff: cmds.buf.addQuery(q.worldQuery()), tn: at})
	st.vals = append(st.vals, v)
}

// RemoveAll removes the components of the given types from every entity
// that matches q when the command is applied, in the query's order: what
// a loop of [Commands.Remove] over q's entities does, applied a whole
// archetype at a time. Types an entity lacks are ignored; an entity left
// with no components is despawned.
func RemoveAll[Q AnyQuery](cmds Commands, q Q, types ...Type) {
	cmds.buf.push(cmdRemoveAll, 0, nil, types)
	cmds.buf.cmds[len(cmds.buf.cmds)-1].off = cmds.buf.addQuery(q.worldQuery())
}

// DespawnAll despawns every entity that matches q when the command is
// applied, in the query's order: what a loop of [Commands.Despawn] over
// q's entities does, a whole archetype at a time.
func DespawnAll[Q AnyQuery](cmds Commands, q Q) {
	cmds.buf.cmds = append(cmds.buf.cmds, command{kind: cmdDespawnAll, off: cmds.buf.addQuery(q.worldQuery())})
}

// addQuery keeps a bulk command's query in the buffer and returns its
// index (-1 for a query that is not a param).
func (b *cmdBuffer) addQuery(wq *world.Query) int32 {
	if wq == nil {
		return -1
	}
	b.queries = append(b.queries, wq)
	return int32(len(b.queries) - 1)
}

// query returns a bulk command's query, or an error if it had none.
func (b *cmdBuffer) query(i int32) (*world.Query, error) {
	if i < 0 {
		return nil, errors.New("the query is not a query param of a system (a zero or nil QueryN); pass one of the system's own QueryN params")
	}
	return b.queries[i], nil
}

// applyBulk applies one bulk command.
func (a *App) applyBulk(buf *cmdBuffer, cmd *command) error {
	w := a.world
	switch cmd.kind {
	case cmdSpawnBatch, cmdSpawnBatchOf:
		s := buf.stores[cmd.tn].(bulkStore)
		ents := buf.batch[cmd.toff : cmd.toff+cmd.n]
		if err := s.check(); err != nil {
			for _, e := range ents {
				w.Release(e) //nolint:errcheck // reserved by this command
			}
			return fmt.Errorf("SpawnBatch: %w", err)
		}
		var err error
		if cmd.kind == cmdSpawnBatch {
			err = s.spawnRepeat(w, ents, int(cmd.off))
		} else {
			err = s.spawn(w, ents, int(cmd.off))
		}
		if err != nil {
			return fmt.Errorf("SpawnBatch: %w", err)
		}
	case cmdInsertAll:
		s := buf.stores[cmd.tn].(bulkStore)
		if err := s.check(); err != nil {
			return fmt.Errorf("InsertAll: %w", err)
		}
		q, err := buf.query(cmd.toff)
		if err != nil {
			return fmt.Errorf("InsertAll: %w", err)
		}
		fill := s.(blockFiller)
		buf.blocks = w.InsertAll(q, fill.types()[0], buf.blocks[:0])
		for _, blk := range buf.blocks {
			fill.fillRepeat(w, blk, int(cmd.off))
		}
	case cmdRemoveAll:
		q, err := buf.query(cmd.off)
		if err != nil {
			return fmt.Errorf("RemoveAll: %w", err)
		}
		types, err := buf.typeInfos(buf.typeList(cmd))
		if err != nil {
			return fmt.Errorf("RemoveAll: %w", err)
		}
		w.RemoveAll(q, types)
	case cmdDespawnAll:
		q, err := buf.query(cmd.off)
		if err != nil {
			return fmt.Errorf("DespawnAll: %w", err)
		}
		w.DespawnAll(q)
	}
	return nil
}

// blockFiller writes a stored value into a block of entities.
type blockFiller interface {
	types() []*world.Type
	fillRepeat(w *world.World, b world.Block, row int)
}

func (s *bundleStore[B]) types() []*world.Type { return s.info.types }

func (s *bundleStore[B]) fillRepeat(w *world.World, b world.Block, row int) {
	world.FillRepeat(w, b, s.info.fields, &s.vals[row])
}
