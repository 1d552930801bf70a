package world

import (
	"reflect"
	"unsafe"
)

// The access a system has to a component is said by the kind of its type
// argument: A = *T writes T (the system gets a pointer into storage), A =
// T reads T (the system gets a copy). ElemType works out T and the kind
// once, when a system or query is made; PtrAt and ValAt (the loops),
// ElemAt and As (lookups) and Column.Elem hand out an A per entity without
// reflection. They are the one place that knows how a column holds its
// components.

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

// As returns the component at p as A: p itself when ptr (A is *T), a
// copy of the component otherwise (A is T); the zero A when p is nil.
// ptr must be what ElemType[A] returned. With [Query.Get], it is a
// lookup that the compiler inlines whole into one function.
func As[A any](p unsafe.Pointer, ptr bool) (a A) {
	if ptr {
		return *(*A)(unsafe.Pointer(&p))
	}
	if p != nil {
		a = *(*A)(p)
	}
	return a
}

// Column is one column of a span, typed as A: the address and size of its
// dense components, from which At makes a pointer (A = *T) or a copy (A =
// T). (A []A for the copies is slower: indexing a slice of a generic
// shape goes through its dictionary.)
type Column[A any] struct {
	base unsafe.Pointer
	size uintptr
	n    int
	ptr  bool
}

// ColumnOf returns column k of a span, of query q, as A.
func ColumnOf[A any](q *Query, sp *Span, k int, ptr bool) Column[A] {
	return Column[A]{base: sp.Cols[k], size: q.sizes[k], n: len(sp.Ents), ptr: ptr}
}

// Len returns the number of components.
func (c Column[A]) Len() int { return c.n }

// At returns component i as A. It panics if i is out of range.
func (c Column[A]) At(i int) A {
	if uint(i) >= uint(c.n) {
		panic("glue: Column.At index out of range")
	}
	return c.Elem(i)
}

// Elem is At without the range check, for glue's own loops over
// [0, Len()).
func (c Column[A]) Elem(i int) A {
	p := unsafe.Add(c.base, uintptr(i)*c.size)
	if c.ptr {
		return *(*A)(unsafe.Pointer(&p))
	}
	return *(*A)(p)
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

// The loops of entity systems and of Query.Each pick their body once per
// span by the kinds of their type arguments (see Kinds): a body knows,
// per column, whether it hands out a pointer (PtrAt) or a copy (ValAt),
// so the per-entity work has no branch on the kind, and a copy's size is
// the compiler's constant rather than a multiply by a loaded size.

// Kinds returns the kinds of a list of type arguments as a bit set: bit k
// is set when argument k is a pointer (ptrs[k], from ElemType).
func Kinds(ptrs []bool) int {
	k := 0
	for i, p := range ptrs {
		if p {
			k |= 1 << i
		}
	}
	return k
}

// Size returns the size of queried type k.
func (q *Query) Size(k int) uintptr { return q.sizes[k] }

// PtrAt returns a pointer to component i of a column (of a span: base is
// Span.Cols[k]) whose components are size bytes apart, as A = *T. i must
// be below the span's length.
func PtrAt[A any](base unsafe.Pointer, i int, size uintptr) A {
	p := unsafe.Add(base, uintptr(i)*size)
	return *(*A)(unsafe.Pointer(&p))
}

// ValAt returns a copy of component i of a column as A = T. i must be
// below the span's length.
func ValAt[A any](base unsafe.Pointer, i int) A {
	var zero A
	return *(*A)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(zero)))
}

// The lookups of the generated query params (QueryN.Get, QueryN.Has) are
// generic functions on purpose, though only Fetch's result depends on A:
// the compiler inlines a non-generic function of this package into a
// generic method of the root package only where that method is compiled
// in the root package itself, not where a game's package instantiates it
// (Go issue 59070), whereas a generic function's body travels with its
// callers. So they call nothing that is not generic.
//
// Query1.Get is one call of Fetch, and both are small enough for the
// compiler to inline into the system that calls Get (go build
// -gcflags=-m=2 on bench/ gives Query1[go.shape.*uint8].Get a cost of
// 79 against the inliner's budget of 80): so every node counts. The
// place is found by masking the id (World.places has a power-of-two
// length, so no clamp is needed: an id past the table lands on a place
// whose entity is not e), an archetype that does not match has a nil
// column, and whether A is a pointer is read from the query (ptr0), not
// passed. The cases the fast path leaves out (a stale or unknown entity,
// an archetype that does not match, disabled entities, which live in
// archetypes a query does not match) all end in the one early return.

// Fetch returns the component of queried type 0 of e as A — a pointer to
// it when the query hands type 0 out as a pointer (A is *T; see
// Query.SetPtrs), a copy of it otherwise — and true; or the zero A and
// false if e is not live or does not match. It is [Query.Get] and [As]
// in one, with no call, small enough to be inlined (see above).
func Fetch[A any](q *Query, e Entity) (a A, ok bool) {
	p := q.w.places[e>>32&q.w.pmask]
	c := q.cols[0][p.arch] // the tables cover every archetype (see Query.pad)
	if p.e != e || c == nil {
		return // not live, or not matching
	}
	x := unsafe.Add(c.base, uintptr(p.row)*c.size)
	if q.ptr0 {
		return *(*A)(unsafe.Pointer(&x)), true
	}
	return *(*A)(x), true
}

// Has reports whether e is live and matches q; A is any of the query's
// type arguments (see Fetch).
func Has[A any](q *Query, e Entity) bool {
	p := q.w.places[e>>32&q.w.pmask]
	return p.e == e && q.isMatched[p.arch]
}

// Find is [Query.Locate] as a generic function, for the generated
// QueryN.Get (see Fetch); A is any of the query's type arguments.
func Find[A any](q *Query, e Entity) (Loc, bool) {
	p := q.w.places[e>>32&q.w.pmask]
	return Loc{int(p.arch), int(p.row)}, p.e == e && q.isMatched[p.arch]
}

// The range-over-func iterators of the generated query params
// (QueryN.All) walk the matching archetypes with Tables, Table and Base,
// and hand out each entity's components with ElemIn. They are generic
// functions for the reason Fetch is (A is any of the query's type
// arguments): the iterator, the loop body the compiler passes it as
// yield, and these all inline into the system that ranges, so the
// per-entity step is no call.

// Tables returns the number of archetypes that match q at its last
// refresh.
func Tables[A any](q *Query) int { return len(q.matched) }

// Table returns the entities of the i-th matching archetype of q, in
// the order [Query.Spans] visits them, and the archetype's index for
// Base.
func Table[A any](q *Query, i int) ([]Entity, int) {
	ai := q.matched[i]
	return q.w.archs[ai].ents, ai
}

// Base returns the address of the first component of queried type k
// in archetype ai (from Table).
func Base[A any](q *Query, k, ai int) unsafe.Pointer { return q.cols[k][ai].base }

// ElemIn returns component i of a column at base whose components are size
// bytes apart, as A: a pointer to it when ptr (A is *T), a copy of it
// otherwise. ptr must be what ElemType[A] returned.
func ElemIn[A any](base unsafe.Pointer, i int, size uintptr, ptr bool) A {
	p := unsafe.Add(base, uintptr(i)*size)
	if ptr {
		return *(*A)(unsafe.Pointer(&p))
	}
	return *(*A)(p)
}

// SizeOf is [Query.Size] as a generic function, for QueryN.All (see
// Tables).
func SizeOf[A any](q *Query, k int) uintptr { return q.sizes[k] }

// FieldAddr returns a pointer to field i of v, an addressable struct
// value, as an interface, even when the field is unexported (where
// reflect's own Interface refuses). glue's core keeps the part of a
// generic param that does not depend on its type argument in an
// unexported field (glue.Res holds a resRead) and builds it through the
// interface that part's pointer implements; the unsafe arithmetic stays
// here, with the storage's.
func FieldAddr(v reflect.Value, i int) any {
	f := v.Type().Field(i)
	return reflect.NewAt(f.Type, unsafe.Add(v.Addr().UnsafePointer(), f.Offset)).Interface()
}
