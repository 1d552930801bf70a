package codec

// IBinary is the constraint of [RegisterBinary]: a type whose pointer
// encodes and decodes itself. MarshalNet writes the value's fields to w;
// UnmarshalNet reads them back in the same order, returning an error for
// invalid data (reads past the end are reported by the [Reader] itself).
//
//	type Ball struct{ X, Y float32 }
//
//	func (b *Ball) MarshalNet(w *net.Writer)         { w.Float32(b.X); w.Float32(b.Y) }
//	func (b *Ball) UnmarshalNet(r *net.Reader) error { b.X, b.Y = r.Float32(), r.Float32(); return nil }
type IBinary[T any] interface {
	*T
	MarshalNet(w *Writer)
	UnmarshalNet(r *Reader) error
}
