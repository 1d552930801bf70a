package timer

import (
	"fmt"
	"time"
)

// Repeat says whether a [Timer] finishes once or starts over each time it
// finishes.
type Repeat uint8

const (
	// Once makes a timer finish once and then stay finished: a delay, a
	// lifetime.
	Once Repeat = iota
	// Repeating makes a timer start over each time it finishes, keeping
	// the time beyond its duration: a cooldown that fires on a beat, a
	// spawner.
	Repeating
)

// String returns "once" or "repeating".
func (r Repeat) String() string {
	switch r {
	case Once:
		return "once"
	case Repeating:
		return "repeating"
	}
	return fmt.Sprintf("Repeat(%d)", int(r))
}

// Timer counts game time down from a duration. It is a component — the
// [Plugin]'s [TimersSystem] advances every entity's Timer once per tick —
// a field of a component, advanced by the plugin [Ticks] of the
// component's type, and a plain value: a system that keeps a Timer in a
// resource or a glue.Local advances it itself with [Timer.Tick].
//
// Whether it finished is a query, not a float compare:
// [Timer.JustFinished] is true in the tick it finished (for every system
// of that tick, whatever its stage), [Timer.Finished] is true from then on
// for a [Once] timer, and [Timer.TimesFinished] says how many times a
// [Repeating] timer wrapped in one long tick.
//
// Time is counted in whole nanoseconds (time.Duration), so a timer driven
// by the fixed-step clock finishes in the same tick on every machine.
// The zero value is a [Once] timer of duration 0, which has finished at
// once: [Timer.Finished] is true before any Tick (a zeroed cooldown or
// jump buffer reads as run out), and its first Tick still reports
// [Timer.JustFinished] once, as a delay of zero does. [Timer.SetDuration]
// on it makes a timer that counts; make one with [NewTimer].
type Timer struct {
	duration time.Duration
	elapsed  time.Duration
	repeat   Repeat
	paused   bool
	done     bool   // a Once timer has finished
	times    uint32 // times finished in the last Tick
}

// NewTimer returns a timer of duration d that has not started. A Once
// timer of duration zero or less has finished at once ([Timer.Finished]
// is true) and reports [Timer.JustFinished] at its first [Timer.Tick]; a
// Repeating one finishes at every Tick, once.
func NewTimer(d time.Duration, r Repeat) Timer {
	return Timer{duration: max(d, 0), repeat: r}
}

// Tick advances the timer by delta, the game time of one tick — pass
// [Time.Delta]. It first forgets what finished in the previous Tick, so
// JustFinished and TimesFinished describe this call only. A paused timer,
// a finished Once timer and a delta of zero or less (a paused clock)
// change nothing but that.
//
// A Once timer finishes when its elapsed time reaches its duration;
// elapsed time stops there. A Repeating timer finishes each time its
// elapsed time reaches the duration and starts over with the remainder:
// a delta of 2.5 durations finishes it twice and leaves it half-way.
// "Reaches" allows for the clock's rounding to the nanosecond: up to
// 1 ns per delta counted (elapsed/delta) short of the duration counts
// as reaching it, and as much beyond it as starting over at zero, so
// that a 500 ms timer finishes in tick 30 at 60 TPS and tick 60 at 120
// TPS (8333333 ns a tick), every 30 (60) ticks for ever.
func (t *Timer) Tick(delta time.Duration) {
	t.times = 0
	if t.paused || t.done || delta < 0 {
		return
	}
	if t.duration <= 0 {
		t.times = 1
		t.done = t.repeat == Once
		return
	}
	if delta == 0 {
		return
	}
	t.elapsed += delta
	// A tick's delta is rounded to the nanosecond (1/60 s is 16666667 ns):
	// allow a nanosecond per tick counted, about elapsed/delta, so that a
	// timer of a whole number of ticks finishes in its last tick at any
	// TPS, and a repeating one starts over exactly, without drifting.
	slack := t.elapsed / delta
	if t.elapsed+slack < t.duration {
		return
	}
	if t.repeat == Once {
		t.elapsed, t.times, t.done = t.duration, 1, true
		return
	}
	n := (t.elapsed + slack) / t.duration
	t.elapsed -= n * t.duration
	if t.elapsed <= slack {
		t.elapsed = 0 // within rounding of the end
	}
	t.times = uint32(min(n, 1<<32-1))
}

// JustFinished reports whether the timer finished in the last
// [Timer.Tick]: for a component, in the current tick.
func (t *Timer) JustFinished() bool { return t.times > 0 }

// TimesFinished returns how many times the timer finished in the last
// [Timer.Tick]: 0 or 1 for a Once timer; for a Repeating timer, how many
// durations the tick covered (a 100 ms tick of a 30 ms timer that was
// 10 ms in finishes it 3 times).
func (t *Timer) TimesFinished() int { return int(t.times) }

// Finished reports whether a [Once] timer has finished, in this tick or
// before — always, for a duration of zero (the zero Timer); for a
// [Repeating] timer it is [Timer.JustFinished].
func (t *Timer) Finished() bool {
	if t.repeat == Once {
		return t.done || t.duration <= 0
	}
	return t.times > 0
}

// Duration returns the timer's duration.
func (t *Timer) Duration() time.Duration { return t.duration }

// SetDuration changes the duration; the elapsed time is kept. A Once
// timer that has finished stays finished.
func (t *Timer) SetDuration(d time.Duration) { t.duration = max(d, 0) }

// Elapsed returns the time counted since the timer (last) started.
func (t *Timer) Elapsed() time.Duration { return t.elapsed }

// Remaining returns the time left until the timer finishes.
func (t *Timer) Remaining() time.Duration { return t.duration - t.elapsed }

// Fraction returns how far the timer is, from 0 (just started) to 1
// (finished); 1 for a duration of zero.
func (t *Timer) Fraction() float64 {
	if t.duration <= 0 {
		return 1
	}
	return float64(t.elapsed) / float64(t.duration)
}

// Mode returns whether the timer is [Once] or [Repeating].
func (t *Timer) Mode() Repeat { return t.repeat }

// Paused reports whether the timer is paused.
func (t *Timer) Paused() bool { return t.paused }

// SetPaused pauses or resumes the timer. A paused timer ignores
// [Timer.Tick] (but for forgetting the previous finish); the clock's own
// pause ([Time.SetPaused]) stops every timer at once.
func (t *Timer) SetPaused(paused bool) { t.paused = paused }

// Reset starts the timer over: no time elapsed, not finished.
func (t *Timer) Reset() { t.elapsed, t.times, t.done = 0, 0, false }
