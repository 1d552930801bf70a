package world

import (
	"reflect"
	"unsafe"
)

// The access a system has to a component is said by the kind of its type
// argument: A = *T writes T (the system gets a pointer into storage), A =
// T reads T (the system gets a copy). ElemType works out T and the kind
// once, when a system or query is made; Elem and ElemAt hand out an A per
// entity without reflection. They are the one place that knows how a
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

// Elem returns entity i's component of a span column as A: a pointer to
// it when ptr (A is *T), a copy of it otherwise (A is T). ptr must be
// what ElemType[A] returned.
func Elem[A any](col []unsafe.Pointer, i int, ptr bool) A {
	if ptr {
		return *(*A)(unsafe.Pointer(&col[i]))
	}
	return *(*A)(col[i])
}

// ElemAt returns the component of queried type k at l as A, as Elem does.
func ElemAt[A any](q *Query, k int, l Loc, ptr bool) A {
	p := q.comps[k].at(l.arch, l.row)
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

// Column is one column of a span, typed as A (see Elem).
type Column[A any] struct {
	col []unsafe.Pointer
	ptr bool
}

// ColumnOf returns column k of a span as A.
func ColumnOf[A any](sp *Span, k int, ptr bool) Column[A] {
	return Column[A]{sp.Cols[k][:len(sp.Ents)], ptr}
}

// Len returns the number of components.
func (c Column[A]) Len() int { return len(c.col) }

// At returns component i as A.
func (c Column[A]) At(i int) A { return Elem[A](c.col, i, c.ptr) }

// typeOfRType returns the Type of rt, registering it with reflection-based
// copies if it is new; a later TypeFor of the same type gives it typed
// ones.
func typeOfRType(rt reflect.Type) *Type {
	if x, ok := registry.Load(rt); ok {
		return x.(*Type)
	}
	return register(rt, nil, nil)
}
