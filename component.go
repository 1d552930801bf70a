package glue

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
)

// Entity identifies one entity of an [App]'s world. The zero value is no
// entity. An Entity stays valid until it is despawned; its id may be reused
// afterwards with a new version, so a stale Entity never aliases a new one.
type Entity uint64

// String returns the entity's id and version, e.g. "Entity(3v1)".
func (e Entity) String() string {
	de := donburi.Entity(e)
	return fmt.Sprintf("Entity(%dv%d)", de.Id(), de.Version())
}

// Type names a component or resource type. Get one with [TypeOf]; it is
// used in filters ([System.With], [System.Without]), in access declarations
// ([System.ReadOnly]) and in commands that remove components.
type Type struct {
	info *typeInfo
}

// Name returns the Go type name, e.g. "breakout.Ball".
func (t Type) Name() string {
	if t.info == nil {
		return "<nil type>"
	}
	return t.info.name
}

// String returns [Type.Name].
func (t Type) String() string { return t.Name() }

// typeInfo is the per-Go-type record glue keeps for component and resource
// types: the donburi component type and a typed setter that copies a value
// boxed in an interface into component storage without reflection.
type typeInfo struct {
	rtype reflect.Type
	name  string
	comp  component.IComponentType
	// set copies v (which must hold this type) to the memory at dst.
	set func(dst unsafe.Pointer, v any)
}

// The registry maps Go types to their donburi component types. donburi
// itself numbers component types per process, so one glue type must map to
// exactly one donburi type for every App in the process.
var registry sync.Map // reflect.Type -> *typeInfo

// TypeOf returns the [Type] of T. T is registered as a component type on
// first use; TypeOf is concurrent-safe.
func TypeOf[T any]() Type {
	rt := reflect.TypeFor[T]()
	if v, ok := registry.Load(rt); ok {
		return Type{v.(*typeInfo)}
	}
	ti := &typeInfo{
		rtype: rt,
		name:  rt.String(),
		set: func(dst unsafe.Pointer, v any) {
			*(*T)(dst) = v.(T)
		},
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if v, ok := registry.Load(rt); ok {
		return Type{v.(*typeInfo)}
	}
	ti.comp = donburi.NewComponentType[T]().SetName(rt.String())
	registry.Store(rt, ti)
	return Type{ti}
}

var registryMu sync.Mutex

// lookupType returns the registered info for a dynamic value's type.
func lookupType(v any) (*typeInfo, bool) {
	if cv, ok := v.(ComponentValue); ok {
		return cv.info(), true
	}
	x, ok := registry.Load(reflect.TypeOf(v))
	if !ok {
		return nil, false
	}
	return x.(*typeInfo), true
}

// ComponentValue is a component value whose type is known at compile time.
// Make one with [C]. Commands accept plain values too, as long as their type
// was registered (every type used by a system or by [TypeOf] is); C
// registers the type itself, so it never fails.
type ComponentValue interface {
	info() *typeInfo
	value() any
}

type componentValue[T any] struct{ v T }

func (c componentValue[T]) info() *typeInfo { return TypeOf[T]().info }
func (c componentValue[T]) value() any      { return c.v }

// C wraps a component value so that its type is registered and checked at
// compile time: cmds.Spawn(glue.C(Ball{}), glue.C(Box{})).
func C[T any](v T) ComponentValue { return componentValue[T]{v} }

func unwrapValue(v any) any {
	if cv, ok := v.(ComponentValue); ok {
		return cv.value()
	}
	return v
}
