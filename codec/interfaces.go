package codec

// IBinary is the constraint of [RegisterBinary]: a type whose pointer
// encodes and decodes itself. Encode writes the value's fields to w;
// Decode reads them back in the same order into the zero value it is
// called on, returning an error for invalid data (reads past the end are
// reported by the [Reader] itself).
//
//	type Ball struct{ X, Y float32 }
//
//	func (b *Ball) Encode(w *codec.Writer)       { w.Float32(b.X); w.Float32(b.Y) }
//	func (b *Ball) Decode(r *codec.Reader) error { b.X, b.Y = r.Float32(), r.Float32(); return nil }
type IBinary[T any] interface {
	*T
	Encode(w *Writer)
	Decode(r *Reader) error
}
