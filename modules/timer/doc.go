// Package timer is glue's clock: a [Time] resource that tells every system
// how much game time the current tick covers ([Time.Delta]), how much has
// passed in all ([Time.Elapsed]) and how many ticks have run
// ([Time.Ticks]).
//
// # Registration
//
//	app.AddPlugins(timer.Plugin{})          // fixed step, 60 ticks per second
//	app.AddPlugins(timer.Plugin{TPS: 30})   // fixed step, 30 ticks per second
//	app.AddPlugins(timer.Plugin{Mode: timer.Variable})
//
// [Plugin] inserts the [Time] resource and adds one system, in its own
// stage [TickStage], that advances the clock at the start of every tick.
// Systems read the clock with glue.Res[timer.Time]; a system that pauses
// the game or changes its speed takes glue.ResMut[timer.Time] and calls
// [Time.SetPaused] or [Time.SetScale], which take effect from the next
// tick.
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
// [TickStage] is inserted before the app's first stage when the plugin is
// added, so the clock is advanced before any game system runs. A game that
// wants it elsewhere declares timer.TickStage itself in glue.NewApp; the
// plugin then uses it where it is.
package timer
