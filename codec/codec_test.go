package codec

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// Test types, registered by testRegistry.
type (
	pos   struct{ X, Y float32 }
	vel   struct{ DX, DY float32 }
	label struct{ Name string }
	hp    struct{ N int }
	score struct{ Points int }
	steer struct{ Dir int8 }
	tag   struct{}
)

func (p *pos) Encode(w *Writer) { w.Float32(p.X); w.Float32(p.Y) }
func (p *pos) Decode(r *Reader) error {
	p.X, p.Y = r.Float32(), r.Float32()
	return nil
}

func testRegistry() *Registry {
	reg := NewRegistry()
	RegisterBinary[pos](reg, 1, 1)
	Register(reg, 2, 1,
		func(v *vel, w *Writer) { w.Float32(v.DX); w.Float32(v.DY) },
		func(r *Reader) (vel, error) { return vel{r.Float32(), r.Float32()}, nil })
	Register(reg, 3, 2,
		func(v *label, w *Writer) { w.Text(v.Name) },
		func(r *Reader) (label, error) { return label{r.Text()}, nil })
	Register(reg, 4, 1,
		func(v *hp, w *Writer) { w.Int(v.N) },
		func(r *Reader) (hp, error) {
			n := r.Int()
			if n < 0 {
				return hp{}, errors.New("negative hp")
			}
			return hp{n}, nil
		})
	Register(reg, 5, 1,
		func(v *score, w *Writer) { w.Int(v.Points) },
		func(r *Reader) (score, error) { return score{r.Int()}, nil })
	Register(reg, 6, 1,
		func(v *steer, w *Writer) { w.Uint8(uint8(v.Dir)) },
		func(r *Reader) (steer, error) {
			d := int8(r.Uint8())
			if d < -1 || d > 1 {
				return steer{}, errors.New("direction out of range")
			}
			return steer{d}, nil
		})
	Register(reg, 300, 1,
		func(*tag, *Writer) {},
		func(*Reader) (tag, error) { return tag{}, nil })
	if err := reg.Err(); err != nil {
		panic(err)
	}
	return reg
}

func TestWriterReaderRoundTrip(t *testing.T) {
	var w Writer
	w.Uint8(7)
	w.Bool(true)
	w.Uint16(0xBEEF)
	w.Uint32(0xDEADBEEF)
	w.Uint64(math.MaxUint64)
	w.Uvarint(300)
	w.Varint(-5)
	w.Int(math.MinInt64)
	w.Float32(1.5)
	w.Float64(-2.25)
	w.Text("héllo")
	w.Blob([]byte{1, 2, 3})
	r := NewReader(w.Data())
	if got := r.Uint8(); got != 7 {
		t.Errorf("Uint8 = %d", got)
	}
	if !r.Bool() {
		t.Error("Bool = false")
	}
	if got := r.Uint16(); got != 0xBEEF {
		t.Errorf("Uint16 = %x", got)
	}
	if got := r.Uint32(); got != 0xDEADBEEF {
		t.Errorf("Uint32 = %x", got)
	}
	if got := r.Uint64(); got != math.MaxUint64 {
		t.Errorf("Uint64 = %x", got)
	}
	if got := r.Uvarint(); got != 300 {
		t.Errorf("Uvarint = %d", got)
	}
	if got := r.Varint(); got != -5 {
		t.Errorf("Varint = %d", got)
	}
	if got := r.Int(); got != math.MinInt64 {
		t.Errorf("Int = %d", got)
	}
	if got := r.Float32(); got != 1.5 {
		t.Errorf("Float32 = %v", got)
	}
	if got := r.Float64(); got != -2.25 {
		t.Errorf("Float64 = %v", got)
	}
	if got := r.Text(); got != "héllo" {
		t.Errorf("Text = %q", got)
	}
	if got := r.Blob(); string(got) != "\x01\x02\x03" {
		t.Errorf("Blob = %v", got)
	}
	if r.Err() != nil || r.Len() != 0 {
		t.Errorf("Err = %v, Len = %d; want nil, 0", r.Err(), r.Len())
	}
}

func TestReaderTruncated(t *testing.T) {
	cases := map[string]func(r *Reader){
		"Uint8":   func(r *Reader) { r.Uint8() },
		"Uint16":  func(r *Reader) { r.Uint16() },
		"Uint32":  func(r *Reader) { r.Uint32() },
		"Uint64":  func(r *Reader) { r.Uint64() },
		"Float64": func(r *Reader) { r.Float64() },
		"Uvarint": func(r *Reader) { r.Uvarint() },
		"Varint":  func(r *Reader) { r.Varint() },
		"Text":    func(r *Reader) { r.Text() },
		"Blob":    func(r *Reader) { r.Blob() },
	}
	for name, read := range cases {
		r := NewReader(nil)
		read(r)
		if !errors.Is(r.Err(), ErrTruncated) {
			t.Errorf("%s on empty input: Err = %v, want ErrTruncated", name, r.Err())
		}
	}
	// A length larger than what is left fails before allocating.
	var w Writer
	w.Uvarint(1 << 40)
	w.Uint8('x')
	r := NewReader(w.Data())
	if s := r.Text(); s != "" || !errors.Is(r.Err(), ErrTruncated) {
		t.Errorf("Text with huge length = %q, %v; want \"\", ErrTruncated", s, r.Err())
	}
	// The first error sticks.
	r = NewReader([]byte{0x80})
	r.Uvarint()
	first := r.Err()
	r.Uint8()
	if r.Err() != first {
		t.Errorf("error changed from %v to %v", first, r.Err())
	}
}

func TestReaderInvalid(t *testing.T) {
	r := NewReader([]byte{2})
	r.Bool()
	if r.Err() == nil {
		t.Error("Bool(2): no error")
	}
	over := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}
	r = NewReader(over)
	r.Uvarint()
	if r.Err() == nil || errors.Is(r.Err(), ErrTruncated) {
		t.Errorf("overlong uvarint: Err = %v, want an overflow error", r.Err())
	}
}

func TestRegistryMistakes(t *testing.T) {
	reg := NewRegistry()
	RegisterBinary[pos](reg, 1, 1)
	Register(reg, 1, 1, func(*vel, *Writer) {}, func(*Reader) (vel, error) { return vel{}, nil })
	RegisterBinary[pos](reg, 2, 1)
	Register[hp](reg, 3, 1, nil, nil)
	err := reg.Err()
	if err == nil {
		t.Fatal("Err() = nil, want three mistakes")
	}
	for _, want := range []string{"wire id 1 registered twice", "type codec.pos registered twice", "Register[codec.hp]: encoder and decoder must not be nil"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Err() = %q, want it to mention %q", err, want)
		}
	}
	if got, want := reg.String(), "1 v1 codec.pos\n"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestRegisterAfterUsePanics(t *testing.T) {
	reg := testRegistry()
	if err := reg.Seal(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		p := recover()
		if p == nil || !strings.Contains(p.(string), "after the registry is in use") {
			t.Errorf("recover() = %v, want a panic about late registration", p)
		}
	}()
	Register(reg, 99, 1, func(*score, *Writer) {}, func(*Reader) (score, error) { return score{}, nil })
}

func TestDecodeChecks(t *testing.T) {
	reg := testRegistry()
	hpc := reg.byID[4]
	var w Writer
	w.Int(-3)
	if _, err := hpc.Decode(NewReader(w.Data())); err == nil || !strings.Contains(err.Error(), "negative hp") {
		t.Errorf("decode(-3) error = %v, want the decoder's error", err)
	}
	w.Reset()
	w.Int(3)
	w.Uint8(0)
	if _, err := hpc.Decode(NewReader(w.Data())); err == nil || !strings.Contains(err.Error(), "1 bytes left unread") {
		t.Errorf("decode with trailing byte: error = %v, want bytes left unread", err)
	}
	panicky := NewRegistry()
	Register(panicky, 1, 1, func(*hp, *Writer) {}, func(*Reader) (hp, error) { panic("boom") })
	if _, err := panicky.byID[1].Decode(NewReader(nil)); err == nil || !strings.Contains(err.Error(), "panicked: boom") {
		t.Errorf("panicking decoder: error = %v, want it turned into an error", err)
	}
}

func TestEntityReferences(t *testing.T) {
	var w Writer
	w.Entity(0)
	w.Entity(glue.Entity(7<<32 | 1<<24 | 3))
	r := NewReader(w.Data())
	if a, b := r.Entity(), r.Entity(); a != 0 || b != glue.Entity(7<<32|1<<24|3) || r.Err() != nil {
		t.Errorf("unmapped Entity() = %v, %v (%v); want the entities as written", a, b, r.Err())
	}
	// A mapping translates every reference; Reset keeps it.
	r.MapEntities(func(e glue.Entity) glue.Entity {
		if e == 0 {
			return 0
		}
		return e + 1
	})
	r.Reset(w.Data())
	if a, b := r.Entity(), r.Entity(); a != 0 || b != glue.Entity(7<<32|1<<24|4) || r.Err() != nil {
		t.Errorf("mapped Entity() = %v, %v (%v); want 0 and the mapped entity", a, b, r.Err())
	}
	// A truncated reference is an error and reads as no entity.
	r.Reset([]byte{0x80})
	if e := r.Entity(); e != 0 || !errors.Is(r.Err(), ErrTruncated) {
		t.Errorf("truncated Entity() = %v, %v; want 0, ErrTruncated", e, r.Err())
	}
}

func TestRegistryLookups(t *testing.T) {
	type mark struct{}
	reg := testRegistry()
	RegisterTag[mark](reg, 9, 3)
	if err := reg.Err(); err != nil {
		t.Fatal(err)
	}
	c := reg.ByName("codec.hp")
	if c == nil || c != reg.ByType(glue.TypeOf[hp]()) || c != reg.ByID(4) || c.Name() != "codec.hp" || c.Version() != 1 || c.Type() != glue.TypeOf[hp]() {
		t.Fatalf("ByName, ByType and ByID disagree about hp: %v", c)
	}
	if reg.ByName("codec.nope") != nil || reg.ByType(glue.TypeOf[int]()) != nil || reg.ByID(1000) != nil {
		t.Error("lookups of unregistered types found something")
	}
	var w Writer
	if err := c.Encode(&hp{5}, &w); err != nil {
		t.Fatal(err)
	}
	if err := c.Encode(hp{6}, &w); err != nil {
		t.Fatal(err)
	}
	if err := c.Encode(score{1}, &w); err == nil || !strings.Contains(err.Error(), "codec.score") {
		t.Errorf("Encode of another type: %v, want an error naming it", err)
	}
	r := NewReader(w.Data())
	if a, b := r.Int(), r.Int(); a != 5 || b != 6 {
		t.Errorf("encoded %d, %d; want 5, 6", a, b)
	}
	tc := reg.ByName("codec.mark")
	w.Reset()
	if err := tc.Encode(mark{}, &w); err != nil || w.Len() != 0 || tc.Version() != 3 {
		t.Errorf("a tag encodes to %d bytes (%v), want none", w.Len(), err)
	}
	if v, err := tc.Decode(NewReader(nil)); err != nil || v != (mark{}) {
		t.Errorf("a tag decodes to %v, %v", v, err)
	}
	var ids []uint16
	for _, c := range reg.Codecs() {
		ids = append(ids, c.ID())
	}
	if fmt.Sprint(ids) != "[1 2 3 4 5 6 9 300]" {
		t.Errorf("Codecs() ids = %v, want them in id order", ids)
	}
}

// Two types whose names are equal cannot both be registered: save files
// tell types apart by name.
func TestRegistrySameName(t *testing.T) {
	reg := NewRegistry()
	RegisterTag[struct{ A int }](reg, 1, 1)
	RegisterTag[pos](reg, 2, 1)
	if err := reg.Err(); err != nil {
		t.Fatal(err)
	}
	type pos struct{ Z int } // also "codec.pos"
	RegisterTag[pos](reg, 3, 1)
	if err := reg.Err(); err == nil || !strings.Contains(err.Error(), `same name "codec.pos"`) {
		t.Errorf("Err() = %v, want the two types named codec.pos reported", err)
	}
}
