package world

import (
	"testing"
	"unsafe"
)

type benchPos struct{ X, Y float64 }

// BenchmarkColumnAt/1024 compares a typed slice with Column.At for both
// kinds (a pointer column written through, a value column read).
func BenchmarkColumnAt(b *testing.B) {
	const n = 1024
	ps := make([]benchPos, n)
	vs := make([]benchPos, n)
	for i := range vs {
		vs[i] = benchPos{1, 1}
	}
	b.Run("slice", func(b *testing.B) {
		for b.Loop() {
			for i := range min(len(ps), len(vs)) {
				p, v := &ps[i], &vs[i]
				p.X += v.X
			}
		}
	})
	b.Run("column", func(b *testing.B) {
		pc := Column[*benchPos]{base: unsafe.Pointer(&ps[0]), size: 16, n: n, ptr: true}
		vc := Column[benchPos]{base: unsafe.Pointer(&vs[0]), size: 16, n: n}
		for b.Loop() {
			for i := range min(pc.Len(), vc.Len()) {
				p, v := pc.At(i), vc.At(i)
				p.X += v.X
			}
		}
	})
}
