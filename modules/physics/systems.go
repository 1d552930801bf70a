package physics

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"

	"github.com/gluekit/glue"
)

// Move returns an entity system that moves every entity with component T
// by its velocity: position += velocity * [Settings.Delta]. It does no
// collision: use it for bodies that nothing can block (particles, a
// paddle clamped by the game). A position or velocity that is not
// finite (NaN, infinite) fails the tick, naming the entity, and is not
// moved. It is named "physics.Move[T]" for a game
// type T ("physics.Move[main.Particle]"), and [MoveSystem] for Body.
//
// Move runs in the stage it is added to; it writes T and reads the
// [Settings] resource (and has glue.Commands, to fail). It is concurrent-safe: it may run in parallel with
// systems that do not use T, and is split across workers for many
// entities. The [Plugin] adds Move[Body] itself, as [MoveSystem].
func Move[T any, PT interface {
	*T
	IBody
}]() *glue.System {
	return glue.Each1P(func(e glue.Entity, b *T, p struct {
		Settings glue.Res[Settings]
		Cmds     glue.Commands
	}) {
		pb := PT(b)
		to := pb.Position().Add(pb.Velocity().Scale(p.Settings.Get().Delta))
		if moveFails(e, pb.Position(), pb.Velocity(), p.Cmds) {
			return
		}
		pb.SetPosition(to)
	}).TypeArgs(reflect.TypeFor[T]())
}

// Place returns an entity system that moves every kinematic body (a
// [Body] without [Static], [Bouncy] or [Character]) that also has a
// component T to T's position: physics reads the pose another module keeps, so that a
// collider attached to a transform hierarchy — a turret's hitbox, a
// sensor carried by a ship — goes where its parent takes it and no game
// copies positions by hand. T's rotation is ignored (bodies do not
// rotate).
//
// Give it to the [Plugin] as [Plugin.Place], which runs it after
// [MoveSystem] and before [TrackSystem], so the pose wins over the body's
// velocity and the shape is tracked in the same step:
//
//	app.AddPlugins(physics.Plugin{Stage: Physics,
//		Place: physics.Place[transform.GlobalTransform]()})
//
// A body moved by its velocity and a pose copied back from it — a ship
// whose Transform follows its body with transform.Follow[physics.Body],
// whose children carry hitboxes — must not be placed too: Place would
// hold it at the pose of the previous tick. Give Place only the bodies
// the hierarchy carries, the children, with With:
//
//	place := physics.Place[transform.GlobalTransform]().With(glue.TypeOf[transform.ChildOf]())
//	app.AddPlugins(physics.Plugin{Place: place})
//
// (transform.Follow leaves children alone.)
//
// It reads T as it is when the physics stage runs: with transform's
// default stage glue.PostUpdate and physics in a stage of glue.Update,
// that is the pose propagated in the previous tick. It is named
// "physics.Place[T]" ("physics.Place[transform.GlobalTransform]"),
// reads T, writes Body, and may be split across workers.
func Place[T any, PT interface {
	*T
	IPose
}]() *glue.System {
	return glue.Each2(func(_ glue.Entity, src *T, b *Body) {
		x, y, _ := PT(src).Pose()
		b.Pos = Vec{X: x, Y: y}
	}).Without(glue.TypeOf[Static](), glue.TypeOf[Bouncy](), glue.TypeOf[Character]()).TypeArgs(reflect.TypeFor[T]())
}

// DeltaFrom returns a system that sets [Settings.Delta] from the clock
// resource C every tick, so that physics follows a game or timer clock
// instead of a fixed delta. Add it to a stage that runs before the physics
// stage, e.g. glue.PreUpdate (or glue.Update) for the default physics
// stage glue.PostUpdate. It is named "physics.DeltaFrom[C]"
// ("physics.DeltaFrom[timer.Time]"); it reads C and writes [Settings].
func DeltaFrom[C any, PC interface {
	*C
	IClock
}]() *glue.System {
	return glue.Func(func(p struct {
		Clock    glue.Res[C]
		Settings glue.ResMut[Settings]
	}) {
		p.Settings.Get().Delta = PC(p.Clock.Get()).DeltaSeconds()
	}).TypeArgs(reflect.TypeFor[C]())
}

// moveFails fails the tick, and reports true, if entity e's body at pos
// moving at vel has a coordinate that is not finite. It is not inlined:
// one copy for Move's instances and the step's two loops.
//
//go:noinline
func moveFails(e glue.Entity, pos, vel Vec, cmds glue.Commands) bool {
	if finite(pos.X, pos.Y, vel.X, vel.Y) {
		return false
	}
	cmds.Fail(fmt.Errorf("physics: %v is at %v moving at %v, which is not finite (NaN or infinite); it was not moved: keep positions and velocities finite (a division by zero or the normal of a zero vector makes NaN)", e, pos, vel))
	return true
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
	OneWays glue.Query1[OneWay]
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
		r, err := newRecord(e, c, b.Pos)
		if err != nil {
			cmds.Fail(err)
			continue
		}
		_, r.oneWay = p.OneWays.Get(e)
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
func track(e glue.Entity, b Body, _ Collider, sp glue.ResMut[Space]) {
	s := sp.Get()
	r := s.records[e]
	if r == nil {
		return
	}
	if r.kinematicAt == s.tick-1 {
		r.delta = b.Pos.Sub(r.pos)
	} else {
		r.delta = Vec{}
	}
	s.place(r, b.Pos)
	r.kinematicAt = s.tick
	s.kinematic = append(s.kinematic, r)
}

// step (StepSystem) moves every Bouncy body with collision response, then
// reports the overlaps of kinematic colliders, publishes all contacts of
// the tick in Contacts and writes the contact events.
// stillMoved fails the tick when a body is Static and also Bouncy or a
// Character: Static says it never moves, and StepSystem would move it.
// It runs in native builds (Plugin.Build), where a game is developed: its
// params would cost the browser's download more than the check is worth.
func stillMoved(p struct {
	Bouncy glue.Query2[Static, Bouncy]
	Char   glue.Query2[Static, Character]
	Cmds   glue.Commands
}) {
	if e, _, _, ok := p.Bouncy.First(); ok {
		p.Cmds.Fail(fmt.Errorf("physics: %v is Static and Bouncy: a Static collider never moves, and Bouncy moves it; remove one of them", e))
	}
	if e, _, _, ok := p.Char.First(); ok {
		p.Cmds.Fail(fmt.Errorf("physics: %v is Static and a Character: a Static collider never moves, and a Character moves; remove one of them", e))
	}
}

func step(p struct {
	Bodies   glue.Query2[*Body, Bouncy]
	Chars    glue.Query2[*Body, *Character]
	Space    glue.ResMut[Space]
	Contacts glue.ResMut[Contacts]
	Settings glue.Res[Settings]
	Started  glue.Writer[ContactStarted]
	Ended    glue.Writer[ContactEnded]
	State    glue.Local[touching]
	Cmds     glue.Commands
}) {
	bodies, contacts := p.Bodies, p.Contacts
	s, set := p.Space.Get(), p.Settings.Get()
	list := contacts.Get().List[:0]
	bodies.Each(func(e glue.Entity, _ *Body, _ Bouncy) {
		if r := s.records[e]; r != nil {
			r.bouncyAt = s.tick
		}
	})
	s.seq = 0
	p.Chars.Each(func(e glue.Entity, _ *Body, _ *Character) {
		if r := s.records[e]; r != nil {
			r.charAt = s.tick
		}
	})
	p.Chars.Each(func(e glue.Entity, b *Body, c *Character) {
		r := s.records[e]
		switch {
		case moveFails(e, b.Pos, b.Vel, p.Cmds):
		case r == nil:
			b.Pos = b.Pos.Add(b.Vel.Scale(set.Delta))
		case r.def.kind != rectShape:
			p.Cmds.Fail(fmt.Errorf("physics: %v has a Character with a %v collider; a character's Collider must be a physics.Rect", e, r.def))
		default:
			s.slide(r, b, c, set.Delta, &list)
		}
	})
	bodies.Each(func(e glue.Entity, b *Body, _ Bouncy) {
		r := s.records[e]
		if moveFails(e, b.Pos, b.Vel, p.Cmds) {
			return
		}
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
	writeEvents(list, p.Started, p.Ended, p.State.Get())
}

// pair is a contact's two entities, lower first, with its orientation.
type pair struct {
	lo, hi glue.Entity
	a, b   glue.Entity
	done   bool
}

func pairOf(c *Contact) pair {
	p := pair{lo: c.A, hi: c.B, a: c.A, b: c.B}
	if p.hi < p.lo {
		p.lo, p.hi = p.hi, p.lo
	}
	return p
}

func byPair(x, y pair) int {
	if c := cmp.Compare(x.lo, y.lo); c != 0 {
		return c
	}
	return cmp.Compare(x.hi, y.hi)
}

// touching is StepSystem's record: the pairs of the previous step and
// of this one, sorted.
type touching struct {
	prev, cur []pair
}

// find returns the index of the first pair of ps (sorted) equal to p's
// entities, and whether there is one.
func find(ps []pair, p pair) (int, bool) {
	return slices.BinarySearchFunc(ps, p, byPair)
}

// writeEvents (end of StepSystem) writes the step's ContactStarted events,
// in the order of Contacts.List, then its ContactEnded events, in pair
// order.
func writeEvents(list []Contact, started glue.Writer[ContactStarted], ended glue.Writer[ContactEnded], st *touching) {
	cur := st.cur[:0]
	for i := range list {
		cur = append(cur, pairOf(&list[i]))
	}
	slices.SortStableFunc(cur, byPair)
	for i := range list {
		k, _ := find(cur, pairOf(&list[i]))
		if cur[k].done {
			continue // the pair's other orientation came first
		}
		cur[k].done = true
		if _, was := find(st.prev, cur[k]); !was {
			started.Write(ContactStarted{list[i]})
		}
	}
	for i, q := range st.prev {
		if i > 0 && byPair(st.prev[i-1], q) == 0 {
			continue
		}
		if _, still := find(cur, q); !still {
			ended.Write(ContactEnded{A: q.a, B: q.b})
		}
	}
	st.prev, st.cur = cur, st.prev
}
