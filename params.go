package glue

import (
	"fmt"
	"reflect"
	"unsafe"
)

// systemParam is implemented by the types a system function may take as
// parameters: [Res], [ResMut], [Commands], [Local], [Added], [Removed] and
// [Query1] … [Query4]. initParam runs once when the app is built and
// declares the param's access; fetchParam runs before every run of the
// system and fills the param's value.
type systemParam interface {
	initParam(b *builder) error
	fetchParam(ctx *runCtx) error
}

// paramPtr is the constraint that lets glue initialise and fetch a param
// of type P through its pointer.
type paramPtr[P any] interface {
	*P
	systemParam
}

// resSlot holds the app's one resource of a type.
type resSlot struct {
	rtype reflect.Type
	name  string
	ptr   unsafe.Pointer // nil when the resource does not exist
	keep  any            // keeps the value alive and typed
}

// String returns the resource's type name.
func (r *resSlot) String() string { return r.name }

// Res gives a system read access to the resource of type T. Systems that
// only read a resource may run in parallel. The system fails with an error
// naming it, its stage and T if the resource does not exist when it runs.
type Res[T any] struct {
	slot *resSlot
	ptr  *T
}

// Get returns the resource. The pointer is valid during this run of the
// system; the resource must not be modified through it.
func (r Res[T]) Get() *T { return r.ptr }

func (r *Res[T]) initParam(b *builder) error {
	r.slot = b.app.slotFor(reflect.TypeFor[T]())
	b.sys.access.add(r.slot, false)
	return nil
}

func (r *Res[T]) fetchParam(ctx *runCtx) (err error) {
	r.ptr, err = fetchResource[T](ctx, r.slot)
	return err
}

// ResMut gives a system read and write access to the resource of type T.
// No other system that uses T runs at the same time. The system fails with
// an error naming it, its stage and T if the resource does not exist when
// it runs.
type ResMut[T any] struct {
	slot *resSlot
	ptr  *T
}

// Get returns the resource for reading and writing during this run.
func (r ResMut[T]) Get() *T { return r.ptr }

func (r *ResMut[T]) initParam(b *builder) error {
	r.slot = b.app.slotFor(reflect.TypeFor[T]())
	b.sys.access.add(r.slot, true)
	b.sys.chunkSafe = false
	return nil
}

func (r *ResMut[T]) fetchParam(ctx *runCtx) (err error) {
	r.ptr, err = fetchResource[T](ctx, r.slot)
	return err
}

// Opt gives a system read access to the resource of type T if it exists:
// unlike [Res], a missing resource is not an error.
type Opt[T any] struct {
	slot *resSlot
	ptr  *T
}

// Get returns the resource, or nil if there is none.
func (r Opt[T]) Get() *T { return r.ptr }

func (r *Opt[T]) initParam(b *builder) error {
	r.slot = b.app.slotFor(reflect.TypeFor[T]())
	b.sys.access.add(r.slot, false)
	return nil
}

func (r *Opt[T]) fetchParam(ctx *runCtx) error {
	r.ptr = (*T)(r.slot.ptr)
	return nil
}

// fetchResource returns the resource in slot, or the error naming the
// system, its stage and the type if there is none.
func fetchResource[T any](ctx *runCtx, slot *resSlot) (*T, error) {
	if slot.ptr == nil {
		return nil, missingResource(ctx, slot)
	}
	return (*T)(slot.ptr), nil
}

func missingResource(ctx *runCtx, slot *resSlot) error {
	return &SystemError{
		System: ctx.sys.name, Stage: ctx.stageName(),
		Err: fmt.Errorf("needs resource %s, but the app has none; insert it with App.InsertResource or Commands.InsertResource before this system runs", slot.name),
	}
}

// Local is state private to one system that persists between its runs,
// like a static variable. T starts as its zero value. A system with a
// Local is never split across workers.
type Local[T any] struct {
	ptr *T
}

// Get returns the system's state.
func (l Local[T]) Get() *T { return l.ptr }

func (l *Local[T]) initParam(b *builder) error {
	l.ptr = new(T)
	b.sys.chunkSafe = false
	return nil
}

func (l *Local[T]) fetchParam(*runCtx) error { return nil }

// Commands queues changes to the world — spawning and despawning entities,
// adding and removing components and resources, ending the app. Commands
// are applied when every system of the current stage has finished, in the
// order the systems were registered and, within a system, in the order
// they were issued; their effects are visible from the next stage on.
// Taking Commands does not stop a system from running in parallel.
type Commands struct {
	buf *cmdBuffer
}

func (c *Commands) initParam(b *builder) error { return nil }

func (c *Commands) fetchParam(ctx *runCtx) error {
	c.buf = ctx.cmds
	return nil
}

// Added lists the entities that gained a component of type T — by being
// spawned with it or by having it inserted — since the system last ran
// (for its first run: since the app started). An entity may have lost T
// again since; [Query1.Get] tells. A system with Added is never split
// across workers.
type Added[T any] struct {
	log    *eventLog
	cursor *int
	list   []Entity
}

// Entities returns the entities, oldest change first; an entity that gained
// T several times is listed each time.
func (a Added[T]) Entities() []Entity { return a.list }

func (a *Added[T]) initParam(b *builder) error {
	t := TypeOf[T]().info
	a.log = b.app.events(t, true)
	a.cursor = a.log.reader()
	b.sys.access.add(t, false)
	b.sys.chunkSafe = false
	return nil
}

func (a *Added[T]) fetchParam(*runCtx) error {
	a.list = a.log.read(a.cursor)
	return nil
}

// Removed lists the entities that lost a component of type T — by having it
// removed or by being despawned — since the system last ran. The
// components are gone; the entities may be too. A system with Removed is
// never split across workers.
type Removed[T any] struct {
	log    *eventLog
	cursor *int
	list   []Entity
}

// Entities returns the entities, oldest change first.
func (r Removed[T]) Entities() []Entity { return r.list }

func (r *Removed[T]) initParam(b *builder) error {
	t := TypeOf[T]().info
	r.log = b.app.events(t, false)
	r.cursor = r.log.reader()
	b.sys.chunkSafe = false
	return nil
}

func (r *Removed[T]) fetchParam(*runCtx) error {
	r.list = r.log.read(r.cursor)
	return nil
}

// eventLog records entities that gained (or lost) one component type, for
// the Added (or Removed) params that read it. Each reader keeps a cursor;
// entries every reader has passed are dropped at the end of each tick.
type eventLog struct {
	base    int // absolute position of list[0]
	list    []Entity
	cursors []*int
}

func (l *eventLog) reader() *int {
	c := new(int)
	*c = l.base + len(l.list)
	l.cursors = append(l.cursors, c)
	return c
}

func (l *eventLog) read(cursor *int) []Entity {
	n := len(l.list)
	out := l.list[*cursor-l.base : n : n]
	*cursor = l.base + n
	return out
}

func (l *eventLog) trim() {
	if len(l.cursors) == 0 {
		l.base += len(l.list)
		l.list = l.list[:0]
		return
	}
	low := l.base + len(l.list)
	for _, c := range l.cursors {
		low = min(low, *c)
	}
	drop := low - l.base
	if drop == 0 {
		return
	}
	n := copy(l.list, l.list[drop:])
	clear(l.list[n:])
	l.list = l.list[:n]
	l.base = low
}
