//go:build !js

package timer

import "github.com/gluekit/glue"

// Timer and Lifetime components do nothing without the plugin: a game
// that spawns one without it fails the tick (glue.RunBy). Native builds
// only, where a game is developed: the browser's download stays as it was.
func init() {
	glue.RunBy[Timer]("timer.Plugin")
	glue.RunBy[Lifetime]("timer.Plugin")
}
