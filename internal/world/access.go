package world

import (
	"reflect"
	"unsafe"
)

// The access a system has to a component is said by the kind of its type
// argument: A = *T writes T (the system gets a pointer into storage), A =
// T reads T (the system gets a copy). ElemType works out T and the kind
// once, when a system or query is made; Column.At and ElemAt hand out an A
// per entity without reflection. They are the one place that knows how a
// column holds its components.

// ElemType returns the component type of A — T for A = *T or A = T — and
// whether A is a pointer (the system writes T). Reflection runs here,
// once per system or query param, never per entity.
func ElemType[A any]() (t *Type, ptr bool) {
	rt := reflect.TypeFor[A]()
	if rt.Kind() == reflect.Pointer {
		return typeOfRType(rt.Elem()), true
	}
	return TypeFor[A](), false
}

// ElemAt returns the component of queried type k at l as A: a pointer to
// it when ptr (A is *T), a copy of it otherwise (A is T). ptr must be what
// ElemType[A] returned.
func ElemAt[A any](q *Query, k int, l Loc, ptr bool) A {
	p := unsafe.Add(q.cols[k][l.arch].base, uintptr(l.row)*q.sizes[k])
	if ptr {
		return *(*A)(unsafe.Pointer(&p))
	}
	return *(*A)(p)
}

// ElemOf returns e's component of queried type k as A, and false if e is
// not live or does not match (then the zero A).
func ElemOf[A any](q *Query, e Entity, k int, ptr bool) (A, bool) {
	p := q.Get(e, k)
	if p == nil {
		var zero A
		return zero, false
	}
	if ptr {
		return *(*A)(unsafe.Pointer(&p)), true
	}
	return *(*A)(p), true
}

// Column is one column of a span, typed as A: for A = T a slice of the
// dense components, for A = *T their base address and size, from which At
// makes pointers.
type Column[A any] struct {
	vals []A // A = T
	base unsafe.Pointer
	size uintptr
	n    int
	ptr  bool
}

// ColumnOf returns column k of a span, of query q, as A.
func ColumnOf[A any](q *Query, sp *Span, k int, ptr bool) Column[A] {
	n := len(sp.Ents)
	if ptr {
		return Column[A]{base: sp.Cols[k], size: q.sizes[k], n: n, ptr: true}
	}
	return Column[A]{vals: unsafe.Slice((*A)(sp.Cols[k]), n), n: n}
}

// Len returns the number of components.
func (c Column[A]) Len() int { return c.n }

// At returns component i as A. It panics if i is out of range.
func (c Column[A]) At(i int) A {
	if !c.ptr {
		return c.vals[i]
	}
	if uint(i) >= uint(c.n) {
		panic("glue: Column.At index out of range")
	}
	p := unsafe.Add(c.base, uintptr(i)*c.size)
	return *(*A)(unsafe.Pointer(&p))
}

// typeOfRType returns the Type of rt, registering it with reflection-based
// copies if it is new; a later TypeFor of the same type gives it typed
// ones.
func typeOfRType(rt reflect.Type) *Type {
	if x, ok := registry.Load(rt); ok {
		return x.(*Type)
	}
	return register(rt, nil, nil)
}
