package main

import (
	"hash/fnv"
	"math"

	"github.com/gluekit/glue"
)

// Digest is a hash of every fish and the predator, a resource the Digest
// system writes at the end of a tick when the app is made with
// Config.Digest: equal digests mean equal worlds, whichever model or
// schedule computed them.
type Digest struct {
	Sum  uint64
	Fish int
}

// digester hashes fish in order.
type digester struct {
	buf [8]byte
	h   interface {
		Write([]byte) (int, error)
		Sum64() uint64
	}
}

func (d *digester) float(x float64) {
	b := math.Float64bits(x)
	for i := range d.buf {
		d.buf[i] = byte(b >> (8 * i))
	}
	d.h.Write(d.buf[:])
}

func (d *digester) fish(p *Position, v *Velocity, c *Colour, a *Avoid, f *Fish) {
	d.float(p.X)
	d.float(p.Y)
	d.float(v.X)
	d.float(v.Y)
	d.float(float64(c.R))
	d.float(float64(c.G))
	d.float(float64(c.B))
	d.float(a.Jump)
	d.float(float64(f.Rng.State))
}

func newDigester() *digester { return &digester{h: fnv.New64a()} }

// DigestWorld (glue.Last, with Config.Digest) hashes the world of any
// model: the predator, then every fish in spawn order.
func DigestWorld(digest glue.ResMut[Digest], fish glue.Query5[Position, Velocity, Colour, Avoid, Fish], pred glue.Query2[Position, Predator], loop glue.Opt[Loop], ec glue.Opt[EC]) {
	d := newDigester()
	n := 0
	if w := ec.Get(); w != nil {
		if w.Predator != nil {
			d.float(w.Predator.Pos.X)
			d.float(w.Predator.Pos.Y)
		}
		for _, o := range w.Fish {
			a := &o.Movement.none
			if o.Avoid != nil {
				a = &o.Avoid.State
			}
			d.fish(&o.Pos, &o.Movement.Vel, &o.Renderer.Colour, a, &o.Movement.Fish)
		}
		n = len(w.Fish)
	} else if o := loop.Get(); o != nil {
		if o.Predator != nil {
			d.float(o.Predator.Pos.X)
			d.float(o.Predator.Pos.Y)
		}
		for _, f := range o.Fish {
			d.fish(&f.Pos, &f.Vel, &f.Colour, &f.Avoid, &f.Fish)
		}
		n = len(o.Fish)
	} else {
		if _, pos, _, ok := pred.First(); ok {
			d.float(pos.X)
			d.float(pos.Y)
		}
		for _, r := range fish.All() {
			d.fish(&r.A, &r.B, &r.C, &r.D, &r.E)
			n++
		}
	}
	*digest.Get() = Digest{Sum: d.h.Sum64(), Fish: n}
}
