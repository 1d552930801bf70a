package glue

import (
	"errors"
	"fmt"

	"github.com/gluekit/glue/internal/world"
)

// ReserveBundle makes room in the app's world for n more entities of
// bundle B (see [CheckBundle]) — the archetype of B's field types gets
// columns of room for them, the id tables room for n more ids — so that
// a world that grows to a known size spawns them without growing its
// storage. Call it before the entities are spawned (after [NewApp], or
// between ticks). Reserving changes no state a game sees: ids, the
// order in which queries visit entities, checkpoints and digests are
// those of a world that did not reserve (the archetype counts as made
// when its first entity lands in it). It returns the bundle's error for
// a bad bundle, or an error on a closed app.
func ReserveBundle[B any](a *App, n int) error {
	info := bundleOf[B]()
	if info.err != nil {
		return fmt.Errorf("glue: ReserveBundle: %w", info.err)
	}
	return a.reserve(info.types, n)
}

// ReserveTypes is [ReserveBundle] for the archetype of the given
// component types (distinct, at least one).
func (a *App) ReserveTypes(n int, types ...Type) error {
	ts, err := typeInfos(types)
	if err != nil {
		return fmt.Errorf("glue: ReserveTypes: %w", err)
	}
	return a.reserve(ts, n)
}

// ReserveEntities makes room in the world's id tables for n more
// entities, whatever their components.
func (a *App) ReserveEntities(n int) {
	if a.world != nil && n > 0 {
		a.world.ReserveIDs(n)
	}
}

// reserve makes room for n entities of the archetype of types.
func (a *App) reserve(types []*world.Type, n int) error {
	if a.world == nil {
		return errors.New("glue: Reserve on an app without a world (closed); reserve before App.Close")
	}
	if n <= 0 {
		return nil
	}
	if err := a.world.ReserveRoom(types, n); err != nil {
		return fmt.Errorf("glue: Reserve: %w", err)
	}
	return nil
}
