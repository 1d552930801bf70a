package codec

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// big is a custom field type whose encoding is longer than 127 bytes, to
// exercise the length prefix's move.
type big struct{ N int }

func (b *big) Encode(w *Writer) {
	for range b.N {
		w.Uint8(7)
	}
}

func (b *big) Decode(r *Reader) error {
	for r.Len() > 0 {
		r.Uint8()
		b.N++
	}
	return nil
}

type point struct{ X, Y float64 }

// everything has a field of every kind a derived codec handles.
type everything struct {
	On     bool
	Small  int8
	Mid    int16
	I32    int32
	Int    int
	U8     uint8
	U16    uint16
	U32    uint32
	U64    uint64
	F32    float32
	F64    float64
	Text   string
	Target glue.Entity
	At     point
	Cells  [3]uint16
	Path   []point
	Tags   []string
	Blob   big
	Skip   *int `codec:"-"`
	hidden int
}

func (e *everything) Validate() error {
	if e.Int < 0 {
		return errors.New("negative Int")
	}
	return nil
}

func sample() everything {
	return everything{
		On: true, Small: -8, Mid: -300, I32: math.MinInt32, Int: 1 << 40,
		U8: 200, U16: 60000, U32: math.MaxUint32, U64: math.MaxUint64,
		F32: 1.5, F64: -2.25, Text: "héllo", Target: glue.Entity(5<<32 | 1),
		At: point{3, 4}, Cells: [3]uint16{1, 2, 3}, Path: []point{{1, 2}, {5, 6}},
		Tags: []string{"a", "bc"}, Blob: big{200}, hidden: 9,
	}
}

func TestDeriveRoundTrip(t *testing.T) {
	reg := NewRegistry()
	Register[everything](reg)
	if err := reg.Seal(); err != nil {
		t.Fatal(err)
	}
	c, enc, err := Of[everything](reg)
	if err != nil {
		t.Fatal(err)
	}
	want := "codec.everything v0 {On:bool,Small:int,Mid:int,I32:int,Int:int,U8:u8,U16:uint,U32:uint,U64:uint,F32:f32,F64:f64,Text:str,Target:ent,At.X:f64,At.Y:f64,Cells.0:uint,Cells.1:uint,Cells.2:uint,Path:[]{X:f64,Y:f64},Tags:[]str,Blob:bin:codec.big,hidden:int}"
	if got := c.Schema().String(); got != want {
		t.Errorf("schema\n%s\nwant\n%s", got, want)
	}
	in := sample()
	x := 1
	in.Skip = &x
	var w Writer
	enc(&in, &w)
	v, err := c.Decode(NewReader(w.Data()))
	if err != nil {
		t.Fatal(err)
	}
	in.Skip = nil
	if !reflect.DeepEqual(v, in) {
		t.Errorf("decoded\n%+v\nwant\n%+v", v, in)
	}
	// Validate runs on every decoded value.
	in.Int = -1
	w.Reset()
	enc(&in, &w)
	if _, err := c.Decode(NewReader(w.Data())); err == nil || !strings.Contains(err.Error(), "negative Int") {
		t.Errorf("invalid value decoded: %v, want Validate's error", err)
	}
	// Every truncation is an error, never a panic.
	in.Int = 1
	w.Reset()
	enc(&in, &w)
	for n := range w.Len() {
		if _, err := c.Decode(NewReader(w.Data()[:n])); err == nil {
			t.Fatalf("decoding %d of %d bytes: no error", n, w.Len())
		}
	}
}

// An int that does not fit its field is an error naming the field.
func TestDeriveRange(t *testing.T) {
	type small struct{ N int8 }
	reg := NewRegistry()
	Register[small](reg)
	var w Writer
	w.Varint(300)
	if _, err := reg.ByName("codec.small").Decode(NewReader(w.Data())); err == nil || !strings.Contains(err.Error(), "field N: 300 does not fit 8 bits") {
		t.Errorf("err = %v", err)
	}
}

func TestDeriveEncodeAllocs(t *testing.T) {
	reg := NewRegistry()
	Register[everything](reg)
	_, enc, _ := Of[everything](reg)
	v := sample()
	w := NewWriter(make([]byte, 0, 4096))
	if n := testing.AllocsPerRun(100, func() {
		w.Reset()
		enc(&v, w)
	}); n != 0 {
		t.Errorf("encoding allocates %v times per value, want 0", n)
	}
}

// The three kinds of change a save must survive — a field added, one
// removed, fields reordered — and a rename, a kind change and a
// migration.
func TestAdaptOldSchemas(t *testing.T) {
	type Stats struct {
		Lives  int
		Speed  float64
		Name   string
		Combo  int // added after the old save
		Energy float32
	}
	reg := NewRegistry()
	Register[Stats](reg, Default(Stats{Combo: 1}), Renamed("Power", "Energy"),
		Migrate(func(s *Stats, old Old) error {
			if old.Has("Hearts") { // version 0 counted hearts, two per life
				s.Lives = int(old.Int("Hearts") / 2)
			}
			return nil
		}))
	c := reg.ByName("codec.Stats")

	// The old build wrote: Name, Speed (as a float32), Power, Hearts,
	// Gone (removed since).
	old := Schema{Name: "codec.Stats", Fields: []Field{
		{"Name", "str"}, {"Speed", "f32"}, {"Power", "f64"}, {"Hearts", "int"}, {"Gone", "[]{A:int,B:str}"},
	}}
	var w Writer
	w.Text("ann")
	w.Float32(2.5)
	w.Float64(7)
	w.Varint(6)
	w.Uvarint(1)
	w.Varint(1)
	w.Text("x")
	a, err := c.Adapt(old)
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.Decode(NewReader(w.Data()))
	if err != nil {
		t.Fatal(err)
	}
	if want := (Stats{Lives: 3, Speed: 2.5, Name: "ann", Combo: 1, Energy: 7}); v != want {
		t.Errorf("old value read as %+v, want %+v", v, want)
	}
	// The current schema reads with the codec itself.
	if same, err := c.Adapt(c.Schema()); same != c || err != nil {
		t.Errorf("Adapt(own schema) = %p, %v; want the codec", same, err)
	}
	// A schema of another type, or one that does not parse, is refused.
	if _, err := c.Adapt(Schema{Name: "codec.Other"}); !errors.Is(err, ErrSchema) {
		t.Errorf("other name: %v", err)
	}
	if _, err := c.Adapt(Schema{Name: "codec.Stats", Fields: []Field{{"Lives", "quaternion"}}}); !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), "quaternion") {
		t.Errorf("bad kind: %v", err)
	}
}

// A custom codec reads only its own version.
func TestAdaptCustom(t *testing.T) {
	reg := NewRegistry()
	Register[pos](reg, Version(2))
	c := reg.ByName("codec.pos")
	if a, err := c.Adapt(Schema{Name: "codec.pos", Version: 2, Custom: true}); a != c || err != nil {
		t.Errorf("same version: %v, %v", a, err)
	}
	_, err := c.Adapt(Schema{Name: "codec.pos", Version: 1, Custom: true})
	if !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), "version 1 (written by hand); this build's is version 2") {
		t.Errorf("old version: %v", err)
	}
}

// A version bump with the same fields runs the migration.
func TestAdaptVersionBump(t *testing.T) {
	type Temp struct{ Deg float64 }
	reg := NewRegistry()
	Register[Temp](reg, Version(1), Migrate(func(t *Temp, old Old) error {
		if old.Version() == 0 { // Fahrenheit then
			t.Deg = (old.Float("Deg") - 32) * 5 / 9
		}
		return nil
	}))
	c := reg.ByName("codec.Temp")
	a, err := c.Adapt(Schema{Name: "codec.Temp", Fields: []Field{{"Deg", "f64"}}})
	if err != nil {
		t.Fatal(err)
	}
	var w Writer
	w.Float64(212)
	if v, err := a.Decode(NewReader(w.Data())); err != nil || v != (Temp{100}) {
		t.Errorf("migrated %v, %v; want 100 degrees", v, err)
	}
}

func TestSchemaEncoding(t *testing.T) {
	s := Schema{Name: "a.B", Version: 3, Fields: []Field{{"X", "f64"}, {"P", "[]{A:int,B:[]str}"}}}
	var w Writer
	s.Encode(&w)
	r := NewReader(w.Data())
	got := ReadSchema(r)
	if r.Err() != nil || fmt.Sprint(got) != fmt.Sprint(s) || r.Len() != 0 {
		t.Errorf("ReadSchema = %v, %v", got, r.Err())
	}
	for _, k := range []string{"[]{A:int,B:[]str}", "[]bin:x.Y", "ent", "[][]u8"} {
		if fk, err := parseKind(k); err != nil || fk.text != k {
			t.Errorf("parseKind(%q) = %+v, %v", k, fk, err)
		}
	}
	for _, k := range []string{"", "[]{A:int", "[]{A}", "int,", "f16"} {
		if _, err := parseKind(k); err == nil {
			t.Errorf("parseKind(%q): no error", k)
		}
	}
}

// A type argument's package is named by its package name, learned from
// the registered types, not by its path's last element: math/rand/v2 is
// "rand", and a main package is "main" under go test as under go run.
func TestNamesOfTypeArguments(t *testing.T) {
	type holder[T any] struct{ V T }
	if got := nameOf(reflect.TypeFor[holder[rand.PCG]]()); !strings.Contains(got, "[v2.PCG]") {
		t.Fatalf("before rand.PCG is seen: %s", got)
	}
	reg := NewRegistry()
	RegisterFunc(reg, func(*rand.PCG, *Writer) {}, func(*Reader) (rand.PCG, error) { return rand.PCG{}, nil })
	if got := nameOf(reflect.TypeFor[holder[rand.PCG]]()); !strings.HasSuffix(got, "[rand.PCG]") {
		t.Errorf("after: %s, want the type argument named rand.PCG", got)
	}
	if c := reg.ByName("rand.PCG"); c == nil {
		t.Errorf("registry:\n%s", reg)
	}
}

// A slice whose element struct changed — a field renamed, one added, one
// turned from int to float — is read element by element, not dropped: a
// stranger's v1 inventory [{potion 14} {key 1}] loaded into v2 as [],
// with no error, and no migration could see it. The element's fields are
// renamed by their path under the slice (Renamed("Inv.Count",
// "Inv.Qty")); a slice of numbers converts too.
func TestAdaptSliceOfChangedElements(t *testing.T) {
	type Item struct {
		Name  string
		Qty   float64 // was Count int
		Fresh bool    // added
	}
	type Bag struct {
		Inv    []Item
		Scores []float64 // was []int
	}
	reg := NewRegistry()
	Register[Bag](reg, Renamed("Inv.Count", "Inv.Qty"))
	c := reg.ByName("codec.Bag")
	old := Schema{Name: "codec.Bag", Fields: []Field{{"Inv", "[]{Name:str,Count:int}"}, {"Scores", "[]int"}}}
	var w Writer
	w.Uvarint(2)
	w.Text("potion")
	w.Varint(14)
	w.Text("key")
	w.Varint(1)
	w.Uvarint(3)
	w.Varint(5)
	w.Varint(-2)
	w.Varint(40)
	a, err := c.Adapt(old)
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.Decode(NewReader(w.Data()))
	if err != nil {
		t.Fatal(err)
	}
	got := v.(Bag)
	want := Bag{Inv: []Item{{Name: "potion", Qty: 14}, {Name: "key", Qty: 1}}, Scores: []float64{5, -2, 40}}
	if !slices.Equal(got.Inv, want.Inv) || !slices.Equal(got.Scores, want.Scores) {
		t.Errorf("old value read as %+v, want %+v", got, want)
	}
}

// Renamed naming a field the type does not have is a registration error:
// a typo silently lost the old field's values.
func TestRenamedToAMissingFieldIsAnError(t *testing.T) {
	type Item struct{ Qty int }
	type Bag struct {
		Inv []Item
		Pos struct{ X, Y float64 }
	}
	reg := NewRegistry()
	Register[Bag](reg, Renamed("Inv.Count", "Inv.Qty"), Renamed("Place", "Pos"), Renamed("Nope", "AlsoNope"))
	err := reg.Err()
	if err == nil || !strings.Contains(err.Error(), `Renamed("Nope", "AlsoNope"): codec.Bag has no field "AlsoNope"`) {
		t.Fatalf("Err = %v, want the missing field named", err)
	}
	if strings.Contains(err.Error(), `"Inv.Qty"`) && strings.Contains(err.Error(), `Renamed("Inv.Count"`) || strings.Contains(err.Error(), `Renamed("Place"`) {
		t.Errorf("Err = %v: a slice element's field and a struct field are fields", err)
	}
}

// Data written by a newer version of a type (codec.Version) is refused
// with ErrSchema, not read as this build's version: an older game loaded
// a newer game's save as a success, with the fields it did not know
// zeroed.
func TestAdaptNewerVersionIsRefused(t *testing.T) {
	type Temp struct{ Deg float64 }
	reg := NewRegistry()
	Register[Temp](reg, Version(1))
	c := reg.ByName("codec.Temp")
	_, err := c.Adapt(Schema{Name: "codec.Temp", Version: 2, Fields: []Field{{"Deg", "f64"}, {"Scale", "str"}}})
	if !errors.Is(err, ErrSchema) || !errors.Is(err, ErrNewer) || !strings.Contains(err.Error(), "newer build") {
		t.Fatalf("Adapt(a version-2 schema) in a version-1 build: %v, want ErrSchema saying it is newer", err)
	}
}
