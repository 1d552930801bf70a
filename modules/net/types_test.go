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
	registerTestTypes(reg)
	if err := reg.Seal(); err != nil {
		panic(err)
	}
	return reg
}

// registerTestTypes registers the test types in reg.
func registerTestTypes(reg *codec.Registry) {
	codec.Register[pos](reg) // its own Encode and Decode
	codec.Register[vel](reg)
	codec.Register[label](reg, codec.Version(2))
	codec.RegisterFunc(reg,
		func(v *hp, w *codec.Writer) { w.Int(v.N) },
		func(r *codec.Reader) (hp, error) {
			n := r.Int()
			if n < 0 {
				return hp{}, errors.New("negative hp")
			}
			return hp{n}, nil
		})
	codec.Register[score](reg)
	codec.RegisterFunc(reg,
		func(v *steer, w *codec.Writer) { w.Uint8(uint8(v.Dir)) },
		func(r *codec.Reader) (steer, error) {
			d := int8(r.Uint8())
			if d < -1 || d > 1 {
				return steer{}, errors.New("direction out of range")
			}
			return steer{d}, nil
		})
	codec.Register[tag](reg)
}
