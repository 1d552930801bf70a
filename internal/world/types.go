package world

import (
	"reflect"
	"strings"
	"sync"
	"unsafe"
)

// Type is what the world keeps per Go type used as a component: its
// index, size and slice type, and a setter that copies a boxed value into
// component storage. Types are registered once per process and shared by
// every World.
type Type struct {
	RType reflect.Type
	Name  string
	// Index numbers types densely from 0 in registration order; worlds
	// index their per-type state with it.
	Index int
	size  uintptr
	slice reflect.Type // []T: the type of a column's memory
	// plain tells that the type holds no pointers: its memory may be
	// cleared byte by byte.
	plain bool
	// set copies v (which holds this type) to the memory at dst.
	set func(dst unsafe.Pointer, v any)
	// cp copies the value at src to dst.
	cp func(dst, src unsafe.Pointer)
	// cpN, if set, copies n values from src to dst (CopyInto).
	cpN func(dst, src unsafe.Pointer, n int)
	// zero is a zero value, to clear components with.
	zero unsafe.Pointer
}

// String returns the Go type name.
func (t *Type) String() string { return t.Name }

var (
	registry   sync.Map // reflect.Type -> *Type
	registryMu sync.Mutex
	types      []*Type // by Index; guarded by registryMu
)

// TypeFor returns the Type of T, registering it on first use. It is
// concurrent-safe.
func TypeFor[T any]() *Type {
	ptr := reflect.TypeOf((*T)(nil))
	if t := lookupType(ptr); t != nil {
		return t
	}
	// Only on first use: a generic function's closures carry its
	// dictionary, so each is allocated when it is made.
	return registerN(ptr.Elem(), func(dst unsafe.Pointer, v any) { *(*T)(dst) = v.(T) },
		func(dst, src unsafe.Pointer) { *(*T)(dst) = *(*T)(src) },
		func(dst, src unsafe.Pointer, n int) { copy(unsafe.Slice((*T)(dst), n), unsafe.Slice((*T)(src), n)) })
}

// lookupType is TypeFor's lookup outside the generic function (ptr is
// the type *T), so that it is compiled once rather than once per
// component type's shape (issue #40: 20 KB of code in breakout.wasm); the
// typed setters and copiers stay generic, as they run per value, and
// are made only when the type is registered: made before the lookup,
// they cost an allocation at every call (glue.TypeOf in a system, every
// tick; TestBulkAllocatesNothing).
//
//go:noinline
func lookupType(ptr reflect.Type) *Type {
	if v, ok := registry.Load(ptr.Elem()); ok {
		return v.(*Type)
	}
	return nil
}

// TypeOf returns the Type of v's dynamic type, registering it on first
// sight with a reflection-based setter. It is concurrent-safe; reflection
// here runs once per command, never per entity per tick.
func TypeOf(v any) *Type {
	rt := reflect.TypeOf(v)
	if x, ok := registry.Load(rt); ok {
		return x.(*Type)
	}
	return register(rt, nil, nil)
}

// Lookup returns the registered Type of rt, or nil.
func Lookup(rt reflect.Type) *Type {
	if x, ok := registry.Load(rt); ok {
		return x.(*Type)
	}
	return nil
}

func register(rt reflect.Type, set func(unsafe.Pointer, any), cp func(dst, src unsafe.Pointer)) *Type {
	return registerN(rt, set, cp, nil)
}

// registerN is register with a copier of n values (cpN, may be nil).
func registerN(rt reflect.Type, set func(unsafe.Pointer, any), cp func(dst, src unsafe.Pointer), cpN func(dst, src unsafe.Pointer, n int)) *Type {
	registryMu.Lock()
	defer registryMu.Unlock()
	if v, ok := registry.Load(rt); ok {
		return v.(*Type)
	}
	if set == nil && plain(rt) {
		// No pointers: a byte copy is a typed copy, without reflection.
		// An interface holds a value with no pointers boxed, behind its
		// data word.
		size := rt.Size()
		bytes := func(p unsafe.Pointer) []byte { return unsafe.Slice((*byte)(p), size) }
		set = func(dst unsafe.Pointer, v any) { copy(bytes(dst), bytes((*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1])) }
		cp = func(dst, src unsafe.Pointer) { copy(bytes(dst), bytes(src)) }
	}
	if set == nil {
		set = func(dst unsafe.Pointer, v any) { reflect.NewAt(rt, dst).Elem().Set(reflect.ValueOf(v)) }
	}
	if cp == nil {
		cp = func(dst, src unsafe.Pointer) { reflect.NewAt(rt, dst).Elem().Set(reflect.NewAt(rt, src).Elem()) }
	}
	t := &Type{RType: rt, Name: ShortName(rt), Index: len(types), size: rt.Size(), slice: reflect.SliceOf(rt),
		plain: plain(rt), set: set, cp: cp, cpN: cpN}
	t.zero = reflect.New(rt).UnsafePointer()
	types = append(types, t)
	registry.Store(rt, t)
	return t
}

// plain reports whether values of t hold no pointers.
func plain(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return t.Len() == 0 || plain(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !plain(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// Set copies v, which must hold t's Go type, to the component at dst.
func (t *Type) Set(dst unsafe.Pointer, v any) { t.set(dst, v) }

// ShortName returns t's name as Go code in its own package would show
// it: every package path, also those of type arguments, cut to its last
// element — "glue.State[breakout.Phase]", not reflect's
// "glue.State[github.com/gluekit/glue/games/breakout.Phase]".
func ShortName(t reflect.Type) string {
	s := t.String()
	if !strings.Contains(s, "/") {
		return s
	}
	var b strings.Builder
	start := 0 // start of the current qualified name
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !strings.ContainsRune("[], *()", rune(s[i])) {
			continue
		}
		tok := s[start:i]
		if j := strings.LastIndexByte(tok, '/'); j >= 0 {
			tok = tok[j+1:]
		}
		b.WriteString(tok)
		if i < len(s) {
			b.WriteByte(s[i])
		}
		start = i + 1
	}
	return b.String()
}

// copy copies the component at src to dst: as raw memory for plain types
// (the common small sizes without a call to memmove), with the type's own
// assignment, and so its write barriers, for types with pointers.
func (t *Type) copy(dst, src unsafe.Pointer) {
	if !t.plain {
		t.cp(dst, src)
		return
	}
	switch t.size {
	case 8:
		*(*[1]uint64)(dst) = *(*[1]uint64)(src)
	case 16:
		*(*[2]uint64)(dst) = *(*[2]uint64)(src)
	case 24:
		*(*[3]uint64)(dst) = *(*[3]uint64)(src)
	case 32:
		*(*[4]uint64)(dst) = *(*[4]uint64)(src)
	default:
		copy(unsafe.Slice((*byte)(dst), t.size), unsafe.Slice((*byte)(src), t.size))
	}
}
