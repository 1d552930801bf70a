package glue

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/gluekit/glue/internal/world"
)

// This file is glue's checkpoint: a copy of everything a tick reads, in
// memory, that an app can go back to — rollback netcode restores the
// checkpoint of a past tick and runs the ticks since again with inputs
// that arrived late. A checkpoint reuses its memory: saving and
// restoring allocate nothing once its buffers have grown.

// Checkpoint is a copy of an app's state between two ticks: the world
// (every entity, its id and version, its components, the free ids, the
// archetypes its history made), the resources (but the [MachineLocal] ones), the [Local] state of
// every system, the events in flight and each [Reader]'s place in them,
// what [Added] and [Removed] have yet to report, the state machines, the
// tick count and whether the startup systems have run (a checkpoint
// saved after [App.Build] and before the first [App.Update] has them run
// again after its Restore). Restoring it and running
// the same ticks with the same inputs gives the same app as the first
// time (the app's systems being deterministic: see docs/net.md,
// "Rollback").
//
// Values are copied as Go assignment copies them: the elements of a
// slice, a map, what a pointer points to are shared between the app and
// its checkpoints. State that a system changes in place behind such a
// reference — a slice appended to and rewritten tick after tick, a
// random generator behind a pointer — must be copied by its type's
// [Copier] method, or it is not restored. Components should hold values
// (arrays, not slices); resources and Locals that hold such state
// implement Copier.
//
// The zero Checkpoint is ready to use. A Checkpoint belongs to the app
// it was first saved from.
type Checkpoint struct {
	app   *App
	saved bool
	tick  uint64
	// startup tells whether the app had run its startup systems: a
	// checkpoint saved after Build and before the first Update has
	// them run again after its Restore.
	startup bool
	world   *world.World
	// By the app's lists (ckptIndex), in order.
	res     []savedValue
	locals  []savedValue
	queues  []eventQueueCopy
	cursors []int
	logs    []changeLog
	started []bool
	// Keep lists the resources Save and Restore leave alone (see
	// Checkpoint.Keep).
	keep map[reflect.Type]bool
	sums []uint64 // Digest's scratch
}

// Copier is implemented by (a pointer to) a resource or [Local] type
// that keeps state a tick changes behind a pointer, a slice or a map, so
// that a [Checkpoint] copies it whole: CopyFrom makes the receiver a copy
// of src, a pointer to a value of the same type, reusing the receiver's
// memory (append(dst.list[:0], src.list...), *dst.state = *src.state) so
// that checkpoints allocate nothing once they have grown. The receiver
// is either the checkpoint's own value (saving) or the app's (restoring);
// it must not share memory with src when CopyFrom returns, except memory
// that no tick changes.
type Copier interface {
	CopyFrom(src any)
}

// savedValue is a checkpoint's copy of one resource or Local.
type savedValue struct {
	val    any // a *T of the checkpoint's own, or nil before first use
	exists bool
}

// eventQueueCopy is an event queue that a checkpoint copies.
type eventQueueCopy interface {
	blank() eventQueueCopy
	copyFrom(src eventQueueCopy)
}

// ckptIndex is an app's lists of what a checkpoint copies, in the order
// they were made; they only grow.
type ckptIndex struct {
	slots   []*resSlot
	locals  []any // *T
	queues  []eventQueueCopy
	cursors []*int
	logs    []*changeLog
}

// Keep makes Save and Restore leave the resources of the given types
// alone, and Digest leave them out: resources of the machine rather than
// of the game, which a rollback must not take back. Types marked
// [MachineLocal] are left alone without it (the modules' devices,
// preferences and displays are); Keep is for types a game cannot mark.
// Call it before the first Save.
func (c *Checkpoint) Keep(types ...Type) {
	if c.keep == nil {
		c.keep = map[reflect.Type]bool{}
	}
	for _, t := range types {
		if t.info != nil {
			c.keep[t.info.RType] = true
		}
	}
}

// Tick returns the tick count of the app when it was saved ([App.Tick]),
// or 0 before the first Save.
func (c *Checkpoint) Tick() uint64 { return c.tick }

// Saved reports whether the checkpoint holds a state.
func (c *Checkpoint) Saved() bool { return c.saved }

// Save copies the app's state into the checkpoint, replacing what it held.
// Call it between ticks (not from a system). It returns an error if the
// checkpoint holds another app's state, or the app is not built.
func (c *Checkpoint) Save(a *App) error {
	if err := c.check(a, "Save"); err != nil {
		return err
	}
	if c.world == nil {
		c.world, _ = world.New()
	}
	a.world.CopyInto(c.world)
	ix := &a.ckpt
	c.res = grow(c.res, len(ix.slots))
	for i, s := range ix.slots {
		if s.local || c.keep[s.rtype] {
			continue
		}
		saveValue(&c.res[i], s.val)
	}
	c.locals = grow(c.locals, len(ix.locals))
	for i, l := range ix.locals {
		saveValue(&c.locals[i], l)
	}
	for len(c.queues) < len(ix.queues) {
		c.queues = append(c.queues, ix.queues[len(c.queues)].blank())
	}
	for i, q := range ix.queues {
		c.queues[i].copyFrom(q)
	}
	c.cursors = grow(c.cursors, len(ix.cursors))
	for i, p := range ix.cursors {
		c.cursors[i] = *p
	}
	c.logs = grow(c.logs, len(ix.logs))
	for i, l := range ix.logs {
		c.logs[i].copyFrom(l)
	}
	c.started = grow(c.started, len(a.states))
	for i, m := range a.states {
		c.started[i] = *m.startedFlag()
	}
	c.tick, c.startup, c.saved = a.tick, a.started, true
	return nil
}

// Restore makes the app's state the one saved, as it was when Save ran.
// Call it between ticks (not from a system). Entities, resources, events,
// Locals and Readers made since the Save are emptied or removed: a
// resource inserted since is removed, one removed since is back. It
// returns an error if the checkpoint holds no state or another app's.
func (c *Checkpoint) Restore(a *App) error {
	if err := c.check(a, "Restore"); err != nil {
		return err
	}
	if !c.saved {
		return errors.New("glue: Checkpoint.Restore before any Save; save a state first")
	}
	c.world.CopyInto(a.world)
	ix := &a.ckpt
	for i, s := range ix.slots {
		if s.local || c.keep[s.rtype] {
			continue
		}
		if i >= len(c.res) || !c.res[i].exists {
			s.val = nil // made (or emptied) since the Save
			continue
		}
		if s.val == nil {
			s.val = reflect.New(s.rtype).Interface()
		}
		copyValue(s.val, c.res[i].val)
	}
	for i, l := range ix.locals {
		if i < len(c.locals) {
			copyValue(l, c.locals[i].val)
		} else {
			reflect.ValueOf(l).Elem().SetZero() // a system built since
		}
	}
	for i, q := range ix.queues {
		if i < len(c.queues) {
			q.copyFrom(c.queues[i])
		} else {
			q.copyFrom(q.blank())
		}
	}
	for i, p := range ix.cursors {
		if i < len(c.cursors) {
			*p = c.cursors[i]
		}
	}
	for i, l := range ix.logs {
		if i < len(c.logs) {
			l.copyFrom(&c.logs[i])
		}
	}
	for i, m := range a.states {
		if i < len(c.started) {
			*m.startedFlag() = c.started[i]
		}
	}
	a.tick, a.started = c.tick, c.startup
	return nil
}

// check refuses a checkpoint of another app and an app not built.
func (c *Checkpoint) check(a *App, op string) error {
	if a == nil || a.world == nil {
		return fmt.Errorf("glue: Checkpoint.%s of a nil app or one without a world; pass the app made with NewApp", op)
	}
	if !a.built || a.buildErr != nil {
		return fmt.Errorf("glue: Checkpoint.%s of an app that is not built (or failed to build); call App.Build first and check its error", op)
	}
	if c.app == nil {
		c.app = a
	}
	if c.app != a {
		return fmt.Errorf("glue: Checkpoint.%s with another app than the one it was first saved from; use one Checkpoint per app", op)
	}
	return nil
}

// grow returns s with length n, keeping its elements.
func grow[T any](s []T, n int) []T {
	for len(s) < n {
		var zero T
		s = append(s, zero)
	}
	return s
}

// saveValue copies the value that p (a *T or nil) points to into sv.
func saveValue(sv *savedValue, p any) {
	if p == nil {
		sv.exists = false
		return
	}
	if sv.val == nil || reflect.TypeOf(sv.val) != reflect.TypeOf(p) {
		sv.val = reflect.New(reflect.TypeOf(p).Elem()).Interface()
	}
	copyValue(sv.val, p)
	sv.exists = true
}

// copyValue copies *src to *dst (both *T): with T's Copier if it has
// one, by assignment otherwise.
func copyValue(dst, src any) {
	if c, ok := dst.(Copier); ok {
		c.CopyFrom(src)
		return
	}
	reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem())
}

// copyFrom makes l a copy of src, its cursors' values included (l's
// cursors are its own: the Added and Removed readers' for the app's
// logs, ints of the checkpoint's for its copies).
func (l *changeLog) copyFrom(src *changeLog) {
	l.base = src.base
	l.list = append(l.list[:0], src.list...)
	l.ticks = append(l.ticks[:0], src.ticks...)
	for len(l.cursors) < len(src.cursors) {
		l.cursors = append(l.cursors, new(int))
	}
	for i, p := range src.cursors {
		*l.cursors[i] = *p
	}
}

func (q *eventQueue[E]) blank() eventQueueCopy { return &eventQueue[E]{name: q.name} }

func (q *eventQueue[E]) copyFrom(src eventQueueCopy) {
	s := src.(*eventQueue[E])
	q.base, q.prev = s.base, s.prev
	clear(q.list)
	q.list = append(q.list[:0], s.list...)
}

// Drive makes [App.Update] call fn instead of running one tick: fn runs
// the app's ticks by calling tick ([App.Update] itself, which then runs
// one tick), as many as it decides — none while it waits, several when it
// goes back to a [Checkpoint] and runs the ticks since again — so that
// every driver of the app (a renderer's loop, App.Run, a test) gets them.
// A plugin calls it while the app is declared; rollback netcode
// (modules/net) does. Driving an app twice is reported by [App.Build].
// [App.Run] calls Update in a loop without pause: a driver that waits
// (runs no tick) should be run by a paced loop, a renderer's or the
// game's own.
//
// Panics if the app was already built.
func (a *App) Drive(fn func(tick func() error) error) *App {
	a.mustNotBeBuilt("Drive")
	if a.driver != nil {
		a.errorf("glue: App.Drive called twice; one driver runs an app's ticks (two rollback plugins?)")
		return a
	}
	a.driver, a.tickFn = fn, a.Update
	return a
}

// Digest is the hash of one part of a saved state: the entities (their
// ids, versions and order), one component type's values, or one
// resource's value. Hashes cover numbers, booleans and strings field by
// field; pointers, slices, maps and interfaces are left out.
type Digest struct {
	Name string // "entities", a component type or a resource type, e.g. "physics.Body"
	Sum  uint64
}

// Digest appends to dst the hashes of the saved state: the entities
// (and what decides the ids of future spawns), then each component type
// the world stores, then each resource neither [MachineLocal] nor kept
// ([Checkpoint.Keep]), and returns the extended slice; nothing
// before the first Save. Two runs of a deterministic game with the same
// inputs have the same digests tick for tick; where they differ, the
// names say what differs. With dst's capacity reused it allocates
// nothing.
func (c *Checkpoint) Digest(dst []Digest) []Digest {
	if !c.saved {
		return dst
	}
	var ents uint64
	ents, c.sums = c.world.Digest(c.sums)
	dst = append(dst, Digest{Name: "entities", Sum: ents})
	for i, s := range c.sums {
		if s != 0 {
			dst = append(dst, Digest{Name: world.TypeAt(i).Name, Sum: s})
		}
	}
	for i, sv := range c.res {
		s := c.app.ckpt.slots[i]
		if sv.exists && !s.local && !c.keep[s.rtype] {
			dst = append(dst, Digest{Name: s.name, Sum: world.HashValue(sv.val)})
		}
	}
	return dst
}

// ResourceOf returns the app's resource of type t as a *T in an
// interface, or nil if there is none: for code that holds a [Type] rather
// than the Go type (rollback netcode keeping a machine's resources). It
// is for drivers and tools between ticks, like [Resource].
func (a *App) ResourceOf(t Type) any {
	if t.info == nil {
		return nil
	}
	if s, ok := a.resources[t.info.RType]; ok && s.val != nil {
		return s.val
	}
	return nil
}
