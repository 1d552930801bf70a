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
// filters ([System.With], [System.Without]), in access declarations
// ([System.ReadOnly]) and in commands that remove components or
// resources.
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

// Column is one component type of a batch handed to a Batch system:
// At(i) is the component of entity i of the batch's [Entities]. It is a
// read-only view of the world's storage — the components may be written
// through the pointers, the column itself cannot be changed — valid during
// the call.
type Column[T any] struct {
	s []T
}

// Len returns the number of components.
func (c Column[T]) Len() int { return len(c.s) }

// At returns a pointer to component i.
func (c Column[T]) At(i int) *T { return &c.s[i] }

// Slice returns the components as one slice, the archetype's dense memory
// itself: element i is the component of entity i, and a loop over it
// runs at the speed of a plain slice. Writing elements writes the
// components (unless the system declared the type read-only, when it must
// not); like the Column, the slice is valid during the call only.
func (c Column[T]) Slice() []T { return c.s }
