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
// ([System.ReadOnly]) and in commands that remove components or resources.
type Type struct {
	info *typeInfo
}

// Name returns the Go type name, e.g. "main.Ball".
func (t Type) Name() string {
	if t.info == nil {
		return "<nil type>"
	}
	return t.info.name
}

// String returns [Type.Name].
func (t Type) String() string { return t.Name() }

// TypeOf returns the [Type] of T. TypeOf is concurrent-safe.
func TypeOf[T any]() Type {
	rt := reflect.TypeFor[T]()
	if v, ok := registry.Load(rt); ok {
		return Type{v.(*typeInfo)}
	}
	return Type{register(rt, func(dst unsafe.Pointer, v any) { *(*T)(dst) = v.(T) })}
}

// typeInfo is what glue keeps per Go type used as a component: the donburi
// component type and a setter that copies a value boxed in an interface
// into component storage.
type typeInfo struct {
	rtype reflect.Type
	name  string
	comp  component.IComponentType
	// set copies v (which holds this type) to the memory at dst.
	set func(dst unsafe.Pointer, v any)
}

// The registry maps Go types to component types. donburi numbers component
// types per process, so each Go type maps to one component type for every
// App in the process.
var (
	registry   sync.Map // reflect.Type -> *typeInfo
	registryMu sync.Mutex
)

// reservedID is the type glue asks donburi for ids with: every call of
// donburi.NewComponentType returns a fresh id, and glue's own component
// types use those ids so that they never collide with donburi's.
type reservedID struct{}

// register creates the component type of rt. set is a typed setter when the
// caller knows the type statically, or nil to use reflection (for values
// first seen in a command).
func register(rt reflect.Type, set func(unsafe.Pointer, any)) *typeInfo {
	registryMu.Lock()
	defer registryMu.Unlock()
	if v, ok := registry.Load(rt); ok {
		return v.(*typeInfo)
	}
	if set == nil {
		set = func(dst unsafe.Pointer, v any) { reflect.NewAt(rt, dst).Elem().Set(reflect.ValueOf(v)) }
	}
	ti := &typeInfo{rtype: rt, name: rt.String(), set: set}
	ti.comp = &dynComponent{id: donburi.NewComponentType[reservedID]().Id(), rtype: rt, name: ti.name}
	registry.Store(rt, ti)
	return ti
}

// typeOfValue returns the component type of a value, registering it on
// first sight. Reflection here runs per command, never per entity per tick.
func typeOfValue(v any) *typeInfo {
	rt := reflect.TypeOf(v)
	if x, ok := registry.Load(rt); ok {
		return x.(*typeInfo)
	}
	return register(rt, nil)
}

// dynComponent implements donburi's component.IComponentType for any Go
// type, so that glue can store a type it first meets at run time.
type dynComponent struct {
	id    component.ComponentTypeId
	rtype reflect.Type
	name  string

	// The slab New carves components from. Apps on several goroutines
	// share component types, so New locks.
	mu       sync.Mutex
	slabType reflect.Type // [slabBytes/size]T
	next     unsafe.Pointer
	left     int
}

func (c *dynComponent) Id() component.ComponentTypeId { return c.id }
func (c *dynComponent) Typ() reflect.Type             { return c.rtype }
func (c *dynComponent) Name() string                  { return c.name }
func (c *dynComponent) String() string                { return c.name }

// slabBytes is the size of the blocks components are carved from: one
// page, so that a block kept alive by one long-lived component wastes
// little, while components created together lie together.
const slabBytes = 4096

// New returns a zero component. Components of one type are carved from
// contiguous blocks (slabs) in creation order, instead of being allocated
// one by one, so that iterating a query walks memory in order instead of
// hopping between unrelated allocations of the same size class. A slab
// is freed by the garbage collector when none of its components is
// referenced any more; slots are never reused.
func (c *dynComponent) New() unsafe.Pointer {
	size := c.rtype.Size()
	if size == 0 || size > slabBytes/4 {
		return reflect.New(c.rtype).UnsafePointer()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left == 0 {
		if c.slabType == nil {
			c.slabType = reflect.ArrayOf(int(slabBytes/size), c.rtype)
		}
		c.next = reflect.New(c.slabType).UnsafePointer()
		c.left = c.slabType.Len()
	}
	p := c.next
	c.left--
	if c.left > 0 {
		c.next = unsafe.Add(c.next, size)
	} else {
		c.next = nil // do not keep the full slab alive
	}
	return p
}
