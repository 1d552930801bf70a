package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/ui"
)

// Saving (modules/save, docs/save.md): F5 saves the game to the save
// "quick", F9 loads it back, and the message label says what they did
// (ui.QuickSave). A save holds every entity with a component
// of saveRegistry — the bricks, walls, floor, paddle and ball with their
// bodies and colliders, not the HUD's labels — and the resources of
// savedResources: the score, the random stream, the phase, and the phase
// a pause returns to. Loading replays the game from the saved tick:
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
	codec.Register[Rng](reg) // its own Encode and Decode (resources.go)
	codec.Register[glue.State[Phase]](reg)
	codec.Register[glue.NextState[Phase]](reg)
	codec.Register[Resume](reg)
	return reg
}

// savedResources are the resources a save holds.
var savedResources = []glue.Type{
	glue.TypeOf[Game](),
	glue.TypeOf[Rng](),
	glue.TypeOf[glue.State[Phase]](),
	glue.TypeOf[glue.NextState[Phase]](),
	glue.TypeOf[Resume](),
}

// savePlugin is the game's save.Plugin, with F5 and F9 (ui.QuickSave):
// the store is the platform's default (files on the desktop, localStorage
// in the browser) unless the config names one.
func savePlugin(cfg Config) glue.Plugin {
	return glue.PluginFunc(func(app *glue.App) {
		app.AddPlugins(save.Plugin{
			Game:      "breakout",
			Registry:  saveRegistry(),
			Resources: savedResources,
			Store:     cfg.Saves,
			AfterLoad: syncClock,
		}, ui.QuickSave{Save: QuickSave, Load: QuickLoad})
	})
}

// syncClock (after a load) stops the clock if the loaded phase is Paused
// and starts it otherwise: the clock is not saved, and StopClock and
// StartClock run only when the phase changes.
func syncClock(w *glue.World) error {
	st, ok := w.Resource(glue.TypeOf[glue.State[Phase]]()).(*glue.State[Phase])
	clock, ok2 := w.Resource(glue.TypeOf[timer.Time]()).(*timer.Time)
	if ok && ok2 {
		clock.SetPaused(st.Get() == Paused)
	}
	return nil
}
