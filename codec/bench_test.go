package codec

import (
	"image/color"
	"testing"
)

// benchBrick is breakout's Brick; benchBody physics.Body's layout.
type benchBrick struct {
	X, Y, W, H float64
	Color      color.RGBA
	Points     int
}

type benchBody struct{ PX, PY, VX, VY float64 }

// handRegistry registers them with the codecs breakout and physics wrote
// by hand before codecs were derived.
func handRegistry() *Registry {
	reg := NewRegistry()
	RegisterFunc(reg,
		func(b *benchBrick, w *Writer) {
			w.Float64(b.X)
			w.Float64(b.Y)
			w.Float64(b.W)
			w.Float64(b.H)
			w.Uint8(b.Color.R)
			w.Uint8(b.Color.G)
			w.Uint8(b.Color.B)
			w.Uint8(b.Color.A)
			w.Int(b.Points)
		},
		func(r *Reader) (b benchBrick, err error) {
			b.X, b.Y, b.W, b.H = r.Float64(), r.Float64(), r.Float64(), r.Float64()
			b.Color.R, b.Color.G, b.Color.B, b.Color.A = r.Uint8(), r.Uint8(), r.Uint8(), r.Uint8()
			b.Points = r.Int()
			return b, nil
		})
	RegisterFunc(reg,
		func(b *benchBody, w *Writer) { w.Float64(b.PX); w.Float64(b.PY); w.Float64(b.VX); w.Float64(b.VY) },
		func(r *Reader) (benchBody, error) {
			return benchBody{r.Float64(), r.Float64(), r.Float64(), r.Float64()}, nil
		})
	return reg
}

func derivedRegistry() *Registry {
	reg := NewRegistry()
	Register[benchBrick](reg)
	Register[benchBody](reg)
	return reg
}

// BenchmarkEncode encodes 1000 values of a type with the codec written by
// hand and with the derived one (the same bytes), as modules/net and
// modules/save do: the typed encoder of codec.Of, one Writer reused.
// Compare hand and derived of one type; run them interleaved
// (-count 10) for a paired ratio.
func BenchmarkEncode(b *testing.B) {
	bricks := make([]benchBrick, 1000)
	bodies := make([]benchBody, 1000)
	for i := range bricks {
		bricks[i] = benchBrick{float64(i), 2, 30, 10, color.RGBA{1, 2, 3, 255}, i % 7}
		bodies[i] = benchBody{float64(i), 1, 2, 3}
	}
	for _, reg := range []struct {
		name string
		reg  *Registry
	}{{"hand", handRegistry()}, {"derived", derivedRegistry()}} {
		b.Run("Brick/1000/"+reg.name, func(b *testing.B) { benchEncode(b, reg.reg, bricks) })
		b.Run("Body/1000/"+reg.name, func(b *testing.B) { benchEncode(b, reg.reg, bodies) })
	}
}

func benchEncode[T any](b *testing.B, reg *Registry, vs []T) {
	_, enc, err := Of[T](reg)
	if err != nil {
		b.Fatal(err)
	}
	w := NewWriter(make([]byte, 0, 64*len(vs)))
	b.ReportAllocs()
	for b.Loop() {
		w.Reset()
		for i := range vs {
			enc(&vs[i], w)
		}
	}
	b.SetBytes(int64(w.Len()))
}

// BenchmarkDecode decodes 1000 values, as a save load or a network
// client does (Codec.Decode, which returns each value in an interface).
func BenchmarkDecode(b *testing.B) {
	bricks := make([]benchBrick, 1000)
	for i := range bricks {
		bricks[i] = benchBrick{float64(i), 2, 30, 10, color.RGBA{1, 2, 3, 255}, i % 7}
	}
	for _, reg := range []struct {
		name string
		reg  *Registry
	}{{"hand", handRegistry()}, {"derived", derivedRegistry()}} {
		b.Run("Brick/1000/"+reg.name, func(b *testing.B) {
			c, enc, _ := Of[benchBrick](reg.reg)
			var w Writer
			var ends []int
			for i := range bricks {
				enc(&bricks[i], &w)
				ends = append(ends, w.Len())
			}
			data := w.Data()
			var r Reader
			b.ReportAllocs()
			for b.Loop() {
				start := 0
				for _, end := range ends {
					r.Reset(data[start:end])
					if _, err := c.Decode(&r); err != nil {
						b.Fatal(err)
					}
					start = end
				}
			}
		})
	}
}
