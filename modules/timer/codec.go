package timer

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/gluekit/glue/codec"
)

// Encode writes the timer's whole state — duration, elapsed time, mode,
// pause, whether it finished — for save files and the network. With
// [Timer.Decode] it makes *Timer a codec.IBinary: register a Timer
// component with codec.RegisterBinary[timer.Timer], and write a Timer
// field of another type with its Encode method.
func (t *Timer) Encode(w *codec.Writer) {
	w.Varint(int64(t.duration))
	w.Varint(int64(t.elapsed))
	w.Uint8(uint8(t.repeat))
	w.Bool(t.paused)
	w.Bool(t.done)
	w.Uvarint(uint64(t.times))
}

// Decode reads a timer written by [Timer.Encode] into t. A negative
// duration or elapsed time, an unknown mode and a count out of range are
// errors.
func (t *Timer) Decode(r *codec.Reader) error {
	d, e := r.Varint(), r.Varint()
	rep, paused, done, times := r.Uint8(), r.Bool(), r.Bool(), r.Uvarint()
	if r.Err() != nil {
		return r.Err()
	}
	switch {
	case d < 0 || e < 0:
		return fmt.Errorf("timer: negative duration %d or elapsed time %d", d, e)
	case Repeat(rep) != Once && Repeat(rep) != Repeating:
		return fmt.Errorf("timer: unknown mode %d", rep)
	case times > math.MaxUint32:
		return errors.New("timer: times finished out of range")
	}
	*t = Timer{duration: time.Duration(d), elapsed: time.Duration(e), repeat: Repeat(rep), paused: paused, done: done, times: uint32(times)}
	return nil
}
