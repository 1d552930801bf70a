// Package timer is glue's clock: a [Time] resource that tells every system
// how much game time the current tick covers ([Time.Delta]), how much has
// passed in all ([Time.Elapsed]) and how many ticks have run
// ([Time.Ticks]); and [Timer], a countdown on that clock for cooldowns,
// lifetimes and delays.
//
// # Registration
//
//	app.AddPlugins(timer.Plugin{})          // fixed step, 60 ticks per second
//	app.AddPlugins(timer.Plugin{TPS: 30})   // fixed step, 30 ticks per second
//	app.AddPlugins(timer.Plugin{Mode: timer.Variable})
//
// [Plugin] inserts the [Time] resource and adds two systems to the core
// stage glue.First: [AdvanceSystem] advances the clock at the start of
// every tick, then [TimersSystem] advances every [Timer] component.
// A component that holds timers of its own — a hero's coyote time and
// invincibility, a gun's reload — gets them advanced the same way, by the
// plugin [Ticks] of its type, instead of ticking them by hand:
//
//	type Player struct{ Coyote, Hurt timer.Timer }
//	app.AddPlugins(timer.Plugin{}, timer.Ticks[Player]{})
//
// Systems read the clock with glue.Res[timer.Time]; a system that pauses
// the game or changes its speed takes glue.ResMut[timer.Time] and calls
// [Time.SetPaused] or [Time.SetScale], which take effect from the next
// tick. A clock that stops in a state of the game needs no system: the
// plugin's [Plugin.PauseWhile] condition pauses it in every tick that
// starts in that state:
//
//	app.AddPlugins(timer.Plugin{PauseWhile: glue.InState(Paused)})
//
// # The tick's delta as a param
//
// A system that only needs the tick's length takes a [Delta] rather than
// glue.Res[timer.Time], and reads it where it is used:
//
//	func move(_ glue.Entity, b *Ball, dt timer.Delta) { b.X += b.Speed * dt.Seconds() }
//
// [Delta.Duration] ticks a [Timer] (t.Tick(dt.Duration())).
//
// # Fixed and variable steps
//
// In [Fixed] mode, the default, every tick covers exactly 1/TPS seconds
// of game time, however long it really took: a game that moves things by
// speed × [Time.DeltaSeconds] then behaves the same on every machine and
// in every run, which makes it testable and replayable. Ebitengine calls
// Update TPS times per second (60 unless the game sets another TPS), so
// set the plugin's TPS to the game's.
//
// In [Variable] mode a tick covers the wall-clock time since the previous
// tick, clamped to [Plugin.MaxDelta] so that a stall (a breakpoint, a
// dragged window) does not make objects jump.
//
// # Stage
//
// The clock advances in glue.First, the first stage of every tick, so
// every game system — in glue.Update, in the game's own stages, in
// physics — sees the new tick's readings. A game system that must run in
// glue.First itself and read the clock orders itself after the plugin's
// system with .After(timer.AdvanceSystem).
package timer
