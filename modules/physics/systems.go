package physics

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/gluekit/glue"
)

// Move returns an entity system that moves every entity with component T
// by its velocity: position += velocity * [Settings.Delta]. It does no
// collision: use it for bodies that nothing can block (particles, a
// paddle clamped by the game). It is named "physics.Move[T]" for a game
// type T ("physics.Move[main.Particle]"), and [MoveSystem] for Body.
//
// Move runs in the stage it is added to; it writes T and reads the
// [Settings] resource. It is concurrent-safe: it may run in parallel with
// systems that do not use T, and is split across workers for many
// entities. The [Plugin] adds Move[Body] itself, as [MoveSystem].
//
//go:noinline
func Move[T any, PT interface {
	*T
	IBody
}]() *glue.System {
	// Not inlined: glue names the system after the function its closure
	// is compiled in, which would be the caller's if Move were inlined.
	return glue.Each1P(func(_ glue.Entity, b *T, s glue.Res[Settings]) {
		p := PT(b)
		p.SetPosition(p.Position().Add(p.Velocity().Scale(s.Get().Delta)))
	})
}

// DeltaFrom returns a system that sets [Settings.Delta] from the clock
// resource C every tick, so that physics follows a game or timer clock
// instead of a fixed delta. Add it to a stage that runs before the physics
// stage, e.g. glue.PreUpdate (or glue.Update) for the default physics
// stage glue.PostUpdate. It is named "physics.DeltaFrom[C]"
// ("physics.DeltaFrom[timer.Time]"); it reads C and writes [Settings].
//
//go:noinline
func DeltaFrom[C any, PC interface {
	*C
	IClock
}]() *glue.System {
	// Not inlined, as Move.
	return glue.Func(func(p struct {
		Clock    glue.Res[C]
		Settings glue.ResMut[Settings]
	}) {
		p.Settings.Get().Delta = PC(p.Clock.Get()).DeltaSeconds()
	})
}

// syncColliders (SyncSystem) adds a shape to the space for every entity
// that gained a Collider since it last ran and removes the shapes of
// entities that lost theirs (despawned or Collider removed). A collider
// without a Body, or with an invalid shape, fails the app.
func syncColliders(p struct {
	Removed glue.Removed[Collider]
	Added   glue.Added[Collider]
	Cols    glue.Query1[Collider]
	Bodies  glue.Query1[Body]
	Space   glue.ResMut[Space]
	Cmds    glue.Commands
}) {
	removed, added, cols, bodies, cmds := p.Removed, p.Added, p.Cols, p.Bodies, p.Cmds
	s := p.Space.Get()
	s.tick++
	s.kinematic = s.kinematic[:0]
	// Removals first: an entity that lost its Collider and got a new one
	// since the last run is listed in both and must end up with the new
	// one. Added entities are checked against their current components.
	s.remove(removed.Entities())
	s.added = s.added[:0]
	for _, e := range added.Entities() {
		c, ok := cols.Get(e)
		if !ok || s.records[e] != nil {
			continue // gone again, or listed twice
		}
		b, ok := bodies.Get(e)
		if !ok {
			cmds.Fail(fmt.Errorf("physics: %v has a Collider but no Body; spawn colliders with a physics.Body", e))
			continue
		}
		r, err := newRecord(e, *c, b.Pos)
		if err != nil {
			cmds.Fail(err)
			continue
		}
		s.records[e] = r
		s.added = append(s.added, r)
	}
	if err := s.add(s.added); err != nil {
		cmds.Fail(err)
	}
	clear(s.added)
}

// track (TrackSystem) moves the shapes of kinematic colliders — neither
// Static nor Bouncy — to their bodies' positions, and lists them for the
// step's contact report.
func track(e glue.Entity, b *Body, _ *Collider, sp glue.ResMut[Space]) {
	s := sp.Get()
	r := s.records[e]
	if r == nil {
		return
	}
	s.place(r, b.Pos)
	r.kinematicAt = s.tick
	s.kinematic = append(s.kinematic, r)
}

// step (StepSystem) moves every Bouncy body with collision response, then
// reports the overlaps of kinematic colliders, and publishes all contacts
// of the tick in Contacts.
func step(p struct {
	Bodies   glue.Query2[Body, Bouncy]
	Space    glue.ResMut[Space]
	Contacts glue.ResMut[Contacts]
	Settings glue.Res[Settings]
}) {
	bodies, contacts := p.Bodies, p.Contacts
	s, set := p.Space.Get(), p.Settings.Get()
	list := contacts.Get().List[:0]
	bodies.Each(func(e glue.Entity, _ *Body, _ *Bouncy) {
		if r := s.records[e]; r != nil {
			r.bouncyAt = s.tick
		}
	})
	bodies.Each(func(e glue.Entity, b *Body, _ *Bouncy) {
		r := s.records[e]
		if r == nil {
			b.Pos = b.Pos.Add(b.Vel.Scale(set.Delta))
			return
		}
		s.step(r, b, set.Delta, set.MaxStep, &list)
	})
	slices.SortFunc(s.kinematic, byEntity)
	for _, r := range s.kinematic {
		s.overlaps(r, &list)
	}
	slices.SortStableFunc(list, func(a, b Contact) int { return cmp.Compare(a.A, b.A) })
	contacts.Get().List = list
}
