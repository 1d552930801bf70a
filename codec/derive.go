package codec

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/world"
)

// This file derives a codec from a type's structure: [Register] compiles
// a plan — one op per field, with its offset and kind — once, with
// reflection, and encodes and decodes values by walking the plan over
// the value's memory (package unsafe), with no reflection and no
// allocation per value. Decoding a slice field allocates the slice
// (reflect.MakeSlice, the only reflection after registration).

// kind is how a field is written.
type kind uint8

const (
	kBool    kind = iota + 1 // Writer.Bool
	kU8                      // Writer.Uint8
	kInt                     // Writer.Varint, any signed width
	kUint                    // Writer.Uvarint, unsigned wider than a byte
	kF32                     // Writer.Float32
	kF64                     // Writer.Float64
	kF64as32                 // a float64 field written as a float32 (option Float32)
	kStr                     // Writer.Text
	kEnt                     // Writer.Entity
	kBin                     // the field's Encode/Decode methods, length-prefixed
	kSlice                   // count, then the elements by their plan
	kRaw                     // n bytes as they are in memory: adjacent fixed-size fields (little-endian machines)
)

// kindNames are the kinds as a schema writes them; kF64as32 is "f32".
var kindNames = [...]string{kBool: "bool", kU8: "u8", kInt: "int", kUint: "uint", kF32: "f32", kF64: "f64", kF64as32: "f32", kStr: "str", kEnt: "ent"}

// op is one field of a plan.
type op struct {
	k    kind
	size uint8 // bytes of an int or uint field
	off  uintptr
	name string // dotted path: "Pos.X", "Color.R", "Cells.3"
	// kBin: the itab of the field's pointer type as a selfCoder.
	tab unsafe.Pointer
	bin string // kBin: the field type's name
	// kSlice: the element plan, size and type.
	elem  *plan
	esize uintptr
	etype reflect.Type
	// kRaw: the number of bytes.
	n uintptr
}

// plan is a derived codec: the ops of a type's fields, in order, and
// the ops that encode and decode them, where runs of adjacent
// fixed-size fields whose encoding is their memory (floats and bytes, on
// a little-endian machine) are one kRaw copy.
type plan struct {
	ops  []op
	fast []op
}

// littleEndian reports whether the machine stores numbers as Writer
// writes them.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// rawSize returns the size of a field whose encoding is its memory, or 0.
func (o *op) rawSize() uintptr {
	if !littleEndian {
		return 0
	}
	switch o.k {
	case kF64:
		return 8
	case kF32:
		return 4
	case kU8:
		return 1
	}
	return 0
}

// fuse makes p.fast from p.ops, and the fast ops of slice elements.
func (p *plan) fuse() {
	p.fast = p.fast[:0]
	for _, o := range p.ops {
		if o.k == kSlice {
			o.elem.fuse()
		}
		n := o.rawSize()
		if n == 0 {
			p.fast = append(p.fast, o)
			continue
		}
		if last := len(p.fast) - 1; last >= 0 && p.fast[last].k == kRaw && p.fast[last].off+p.fast[last].n == o.off {
			p.fast[last].n += n
			continue
		}
		p.fast = append(p.fast, op{k: kRaw, off: o.off, n: n, name: o.name})
	}
}

// selfCoder is a type whose pointer encodes and decodes itself.
type selfCoder interface {
	Encode(w *Writer)
	Decode(r *Reader) error
}

var (
	binaryType = reflect.TypeFor[selfCoder]()
	entityType = reflect.TypeFor[glue.Entity]()
)

// iface is the memory layout of a non-empty interface value: the method
// table and the data pointer. A kBin op makes a selfCoder from its saved
// method table and the field's address, without reflection.
type iface struct {
	tab, data unsafe.Pointer
}

// itabOf returns the method table of t's pointer type as a selfCoder.
func itabOf(t reflect.Type) unsafe.Pointer {
	b := reflect.New(t).Interface().(selfCoder)
	return (*iface)(unsafe.Pointer(&b)).tab
}

func (o *op) selfCoder(p unsafe.Pointer) selfCoder {
	var b selfCoder
	*(*iface)(unsafe.Pointer(&b)) = iface{o.tab, p}
	return b
}

// compile derives the plan of t. Fields tagged `codec:"-"` are left
// out; a field of a type whose pointer has Encode and Decode methods is
// written by them; pointers, interfaces, maps, funcs and channels are
// errors naming the field.
func compile(t reflect.Type, f32 bool) (*plan, error) {
	p := &plan{}
	if err := p.add(t, 0, "", f32, 0); err != nil {
		return nil, err
	}
	p.fuse()
	return p, nil
}

func (p *plan) add(t reflect.Type, off uintptr, name string, f32 bool, depth int) error {
	if depth > 16 {
		return fmt.Errorf("field %s nests more than 16 deep", name)
	}
	if name != "" && reflect.PointerTo(t).Implements(binaryType) {
		p.ops = append(p.ops, op{k: kBin, off: off, name: name, tab: itabOf(t), bin: world.ShortName(t)})
		return nil
	}
	if t == entityType {
		p.ops = append(p.ops, op{k: kEnt, off: off, name: name})
		return nil
	}
	o := op{off: off, name: name, size: uint8(t.Size())}
	switch t.Kind() {
	case reflect.Bool:
		o.k = kBool
	case reflect.Uint8:
		o.k = kU8
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		o.k = kInt
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		o.k = kUint
	case reflect.Float32:
		o.k = kF32
	case reflect.Float64:
		o.k = kF64
		if f32 {
			o.k = kF64as32
		}
	case reflect.String:
		o.k = kStr
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Tag.Get("codec") == "-" || f.Name == "_" {
				continue
			}
			if err := p.add(f.Type, off+f.Offset, join(name, f.Name), f32, depth+1); err != nil {
				return err
			}
		}
		return nil
	case reflect.Array:
		for i := range t.Len() {
			if err := p.add(t.Elem(), off+uintptr(i)*t.Elem().Size(), join(name, strconv.Itoa(i)), f32, depth+1); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		e := &plan{}
		if err := e.add(t.Elem(), 0, "", f32, depth+1); err != nil {
			return err
		}
		o.k, o.elem, o.esize, o.etype = kSlice, e, t.Elem().Size(), t.Elem()
	default:
		if name == "" {
			name = t.String()
		}
		return fmt.Errorf("field %s is a %v (%v), which has no derived codec; tag it `codec:\"-\"` to leave it out, or give its type Encode(*codec.Writer) and Decode(*codec.Reader) error methods", name, t.Kind(), t)
	}
	p.ops = append(p.ops, o)
	return nil
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// only keeps the ops whose name is one of names or under one of them
// ("Pos" keeps "Pos.X" and "Pos.Y"). It returns the names that match
// nothing.
func (p *plan) only(names []string) (unknown []string) {
	keep := p.ops[:0:0]
	for _, n := range names {
		found := false
		for _, o := range p.ops {
			if o.name == n || strings.HasPrefix(o.name, n+".") {
				keep = append(keep, o)
				found = true
			}
		}
		if !found {
			unknown = append(unknown, n)
		}
	}
	// Keep the type's order, not the option's.
	ordered := keep[:0:0]
	for _, o := range p.ops {
		for _, k := range keep {
			if k.name == o.name {
				ordered = append(ordered, o)
				break
			}
		}
	}
	p.ops = ordered
	p.fuse()
	return unknown
}

// skip drops the ops named or under the names; it returns the names that
// match nothing.
func (p *plan) skip(names []string) (unknown []string) {
	for _, n := range names {
		before := len(p.ops)
		p.ops = slices.DeleteFunc(p.ops, func(o op) bool { return o.name == n || strings.HasPrefix(o.name, n+".") })
		if len(p.ops) == before {
			unknown = append(unknown, n)
		}
	}
	p.fuse()
	return unknown
}

// encode writes the value at base.
func (p *plan) encode(base unsafe.Pointer, w *Writer) {
	for i := range p.fast {
		o := &p.fast[i]
		ptr := unsafe.Add(base, o.off)
		// The common ops first, without the switch's table.
		if o.k == kRaw {
			w.buf = append(w.buf, unsafe.Slice((*byte)(ptr), o.n)...)
			continue
		}
		if o.k == kInt && o.size == 8 {
			w.buf = binary.AppendVarint(w.buf, *(*int64)(ptr))
			continue
		}
		switch o.k {
		case kF64:
			w.Float64(*(*float64)(ptr))
		case kF64as32:
			w.Float32(float32(*(*float64)(ptr)))
		case kF32:
			w.Float32(*(*float32)(ptr))
		case kInt:
			w.Varint(loadInt(ptr, o.size))
		case kUint:
			w.Uvarint(loadUint(ptr, o.size))
		case kU8:
			w.Uint8(*(*uint8)(ptr))
		case kBool:
			w.Bool(*(*bool)(ptr))
		case kStr:
			w.Text(*(*string)(ptr))
		case kEnt:
			w.Entity(*(*glue.Entity)(ptr))
		case kBin:
			mark := len(w.buf)
			w.buf = append(w.buf, 0)
			o.selfCoder(ptr).Encode(w)
			w.patchLength(mark)
		case kSlice:
			s := (*sliceHeader)(ptr)
			w.Uvarint(uint64(s.len))
			for j := range s.len {
				o.elem.encode(unsafe.Add(s.data, uintptr(j)*o.esize), w)
			}
		}
	}
}

// patchLength makes the byte at mark, reserved before a value was
// written after it, the value's length as a uvarint, moving the value if
// the length needs more than one byte.
func (w *Writer) patchLength(mark int) {
	n := len(w.buf) - mark - 1
	if n < 0x80 {
		w.buf[mark] = byte(n)
		return
	}
	var tmp [10]byte
	k := putUvarint(tmp[:], uint64(n))
	w.buf = append(w.buf, tmp[:k-1]...)
	copy(w.buf[mark+k:], w.buf[mark+1:mark+1+n])
	copy(w.buf[mark:], tmp[:k])
}

func putUvarint(b []byte, v uint64) int {
	i := 0
	for v >= 0x80 {
		b[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	b[i] = byte(v)
	return i + 1
}

type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// loadInt reads a signed field of size bytes: loadUint's bits, sign
// extended.
func loadInt(p unsafe.Pointer, size uint8) int64 {
	shift := 64 - 8*uint(size)
	return int64(loadUint(p, size)<<shift) >> shift
}

// loadUint reads an unsigned field of size bytes.
func loadUint(p unsafe.Pointer, size uint8) uint64 {
	switch size {
	case 1:
		return uint64(*(*uint8)(p))
	case 2:
		return uint64(*(*uint16)(p))
	case 4:
		return uint64(*(*uint32)(p))
	}
	return *(*uint64)(p)
}

// storeInt stores v in a signed field of size bytes, failing r if it does
// not fit.
func storeInt(p unsafe.Pointer, size uint8, v int64, r *Reader) {
	switch size {
	case 1:
		if v != int64(int8(v)) {
			r.Fail(fmt.Errorf("codec: %d does not fit %d bits", v, 8))
		}
		*(*int8)(p) = int8(v)
	case 2:
		if v != int64(int16(v)) {
			r.Fail(fmt.Errorf("codec: %d does not fit %d bits", v, 16))
		}
		*(*int16)(p) = int16(v)
	case 4:
		if v != int64(int32(v)) {
			r.Fail(fmt.Errorf("codec: %d does not fit %d bits", v, 32))
		}
		*(*int32)(p) = int32(v)
	default:
		*(*int64)(p) = v
	}
}

func storeUint(p unsafe.Pointer, size uint8, v uint64, r *Reader) {
	switch size {
	case 1:
		if v > math.MaxUint8 {
			r.Fail(fmt.Errorf("codec: %d does not fit %d bits", v, 8))
		}
		*(*uint8)(p) = uint8(v)
	case 2:
		if v > math.MaxUint16 {
			r.Fail(fmt.Errorf("codec: %d does not fit %d bits", v, 16))
		}
		*(*uint16)(p) = uint16(v)
	case 4:
		if v > math.MaxUint32 {
			r.Fail(fmt.Errorf("codec: %d does not fit %d bits", v, 32))
		}
		*(*uint32)(p) = uint32(v)
	default:
		*(*uint64)(p) = v
	}
}

// decode reads a value written by encode into the value at base. Fields
// the plan does not hold keep what base held.
func (p *plan) decode(base unsafe.Pointer, r *Reader) {
	for i := range p.fast {
		o := &p.fast[i]
		o.decode(unsafe.Add(base, o.off), r)
		if r.err != nil {
			p.failed(o, r)
			return
		}
	}
}

// failed puts r's error, met decoding op o of p, in o's field: the
// field of a run of fixed-size fields (kRaw) that the data ends in.
//
//go:noinline
func (p *plan) failed(o *op, r *Reader) {
	name := o.name
	if te, ok := r.Err().(*TruncatedError); ok && o.k == kRaw {
		for i := range p.ops {
			f := &p.ops[i]
			at := int(f.off - o.off)
			if f.off < o.off || at >= int(o.n) || at+int(f.rawSize()) <= te.Left {
				continue
			}
			name = f.name
			te.What, te.Offset, te.Need, te.Left = rawNames[f.k], te.Offset+at, int(f.rawSize()), te.Left-at
			break
		}
	}
	r.inField(name)
}

// rawNames name the kinds a kRaw op copies, for errors.
var rawNames = [...]string{kF64: "float64", kF32: "float32", kU8: "uint8"}

// fieldError is a decoding error in a field of a derived codec, with the
// field's path in the value: "Pos.X", "Trail[3].X".
type fieldError struct {
	path string
	err  error
}

func (e *fieldError) Error() string {
	return "field " + e.path + ": " + strings.TrimPrefix(e.err.Error(), "codec: ")
}

func (e *fieldError) Unwrap() error { return e.err }

// inField puts r's error in the field name (a field's path, or a slice
// element's "[3]"), inside the fields it is already in.
func (r *Reader) inField(name string) {
	err := r.Err()
	if name == "" || err == nil {
		return
	}
	if fe, ok := err.(*fieldError); ok {
		if !strings.HasPrefix(fe.path, "[") {
			name += "."
		}
		fe.path = name + fe.path
		return
	}
	r.err = &fieldError{name, err}
}

// decode reads the field at ptr.
func (o *op) decode(ptr unsafe.Pointer, r *Reader) {
	switch o.k {
	case kRaw:
		if b := r.take(int(o.n), "fixed-size fields"); b != nil {
			copy(unsafe.Slice((*byte)(ptr), o.n), b)
		}
	case kF64:
		*(*float64)(ptr) = r.Float64()
	case kF64as32:
		*(*float64)(ptr) = float64(r.Float32())
	case kF32:
		*(*float32)(ptr) = r.Float32()
	case kInt:
		storeInt(ptr, o.size, r.Varint(), r)
	case kUint:
		storeUint(ptr, o.size, r.Uvarint(), r)
	case kU8:
		*(*uint8)(ptr) = r.Uint8()
	case kBool:
		*(*bool)(ptr) = r.Bool()
	case kStr:
		*(*string)(ptr) = r.Text()
	case kEnt:
		*(*glue.Entity)(ptr) = r.Entity()
	case kBin:
		decodeBin(o, ptr, r)
	case kSlice:
		o.decodeSlice(ptr, r, o.elem.decode)
	}
}

// decodeBin reads a length-prefixed value with the field's Decode method,
// which must read exactly its bytes.
func decodeBin(o *op, ptr unsafe.Pointer, r *Reader) {
	n := r.length(o.bin, "value length")
	if r.err != nil {
		return
	}
	end := r.off + n
	full := r.buf
	r.buf = full[:end]
	err := o.selfCoder(ptr).Decode(r)
	if r.err != nil {
		r.Err() // settle a short read inside the value, at its offset
	}
	r.buf = full
	switch {
	case r.err != nil:
	case err != nil:
		r.Fail(fmt.Errorf("%s.Decode: %w", o.bin, err))
	case r.off != end:
		r.Fail(fmt.Errorf("%s.Decode left %d bytes unread; its Encode and Decode disagree", o.bin, end-r.off))
	}
	r.off = end
}

// decodeSlice reads a count and that many elements with dec into a new
// slice stored at ptr.
func (o *op) decodeSlice(ptr unsafe.Pointer, r *Reader, dec func(unsafe.Pointer, *Reader)) {
	n := r.Count(1)
	if n == 0 || r.err != nil {
		*(*sliceHeader)(ptr) = sliceHeader{}
		return
	}
	s := reflect.MakeSlice(reflect.SliceOf(o.etype), n, n)
	data := s.UnsafePointer()
	for j := range n {
		dec(unsafe.Add(data, uintptr(j)*o.esize), r)
		if r.err != nil {
			r.inField("[" + strconv.Itoa(j) + "]")
			return
		}
	}
	*(*sliceHeader)(ptr) = sliceHeader{data, n, n}
}

// fields returns the plan's schema fields.
func (p *plan) fields() []Field {
	out := make([]Field, len(p.ops))
	for i, o := range p.ops {
		out[i] = Field{Name: o.name, Kind: o.kindName()}
	}
	return out
}

// kindName is the op's kind in a schema: "f64", "bin:timer.Timer",
// "[]{X:f64,Y:f64}", "[]int".
func (o *op) kindName() string {
	switch o.k {
	case kBin:
		return "bin:" + o.bin
	case kSlice:
		return "[]" + o.elem.shape()
	}
	return kindNames[o.k]
}

// shape is a slice element's schema: the kind of an element that is not
// a struct, "{name:kind,…}" of one that is.
func (p *plan) shape() string {
	if len(p.ops) == 1 && p.ops[0].name == "" {
		return p.ops[0].kindName()
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, o := range p.ops {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(o.name)
		b.WriteByte(':')
		b.WriteString(o.kindName())
	}
	b.WriteByte('}')
	return b.String()
}
