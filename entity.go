package glue

import (
	"fmt"

	"github.com/gluekit/glue/internal/world"
)

// Entity identifies one entity of an [App]'s world. The zero value is no
// entity. An Entity stays valid until it is despawned; its id may be reused
// afterwards with a new version, so a stale Entity never aliases a live
// one. An id is retired for good after 2^24 despawns, before its version
// would wrap.
type Entity uint64

// String returns the entity's id and version, e.g. "Entity(3v1)".
func (e Entity) String() string {
	we := world.Entity(e)
	return fmt.Sprintf("Entity(%dv%d)", we.ID(), we.Version())
}

// Type names a component type. Get one with [TypeOf]; it is used in
// filters ([System.With], [System.Without]) and in commands that remove
// components or resources.
type Type struct {
	info *world.Type
}

// Name returns the Go type name, e.g. "main.Ball".
func (t Type) Name() string {
	if t.info == nil {
		return "<zero glue.Type>"
	}
	return t.info.Name
}

// String returns [Type.Name].
func (t Type) String() string { return t.Name() }

// TypeOf returns the [Type] of T. TypeOf is concurrent-safe.
func TypeOf[T any]() Type {
	return Type{world.TypeFor[T]()}
}

// Entities is a batch of entity ids handed to a Batch system: a read-only
// view of the world's storage, valid during the call.
type Entities struct {
	ids []world.Entity
}

// Len returns the number of entities.
func (e Entities) Len() int { return len(e.ids) }

// At returns entity i.
func (e Entities) At(i int) Entity { return Entity(e.ids[i]) }

// Column is a component type a Batch system writes: At(i) is a pointer to
// the component of entity i of the batch's [Entities], and Slice is the
// components themselves, in the world's storage. A Batch system reads a
// type it takes as a [View] instead; the parameter's type is the access.
// The column is valid during the call only.
type Column[T any] struct {
	s []T
}

// Len returns the number of components.
func (c Column[T]) Len() int { return len(c.s) }

// At returns a pointer to component i. It panics if i is out of range.
func (c Column[T]) At(i int) *T { return &c.s[i] }

// Slice returns the components: the world's storage, not a copy. Writes
// through it are the system's writes; do not keep it after the call.
func (c Column[T]) Slice() []T { return c.s }

func (*Column[T]) elem() (*world.Type, bool) { return world.TypeFor[T](), true }

func (*Column[T]) of(sp world.Span, k int) Column[T] {
	return Column[T]{world.Col[T](&sp, k)}
}

// View is a component type a Batch system reads: At(i) is a copy of the
// component of entity i of the batch's [Entities]. The view is valid
// during the call only.
type View[T any] struct {
	s []T
}

// Len returns the number of components.
func (v View[T]) Len() int { return len(v.s) }

// At returns a copy of component i. It panics if i is out of range.
func (v View[T]) At(i int) T { return v.s[i] }

func (*View[T]) elem() (*world.Type, bool) { return world.TypeFor[T](), false }

func (*View[T]) of(sp world.Span, k int) View[T] {
	return View[T]{world.Col[T](&sp, k)}
}

// batchColumn is what a Batch system's component parameter is: a
// [Column] or a [View]. elem says its component type and whether the
// system writes it, once when the system is made; of makes it from column
// k of a span.
type batchColumn[C any] interface {
	*C
	elem() (*world.Type, bool)
	of(sp world.Span, k int) C
}
