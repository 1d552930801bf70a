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
	registerTestTypes(reg)
	if err := reg.Seal(); err != nil {
		panic(err)
	}
	return reg
}

// registerTestTypes registers the test types of this file in reg.
func registerTestTypes(reg *Registry) {
	Register[pos](reg) // its own Encode and Decode
	Register[vel](reg)
	Register[label](reg)
	RegisterFunc(reg,
		func(v *hp, w *Writer) { w.Int(v.N) },
		func(r *Reader) (hp, error) {
			n := r.Int()
			if n < 0 {
				return hp{}, errors.New("negative hp")
			}
			return hp{n}, nil
		})
	Register[score](reg)
	Register[steer](reg)
	Register[tag](reg)
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
	type bad struct {
		N int
		P *int
	}
	reg := NewRegistry()
	Register[pos](reg)
	Register[pos](reg)
	RegisterFunc[hp](reg, nil, nil)
	Register[bad](reg)
	Register[vel](reg, Only("DX", "Nope"))
	Register[label](reg, Skip("Nope"))
	Register[pos](reg, Float32())
	Register[score](reg, Migrate(func(*vel, Old) error { return nil }))
	err := reg.Err()
	if err == nil {
		t.Fatal("Err() = nil, want mistakes")
	}
	for _, want := range []string{
		"type codec.pos registered twice",
		"RegisterFunc[codec.hp]: encoder and decoder must not be nil",
		"Register[codec.bad]: field P is a ptr (*int), which has no derived codec; tag it `codec:\"-\"`",
		"Only names Nope, which codec.vel does not have",
		"Skip names Nope, which codec.label does not have",
		"option Float32 needs a derived codec, but codec.pos has its own Encode and Decode methods",
		"Register[codec.score]: Migrate is for another type",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Err() = %q, want it to mention %q", err, want)
		}
	}
	if got, want := reg.String(), "codec.pos v0 custom\n"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestRegisterAfterUsePanics(t *testing.T) {
	reg := testRegistry()
	defer func() {
		p := recover()
		if p == nil || !strings.Contains(fmt.Sprint(p), "after the registry is in use") {
			t.Errorf("recover() = %v, want a panic about late registration", p)
		}
	}()
	type late struct{ N int }
	Register[late](reg)
}

func TestDecodeChecks(t *testing.T) {
	reg := testRegistry()
	hpc := reg.ByName("codec.hp")
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
	RegisterFunc(panicky, func(*hp, *Writer) {}, func(*Reader) (hp, error) { panic("boom") })
	if _, err := panicky.ByName("codec.hp").Decode(NewReader(nil)); err == nil || !strings.Contains(err.Error(), "panicked: boom") {
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
	reg := NewRegistry()
	Register[hp](reg)
	Register[mark](reg, Version(3))
	Register[score](reg)
	if err := reg.Seal(); err != nil {
		t.Fatal(err)
	}
	c := reg.ByName("codec.hp")
	if c == nil || c != reg.ByType(glue.TypeOf[hp]()) || c != reg.ByID(1) || c.Name() != "codec.hp" || c.Type() != glue.TypeOf[hp]() {
		t.Fatalf("ByName, ByType and ByID disagree about hp: %v", c)
	}
	if reg.ByName("codec.nope") != nil || reg.ByType(glue.TypeOf[int]()) != nil || reg.ByID(1000) != nil {
		t.Error("lookups of unregistered types found something")
	}
	if got, err := reg.ByWire(1, c.Version()); got != c || err != nil {
		t.Errorf("ByWire(1, %d) = %v, %v", c.Version(), got, err)
	}
	if _, err := reg.ByWire(1, c.Version()+1); err == nil || !strings.Contains(err.Error(), "codec.hp") {
		t.Errorf("ByWire of another version: %v, want an error naming the type", err)
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
	if err := tc.Encode(mark{}, &w); err != nil || w.Len() != 0 || tc.Schema().Version != 3 {
		t.Errorf("a tag encodes to %d bytes (%v), want none", w.Len(), err)
	}
	if v, err := tc.Decode(NewReader(nil)); err != nil || v != (mark{}) {
		t.Errorf("a tag decodes to %v, %v", v, err)
	}
	var names []string
	for _, c := range reg.Codecs() {
		names = append(names, fmt.Sprint(c.ID(), " ", c.Name()))
	}
	if fmt.Sprint(names) != "[1 codec.hp 2 codec.mark 3 codec.score]" {
		t.Errorf("Codecs() = %v, want them in name order, numbered so", names)
	}
}

// Two types whose names are equal cannot both be registered: save files
// tell types apart by name. An explicit name separates them.
func TestRegistrySameName(t *testing.T) {
	reg := NewRegistry()
	Register[pos](reg)
	type pos struct{ Z int } // also "codec.pos"
	Register[pos](reg)
	if err := reg.Err(); err == nil || !strings.Contains(err.Error(), `same name "codec.pos"`) {
		t.Errorf("Err() = %v, want the two types named codec.pos reported", err)
	}
	reg = NewRegistry()
	Register[pos](reg, Name("codec.pos2"))
	if err := reg.Err(); err != nil || reg.ByName("codec.pos2") == nil {
		t.Errorf("Name option: %v", err)
	}
}

// A plugin that takes a registry has Build report its mistakes
// (OnBuild(reg.Err)): with the app's others, once however many plugins
// share the registry; a registry without mistakes adds none. Before,
// they waited for the first Update.
func TestRegistryMistakesAtBuildOnce(t *testing.T) {
	reg := NewRegistry()
	Register[pos](reg)
	Register[pos](reg)
	app := glue.NewApp()
	app.OnBuild(reg.Err) // one plugin
	app.OnBuild(reg.Err) // another, sharing the registry
	err := app.Build()
	if err == nil || strings.Count(err.Error(), "type codec.pos registered twice") != 1 {
		t.Errorf("Build = %v, want the mistake once", err)
	}

	good := NewRegistry()
	Register[pos](good)
	app = glue.NewApp()
	app.OnBuild(good.Err)
	if err := app.Build(); err != nil {
		t.Errorf("Build = %v, want no error", err)
	}
}
