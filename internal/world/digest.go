package world

import (
	"math/bits"
	"reflect"
	"sync"
	"unsafe"
)

// This file hashes a world's state, for telling two runs apart (rollback's
// desync reports, replays): the hash of a value covers its fields of
// numbers, booleans and strings, field by field, so that padding never
// counts; pointers, slices, maps, interfaces, channels and functions are
// left out (their addresses differ from run to run).

// Digest returns a hash of the world's entities — their ids, versions,
// archetypes and order — and of everything that decides the ids of
// future spawns (the free ids in order, the next new id, the retired
// count, the archetypes made, whose first making by a move bumps a free
// id's version), and appends to sums, indexed by a Type's Index,
// the hash of each component type's values in storage order (0 for the
// types the world does not store). sums is reused: pass the last result
// to allocate nothing.
func (w *World) Digest(sums []uint64) (ents uint64, _ []uint64) {
	sums = sums[:0]
	registryMu.Lock()
	n := len(types)
	registryMu.Unlock()
	for range n {
		sums = append(sums, 0)
	}
	h := uint64(hashSeed)
	for rank, ai := range w.made {
		a := w.archs[ai]
		h = mix(h, a.sig)
		if len(a.ents) == 0 {
			continue
		}
		h = mix(h, uint64(rank))
		for _, e := range a.ents {
			h = mix(h, uint64(e))
		}
		for _, c := range a.cols {
			l := layoutOf(c.t.RType)
			s := sums[c.t.Index]
			if s == 0 {
				s = hashSeed
			}
			for r := range a.ents {
				s = l.hash(s, c.at(r))
			}
			sums[c.t.Index] = s
		}
	}
	h = mix(h, uint64(len(w.free)))
	for _, e := range w.free {
		h = mix(h, uint64(e))
	}
	h = mix(h, w.next)
	h = mix(h, uint64(w.retired))
	return mix(h, uint64(w.live)), sums
}

// signature returns the hash of a set of component types by their names,
// in any order: the same on every machine, unlike the types' indices,
// which follow the order in which a program first used them.
func signature(types []*Type) uint64 {
	var sig uint64
	for _, t := range types {
		h := uint64(hashSeed)
		for i := range len(t.Name) {
			h = mix(h, uint64(t.Name[i]))
		}
		sig += h // a sum: the order of the types does not count
	}
	return sig
}

// TypeAt returns the registered type of an Index, or nil.
func TypeAt(i int) *Type {
	registryMu.Lock()
	defer registryMu.Unlock()
	if i < 0 || i >= len(types) {
		return nil
	}
	return types[i]
}

// HashValue returns the hash of the value p points to: p is a non-nil
// pointer in an interface (a resource's *T).
func HashValue(p any) uint64 {
	v := reflect.ValueOf(p)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return 0
	}
	return layoutOf(v.Type().Elem()).hash(hashSeed, v.UnsafePointer())
}

const hashSeed = 0xcbf29ce484222325

// mix folds x into h.
func mix(h, x uint64) uint64 {
	h ^= x
	h *= 0x100000001b3
	return bits.RotateLeft64(h, 29) ^ h>>17
}

// part is one hashed piece of a value: bytes at an offset, or a string.
type part struct {
	off, size uintptr
	str       bool
}

// layout is what of a type's memory its hash covers.
type layout []part

var layouts sync.Map // reflect.Type -> layout

// layoutOf returns t's layout, computing it once.
func layoutOf(t reflect.Type) layout {
	if l, ok := layouts.Load(t); ok {
		return l.(layout)
	}
	var l layout
	addParts(&l, t, 0)
	layouts.Store(t, l)
	return l
}

// addParts appends the parts of a value of type t at offset off,
// merging adjacent byte ranges.
func addParts(l *layout, t reflect.Type, off uintptr) {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		if n := len(*l); n > 0 && !(*l)[n-1].str && (*l)[n-1].off+(*l)[n-1].size == off {
			(*l)[n-1].size += t.Size()
			return
		}
		*l = append(*l, part{off: off, size: t.Size()})
	case reflect.String:
		*l = append(*l, part{off: off, str: true})
	case reflect.Array:
		for i := range t.Len() {
			addParts(l, t.Elem(), off+uintptr(i)*t.Elem().Size())
		}
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			addParts(l, f.Type, off+f.Offset)
		}
	}
}

// hash folds the value at p into h.
func (l layout) hash(h uint64, p unsafe.Pointer) uint64 {
	for _, pt := range l {
		var b []byte
		if pt.str {
			s := *(*string)(unsafe.Add(p, pt.off))
			b = unsafe.Slice(unsafe.StringData(s), len(s))
			h = mix(h, uint64(len(s)))
		} else {
			b = unsafe.Slice((*byte)(unsafe.Add(p, pt.off)), pt.size)
		}
		for len(b) >= 8 {
			h = mix(h, *(*uint64)(unsafe.Pointer(&b[0])))
			b = b[8:]
		}
		for _, c := range b {
			h = mix(h, uint64(c))
		}
	}
	return h
}
