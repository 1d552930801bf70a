// Package wasmpack packs the data segments of a WebAssembly module that
// Go's linker wrote (GOOS=js GOARCH=wasm), so that it travels smaller.
//
// Go's linker leaves every run of more than 8 zero bytes out of a
// module's data and starts a new data segment after it, up to 100,000
// segments (the platformer has 100,000, the smallest Ebitengine program
// 71,084). Each segment costs a header with its own memory offset, which
// compresses badly; a run of zeros costs next to nothing once compressed.
// Pack joins segments, in address order, whose gap is at most Gap bytes,
// writing the zeros between them: the memory a module starts with is the
// same byte for byte, in a few dozen segments. For the platformer the
// file grows from 11.58 to 12.54 MB, all of it zeros, and its download
// shrinks by 0.13 MB (brotli -q 11: 2,025,791 to 1,891,350 bytes; gzip
// -9 by 0.18 MB); see docs/web.md, "Go's data segments packed".
package wasmpack

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Gap is the longest run of zeros Pack writes out to join two segments.
// Most of the runs Go's linker leaves out are 9 to 32 bytes long; with
// brotli the platformer and the minimal program were as small with gaps
// of 32 to 1,024 bytes (docs/web.md).
const Gap = 64

// Stats says what Pack did.
type Stats struct {
	Segments, Packed int // data segments before and after
}

// Pack returns module with its data segments packed, and how many there
// were before and after. A module without data comes back as it is. An
// error says what in module is not as Go's linker writes it: a data
// segment that is not active in memory 0 at a constant offset, or
// segments that overlap.
func Pack(module []byte) ([]byte, Stats, error) {
	var st Stats
	spans, err := split(module)
	if err != nil {
		return nil, st, err
	}
	data := -1
	for i, s := range spans {
		if s.id == 11 {
			data = i
		}
	}
	if data < 0 {
		return module, st, nil
	}
	packed, err := packData(spans[data].body, &st)
	if err != nil {
		return nil, st, err
	}
	out := bytes.NewBuffer(make([]byte, 0, len(module)+len(module)/64))
	out.Write(module[:8])
	for _, s := range spans {
		switch s.id {
		case 11:
			writeSection(out, s.id, packed)
		case 12: // data count (Go's linker writes none): the new count
			writeSection(out, s.id, appendU32(nil, uint32(st.Packed)))
		default:
			out.Write(module[s.start:s.end])
		}
	}
	return out.Bytes(), st, nil
}

// span is one section of a module: its id, where it is (header
// included), its body and, for a custom section, its name and the body
// after the name.
type span struct {
	id         byte
	start, end int
	body       []byte
	custom     string
	content    []byte
}

// split cuts module into its sections, checking its magic number.
func split(module []byte) ([]span, error) {
	if len(module) < 8 || !bytes.Equal(module[:4], []byte("\x00asm")) {
		return nil, errors.New("wasmpack: not a WebAssembly module (no \\0asm at its start)")
	}
	var spans []span
	r := reader{b: module, i: 8}
	for r.i < len(module) {
		start := r.i
		id := r.byte()
		body := r.bytes(r.u32())
		if r.err != nil {
			return nil, fmt.Errorf("wasmpack: section at byte %d: %w", start, r.err)
		}
		s := span{id: id, start: start, end: r.i, body: body}
		if id == 0 {
			b := reader{b: body}
			s.custom = string(b.bytes(b.u32()))
			if b.err != nil {
				return nil, fmt.Errorf("wasmpack: custom section at byte %d: %w", start, b.err)
			}
			s.content = body[b.i:]
		}
		spans = append(spans, s)
	}
	return spans, nil
}

// customSection returns the content (after its name) of module's first
// custom section called name, or nil.
func customSection(module []byte, name string) ([]byte, error) {
	spans, err := split(module)
	if err != nil {
		return nil, err
	}
	for _, s := range spans {
		if s.id == 0 && s.custom == name {
			return s.content, nil
		}
	}
	return nil, nil
}

// segment is an active data segment: its bytes and where they go.
type segment struct {
	offset int64
	data   []byte
}

// packData returns the data section body joined into fewer segments.
func packData(body []byte, st *Stats) ([]byte, error) {
	r := reader{b: body}
	n := r.u32()
	var segs []segment
	for k := 0; k < int(n) && r.err == nil; k++ {
		mode := r.u32()
		if mode != 0 {
			return nil, fmt.Errorf("wasmpack: data segment %d is %s, not active in memory 0: only modules of Go's linker are packed", k, modeName(mode))
		}
		if op := r.byte(); op != 0x41 { // i32.const
			return nil, fmt.Errorf("wasmpack: data segment %d's offset is not an i32.const (opcode %#x): only modules of Go's linker are packed", k, op)
		}
		off := r.s32()
		if off < 0 && r.err == nil {
			return nil, fmt.Errorf("wasmpack: data segment %d's offset is negative (%d)", k, off)
		}
		if end := r.byte(); end != 0x0b {
			return nil, fmt.Errorf("wasmpack: data segment %d's offset is not a single i32.const (opcode %#x after it): only modules of Go's linker are packed", k, end)
		}
		data := r.bytes(r.u32())
		segs = append(segs, segment{off, data})
	}
	if r.err == nil && r.i != len(body) {
		r.err = fmt.Errorf("%d bytes after its %d segments", len(body)-r.i, n)
	}
	if r.err != nil {
		return nil, fmt.Errorf("wasmpack: data section: %w", r.err)
	}
	st.Segments = len(segs)
	// Go's linker writes its sections' segments in its own order, not
	// always by address: in address order they must not overlap.
	slices.SortStableFunc(segs, func(a, b segment) int { return cmp.Compare(a.offset, b.offset) })
	for k := 1; k < len(segs); k++ {
		if end := segs[k-1].offset + int64(len(segs[k-1].data)); segs[k].offset < end {
			return nil, fmt.Errorf("wasmpack: the data segments at %d and %d overlap (the first ends at %d): only segments that do not are packed", segs[k-1].offset, segs[k].offset, end)
		}
	}
	var packed []segment
	var buf []byte // the segment being joined, copied here
	for i, s := range segs {
		if i > 0 {
			last := &packed[len(packed)-1]
			if gap := s.offset - last.offset - int64(len(buf)); gap <= Gap {
				buf = append(buf, make([]byte, gap)...)
				buf = append(buf, s.data...)
				last.data = buf
				continue
			}
			buf = nil
		}
		buf = append(buf, s.data...)
		packed = append(packed, segment{s.offset, buf})
	}
	st.Packed = len(packed)
	w := appendU32(make([]byte, 0, len(body)+len(body)/16), uint32(len(packed)))
	for _, s := range packed {
		w = append(w, 0, 0x41)
		w = appendS32(w, int32(s.offset))
		w = append(w, 0x0b)
		w = appendU32(w, uint32(len(s.data)))
		w = append(w, s.data...)
	}
	return w, nil
}

func modeName(mode uint32) string {
	switch mode {
	case 1:
		return "passive"
	case 2:
		return "active with a memory index"
	}
	return fmt.Sprintf("of unknown mode %d", mode)
}

func writeSection(out *bytes.Buffer, id byte, body []byte) {
	out.WriteByte(id)
	out.Write(appendU32(nil, uint32(len(body))))
	out.Write(body)
}

// reader reads a module's LEB128 numbers and bytes; the first error
// sticks.
type reader struct {
	b   []byte
	i   int
	err error
}

var errShort = errors.New("unexpected end")

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if r.i >= len(r.b) {
		r.err = errShort
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) u32() uint32 { return uint32(r.leb(false)) }

func (r *reader) s32() int64 { return r.leb(true) }

// leb reads a LEB128 number of at most 5 bytes, signed or not.
func (r *reader) leb(signed bool) int64 {
	var v int64
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		v |= int64(c&0x7f) << shift
		if c < 0x80 {
			if signed && c&0x40 != 0 {
				v -= 1 << (shift + 7)
			}
			return v
		}
	}
	if r.err == nil {
		r.err = errors.New("a number longer than 5 bytes")
	}
	return 0
}

func (r *reader) bytes(n uint32) []byte {
	if r.err != nil {
		return nil
	}
	if uint64(r.i)+uint64(n) > uint64(len(r.b)) {
		r.err = errShort
		return nil
	}
	r.i += int(n)
	return r.b[r.i-int(n) : r.i]
}

func appendU32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func appendS32(b []byte, v int32) []byte {
	x := int64(v)
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if (x == 0 && c&0x40 == 0) || (x == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
