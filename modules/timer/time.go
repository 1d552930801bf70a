package timer

import (
	"fmt"
	"math"
	"time"
)

// Mode selects how [Time] measures a tick.
type Mode uint8

const (
	// Fixed makes every tick last exactly 1/TPS seconds of game time. It is
	// the default: deterministic, the same on every machine.
	Fixed Mode = iota
	// Variable makes every tick last the wall-clock time since the previous
	// tick, at most [Plugin.MaxDelta].
	Variable
)

// String returns "fixed" or "variable".
func (m Mode) String() string {
	switch m {
	case Fixed:
		return "fixed"
	case Variable:
		return "variable"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Time is the game clock, a resource. Read it with glue.Res[timer.Time];
// pause it or change its speed with glue.ResMut[timer.Time]. Its zero
// value is not usable: get one from [Plugin.NewTime].
//
// The clock's readings cover the current tick: they change when the
// plugin's system calls [Time.Advance] at the start of the tick, in
// glue.First, and stay the same for every later system of the tick.
type Time struct {
	mode     Mode
	tps      int
	step     time.Duration
	stepSec  float64
	maxDelta time.Duration
	now      func() time.Time

	last    time.Time
	started bool

	delta      time.Duration
	deltaSec   float64
	elapsed    time.Duration
	elapsedSec float64
	ticks      uint64

	paused bool
	scale  float64
	// hold pauses the next Advance ([Plugin.PauseWhile]); held is
	// whether it paused the current tick.
	hold, held bool
}

// ProvidedBy returns "timer.Plugin", the plugin that inserts Time: an app
// with a system that reads the clock but without the plugin fails to
// build with an error saying to add it.
func (Time) ProvidedBy() string { return "timer.Plugin" }

// Delta returns the game time the current tick covers: 1/TPS seconds in
// [Fixed] mode, the measured time in [Variable] mode, multiplied by the
// scale, and zero while paused. It is [Time.DeltaSeconds] rounded to the
// nanosecond: in Fixed mode at scale 1, [Time.Step].
func (t *Time) Delta() time.Duration { return t.delta }

// DeltaSeconds returns [Time.Delta] in seconds. In [Fixed] mode it is
// computed as scale/TPS, without rounding to nanoseconds.
func (t *Time) DeltaSeconds() float64 { return t.deltaSec }

// Elapsed returns the game time since the clock started: the sum of every
// tick's Delta, including the current one. As Delta is rounded to the
// nanosecond, it may differ from [Time.ElapsedSeconds] by up to half a
// nanosecond per tick (at 60 TPS, 2 s of ticks read 2.00000004 s): a
// [Timer] allows for that, and finishes in the tick its duration ends.
func (t *Time) Elapsed() time.Duration { return t.elapsed }

// ElapsedSeconds returns the sum of every tick's DeltaSeconds.
func (t *Time) ElapsedSeconds() float64 { return t.elapsedSec }

// Ticks returns the number of ticks the clock has advanced through,
// including the current one; ticks while paused do not count.
func (t *Time) Ticks() uint64 { return t.ticks }

// Mode returns the clock's mode.
func (t *Time) Mode() Mode { return t.mode }

// TPS returns the ticks per second of the fixed step.
func (t *Time) TPS() int { return t.tps }

// Step returns the duration of one fixed step, 1/TPS seconds rounded to
// the nanosecond.
func (t *Time) Step() time.Duration { return t.step }

// Paused reports whether the clock is paused: by [Time.SetPaused], or in
// the current tick by [Plugin.PauseWhile].
func (t *Time) Paused() bool { return t.paused || t.held }

// SetPaused pauses or resumes the clock from the next tick on. While
// paused, Delta is zero and neither Elapsed nor Ticks advance; in
// [Variable] mode the time spent paused is not counted after resuming.
func (t *Time) SetPaused(paused bool) { t.paused = paused }

// Scale returns the clock's speed: 1 is real time, 0.5 half speed.
func (t *Time) Scale() float64 { return t.scale }

// SetScale sets the clock's speed from the next tick on: every Delta is
// multiplied by scale. Panics if scale is negative, infinite or NaN.
func (t *Time) SetScale(scale float64) {
	if scale < 0 || math.IsInf(scale, 0) || math.IsNaN(scale) {
		panic(fmt.Sprintf("timer: SetScale: the scale must be a finite number >= 0, got %v", scale))
	}
	t.scale = scale
}

// Advance moves the clock one tick forward. The plugin's system calls it
// at the start of every tick; call it yourself only for a Time you drive
// without the plugin.
func (t *Time) Advance() {
	var raw time.Duration
	var rawSec float64
	if t.mode == Fixed {
		raw, rawSec = t.step, t.stepSec
	} else {
		now := t.now()
		if t.started {
			raw = min(max(now.Sub(t.last), 0), t.maxDelta)
		}
		t.last = now
		rawSec = raw.Seconds()
	}
	t.started = true
	t.held, t.hold = t.hold, false
	if t.paused || t.held {
		t.delta, t.deltaSec = 0, 0
		return
	}
	switch {
	case t.scale == 1:
		t.delta, t.deltaSec = raw, rawSec
	case t.mode == Fixed: // from the exact 1/TPS, not the rounded step
		t.deltaSec = rawSec * t.scale
		t.delta = time.Duration(math.Round(t.deltaSec * 1e9))
	default:
		t.delta = time.Duration(math.Round(float64(raw) * t.scale))
		t.deltaSec = rawSec * t.scale
	}
	t.elapsed += t.delta
	t.elapsedSec += t.deltaSec
	t.ticks++
}

// TickOnly marks Time as state that ticks advance (glue.TickOnly): a
// system of a draw stage that writes it is a build error, since the
// clock would go once a frame instead of once a tick.
func (Time) TickOnly() {}
