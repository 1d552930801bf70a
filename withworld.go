package glue

import "errors"

// WithWorld runs fn at once with the app's whole world to itself, between
// ticks: for a driver or a plugin's close function that reads or changes
// the world outside a tick — a replay's final digest when the game is
// closed, a test. Inside a tick, use [Commands.Exclusive].
//
// It returns fn's error, or an error without calling fn if a stage is
// running (WithWorld was called from a system). It works after
// [App.Close] too, in the functions given to [App.OnClose].
func (a *App) WithWorld(fn func(w *World) error) error {
	switch {
	case a.current != nil:
		return errors.New("glue: App.WithWorld called while stage " + string(a.current.name) + " runs; from a system, use Commands.Exclusive")
	case a.world == nil:
		return errors.New("glue: App.WithWorld: the app has no world (NewApp failed)")
	}
	return a.runExclusive(fn)
}
