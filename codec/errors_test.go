package codec

import (
	"errors"
	"strings"
	"testing"
)

// TestReaderErrorsSayWhatAndWhere checks that a Reader's errors name what
// it was reading and the offset, and that short reads are still
// ErrTruncated. Before, every short read was "codec: data truncated".
func TestReaderErrorsSayWhatAndWhere(t *testing.T) {
	cases := []struct {
		name  string
		data  []byte
		read  func(r *Reader)
		want  string
		trunc bool
		off   int
	}{
		{"Uint32", []byte{7, 1, 2}, func(r *Reader) { r.Uint8(); r.Uint32() },
			"codec: data truncated: uint32 needs 4 bytes at offset 1, 2 left", true, 1},
		{"Float64", []byte{1, 2, 3}, func(r *Reader) { r.Float64() },
			"codec: data truncated: float64 needs 8 bytes at offset 0, 3 left", true, 0},
		{"Float32", nil, func(r *Reader) { r.Float32() },
			"codec: data truncated: float32 needs 4 bytes at offset 0, 0 left", true, 0},
		{"Uint8", []byte{1}, func(r *Reader) { r.Uint8(); r.Uint8() },
			"codec: data truncated: uint8 needs 1 byte at offset 1, 0 left", true, 1},
		{"Bool", nil, func(r *Reader) { r.Bool() },
			"codec: data truncated: bool needs 1 byte at offset 0, 0 left", true, 0},
		{"Uvarint", []byte{5, 0x80}, func(r *Reader) { r.Uint8(); r.Uvarint() },
			"codec: data truncated: uvarint at offset 1, 1 byte left", true, 1},
		{"Varint", nil, func(r *Reader) { r.Varint() },
			"codec: data truncated: varint at offset 0, 0 bytes left", true, 0},
		{"Text", []byte{5, 'h', 'i'}, func(r *Reader) { r.Text() },
			"codec: data truncated: text needs 5 bytes at offset 1, 2 left", true, 1},
		{"TextLength", []byte{0x80}, func(r *Reader) { r.Text() },
			"codec: data truncated: text length at offset 0, 1 byte left", true, 0},
		{"Blob", []byte{9, 1}, func(r *Reader) { r.Blob() },
			"codec: data truncated: blob needs 9 bytes at offset 1, 1 left", true, 1},
		{"BlobView", []byte{2}, func(r *Reader) { r.BlobView() },
			"codec: data truncated: blob needs 2 bytes at offset 1, 0 left", true, 1},
		{"Count", []byte{0xe8, 0x07, 1, 2, 3}, func(r *Reader) { r.Count(2) },
			"codec: data truncated: 1000 elements of at least 2 bytes at offset 2, 3 bytes left", true, 2},
		{"Entity", []byte{0x81}, func(r *Reader) { r.Entity() },
			"codec: data truncated: uvarint at offset 0, 1 byte left", true, 0},
		{"Overlong", []byte{9, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, func(r *Reader) { r.Uint8(); r.Uvarint() },
			"codec: uvarint at offset 1 overflows 64 bits", false, 0},
		{"BadBool", []byte{0, 2}, func(r *Reader) { r.Bool(); r.Bool() },
			"codec: invalid bool 2 at offset 1 (not 0 or 1)", false, 0},
	}
	for _, c := range cases {
		r := NewReader(c.data)
		c.read(r)
		err := r.Err()
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: Err = %v, want %q", c.name, err, c.want)
			continue
		}
		if got := errors.Is(err, ErrTruncated); got != c.trunc {
			t.Errorf("%s: errors.Is(%v, ErrTruncated) = %v, want %v", c.name, err, got, c.trunc)
		}
		var te *TruncatedError
		if errors.As(err, &te) != c.trunc || c.trunc && te.Offset != c.off {
			t.Errorf("%s: errors.As TruncatedError = %+v, want offset %d", c.name, te, c.off)
		}
		// The error sticks, and later reads change nothing.
		r.Uint64()
		if r.Err() != err {
			t.Errorf("%s: error changed from %v to %v", c.name, err, r.Err())
		}
	}
}

// shot is a derived type with a run of fixed-size fields (At), text, a
// slice of structs, a slice of text, a field with its own codec and a
// varint, for the field paths in errors.
type shot struct {
	At   point
	Name string
	Path []point
	Tags []string
	Blob big
	N    int16
}

// TestDecodeErrorsNameTheField checks that a derived codec's errors name
// the type, the field (with the element of a slice) and what was read
// where, for data cut at each part of a value.
func TestDecodeErrorsNameTheField(t *testing.T) {
	reg := NewRegistry()
	Register[shot](reg)
	c, enc, err := Of[shot](reg)
	if err != nil {
		t.Fatal(err)
	}
	var w Writer
	enc(&shot{At: point{1, 2}, Name: "arrow", Path: []point{{1, 2}, {3, 4}}, Tags: []string{"a", "bc"}, Blob: big{3}, N: 300}, &w)
	full := w.Data()
	// Layout: At 0–15, Name 16–21 (length 5), Path 22 (count 2) 23–54,
	// Tags 55 (count 2) 56–57 58–60, Blob 61 (length 3) 62–64, N 65–66.
	cases := []struct {
		cut  int
		want string
	}{
		{4, "field At.X: data truncated: float64 needs 8 bytes at offset 0, 4 left"},
		{12, "field At.Y: data truncated: float64 needs 8 bytes at offset 8, 4 left"},
		{16, "field Name: data truncated: text length at offset 16, 0 bytes left"},
		{19, "field Name: data truncated: text needs 5 bytes at offset 17, 2 left"},
		{22, "field Path: data truncated: uvarint at offset 22, 0 bytes left"},
		{50, "field Path[1].Y: data truncated: float64 needs 8 bytes at offset 47, 3 left"},
		{59, "field Tags[1]: data truncated: text needs 2 bytes at offset 59, 0 left"},
		{63, "field Blob: data truncated: codec.big needs 3 bytes at offset 62, 1 left"},
		{66, "field N: data truncated: varint at offset 65, 1 byte left"},
	}
	for _, cs := range cases {
		r := NewReader(full[:cs.cut])
		_, err := c.Decode(r)
		want := "codec: decoding " + c.Name() + ": " + cs.want
		if err == nil || err.Error() != want {
			t.Errorf("cut at %d: %v\nwant %s", cs.cut, err, want)
		}
		if !errors.Is(err, ErrTruncated) {
			t.Errorf("cut at %d: %v is not ErrTruncated", cs.cut, err)
		}
	}
	if _, err := c.Decode(NewReader(full)); err != nil {
		t.Errorf("the whole value: %v", err)
	}
}

// TestDecodeErrorsOfOldSchemas checks that a value written with an old
// schema and cut short names the old field.
func TestDecodeErrorsOfOldSchemas(t *testing.T) {
	type v1 struct{ A, B int }
	type v2 struct{ B int }
	old := NewRegistry()
	Register[v1](old, Name("t"))
	c1, enc, _ := Of[v1](old)
	var w Writer
	enc(&v1{A: 1, B: 1 << 20}, &w)
	reg := NewRegistry()
	Register[v2](reg, Name("t"))
	c2, _, _ := Of[v2](reg)
	a, err := c2.Adapt(c1.Schema())
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.Decode(NewReader(w.Data()[:2]))
	if err == nil || !strings.Contains(err.Error(), "field B: data truncated: varint at offset 1, 1 byte left") || !errors.Is(err, ErrTruncated) {
		t.Errorf("old schema cut short: %v", err)
	}
}

// TestReadsAllocateNothing checks that the error details cost nothing
// when reads succeed.
func TestReadsAllocateNothing(t *testing.T) {
	var w Writer
	w.Uint8(1)
	w.Bool(true)
	w.Uint16(2)
	w.Uint32(3)
	w.Uint64(4)
	w.Float32(5)
	w.Float64(6)
	w.Uvarint(7)
	w.Varint(-8)
	w.Blob([]byte("nine"))
	w.Uvarint(1)
	w.Entity(10)
	data := w.Data()
	var r Reader
	if n := testing.AllocsPerRun(100, func() {
		r.Reset(data)
		r.Uint8()
		r.Bool()
		r.Uint16()
		r.Uint32()
		r.Uint64()
		r.Float32()
		r.Float64()
		r.Uvarint()
		r.Varint()
		r.BlobView()
		r.Count(1)
		r.Entity()
		if r.Err() != nil || r.Len() != 0 {
			t.Fatal(r.Err(), r.Len())
		}
	}); n != 0 {
		t.Errorf("reads allocate %v times, want 0", n)
	}
}
