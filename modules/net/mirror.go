package net

import (
	"fmt"
	"slices"

	"github.com/gluekit/glue/codec"
)

// mirror is a client's copy of the server's state, as decoded values,
// together with what changed since the app last took the changes. The
// connection goroutine applies frames to it; the client's Receive system
// takes the changes and turns them into commands. A frame is checked
// completely before anything is changed, so a bad frame leaves the mirror
// as it was.
type mirror struct {
	tick  uint64
	ents  map[uint64]*mEnt
	dirty []uint64 // ids changed, created or removed since the last take
}

// mEnt is one mirrored entity (or resource).
type mEnt struct {
	comps   []compValue    // sorted by type id
	changed []*codec.Codec // set since the last take
	removed []*codec.Codec // removed since the last take
	fresh   bool           // created since the last take: spawn with every component
	// reshaped says that components were added or removed since the last
	// take, not only changed. See client.apply for why that matters.
	reshaped bool
	dirty    bool // listed in mirror.dirty
}

func newMirror() *mirror { return &mirror{ents: map[uint64]*mEnt{}} }

// apply checks a snapshot or delta against the mirror and applies it.
func (m *mirror) apply(f *frame) error {
	switch f.typ {
	case msgSnapshot:
		m.applySnapshot(f)
		return nil
	case msgDelta:
		if err := m.checkDelta(f); err != nil {
			return err
		}
		m.applyDelta(f)
		return nil
	}
	return fmt.Errorf("net: cannot apply a %v to the world", f.typ)
}

// checkDelta reports whether f applies to the mirror: its base is the
// mirror's tick, created entities are new, changed and removed ones exist,
// and removed components exist.
func (m *mirror) checkDelta(f *frame) error {
	if f.base != m.tick {
		return fmt.Errorf("net: out of order: delta from tick %d to %d, but the last state received is tick %d", f.base, f.tick, m.tick)
	}
	for _, u := range f.ents[:f.created] {
		if _, ok := m.ents[u.id]; ok {
			return fmt.Errorf("net: delta to tick %d creates entity %d, which exists", f.tick, u.id)
		}
	}
	for _, u := range f.ents[f.created:] {
		e, ok := m.ents[u.id]
		if !ok {
			return fmt.Errorf("net: delta to tick %d changes entity %d, which does not exist", f.tick, u.id)
		}
		for _, c := range u.unset {
			if _, ok := e.find(c); !ok {
				return fmt.Errorf("net: delta to tick %d removes %s from entity %d, which does not have it", f.tick, c.Name(), u.id)
			}
		}
		if len(u.set) == 0 && len(u.unset) == len(e.comps) {
			return fmt.Errorf("net: delta to tick %d removes every component of entity %d instead of the entity", f.tick, u.id)
		}
	}
	for _, id := range f.removed {
		if _, ok := m.ents[id]; !ok {
			return fmt.Errorf("net: delta to tick %d removes entity %d, which does not exist", f.tick, id)
		}
	}
	return nil
}

func (m *mirror) applyDelta(f *frame) {
	for _, u := range f.ents[:f.created] {
		m.create(u)
	}
	for _, u := range f.ents[f.created:] {
		e := m.ents[u.id]
		for _, cv := range u.set {
			e.set(cv)
		}
		for _, c := range u.unset {
			e.unset(c)
		}
		m.markDirty(u.id, e)
	}
	for _, id := range f.removed {
		m.remove(id)
	}
	m.tick = f.tick
}

// applySnapshot makes the mirror equal to the snapshot: entities it lacks
// are removed, new ones created, the others get the snapshot's components
// and lose the rest.
func (m *mirror) applySnapshot(f *frame) {
	for id := range m.ents {
		if _, found := slices.BinarySearchFunc(f.ents, id, func(u entUpdate, id uint64) int {
			switch {
			case u.id < id:
				return -1
			case u.id > id:
				return 1
			}
			return 0
		}); !found {
			m.remove(id)
		}
	}
	for _, u := range f.ents {
		e, ok := m.ents[u.id]
		if !ok {
			m.create(u)
			continue
		}
		for i := len(e.comps) - 1; i >= 0; i-- {
			c := e.comps[i].c
			if !slices.ContainsFunc(u.set, func(cv compValue) bool { return cv.c == c }) {
				e.unset(c)
			}
		}
		for _, cv := range u.set {
			e.set(cv)
		}
		m.markDirty(u.id, e)
	}
	m.tick = f.tick
}

func (m *mirror) create(u entUpdate) {
	e := &mEnt{comps: slices.Clone(u.set), fresh: true}
	m.ents[u.id] = e
	m.markDirty(u.id, e)
}

func (m *mirror) remove(id uint64) {
	if e, ok := m.ents[id]; ok && !e.dirty {
		m.dirty = append(m.dirty, id)
	}
	delete(m.ents, id)
}

func (m *mirror) markDirty(id uint64, e *mEnt) {
	if !e.dirty {
		e.dirty = true
		m.dirty = append(m.dirty, id)
	}
}

func (e *mEnt) find(c *codec.Codec) (int, bool) {
	return slices.BinarySearchFunc(e.comps, c.ID(), func(cv compValue, id uint16) int {
		return int(cv.c.ID()) - int(id)
	})
}

func (e *mEnt) set(cv compValue) {
	i, ok := e.find(cv.c)
	if ok {
		e.comps[i] = cv
	} else {
		e.comps = slices.Insert(e.comps, i, cv)
	}
	if e.fresh {
		return
	}
	e.reshaped = e.reshaped || !ok
	e.removed = slices.DeleteFunc(e.removed, func(c *codec.Codec) bool { return c == cv.c })
	if !slices.Contains(e.changed, cv.c) {
		e.changed = append(e.changed, cv.c)
	}
}

func (e *mEnt) unset(c *codec.Codec) {
	i, ok := e.find(c)
	if !ok {
		return
	}
	e.comps = slices.Delete(e.comps, i, i+1)
	if e.fresh {
		return
	}
	e.reshaped = true
	e.changed = slices.DeleteFunc(e.changed, func(x *codec.Codec) bool { return x == c })
	if !slices.Contains(e.removed, c) {
		e.removed = append(e.removed, c)
	}
}

// value returns the current value of component c.
func (e *mEnt) value(c *codec.Codec) any {
	i, _ := e.find(c)
	return e.comps[i].v
}

// clean forgets what changed, after the app took it.
func (e *mEnt) clean() {
	e.changed = e.changed[:0]
	e.removed = e.removed[:0]
	e.fresh = false
	e.reshaped = false
	e.dirty = false
}

// respawn marks an entity as needing a fresh spawn with every component,
// because its local entity is gone.
func (m *mirror) respawn(id uint64) {
	if e, ok := m.ents[id]; ok {
		e.fresh = true
		e.changed = e.changed[:0]
		e.removed = e.removed[:0]
		m.markDirty(id, e)
	}
}
