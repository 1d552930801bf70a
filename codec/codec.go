package codec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/gluekit/glue"
)

// Writer appends the binary encoding of values to a buffer. Codecs get a
// Writer from the module and write their value's fields in a fixed order;
// the matching decoder reads them back in the same order with a [Reader].
// Fixed-size numbers are little-endian. Writing never fails; an encoder
// that cannot write a value records why with [Writer.Fail].
//
// The zero value is an empty Writer ready to use.
type Writer struct {
	buf []byte
	err error
}

// NewWriter returns a Writer that appends to buf.
func NewWriter(buf []byte) *Writer { return &Writer{buf: buf} }

// Data returns the bytes written so far. The slice aliases the Writer's
// buffer until the next write.
func (w *Writer) Data() []byte { return w.buf }

// Len returns the number of bytes written so far.
func (w *Writer) Len() int { return len(w.buf) }

// Reset empties the Writer, keeping its buffer, and clears its error.
func (w *Writer) Reset() { w.buf, w.err = w.buf[:0], nil }

// Fail records err as the Writer's error, unless it already has one: an
// encoder's way to say a value cannot be written (render.Image of an
// image with no name). modules/save fails the save with it.
func (w *Writer) Fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// Err returns the first error recorded by [Writer.Fail], or nil.
func (w *Writer) Err() error { return w.err }

// Raw appends p as it is, without a length: for composing messages of
// parts encoded separately.
func (w *Writer) Raw(p []byte) { w.buf = append(w.buf, p...) }

// Uint8 writes one byte.
func (w *Writer) Uint8(v uint8) { w.buf = append(w.buf, v) }

// Bool writes one byte, 1 for true and 0 for false.
func (w *Writer) Bool(v bool) {
	if v {
		w.buf = append(w.buf, 1)
		return
	}
	w.buf = append(w.buf, 0)
}

// Uint16 writes 2 bytes.
func (w *Writer) Uint16(v uint16) { w.buf = binary.LittleEndian.AppendUint16(w.buf, v) }

// Uint32 writes 4 bytes.
func (w *Writer) Uint32(v uint32) { w.buf = binary.LittleEndian.AppendUint32(w.buf, v) }

// Uint64 writes 8 bytes.
func (w *Writer) Uint64(v uint64) { w.buf = binary.LittleEndian.AppendUint64(w.buf, v) }

// Uvarint writes v in 1 to 10 bytes, small values taking fewer.
func (w *Writer) Uvarint(v uint64) { w.buf = binary.AppendUvarint(w.buf, v) }

// Varint writes v zig-zag encoded in 1 to 10 bytes, values near zero
// taking fewer.
func (w *Writer) Varint(v int64) { w.buf = binary.AppendVarint(w.buf, v) }

// Int writes v as a [Writer.Varint].
func (w *Writer) Int(v int) { w.Varint(int64(v)) }

// Float32 writes 4 bytes (IEEE 754).
func (w *Writer) Float32(v float32) { w.Uint32(math.Float32bits(v)) }

// Float64 writes 8 bytes (IEEE 754).
func (w *Writer) Float64(v float64) { w.Uint64(math.Float64bits(v)) }

// Text writes a string: its length as a [Writer.Uvarint], then its bytes.
func (w *Writer) Text(s string) {
	w.Uvarint(uint64(len(s)))
	w.buf = append(w.buf, s...)
}

// Entity writes a reference to an entity, as a [Writer.Uvarint] of the
// entity's id and version. Codecs write every glue.Entity field with it,
// never as a plain number: a [Reader] can then translate references, as
// modules/save does to point them at the entities a load spawns (see
// [Reader.MapEntities]).
func (w *Writer) Entity(e glue.Entity) { w.Uvarint(uint64(e)) }

// Blob writes a byte slice: its length as a [Writer.Uvarint], then its
// bytes.
func (w *Writer) Blob(b []byte) {
	w.Uvarint(uint64(len(b)))
	w.buf = append(w.buf, b...)
}

// ErrTruncated is the error a [Reader] records when a value needs more bytes
// than are left. Check for it with errors.Is: the error itself is a
// [*TruncatedError] that says what was read where, wrapped by a derived
// codec in the field it was reading ("field Pos.X: …") and by
// [Codec.Decode] in the type.
var ErrTruncated = errors.New("codec: data truncated")

// A TruncatedError is the error a [Reader] records when a value needs
// more bytes than are left: what it was reading and where. errors.Is(err,
// ErrTruncated) holds for it.
type TruncatedError struct {
	// What was being read: "uint32", "float64", "uvarint", "text",
	// "blob", "3 elements of at least 2 bytes", …
	What string
	// Offset is where it starts in the Reader's input.
	Offset int
	// Need is how many bytes it needs, 0 where that is not known (a
	// varint, whose last byte is missing).
	Need int
	// Left is how many bytes were left at Offset.
	Left int
}

func (e *TruncatedError) Error() string {
	if e.Need > 0 {
		return fmt.Sprintf("codec: data truncated: %s needs %s at offset %d, %d left", e.What, plural(e.Need, "byte"), e.Offset, e.Left)
	}
	return fmt.Sprintf("codec: data truncated: %s at offset %d, %s left", e.What, e.Offset, plural(e.Left, "byte"))
}

// plural writes n and a noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Is reports whether target is [ErrTruncated].
func (e *TruncatedError) Is(target error) bool { return target == ErrTruncated }

// Reader reads values written by a [Writer] from a byte slice. Reads past
// the end, and lengths larger than what is left, do not panic: they return
// zero values and record [ErrTruncated], which [Reader.Err] reports as a
// [*TruncatedError] naming what was read and the offset. The first error
// sticks; later reads return zero values.
//
// Readers given to decoders hold exactly one value's bytes: after the
// decoder returns, bytes left unread are an error.
type Reader struct {
	buf  []byte
	off  int
	err  error
	ents func(glue.Entity) glue.Entity
	// what and need describe a read that found too few bytes: the
	// reading methods record them and ErrTruncated, and settle makes
	// the TruncatedError when the error is asked for.
	//
	// The Reader's methods are not inlined (//go:noinline): a read is
	// a call where a decoder reads a field, not a copy of the read and
	// its checks. Decoders run at load time (saves, baked maps and
	// sheets, network messages), where a call costs nothing that
	// matters (BenchmarkDecode's hand-written decoder: 15–30 %
	// slower), and the copies were some 10 KB of a game's brotli'd
	// WebAssembly download (issue #40; docs/web.md).
	what string
	need int
}

// NewReader returns a Reader over p. It does not copy p.
func NewReader(p []byte) *Reader { return &Reader{buf: p} }

// Reset makes r read p from its start, with no error, keeping its entity
// mapping ([Reader.MapEntities]).
//
//go:noinline
func (r *Reader) Reset(p []byte) { r.buf, r.off, r.err, r.what = p, 0, nil, "" }

// MapEntities makes [Reader.Entity] translate every reference it reads
// with m; nil reads references as written. modules/save maps the ids of a
// save file to the entities the load spawns, and references to entities
// the file does not hold to 0 (no entity). modules/net does not map: a
// reference it receives is the sender's id.
//
//go:noinline
func (r *Reader) MapEntities(m func(glue.Entity) glue.Entity) { r.ents = m }

// Entity reads a reference written by [Writer.Entity], translated by the
// Reader's mapping if it has one.
//
//go:noinline
func (r *Reader) Entity() glue.Entity {
	e := glue.Entity(r.Uvarint())
	if r.err != nil {
		return 0
	}
	if r.ents != nil {
		return r.ents(e)
	}
	return e
}

// Err returns the first error met, or nil. A read past the end is a
// [*TruncatedError] naming what was read and the offset.
//
//go:noinline
func (r *Reader) Err() error {
	if r.what != "" {
		r.settle()
	}
	return r.err
}

// settle replaces the ErrTruncated that a short read recorded with the
// TruncatedError it described.
//
//go:noinline
func (r *Reader) settle() {
	switch {
	case r.err != ErrTruncated:
	case r.need < 0: // readVarint's overlong varint
		r.err = fmt.Errorf("codec: %s at offset %d overflows 64 bits", r.what, r.off)
	default:
		r.err = &TruncatedError{What: r.what, Offset: r.off, Need: r.need, Left: r.Len()}
	}
	r.what = ""
}

// truncated records a TruncatedError at once, for the reading methods
// that are not inlined anyway.
//
//go:noinline
func (r *Reader) truncated(what string, need int) {
	r.err = &TruncatedError{What: what, Offset: r.off, Need: need, Left: r.Len()}
}

// Len returns the number of unread bytes.
//
//go:noinline
func (r *Reader) Len() int { return len(r.buf) - r.off }

// Fail records err as the Reader's error, unless it already has one.
// Decoders use it to reject values that read fine but are invalid.
//
//go:noinline
func (r *Reader) Fail(err error) {
	if r.err == nil && err != nil {
		r.err = err
	}
}

// take returns the next n bytes of what, or nil and ErrTruncated.
//
//go:noinline
func (r *Reader) take(n int, what string) []byte {
	if r.err != nil {
		return nil
	}
	if uint(n) > uint(len(r.buf)-r.off) { // n < 0 too
		r.err, r.what, r.need = ErrTruncated, what, n
		return nil
	}
	p := r.buf[r.off : r.off+n : r.off+n]
	r.off += n
	return p
}

// Uint8 reads one byte.
//
//go:noinline
func (r *Reader) Uint8() uint8 {
	if p := r.take(1, "uint8"); p != nil {
		return p[0]
	}
	return 0
}

// Bool reads one byte: 0 is false, 1 is true, anything else is an error.
//
//go:noinline
func (r *Reader) Bool() bool {
	var v uint8
	if p := r.take(1, "bool"); p != nil {
		v = p[0]
	}
	switch v {
	case 0:
		return false
	case 1:
		return true
	}
	r.Fail(fmt.Errorf("codec: invalid bool %d at offset %d (not 0 or 1)", v, r.off-1))
	return false
}

// Uint16 reads 2 bytes.
//
//go:noinline
func (r *Reader) Uint16() uint16 {
	if p := r.take(2, "uint16"); p != nil {
		return binary.LittleEndian.Uint16(p)
	}
	return 0
}

// Uint32 reads 4 bytes.
//
//go:noinline
func (r *Reader) Uint32() uint32 {
	if p := r.take(4, "uint32"); p != nil {
		return binary.LittleEndian.Uint32(p)
	}
	return 0
}

// Uint64 reads 8 bytes.
//
//go:noinline
func (r *Reader) Uint64() uint64 {
	if p := r.take(8, "uint64"); p != nil {
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}

// Uvarint reads a value written by [Writer.Uvarint]. An overlong or
// overflowing encoding is an error.
//
//go:noinline
func (r *Reader) Uvarint() uint64 { return readVarint(r, binary.Uvarint, "uvarint") }

// Varint reads a value written by [Writer.Varint].
//
//go:noinline
func (r *Reader) Varint() int64 { return readVarint(r, binary.Varint, "varint") }

// readVarint reads one varint with decode (binary.Uvarint or
// binary.Varint), failing the reader on a truncated or overlong encoding.
//
//go:noinline
func readVarint[T int64 | uint64](r *Reader, decode func([]byte) (T, int), what string) T {
	if r.err != nil {
		return 0
	}
	v, n := decode(r.buf[r.off:])
	if n <= 0 { // settle makes the error: n is 0 if truncated, < 0 if overlong
		r.err, r.what, r.need = ErrTruncated, what, n
		return 0
	}
	r.off += n
	return v
}

// Int reads a value written by [Writer.Int]. A value that does not fit an
// int is an error.
//
//go:noinline
func (r *Reader) Int() int {
	v := r.Varint()
	if int64(int(v)) != v {
		r.Fail(fmt.Errorf("codec: varint %d before offset %d does not fit an int", v, r.off))
		return 0
	}
	return int(v)
}

// Float32 reads 4 bytes (IEEE 754).
//
//go:noinline
func (r *Reader) Float32() float32 {
	if p := r.take(4, "float32"); p != nil {
		return math.Float32frombits(binary.LittleEndian.Uint32(p))
	}
	return 0
}

// Float64 reads 8 bytes (IEEE 754).
//
//go:noinline
func (r *Reader) Float64() float64 {
	if p := r.take(8, "float64"); p != nil {
		return math.Float64frombits(binary.LittleEndian.Uint64(p))
	}
	return 0
}

// Text reads a string written by [Writer.Text]. Its length is checked
// against the bytes left before anything is allocated.
//
//go:noinline
func (r *Reader) Text() string {
	n := r.length("text", "text length")
	return string(r.take(n, "text"))
}

// Blob reads a byte slice written by [Writer.Blob] and returns a copy. Its
// length is checked against the bytes left before anything is allocated.
//
//go:noinline
func (r *Reader) Blob() []byte {
	n := r.length("blob", "blob length")
	p := r.take(n, "blob")
	if p == nil {
		return nil
	}
	return append([]byte(nil), p...)
}

// BlobView reads a byte slice written by [Writer.Blob] without copying
// it: the slice aliases the Reader's input.
//
//go:noinline
func (r *Reader) BlobView() []byte {
	n := r.length("blob", "blob length")
	return r.take(n, "blob")
}

// length reads the uvarint length of a what (its name in errors: lenWhat)
// and checks it against the bytes left.
//
//go:noinline
func (r *Reader) length(what, lenWhat string) int {
	v := readVarint(r, binary.Uvarint, lenWhat)
	if r.err != nil {
		return 0
	}
	if v > uint64(r.Len()) {
		r.truncated(what, int(min(v, math.MaxInt)))
		return 0
	}
	return int(v)
}

// tooMany records the TruncatedError of a count of n elements of at
// least size bytes each.
//
//go:noinline
func (r *Reader) tooMany(n uint64, size int) {
	r.truncated(fmt.Sprintf("%s of at least %s", plural(int(min(n, math.MaxInt)), "element"), plural(size, "byte")), 0)
}

// Count reads a uvarint element count and checks that at least min bytes
// per element are left, so that no slice is ever sized from an unchecked
// count: a larger count fails the Reader with [ErrTruncated] and returns
// 0. A min below 1 counts as 1.
//
//go:noinline
func (r *Reader) Count(min int) int {
	min = max(min, 1)
	v := r.Uvarint()
	if r.err != nil {
		return 0
	}
	if v > uint64(r.Len()/min) {
		r.tooMany(v, min)
		return 0
	}
	return int(v)
}
