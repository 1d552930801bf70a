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

// saveRegistry lists what a save holds; the ids only have to be distinct.
func saveRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register(reg, 1, 1,
		func(p *Position, w *codec.Writer) { w.Float64(p.X); w.Float64(p.Y) },
		func(r *codec.Reader) (Position, error) { return Position{r.Float64(), r.Float64()}, nil })
	codec.Register(reg, 2, 1,
		func(v *Velocity, w *codec.Writer) { w.Float64(v.X); w.Float64(v.Y) },
		func(r *codec.Reader) (Velocity, error) { return Velocity{r.Float64(), r.Float64()}, nil })
	codec.Register(reg, 3, 1,
		func(c *Colour, w *codec.Writer) { w.Float32(c.R); w.Float32(c.G); w.Float32(c.B) },
		func(r *codec.Reader) (Colour, error) { return Colour{r.Float32(), r.Float32(), r.Float32()}, nil })
	codec.Register(reg, 4, 1,
		func(a *Avoid, w *codec.Writer) { w.Bool(a.Active); w.Float64(a.Jump) },
		func(r *codec.Reader) (Avoid, error) { return Avoid{r.Bool(), r.Float64()}, nil })
	codec.Register(reg, 5, 1,
		func(f *Fish, w *codec.Writer) { w.Uint64(f.Rng.State) },
		func(r *codec.Reader) (Fish, error) { return Fish{Rng{r.Uint64()}}, nil })
	codec.Register(reg, 6, 1,
		func(p *Predator, w *codec.Writer) { w.Uint64(p.Rng.State) },
		func(r *codec.Reader) (Predator, error) { return Predator{Rng{r.Uint64()}}, nil })
	codec.Register(reg, 7, 1,
		func(s *Scene, w *codec.Writer) { w.Uint8(uint8(s.Variant)); w.Int(s.Fish) },
		func(r *codec.Reader) (Scene, error) {
			s := Scene{Variant: Variant(r.Uint8()), Fish: r.Int()}
			if s.Variant >= variants || s.Fish < 0 || s.Fish > MaxFish {
				return s, fmt.Errorf("invalid scene: variant %d, %d fish", s.Variant, s.Fish)
			}
			return s, nil
		})
	codec.Register(reg, 8, 1,
		func(s *RandomSource, w *codec.Writer) { w.Uint64(s.Rng.State) },
		func(r *codec.Reader) (RandomSource, error) { return RandomSource{Rng{r.Uint64()}}, nil })
	return reg
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
func QuickSaveLoad(p struct {
	Input glue.Res[input.State]
	Saves glue.ResMut[save.Saves]
}) {
	in, saves := p.Input.Get(), p.Saves.Get()
	if in.Pressed(QuickSave) {
		saves.Save(quickSlot) // a valid name: no error
	}
	if in.Pressed(QuickLoad) {
		saves.Load(quickSlot)
	}
}
