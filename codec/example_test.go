package codec_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// Ball is a component a game registers: plain data, its codec derived.
type Ball struct {
	X, Y  float64
	Owner glue.Entity
	Name  string
}

// Paddle encodes itself: Register uses its Encode and Decode methods.
type Paddle struct{ X float32 }

func (p *Paddle) Encode(w *codec.Writer) { w.Float32(p.X) }

func (p *Paddle) Decode(r *codec.Reader) error {
	p.X = r.Float32()
	return nil
}

func ExampleRegister() {
	reg := codec.NewRegistry()
	codec.Register[Ball](reg)
	codec.Register[Paddle](reg)
	if err := reg.Seal(); err != nil {
		fmt.Println(err)
	}
	fmt.Print(reg)

	// The encoder a module gets for Ball, and the decoder.
	c, enc, _ := codec.Of[Ball](reg)
	var w codec.Writer
	enc(&Ball{X: 1, Y: 2, Name: "b"}, &w)
	v, err := c.Decode(codec.NewReader(w.Data()))
	fmt.Printf("%d bytes, %+v, %v\n", w.Len(), v, err)
	// Output:
	// codec_test.Ball v0 {X:f64,Y:f64,Owner:ent,Name:str}
	// codec_test.Paddle v0 custom
	// 19 bytes, {X:1 Y:2 Owner:Entity(0v0) Name:b}, <nil>
}

// A network registry sends less: only the position, as float32s.
func ExampleOnly() {
	reg := codec.NewRegistry()
	codec.Register[Ball](reg, codec.Only("X", "Y"), codec.Float32())
	fmt.Print(reg)
	// Output:
	// codec_test.Ball v0 {X:f32,Y:f32}
}

// Reading a value an older build wrote: Ball had a field Pos where it
// now has X, and no Name. Adapt matches the fields by name.
func ExampleCodec_Adapt() {
	type Ball struct {
		X, Y float64
		Name string
	}
	reg := codec.NewRegistry()
	codec.Register[Ball](reg, codec.Renamed("PosX", "X"), codec.Default(Ball{Name: "new"}))

	old := codec.Schema{Name: "codec_test.Ball", Fields: []codec.Field{{Name: "Y", Kind: "f32"}, {Name: "PosX", Kind: "f64"}, {Name: "Gone", Kind: "str"}}}
	var w codec.Writer
	w.Float32(2)
	w.Float64(1)
	w.Text("dropped")

	c, _ := reg.ByName("codec_test.Ball").Adapt(old)
	v, err := c.Decode(codec.NewReader(w.Data()))
	fmt.Printf("%+v %v\n", v, err)
	// Output:
	// {X:1 Y:2 Name:new} <nil>
}

func ExampleWriter() {
	var w codec.Writer
	w.Uvarint(300)
	w.Text("hi")
	w.Float32(1)
	fmt.Printf("% x\n", w.Data())

	r := codec.NewReader(w.Data())
	fmt.Println(r.Uvarint(), r.Text(), r.Float32(), r.Err())
	r.Uint8() // past the end
	fmt.Println(r.Err())
	// Output:
	// ac 02 02 68 69 00 00 80 3f
	// 300 hi 1 <nil>
	// codec: data truncated: uint8 needs 1 byte at offset 9, 0 left
}

// Skip leaves fields out of one registry's codec.
func ExampleSkip() {
	reg := codec.NewRegistry()
	codec.Register[Ball](reg, codec.Skip("Owner", "Name"))
	fmt.Print(reg)
	// Output:
	// codec_test.Ball v0 {X:f64,Y:f64}
}
