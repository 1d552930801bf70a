package timer

import (
	"errors"
	"fmt"
)

// Validate reports a timer whose state no timer can reach: a negative
// duration or elapsed time, or an unknown mode. A Timer's codec is
// derived from its fields (codec.Register[timer.Timer], or a Timer field
// of a registered component); a registered Timer component is checked
// with Validate when it is decoded.
func (t *Timer) Validate() error {
	switch {
	case t.duration < 0 || t.elapsed < 0:
		return fmt.Errorf("timer: negative duration %d or elapsed time %d", t.duration, t.elapsed)
	case t.repeat != Once && t.repeat != Repeating:
		return errors.New("timer: unknown mode")
	}
	return nil
}
