//go:build !js

package tween

import "github.com/gluekit/glue"

// The check that a spawned tween has its Update is made in native
// builds, where a game is developed (glue.RunBySystem); these methods stay
// out of the browser's download.

// RunBy returns [Update][T], the system that runs a Tween[T]
// (glue.RunBySystem): a Tween[T] spawned in an app where no stage runs it
// fails the tick, naming the system to add (native builds).
func (Tween[T]) RunBy() *glue.System { return Update[T]() }

// RunBy returns [Update][T], the system that runs a Group[T], as
// [Tween.RunBy] does.
func (Group[T]) RunBy() *glue.System { return Update[T]() }
