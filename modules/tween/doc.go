// Package tween changes components over time: a [Tween] component moves
// a property of its entity's component — a position, a scale, a
// rotation, a colour, any float through an accessor ([Prop]) — through
// a sequence of [Step]s, each eased ([Ease]: the standard set, Linear to
// InOutBounce), looping if asked, by the game clock (timer.Time, so a
// paused game holds its tweens still). A [Group] runs several tweens of
// one component at once (a move and a fade together). [Update] runs the
// tweens and groups of one component type and writes a [Finished] event
// for each tween and each group that ends.
//
//	app.AddPlugins(timer.Plugin{})
//	app.AddSystems(glue.Update, tween.Update[render.Sprite]())
//	cmds.Spawn(render.Sprite{Image: coin}, tween.Tween[render.Sprite]{
//		Prop:  tween.XY(func(s *render.Sprite) (*float64, *float64) { return &s.X, &s.Y }),
//		Steps: []tween.Step{tween.ToXY(100, 20, 0.5, tween.OutCubic)},
//	})
//
// A Tween[T] or Group[T] spawned in an app where no stage runs
// Update[T] fails the tick, naming the system to add (native builds).
//
// Advancing a tween allocates nothing, nor does a tick of [Update].
package tween
