package random

import (
	"math/rand/v2"

	"github.com/gluekit/glue/codec"
)

// Rand is a seeded random stream: the methods of *rand.Rand (Float64,
// IntN, Perm, …) over a PCG source. Its zero value is not usable: make
// one with [New].
type Rand struct {
	*rand.Rand
	src *rand.PCG
}

// stream is the second word of New's PCG seed: the fractional part of
// the square root of 2, any fixed odd-looking constant would do.
const stream = 0x6a09e667f3bcc909

// New returns a stream seeded with seed: the same seed, the same
// numbers.
func New(seed uint64) Rand {
	src := rand.NewPCG(seed, stream)
	return Rand{rand.New(src), src}
}

// MarshalBinary returns the source's state: two streams with the same
// state give the same numbers from here on.
func (r *Rand) MarshalBinary() ([]byte, error) { return r.src.MarshalBinary() }

// Encode writes the source's state: with Decode it is Rand's codec, which
// codec.Register[random.Rand] uses.
func (r *Rand) Encode(w *codec.Writer) {
	state, _ := r.src.MarshalBinary() // never fails
	w.Blob(state)
}

// Decode reads a state written by Encode.
func (r *Rand) Decode(rd *codec.Reader) error {
	src := &rand.PCG{}
	if err := src.UnmarshalBinary(rd.Blob()); err != nil && rd.Err() == nil {
		return err
	}
	*r = Rand{rand.New(src), src}
	return nil
}

// CopyFrom implements glue.Copier: a checkpoint (rollback netcode)
// copies the source's state, not the pointers to it, so that the
// checkpoint and the game never share a source.
func (r *Rand) CopyFrom(src any) {
	s := src.(*Rand)
	if r.src == nil || r.src == s.src {
		r.src = &rand.PCG{}
		r.Rand = rand.New(r.src)
	}
	*r.src = *s.src
}
