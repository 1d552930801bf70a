package save

import (
	"slices"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// Registry returns the registry of the saved types ([Plugin.Registry]):
// a replay (modules/replay) digests the world by it.
func (s *Saves) Registry() *codec.Registry { return s.s.reg }

// Resources returns the saved resource types ([Plugin.Resources]). The
// slice is the plugin's: do not change it.
func (s *Saves) Resources() []glue.Type { return s.s.resources }

// Snapshot returns the world as a save file, in memory, at once: what
// [Saves.Save] would write, for a tool that keeps states without a
// store (the rewind of modules/diag). Call it with the world to itself:
// in a glue.Commands.Exclusive function or glue.App.WithWorld.
func (s *Saves) Snapshot(w *glue.World) ([]byte, error) {
	data, _, err := encode(w, &s.s.spec)
	return data, err
}

// Restore replaces the world by a snapshot ([Saves.Snapshot]) or a save
// file's bytes, at once, as a load does — checked first, the world left
// as it was if it fails, then Plugin.AfterLoad. It returns the new id
// of every entity the snapshot held, by its id in the snapshot (0 for an
// id it did not hold): loaded entities get new ids.
func (s *Saves) Restore(w *glue.World, data []byte) (newID func(old glue.Entity) glue.Entity, err error) {
	img, err := decode(data, &s.s.spec)
	if err != nil {
		return nil, err
	}
	if err := img.apply(w, &s.s.spec); err != nil {
		return nil, err
	}
	newID = func(old glue.Entity) glue.Entity {
		if i, ok := slices.BinarySearch(img.ids, old); ok {
			return img.fresh[i]
		}
		return 0
	}
	if s.s.after != nil {
		err = s.s.after(w)
	}
	return newID, err
}

// Game returns the game's name ([Plugin.Game]).
func (s *Saves) Game() string { return s.s.game }
