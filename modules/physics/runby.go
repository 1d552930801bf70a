//go:build !js

package physics

import "github.com/gluekit/glue"

// Collider, Bouncy and Character do nothing without the plugin: a game
// that spawns one without it fails the tick (glue.RunBy). Native builds
// only, where a game is developed: the browser's download stays as it was.
func init() {
	glue.RunBy[Collider]("physics.Plugin")
	glue.RunBy[Bouncy]("physics.Plugin")
	glue.RunBy[Character]("physics.Plugin")
}
