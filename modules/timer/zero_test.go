package timer_test

import (
	"testing"

	"github.com/gluekit/glue/modules/timer"
)

// TestZeroTimerHasFinished is issue #38's bug 4: the doc says the zero
// Timer is "finished at once", but Finished was false until it had been
// ticked, so a hero whose jump timers were zeroed (on load, after a
// jump) read "buffered jump, coyote time left" and jumped by himself.
func TestZeroTimerHasFinished(t *testing.T) {
	var zero timer.Timer
	if !zero.Finished() {
		t.Error("zero Timer: Finished false before any Tick, want true (finished at once)")
	}
	if zero.Fraction() != 1 || zero.Remaining() != 0 {
		t.Errorf("zero Timer: fraction %v, remaining %v; want 1 and 0", zero.Fraction(), zero.Remaining())
	}
	made := timer.NewTimer(0, timer.Once)
	if !made.Finished() {
		t.Error("NewTimer(0, Once): Finished false before any Tick, want true")
	}
	// A delay of zero still fires once, at its first Tick.
	made.Tick(ms)
	if !made.JustFinished() || !made.Finished() {
		t.Errorf("NewTimer(0, Once) after a Tick: just %v, finished %v; want both", made.JustFinished(), made.Finished())
	}
	// A duration set on the zero value makes a timer that counts.
	zero.SetDuration(2 * ms)
	if zero.Finished() {
		t.Error("zero Timer with a duration set: Finished before it counted")
	}
	zero.Tick(2 * ms)
	if !zero.JustFinished() {
		t.Error("zero Timer with a duration set: did not finish after it")
	}
}
