package main

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// Saving (modules/save, docs/save.md), in the glue model: F5 saves the
// scene to the save "quick", F9 loads it back. A save holds every fish
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

// bindSaveKeys binds F5 and F9 to the quick save and load.
func bindSaveKeys(b *input.Bindings) {
	b.SetName(QuickSave, "Quick save")
	b.SetName(QuickLoad, "Quick load")
	b.Bind(QuickSave, input.Key(ebiten.KeyF5))
	b.Bind(QuickLoad, input.Key(ebiten.KeyF9))
}

// QuickSaveLoad (Control, glue model) asks for the quick save on F5 and
// the quick load on F9, carried out at the end of the tick.
func QuickSaveLoad(in glue.Res[input.State], saves glue.ResMut[save.Saves]) {
	st, sv := in.Get(), saves.Get()
	if st.Pressed(QuickSave) {
		sv.Save(quickSlot) // a valid name: no error
	}
	if st.Pressed(QuickLoad) {
		sv.Load(quickSlot)
	}
}

// SaveNote is the HUD's line about the last quick save or load, a
// resource of the glue model: what it did, or why it failed
// (save.Reason), for two seconds.
type SaveNote struct {
	Text string
	Left int // ticks
}

// ShowSaveResults (Control, glue model) puts what the last save or load
// did in the SaveNote.
func ShowSaveResults(results glue.Reader[save.Result], note glue.ResMut[SaveNote]) {
	n := note.Get()
	for _, r := range results.Read() {
		switch {
		case r.Err != nil:
			n.Text = save.Reason(r.Err) // "No save yet", "Storage is full", …; the log has the details
		case r.Op == save.Save:
			n.Text = "Saved"
		default:
			n.Text = "Loaded"
		}
		n.Left = 120
	}
	if n.Left > 0 {
		if n.Left--; n.Left == 0 {
			n.Text = ""
		}
	}
}
