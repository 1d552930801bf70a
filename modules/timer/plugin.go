package timer

import (
	"fmt"
	"math"
	"time"

	"github.com/gluekit/glue"
)

// DefaultTPS is the ticks per second of the fixed step when
// [Plugin.TPS] is zero: Ebitengine's default.
const DefaultTPS = 60

// DefaultMaxDelta is the longest tick in [Variable] mode when
// [Plugin.MaxDelta] is zero.
const DefaultMaxDelta = 250 * time.Millisecond

// Plugin adds the clock to an app: it inserts a [Time] resource made by
// [Plugin.NewTime] and systems that advance it, and then every [Timer]
// component, at the start of every tick, in glue.First. Its fields are
// the clock's options; the zero value is a fixed step of 1/60 s.
type Plugin struct {
	// Mode selects a fixed or a variable step. The default (zero) value
	// is Fixed.
	Mode Mode
	// TPS is the number of ticks per second of the fixed step: each tick
	// lasts 1/TPS s ([Time.Step] in nanoseconds, rounded). The default (zero) value is DefaultTPS (60). Set it
	// to the game's ebiten.SetTPS value.
	TPS int
	// MaxDelta caps a tick's Delta in Variable mode. The default (zero)
	// value is DefaultMaxDelta (250 ms).
	MaxDelta time.Duration
	// Now reads the wall clock in Variable mode. The default (nil) is
	// time.Now; tests set a fake clock.
	Now func() time.Time
	// Paused starts the clock paused.
	Paused bool
	// PauseWhile, if set, pauses the clock in every tick in which the
	// condition holds when the tick starts, in glue.First: a game that
	// stops while paused says so once, with no system to stop and start
	// the clock, and a loaded save or a rollback needs no fix-up, since
	// the condition is evaluated afresh every tick. It pauses the clock
	// on top of [Time.SetPaused], which it does not change:
	//
	//	timer.Plugin{PauseWhile: glue.InState(Paused)}
	//	timer.Plugin{PauseWhile: glue.Not(glue.InState(Playing))} // runs only while playing
	PauseWhile glue.Condition
	// Scale is the clock's starting speed (see [Time.SetScale]). The
	// default (zero) value is 1.
	Scale float64
}

// validate reports the first option out of range.
func (p Plugin) validate() error {
	switch {
	case p.Mode != Fixed && p.Mode != Variable:
		return fmt.Errorf("timer: Plugin.Mode must be timer.Fixed or timer.Variable, got %v", p.Mode)
	case p.TPS < 0:
		return fmt.Errorf("timer: Plugin.TPS must be positive (or zero for %d), got %d", DefaultTPS, p.TPS)
	case p.MaxDelta < 0:
		return fmt.Errorf("timer: Plugin.MaxDelta must be positive (or zero for %v), got %v", DefaultMaxDelta, p.MaxDelta)
	case p.Scale < 0 || math.IsInf(p.Scale, 0) || math.IsNaN(p.Scale):
		return fmt.Errorf("timer: Plugin.Scale must be a finite number >= 0 (zero for 1), got %v", p.Scale)
	}
	return nil
}

// NewTime returns the clock the plugin inserts, before its first tick.
// Panics if an option is out of range (a negative TPS, MaxDelta or Scale,
// an unknown Mode); [Plugin.Build] reports those as build errors instead.
func (p Plugin) NewTime() Time {
	if err := p.validate(); err != nil {
		panic(err.Error())
	}
	t := Time{mode: p.Mode, tps: p.TPS, maxDelta: p.MaxDelta, now: p.Now, paused: p.Paused, scale: 1}
	if t.tps == 0 {
		t.tps = DefaultTPS
	}
	if t.maxDelta == 0 {
		t.maxDelta = DefaultMaxDelta
	}
	if t.now == nil {
		t.now = time.Now
	}
	if p.Scale != 0 {
		t.SetScale(p.Scale)
	}
	tps := time.Duration(t.tps)
	t.step = (time.Second + tps/2) / tps // rounded to the nanosecond
	t.stepSec = 1 / float64(t.tps)
	return t
}

// Build inserts the [Time] resource and adds, in glue.First, the system
// that advances it ([AdvanceSystem]) and then the one that advances every
// [Timer] component ([TimersSystem]), then the one that advances every
// [Lifetime] and despawns the entities whose time ran out
// ([LifetimesSystem]); with [Plugin.PauseWhile], a system
// before them, "timer.hold", pauses the clock while the condition holds.
// Options out of range are reported by glue.App.Build.
func (p Plugin) Build(app *glue.App) {
	if err := p.validate(); err != nil {
		app.AddError(err)
		return
	}
	app.InsertResource(p.NewTime())
	if p.PauseWhile.String() != "" { // not the zero Condition
		app.AddSystems(glue.First, glue.Func(hold).RunIf(p.PauseWhile)) // before advance: both write Time
	}
	app.AddSystems(glue.First,
		glue.Func(advance).In(AdvanceSystem),
		glue.Each1P(tickTimers).After(AdvanceSystem).In(TimersSystem),
		glue.Each1P(expire).After(TimersSystem).In(LifetimesSystem),
	)
}
