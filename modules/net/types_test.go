package net

import (
	"errors"

	"github.com/gluekit/glue/codec"
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

func (p *pos) Encode(w *codec.Writer) { w.Float32(p.X); w.Float32(p.Y) }
func (p *pos) Decode(r *codec.Reader) error {
	p.X, p.Y = r.Float32(), r.Float32()
	return nil
}

func testRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.RegisterBinary[pos](reg, 1, 1)
	codec.Register(reg, 2, 1,
		func(v *vel, w *codec.Writer) { w.Float32(v.DX); w.Float32(v.DY) },
		func(r *codec.Reader) (vel, error) { return vel{r.Float32(), r.Float32()}, nil })
	codec.Register(reg, 3, 2,
		func(v *label, w *codec.Writer) { w.Text(v.Name) },
		func(r *codec.Reader) (label, error) { return label{r.Text()}, nil })
	codec.Register(reg, 4, 1,
		func(v *hp, w *codec.Writer) { w.Int(v.N) },
		func(r *codec.Reader) (hp, error) {
			n := r.Int()
			if n < 0 {
				return hp{}, errors.New("negative hp")
			}
			return hp{n}, nil
		})
	codec.Register(reg, 5, 1,
		func(v *score, w *codec.Writer) { w.Int(v.Points) },
		func(r *codec.Reader) (score, error) { return score{r.Int()}, nil })
	codec.Register(reg, 6, 1,
		func(v *steer, w *codec.Writer) { w.Uint8(uint8(v.Dir)) },
		func(r *codec.Reader) (steer, error) {
			d := int8(r.Uint8())
			if d < -1 || d > 1 {
				return steer{}, errors.New("direction out of range")
			}
			return steer{d}, nil
		})
	codec.Register(reg, 300, 1,
		func(*tag, *codec.Writer) {},
		func(*codec.Reader) (tag, error) { return tag{}, nil })
	if err := reg.Err(); err != nil {
		panic(err)
	}
	return reg
}
