package physics

import (
	"math"

	"github.com/gluekit/glue"
)

// DefaultMaxSlope is the steepest surface, in radians from level, that a
// [Character] with MaxSlope 0 stands on: 50°.
const DefaultMaxSlope = 50 * math.Pi / 180

// Character marks a body moved by move-and-slide, a player or an enemy:
// [StepSystem] moves it by its velocity, stops it at solid colliders and
// keeps the rest of its motion along the surface, then sets its flags.
// Its [Collider] must be a [Rect]. The game sets the fields above the
// line (its settings and Drop) and the velocity; physics writes the
// fields below it every tick.
//
// The rules, for a platformer (y down, gravity added by the game):
//
//   - Rectangle solids (tiles, walls, platforms) are resolved one axis at
//     a time, x then y, so a character running along a floor made of many
//     tiles never catches on the seams between them. The side it is
//     pushed out to is the side its center is on. A character that
//     starts a tick inside a rectangle (a floor spawned under it, a
//     kinematic wall that moved into it) is first pushed out along the
//     axis it overlaps least.
//   - Convex polygon and circle solids (slopes) are resolved by their
//     minimum translation vector. A surface no steeper than MaxSlope is a
//     floor: the character is pushed straight up out of it, so it walks
//     up and down slopes at its horizontal speed and stands still on them
//     under gravity. A steeper one is a wall: the character is pushed
//     out sideways and its horizontal motion into it stops (it neither
//     climbs it nor is lifted by it); gravity slides it down.
//   - Steps: running into a rectangle whose top is at most StepHeight
//     above its feet, a character on the floor is lifted onto it (if
//     there is room). Snap keeps it on the floor going down steps and
//     slopes.
//   - A collider with [OneWay] blocks a character only from above: it
//     jumps up through it and lands on it; with Drop set it falls
//     through.
//   - A character standing on a kinematic collider (a moving platform: a
//     Body with neither Static nor Bouncy) is carried by it: it first
//     moves by the platform's motion of the tick (through the platform,
//     stopped by anything else), then by its own velocity.
//   - Characters pass through each other and through bouncy bodies;
//     their overlaps are reported as contacts.
//
// With TopDown set there is no floor: every surface is a wall, there are
// no steps, snapping or one-way platforms, and the character slides
// along walls in any direction.
type Character struct {
	// TopDown makes every surface a wall (a top-down game, no gravity).
	TopDown bool
	// MaxSlope is the steepest floor in radians; 0 is [DefaultMaxSlope].
	MaxSlope float64
	// StepHeight is the highest step, in pixels, that a character on the
	// floor climbs without jumping; 0 climbs none.
	StepHeight float64
	// Snap is how far down, in pixels, a character that stood on the
	// floor in the last tick and does not move up is pulled to stay on
	// it (going down a slope or a step); 0 does not snap.
	Snap float64
	// Drop lets the character fall through [OneWay] platforms while set.
	Drop bool

	// OnFloor is true if the character stands on a floor after this
	// tick's move.
	OnFloor bool
	// OnWall is true if a wall stopped it this tick.
	OnWall bool
	// OnCeiling is true if it hit a ceiling this tick.
	OnCeiling bool
	// FloorNormal is the unit normal of the floor it stands on, pointing
	// up out of the floor ((0, -1) on level ground); zero in the air.
	FloorNormal Vec
	// WallNormal is the unit normal of the last wall that stopped it,
	// pointing away from the wall; zero if none.
	WallNormal Vec
	// Floor is the entity it stands on; 0 in the air.
	Floor glue.Entity
}

// OneWay marks a solid collider that blocks [Character] bodies only from
// above: a platform to jump up through and land on. It is read when the
// Collider is added: spawn it with the Collider. Other bodies treat the
// collider as solid.
type OneWay struct{}

// slideSkin is the gap left between a character and a surface it was
// pushed out of.
const slideSkin = 1e-6

// floorFlags is what one move found.
type floorFlags struct {
	floor, wall, ceiling bool
	floorN, wallN        Vec
	floorE               glue.Entity
}

// slide moves the character record r (body b, state c) through dt
// seconds of its velocity, plus the motion of the kinematic floor it
// stood on, with move-and-slide, and appends the solids it touched to
// list.
func (s *Space) slide(r *record, b *Body, c *Character, dt float64, list *[]Contact) {
	half := r.def.size.Scale(0.5)
	move := b.Vel.Scale(dt)
	wasFloor := c.OnFloor && !c.TopDown
	var carrier *record
	if wasFloor && c.Floor != 0 {
		if f := s.records[c.Floor]; f != nil && f.kinematicAt == s.tick && f.delta != (Vec{}) {
			carrier = f
		}
	}
	total := move
	if carrier != nil {
		total = total.Add(carrier.delta)
	}
	// Candidates: what the box sweeps, plus a step up and a snap down.
	from, to := r.bounds(), Bounds{r.pos.Add(total).Add(r.box.Min), r.pos.Add(total).Add(r.box.Max)}
	swept := from.union(to)
	swept.Min = swept.Min.Sub(Vec{1, 1 + c.StepHeight})
	swept.Max = swept.Max.Add(Vec{1, 1 + c.Snap})
	cands := s.gather(swept, r)
	solids, near := s.solids[:0], r.near[:0]
	for _, o := range cands {
		switch {
		case o.sensor || o.charAt == s.tick:
			near = append(near, o)
		case o.bouncyAt != s.tick:
			solids = append(solids, o)
		}
	}
	s.solids, r.near, r.swept = solids, near, swept
	s.seq++
	r.seq = s.seq
	if r.probe == nil {
		r.probe = r.def.resolv()
	}
	s.hits = s.hits[:0]
	cosSlope := math.Cos(c.MaxSlope)
	if c.MaxSlope <= 0 {
		cosSlope = math.Cos(DefaultMaxSlope)
	}
	m := slider{s: s, r: r, c: c, half: half, cos: cosSlope, solids: solids, list: list, vel: b.Vel, climb: wasFloor, carrier: carrier}
	pos := r.pos
	if carrier != nil {
		// First the platform's own motion, through everything but the
		// platform: the character stays on it, and is stopped by a wall
		// (or a ceiling) it is carried into.
		m.skip = carrier
		pos = m.moveY(m.moveX(pos, carrier.delta.X), carrier.delta.Y)
		m.skip = nil
	}
	pos = m.depenetrate(pos)
	maxStep := min(half.X, half.Y)
	n := 1
	if l := max(math.Abs(move.X), math.Abs(move.Y)); l > maxStep {
		n = int(min(math.Ceil(l/maxStep), maxSubsteps))
	}
	d := move.Scale(1 / float64(n))
	for range n {
		pos = m.moveX(pos, d.X)
		pos = m.moveY(pos, d.Y)
		pos = m.push(pos)
	}
	if wasFloor && !m.f.floor && !c.TopDown && c.Snap > 0 && m.vel.Y >= 0 {
		// Going down a slope or a step: look for the floor below.
		keep, vel := m.f, m.vel
		m.f = floorFlags{}
		at := m.push(m.moveY(pos, c.Snap))
		if m.f.floor {
			pos, m.f.wall, m.f.wallN, m.f.ceiling = at, keep.wall, keep.wallN, keep.ceiling
		} else {
			m.f = keep
		}
		m.vel = vel
	}
	c.OnFloor, c.OnWall, c.OnCeiling = m.f.floor, m.f.wall, m.f.ceiling
	c.FloorNormal, c.WallNormal, c.Floor = m.f.floorN, m.f.wallN, m.f.floorE
	b.Pos, b.Vel = pos, m.vel
	s.place(r, pos)
}

// slider is the state of one character's move.
type slider struct {
	s      *Space
	r      *record
	c      *Character
	half   Vec
	cos    float64 // cosine of the steepest floor
	solids []*record
	list   *[]Contact
	vel    Vec
	climb  bool // on the floor: may climb steps
	f      floorFlags
	// carrier is the kinematic floor that carried the character this
	// tick; skip is a solid the current move goes through (the carrier,
	// while it carries).
	carrier, skip *record
}

func (m *slider) box(pos Vec) Bounds {
	return Bounds{pos.Sub(m.half), pos.Add(m.half)}
}

// depenetrate pushes a character that starts the tick inside rectangle
// solids — a floor spawned under it, a kinematic wall that moved into it —
// out along the axis it overlaps least, towards the side its center is
// on. (The per-axis moves below assume it starts outside.)
func (m *slider) depenetrate(pos Vec) Vec {
	for _, o := range m.solids {
		if o.def.kind != rectShape || o.oneWay && !m.c.TopDown {
			continue
		}
		ob, box := o.bounds(), m.box(pos)
		if !box.Overlaps(ob) {
			continue
		}
		ox := min(box.Max.X-ob.Min.X, ob.Max.X-box.Min.X)
		oy := min(box.Max.Y-ob.Min.Y, ob.Max.Y-box.Min.Y)
		switch {
		case oy <= ox && pos.Y < o.pos.Y:
			pos.Y = ob.Min.Y - m.half.Y - slideSkin
			m.hitY(o, Vec{0, -1}, oy)
		case oy <= ox:
			pos.Y = ob.Max.Y + m.half.Y + slideSkin
			m.hitY(o, Vec{0, 1}, oy)
		case pos.X < o.pos.X:
			pos.X = ob.Min.X - m.half.X - slideSkin
			m.wall(o, Vec{-1, 0}, ox)
		default:
			pos.X = ob.Max.X + m.half.X + slideSkin
			m.wall(o, Vec{1, 0}, ox)
		}
	}
	return pos
}

// moveX moves the character by dx and pushes it out of rectangle solids
// sideways, climbing steps.
func (m *slider) moveX(pos Vec, dx float64) Vec {
	if dx == 0 {
		return pos
	}
	pos.X += dx
	for _, o := range m.solids {
		if o.def.kind != rectShape || o.oneWay && !m.c.TopDown || o == m.skip {
			continue
		}
		ob := o.bounds()
		box := m.box(pos)
		if !box.Overlaps(ob) {
			continue
		}
		if m.climb && m.c.StepHeight > 0 && !m.c.TopDown {
			lift := box.Max.Y - ob.Min.Y + slideSkin
			if lift > 0 && lift <= m.c.StepHeight && m.free(Vec{pos.X, pos.Y - lift}) {
				pos.Y -= lift
				m.floor(o, Vec{0, -1}, lift)
				continue
			}
		}
		if pos.X > o.pos.X { // center right of the solid's center
			pos.X = ob.Max.X + m.half.X + slideSkin
			m.wall(o, Vec{1, 0}, ob.Max.X-box.Min.X)
		} else {
			pos.X = ob.Min.X - m.half.X - slideSkin
			m.wall(o, Vec{-1, 0}, box.Max.X-ob.Min.X)
		}
	}
	return pos
}

// moveY moves the character by dy and pushes it out of rectangle solids
// up (a floor) or down (a ceiling).
func (m *slider) moveY(pos Vec, dy float64) Vec {
	bottom := pos.Y + m.half.Y
	pos.Y += dy
	for _, o := range m.solids {
		if o.def.kind != rectShape || o == m.skip {
			continue
		}
		ob := o.bounds()
		box := m.box(pos)
		if !box.Overlaps(ob) {
			continue
		}
		up := pos.Y < o.pos.Y
		if o.oneWay && !m.c.TopDown {
			top := ob.Min.Y
			if o.kinematicAt == m.s.tick && o != m.carrier {
				top -= o.delta.Y // where the platform's top was
			}
			if m.c.Drop || !up || bottom > top+0.01 {
				continue // from below or the side, or dropping
			}
		}
		if up {
			pos.Y = ob.Min.Y - m.half.Y - slideSkin
			m.hitY(o, Vec{0, -1}, box.Max.Y-ob.Min.Y)
		} else {
			pos.Y = ob.Max.Y + m.half.Y + slideSkin
			m.hitY(o, Vec{0, 1}, ob.Max.Y-box.Min.Y)
		}
	}
	return pos
}

func (m *slider) hitY(o *record, n Vec, depth float64) {
	switch {
	case m.c.TopDown:
		m.wall(o, n, depth)
	case n.Y < 0:
		m.floor(o, n, depth)
	default:
		m.f.ceiling = true
		m.s.report(m.list, m.r, o, n, depth)
		if m.vel.Y < 0 {
			m.vel.Y = 0
		}
	}
}

// push pushes the character out of polygon and circle solids: straight
// up out of floors, along the normal out of walls and ceilings.
func (m *slider) push(pos Vec) Vec {
	s := m.s
	for range maxIterations {
		box := m.box(pos)
		var best *record
		var bestN Vec
		bestD := 0.0
		placed := false
		for _, o := range m.solids {
			if o.def.kind == rectShape || !box.Overlaps(o.bounds()) {
				continue
			}
			if !placed { // moving resolv's probe costs: only when needed
				s.placeProbe(m.r, pos)
				placed = true
			}
			n, d, ok := s.penetration(m.r, m.r.probe, pos, o)
			if ok && d > bestD && !(o.oneWay && !m.c.TopDown && (m.c.Drop || -n.Y < m.cos)) {
				best, bestN, bestD = o, n, d
			}
		}
		if best == nil {
			break
		}
		switch {
		case !m.c.TopDown && -bestN.Y >= m.cos:
			pos.Y -= bestD/-bestN.Y + slideSkin
			m.floor(best, bestN, bestD)
		case !m.c.TopDown && bestN.Y >= m.cos:
			pos = pos.Add(bestN.Scale(bestD + slideSkin))
			m.f.ceiling = true
			s.report(m.list, m.r, best, bestN, bestD)
			if m.vel.Y < 0 {
				m.vel.Y = 0
			}
		case !m.c.TopDown:
			// A steep surface is a wall: pushed out sideways only, so
			// that running into it never lifts the character.
			pos.X += bestD/bestN.X + math.Copysign(slideSkin, bestN.X)
			m.wall(best, bestN, bestD)
		default:
			pos = pos.Add(bestN.Scale(bestD + slideSkin))
			m.wall(best, bestN, bestD)
		}
	}
	return pos
}

func (m *slider) floor(o *record, n Vec, depth float64) {
	m.f.floor, m.f.floorN, m.f.floorE = true, n, o.e
	m.climb = true
	m.s.report(m.list, m.r, o, n, depth)
	if m.vel.Y > 0 {
		m.vel.Y = 0
	}
}

func (m *slider) wall(o *record, n Vec, depth float64) {
	m.f.wall, m.f.wallN = true, n
	m.s.report(m.list, m.r, o, n, depth)
	if !m.c.TopDown {
		if m.vel.X*n.X < 0 {
			m.vel.X = 0
		}
	} else if v := m.vel.Dot(n); v < 0 {
		m.vel = m.vel.Sub(n.Scale(v))
	}
}

// free reports whether the character at pos overlaps no solid (one-way
// platforms do not count).
func (m *slider) free(pos Vec) bool {
	box := m.box(pos)
	for _, o := range m.solids {
		if !o.oneWay && box.Overlaps(o.bounds()) {
			if o.def.kind == rectShape {
				return false
			}
			m.s.placeProbe(m.r, pos)
			if _, _, ok := m.s.penetration(m.r, m.r.probe, pos, o); ok {
				return false
			}
		}
	}
	return true
}

// placeProbe moves r's probe shape to the world position pos.
func (s *Space) placeProbe(r *record, pos Vec) {
	r.probe.SetPosition(pos.X-s.area.Min.X, pos.Y-s.area.Min.Y)
}
