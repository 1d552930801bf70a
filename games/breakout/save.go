package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
)

// Saving (modules/save, docs/save.md; save.Plugin and save.QuickSave in
// main.go, with the store Config.Saves names, or the platform's default:
// files on the desktop, localStorage in the browser): F5 saves the game
// to the save "quick", F9 loads it back, and the message label says what
// they did. A save holds every entity with a component
// of saveRegistry — the bricks, walls, floor, paddle and ball with their
// bodies and colliders, not the HUD's labels — and the resources of
// savedResources: the score, the random stream and the phase (with the
// phase a pause returns to, beneath Paused on the state stack). A save
// made before pauses were pushed still holds a Resume resource, which a
// load ignores. Loading replays the game from the saved tick:
// everything that decides the game is saved (TestQuickLoadReplaysTheGame).

// The quick save and load actions (input.Action values after the three
// input names).
const (
	// QuickSave saves the game: F5.
	QuickSave input.Action = 3 + iota
	// QuickLoad loads the quick save: F9.
	QuickLoad
)

// saveRegistry lists what a save holds, one line per type: the codecs
// are derived from the types' fields (docs/save.md), at full precision
// (netRegistry sends watchers float32s). A save keeps loading after a
// field is added, removed or reordered; a change of meaning needs a
// codec.Version and a codec.Migrate.
func saveRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Brick](reg)
	codec.Register[Paddle](reg, codec.Skip("Client")) // a load does not restore connections
	codec.Register[Ball](reg)
	codec.Register[Wall](reg)
	codec.Register[Floor](reg)
	codec.Register[physics.Body](reg)
	codec.Register[physics.Collider](reg)
	codec.Register[physics.Static](reg)
	codec.Register[physics.Bouncy](reg)
	codec.Register[Game](reg)
	codec.Register[Rng](reg, codec.Name("main.Rng")) // random.Rand's own codec, under the name of saves before modules/random
	codec.Register[glue.State[Phase]](reg)
	codec.Register[glue.NextState[Phase]](reg)
	return reg
}

// savedResources are the resources a save holds.
var savedResources = []glue.Type{
	glue.TypeOf[Game](),
	glue.TypeOf[Rng](),
	glue.TypeOf[glue.State[Phase]](),
	glue.TypeOf[glue.NextState[Phase]](),
}
