package world

import (
	"reflect"
	"unsafe"
)

// This file writes bundles — Go structs whose fields are components —
// into component storage (glue.SpawnBundle, glue.InsertBundle,
// glue.SpawnBatch). The root analyses a bundle type once, with
// reflection, into a list of [Field]s; the copies here then use no
// reflection: plain components are copied as memory, components that
// hold pointers word by word, each pointer word stored as a pointer (with
// the garbage collector's write barrier), by a map of the type's pointer
// words made once per field.

// Field is one component field of a bundle struct: the component's type
// and the field's offset in the struct.
type Field struct {
	T   *Type
	Off uintptr
	// ptrs tells, per word of a component type with pointers, whether
	// the word holds a pointer; nil for a plain type.
	ptrs []bool
}

// NewField returns the field of a bundle struct holding type t at offset
// off. Reflection runs here, once per bundle type.
func NewField(t *Type, off uintptr) Field {
	f := Field{T: t, Off: off}
	if !t.plain && t.size > 0 {
		f.ptrs = make([]bool, t.size/ptrSize)
		pointerWords(f.ptrs, t.RType, 0)
	}
	return f
}

const ptrSize = unsafe.Sizeof(uintptr(0))

// pointerWords marks the words of a value of type rt, at byte offset
// off, that hold pointers.
func pointerWords(m []bool, rt reflect.Type, off uintptr) {
	switch rt.Kind() {
	case reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Chan, reflect.Func, reflect.String, reflect.Slice:
		m[off/ptrSize] = true // the data word; a string's and a slice's lengths are not pointers
	case reflect.Interface:
		m[off/ptrSize], m[off/ptrSize+1] = true, true
	case reflect.Array:
		for i := range rt.Len() {
			pointerWords(m, rt.Elem(), off+uintptr(i)*rt.Elem().Size())
		}
	case reflect.Struct:
		for i := range rt.NumField() {
			f := rt.Field(i)
			pointerWords(m, f.Type, off+f.Offset)
		}
	}
}

// copyField copies the component at src to dst: as memory for a plain
// type, word by word otherwise, each pointer word through an
// unsafe.Pointer so that the store has its write barrier.
func (f *Field) copyField(dst, src unsafe.Pointer) {
	if f.ptrs == nil {
		f.T.copy(dst, src)
		return
	}
	for i, p := range f.ptrs {
		off := uintptr(i) * ptrSize
		if p {
			*(*unsafe.Pointer)(unsafe.Add(dst, off)) = *(*unsafe.Pointer)(unsafe.Add(src, off))
		} else {
			*(*uintptr)(unsafe.Add(dst, off)) = *(*uintptr)(unsafe.Add(src, off))
		}
	}
}

// FillFields writes the fields of vals (bundles, laid out as fields
// say) to the components of a block's entities, in order; len(vals) is
// the block's length.
func FillFields[B any](w *World, b Block, fields []Field, vals []B) {
	if b.n == 0 {
		return
	}
	a := w.archs[b.arch]
	base := unsafe.Pointer(unsafe.SliceData(vals))
	stride := unsafe.Sizeof(vals[0])
	for i := range fields {
		f := &fields[i]
		c := a.col(f.T)
		if c.size == 0 {
			continue
		}
		f.fill(c.at(b.row), unsafe.Add(base, f.Off), c.size, stride, b.n)
	}
}

// FillRepeat writes the fields of one bundle v to the components of
// every entity of a block.
func FillRepeat[B any](w *World, b Block, fields []Field, v *B) {
	if b.n == 0 {
		return
	}
	a := w.archs[b.arch]
	for i := range fields {
		f := &fields[i]
		c := a.col(f.T)
		if c.size == 0 {
			continue
		}
		src := unsafe.Add(unsafe.Pointer(v), f.Off)
		if isZero(src, c.size) {
			continue // rows past an archetype's last are zero: the new rows are already
		}
		f.fill(c.at(b.row), src, c.size, 0, b.n)
	}
}

// PutFields sets e's components of the fields' types to the fields of
// v, adding the components e lacks, in the order of fields. It reports
// false if e is not live.
func PutFields[B any](w *World, e Entity, fields []Field, v *B) bool {
	for i := range fields {
		f := &fields[i]
		p := w.Slot(e, f.T)
		if p == nil {
			return false
		}
		if f.T.size > 0 {
			f.copyField(p, unsafe.Add(unsafe.Pointer(v), f.Off))
		}
	}
	return true
}

// TypeOfReflect returns the Type of rt, registering it on first sight as
// [TypeOf] does. It is concurrent-safe.
func TypeOfReflect(rt reflect.Type) *Type { return typeOfRType(rt) }

// fill copies n components of the field's type from src, stride bytes
// apart (0: one value for every row), to n consecutive rows from dst.
// Plain components of the common sizes are copied as words in a loop
// of their own; no pointer is made past the last row (checkptr).
func (f *Field) fill(dst, src unsafe.Pointer, size, stride uintptr, n int) {
	if f.ptrs != nil {
		for k := range uintptr(n) {
			f.copyField(unsafe.Add(dst, k*size), unsafe.Add(src, k*stride))
		}
		return
	}
	switch size {
	case 8:
		for k := range uintptr(n) {
			*(*[1]uint64)(unsafe.Add(dst, k*size)) = *(*[1]uint64)(unsafe.Add(src, k*stride))
		}
	case 16:
		for k := range uintptr(n) {
			*(*[2]uint64)(unsafe.Add(dst, k*size)) = *(*[2]uint64)(unsafe.Add(src, k*stride))
		}
	case 24:
		for k := range uintptr(n) {
			*(*[3]uint64)(unsafe.Add(dst, k*size)) = *(*[3]uint64)(unsafe.Add(src, k*stride))
		}
	case 32:
		for k := range uintptr(n) {
			*(*[4]uint64)(unsafe.Add(dst, k*size)) = *(*[4]uint64)(unsafe.Add(src, k*stride))
		}
	default:
		for k := range uintptr(n) {
			copy(unsafe.Slice((*byte)(unsafe.Add(dst, k*size)), size), unsafe.Slice((*byte)(unsafe.Add(src, k*stride)), size))
		}
	}
}

// isZero reports whether the size bytes at p are all zero.
func isZero(p unsafe.Pointer, size uintptr) bool {
	for _, x := range unsafe.Slice((*byte)(p), size) {
		if x != 0 {
			return false
		}
	}
	return true
}
