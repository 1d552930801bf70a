package timer

import "github.com/gluekit/glue"

// Names of the plugin's systems, both in glue.First, in this order: the
// names glue gives their functions.
var (
	// AdvanceSystem moves the clock one tick forward. It writes [Time].
	AdvanceSystem = glue.NewLabel("timer.advance")
	// TimersSystem advances every entity's [Timer] by the new tick's
	// [Time.Delta]. It writes Timer and reads Time; it may be split
	// across workers. The systems of [Ticks] are in it too: a system
	// ordered after it sees every timer of the tick advanced.
	TimersSystem = glue.NewLabel("timer.tickTimers")
)

// advance (glue.First) moves the clock one tick forward. It writes Time.
// Its name, "timer.advance", is the one a game system of glue.First that
// reads the clock orders itself after.
func advance(t glue.ResMut[Time]) { t.Get().Advance() }

// hold (glue.First, before advance, in the ticks in which
// Plugin.PauseWhile holds) pauses the clock for the tick.
func hold(t glue.ResMut[Time]) { t.Get().hold = true }

// tickTimers (glue.First, after advance) advances one entity's Timer by
// the tick's Delta.
func tickTimers(_ glue.Entity, t *Timer, tm glue.Res[Time]) { t.Tick(tm.Get().delta) }
