package glue

import (
	"slices"

	"github.com/gluekit/glue/internal/world"
)

// Disabled marks a disabled entity: every system and query skips it,
// while it keeps all its components, until [Commands.Enable]. Disable
// and enable entities with [Commands.Disable] and [Commands.Enable]
// (which insert and remove this component); a system sees disabled
// entities only if it asks:
//
//   - [System.IncludeDisabled]: the system's own query and its query
//     params match disabled entities too;
//   - a query or entity system over Disabled itself
//     (glue.Query1[glue.Disabled], or [System.With] of
//     TypeOf[Disabled]()) matches only disabled entities.
//
// Disabled is an ordinary component to everything else: a disabled
// entity is in checkpoints and their digests, in [App.ComponentTypes]
// and the inspector, despawned with its state ([StateScoped]) like any
// other, and saved by modules/save when the game registers
// glue.Disabled in its codec.Registry (codec.Register[glue.Disabled]).
// Queries skip disabled entities by their archetype — disabled ones are
// in archetypes of their own — so hiding them costs nothing per entity.
type Disabled struct{}

// disabledType is Disabled's component type.
var disabledType = world.TypeFor[Disabled]()

// Disable hides an entity from every system and query that does not ask
// for disabled entities ([Disabled]), from the next stage on, keeping
// its components. Disabling a disabled entity, or one that no longer
// exists, does nothing.
func (c Commands) Disable(e Entity) { Insert1(c, e, Disabled{}) }

// Enable makes a disabled entity visible again, with the components it
// had (and those inserted while it was disabled). Enabling an entity
// that is not disabled does nothing.
func (c Commands) Enable(e Entity) { c.Remove(e, Type{disabledType}) }

// IncludeDisabled makes the system's queries — its own, for an entity
// system, and its query params — match disabled entities too
// ([Disabled]): for an editor, a pool of inactive entities, or a system
// that enables them again.
func (s *System) IncludeDisabled() *System {
	s.withDisabled = true
	return s
}

// Disabled reports whether e is alive and disabled. It is for tools, as
// the rest of the inspection API.
func (a *App) Disabled(e Entity) bool {
	return a.world != nil && a.world.Has(world.Entity(e), disabledType)
}

// hideDisabled returns without plus Disabled, unless the system includes
// disabled entities or its query asks for Disabled itself.
func hideDisabled(s *System, comps, with, without []*world.Type) []*world.Type {
	if s.withDisabled || slices.Contains(comps, disabledType) || slices.Contains(with, disabledType) || slices.Contains(without, disabledType) {
		return without
	}
	return append(slices.Clip(without), disabledType)
}
