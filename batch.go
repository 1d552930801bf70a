package glue

import (
	"unsafe"

	"github.com/yohamta/donburi"
)

// The Batch systems hand their functions views of a span: donburi stores
// entity ids as uint64 and components as unsafe.Pointer, which have the
// memory layout of Entity and *T, so the views cost nothing.

func batchEntities(ents []donburi.Entity) []Entity {
	return unsafe.Slice((*Entity)(unsafe.Pointer(unsafe.SliceData(ents))), len(ents))
}

func batchColumn[T any](col []unsafe.Pointer, n int) []*T {
	return unsafe.Slice((**T)(unsafe.Pointer(unsafe.SliceData(col))), n)
}
