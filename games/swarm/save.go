package main

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/save"
)

// Saving (modules/save, docs/save.md), in the glue model: F5 saves the
// scene to the save "quick", F9 loads it back (save.QuickSave, which
// binds the keys and shows what happened in the render.Notice the HUD
// prints). A save holds every fish
// and the predator with all their components, the scene's settings and
// its random stream: the grid and Hunt are rebuilt every tick. Loaded
// fish keep the order queries visit them in, so flocking, which sums in
// that order, goes on as it would have (TestQuickLoadRepeatsTheScene).

// The quick save and load actions, after the game's own.
const (
	// QuickSave saves the scene: F5.
	QuickSave input.Action = NextVariant + 1 + iota
	// QuickLoad loads the quick save: F9.
	QuickLoad
)

// quickSlot is the name of the quick save.
const quickSlot = "quick"

// saveRegistry lists what a save holds, one line per type, the codecs
// derived from the types' fields (docs/save.md).
func saveRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Position](reg)
	codec.Register[Velocity](reg)
	codec.Register[Colour](reg)
	codec.Register[Avoid](reg)
	codec.Register[Fish](reg)
	codec.Register[Predator](reg)
	codec.Register[Scene](reg)
	codec.Register[RandomSource](reg)
	return reg
}

// Validate refuses a scene of no variant or a fish count out of range,
// for its codec.
func (s *Scene) Validate() error {
	if s.Variant >= variants || s.Fish < 0 || s.Fish > MaxFish {
		return fmt.Errorf("invalid scene: variant %d, %d fish", s.Variant, s.Fish)
	}
	return nil
}

// savePlugin is the game's save.Plugin: the store is the platform's
// default unless the config names one.
func savePlugin(cfg Config) save.Plugin {
	return save.Plugin{
		Game:      "swarm",
		Registry:  saveRegistry(),
		Resources: []glue.Type{glue.TypeOf[Scene](), glue.TypeOf[RandomSource]()},
		Store:     cfg.Saves,
	}
}
