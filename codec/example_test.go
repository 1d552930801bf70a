package codec_test

import (
	"fmt"

	"github.com/gluekit/glue/codec"
)

// Ball is a component a game registers.
type Ball struct{ X, Y float32 }

// Paddle encodes itself (codec.IBinary).
type Paddle struct{ X float32 }

func (p *Paddle) Encode(w *codec.Writer) { w.Float32(p.X) }

func (p *Paddle) Decode(r *codec.Reader) error {
	p.X = r.Float32()
	return nil
}

func registry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register(reg, 1, 1,
		func(b *Ball, w *codec.Writer) { w.Float32(b.X); w.Float32(b.Y) },
		func(r *codec.Reader) (Ball, error) { return Ball{r.Float32(), r.Float32()}, nil })
	codec.RegisterBinary[Paddle](reg, 2, 1)
	return reg
}

func ExampleRegistry_String() {
	fmt.Print(registry())
	// Output:
	// 1 v1 codec_test.Ball
	// 2 v1 codec_test.Paddle
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
	// codec: data truncated
}
