package physics

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/gluekit/glue"
	"github.com/solarlune/resolv"
)

const (
	// skin is how far beyond contact a push-out moves a body, so that the
	// next test does not find the same contact again at depth ~0.
	skin = 1e-6
	// minDepth is the least overlap that counts as a contact.
	minDepth = 1e-9
	// maxIterations bounds the push-outs of one sub-step (a body wedged
	// between colliders).
	maxIterations = 4
	// maxSubsteps bounds the sub-steps of one body per tick.
	maxSubsteps = 1024
	// maxCells bounds the grid of a Space (cells, not pixels).
	maxCells = 1 << 20
	// marginCells is how many cells a grown grid extends beyond the
	// colliders that made it grow.
	marginCells = 2
	// rebuildAt is the number of removals in one sync above which the
	// resolv space is rebuilt instead of removing shapes one by one
	// (resolv's Space.Remove is linear in the number of shapes).
	rebuildAt = 64
)

// shapeMu serialises creating resolv shapes: resolv numbers shapes with a
// package-level counter, which would race between apps stepping
// concurrently.
var shapeMu sync.Mutex

// record is the physics state of one collider.
type record struct {
	e      glue.Entity
	shape  resolv.IShape // in the resolv space, at pos - origin
	probe  resolv.IShape // a copy outside the space, for sub-steps
	def    Shape
	box    Bounds // shape bounds relative to pos
	pos    Vec    // world position of shape
	sensor bool
	oneWay bool    // blocks characters only from above
	step   float64 // default sub-step length
	layers Layers
	mask   Layers

	stamp       uint64    // candidate de-duplication
	kinematicAt uint64    // tick it was last tracked as kinematic
	bouncyAt    uint64    // tick it was last stepped as bouncy
	charAt      uint64    // tick it was last moved as a character
	seq         int       // a character's place in this tick's order of moves
	swept       Bounds    // a character's candidate area of this tick
	near        []*record // the sensors and characters in it
	delta       Vec       // kinematic: how far TrackSystem moved it this tick
	restored    uint64    // the last restore of a checkpoint that held it (checkpoint.go)
}

// collides reports whether r and o may collide: each one's layers meet
// the other's mask.
func (r *record) collides(o *record) bool {
	return r.layers&o.mask != 0 && o.layers&r.mask != 0
}

func (r *record) bounds() Bounds {
	return Bounds{r.pos.Add(r.box.Min), r.pos.Add(r.box.Max)}
}

// Space is the resource that holds the resolv space: one shape per entity
// with a [Body] and a [Collider], kept in sync by [SyncSystem] (spawn,
// despawn), [TrackSystem] (kinematic colliders that moved) and
// [StepSystem] (bouncy bodies). Systems may read it (Res[physics.Space])
// to query shapes; only the physics systems write it.
//
// The resolv grid covers the colliders' area and grows when a collider is
// added outside it. resolv shapes are positioned relative to
// [Space.Origin], not in world coordinates.
type Space struct {
	rs      *resolv.Space
	cell    int
	area    Bounds // world area covered by the grid
	records map[glue.Entity]*record

	tick      uint64
	stamp     uint64
	cands     []*record
	kinematic []*record
	hits      []hit
	added     []*record
	solids    []*record
	seq       int // characters moved this tick
	probeBuf  []Vec
	polyA     []resolv.Vector // convex's scratch: the vertices of its two shapes
	polyB     []resolv.Vector

	// A checkpoint's copy (checkpoint.go): the colliders' states; and
	// scratch for restoring one.
	saved    []savedRecord
	removed  []glue.Entity
	restores uint64
}

type hit struct {
	b   glue.Entity
	idx int // index in Contacts.List
}

// ProvidedBy returns "physics.Plugin", the plugin that inserts Space.
func (Space) ProvidedBy() string { return "physics.Plugin" }

func newSpace(cellSize int, area Bounds) Space {
	s := Space{cell: cellSize, records: map[glue.Entity]*record{}}
	if !area.Empty() {
		s.rebuild(s.snap(area))
	}
	return s
}

// Len returns the number of colliders in the space.
func (s *Space) Len() int { return len(s.records) }

// Contains reports whether e has a shape in the space.
func (s *Space) Contains(e glue.Entity) bool { return s.records[e] != nil }

// Position returns the world position of e's shape: its body's position
// when the shape was last synced.
func (s *Space) Position(e glue.Entity) (Vec, bool) {
	r := s.records[e]
	if r == nil {
		return Vec{}, false
	}
	return r.pos, true
}

// Shape returns e's resolv shape, or nil. Its position is relative to
// [Space.Origin]. Do not move it or change it: the physics systems own it.
func (s *Space) Shape(e glue.Entity) resolv.IShape {
	if r := s.records[e]; r != nil {
		return r.shape
	}
	return nil
}

// Entity returns the entity a resolv shape of this space belongs to.
func (s *Space) Entity(shape resolv.IShape) (glue.Entity, bool) {
	if shape == nil {
		return 0, false
	}
	r, ok := shape.Data().(*record)
	if !ok || s.records[r.e] != r {
		return 0, false
	}
	return r.e, true
}

// Origin returns the world position of the resolv space's (0, 0).
func (s *Space) Origin() Vec { return s.area.Min }

// Area returns the world area the resolv grid covers. Colliders are found
// only inside it; it grows to cover every collider when it is added.
func (s *Space) Area() Bounds { return s.area }

// Resolv returns the underlying resolv space, or nil before the first
// collider is added. Shapes in it are positioned relative to
// [Space.Origin]; [Space.Entity] maps them to entities. Read it only:
// moving or removing shapes breaks the sync. resolv's IntersectionTest,
// LineTest and CellSelection.ForEach use package-level scratch state:
// never call them from two apps or goroutines at once.
func (s *Space) Resolv() *resolv.Space { return s.rs }

// Query appends to dst the entities whose shapes' bounding boxes overlap
// b, sorted, and returns the extended slice.
func (s *Space) Query(b Bounds, dst []glue.Entity) []glue.Entity {
	start := len(dst)
	s.eachCell(b, func(c *resolv.Cell) {
		for _, sh := range c.Shapes {
			r := sh.Data().(*record)
			if r.bounds().Overlaps(b) {
				dst = append(dst, r.e)
			}
		}
	})
	slices.Sort(dst[start:])
	return slices.Compact(dst)
}

// eachCell calls fn for every grid cell that b touches.
func (s *Space) eachCell(b Bounds, fn func(*resolv.Cell)) {
	if s.rs == nil {
		return
	}
	cw := float64(s.cell)
	x0 := max(int(math.Floor((b.Min.X-s.area.Min.X)/cw)), 0)
	y0 := max(int(math.Floor((b.Min.Y-s.area.Min.Y)/cw)), 0)
	x1 := min(int(math.Floor((b.Max.X-s.area.Min.X)/cw)), s.rs.WidthInCells()-1)
	y1 := min(int(math.Floor((b.Max.Y-s.area.Min.Y)/cw)), s.rs.HeightInCells()-1)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			fn(s.rs.Cell(x, y))
		}
	}
}

// snap returns b grown by the margin and aligned to whole cells.
func (s *Space) snap(b Bounds) Bounds {
	cw := float64(s.cell)
	m := cw * marginCells
	return Bounds{
		Min: Vec{math.Floor((b.Min.X-m)/cw) * cw, math.Floor((b.Min.Y-m)/cw) * cw},
		Max: Vec{math.Ceil((b.Max.X+m)/cw) * cw, math.Ceil((b.Max.Y+m)/cw) * cw},
	}
}

// rebuild makes a new resolv space covering area and adds every record
// to it, in entity order.
func (s *Space) rebuild(area Bounds) {
	cw := float64(s.cell)
	w := int(math.Round((area.Max.X - area.Min.X) / cw))
	h := int(math.Round((area.Max.Y - area.Min.Y) / cw))
	s.area = area
	s.rs = resolv.NewSpace(w*s.cell, h*s.cell, s.cell, s.cell)
	for _, r := range s.sorted() {
		r.shape.SetPosition(r.pos.X-area.Min.X, r.pos.Y-area.Min.Y)
		s.rs.Add(r.shape)
	}
}

func (s *Space) sorted() []*record {
	rs := make([]*record, 0, len(s.records))
	for _, r := range s.records {
		rs = append(rs, r)
	}
	slices.SortFunc(rs, byEntity)
	return rs
}

func byEntity(a, b *record) int { return cmp.Compare(a.e, b.e) }

// newRecord makes the record and resolv shapes of a collider at pos.
func newRecord(e glue.Entity, c Collider, pos Vec) (*record, error) {
	if err := c.Shape.validate(); err != nil {
		return nil, fmt.Errorf("physics: %v: %w", e, err)
	}
	if !finite(pos.X, pos.Y) {
		return nil, fmt.Errorf("physics: %v: body position %v is not finite", e, pos)
	}
	r := &record{e: e, def: c.Shape, box: c.Shape.Bounds(), pos: pos, sensor: c.Sensor}
	r.layers, r.mask = c.layers()
	half := min(r.box.Max.X-r.box.Min.X, r.box.Max.Y-r.box.Min.Y) / 2
	r.step = half / 2
	r.shape = r.def.resolv()
	r.shape.SetData(r)
	r.shape.Tags().Set(r.layers)
	return r, nil
}

// resolv makes a resolv shape of s at (0, 0).
func (s Shape) resolv() resolv.IShape {
	shapeMu.Lock()
	defer shapeMu.Unlock()
	switch s.kind {
	case circleShape:
		return resolv.NewCircle(0, 0, s.radius)
	case rectShape:
		return resolv.NewRectangle(0, 0, s.size.X, s.size.Y)
	}
	pts := make([]resolv.Vector, len(s.points))
	for i, p := range s.points {
		pts[i] = resolv.NewVector(p.X, p.Y)
	}
	if polygonArea(s.points) < 0 {
		// resolv's outward normals need clockwise (on screen) points.
		slices.Reverse(pts)
	}
	return resolv.NewConvexPolygonVec(resolv.NewVector(0, 0), pts)
}

// add adds records, already in s.records, to the resolv space, growing
// the grid once if they do not fit in it.
func (s *Space) add(rs []*record) error {
	if len(rs) == 0 {
		return nil
	}
	need := s.area
	for _, r := range rs {
		need = need.union(r.bounds())
	}
	if s.rs == nil || !s.area.contains(need) {
		grown := s.snap(need)
		cells := (grown.Max.X - grown.Min.X) / float64(s.cell) * (grown.Max.Y - grown.Min.Y) / float64(s.cell)
		if cells > maxCells {
			for _, r := range rs {
				delete(s.records, r.e)
			}
			return fmt.Errorf("physics: colliders span %v, which needs %.0f grid cells of %d px (at most %d); raise Plugin.CellSize or keep colliders closer together", need, cells, s.cell, maxCells)
		}
		s.rebuild(grown) // adds the new records too
		return nil
	}
	for _, r := range rs {
		r.shape.SetPosition(r.pos.X-s.area.Min.X, r.pos.Y-s.area.Min.Y)
		s.rs.Add(r.shape)
	}
	return nil
}

// remove removes the records of the given entities, if they have any.
func (s *Space) remove(es []glue.Entity) {
	var gone []*record
	for _, e := range es {
		if r := s.records[e]; r != nil {
			delete(s.records, e)
			gone = append(gone, r)
		}
	}
	if s.rs == nil || len(gone) == 0 {
		return
	}
	if len(gone) > rebuildAt {
		s.rebuild(s.area)
		return
	}
	for _, r := range gone {
		s.rs.Remove(r.shape)
	}
}

// place moves r's shape to the world position pos.
func (s *Space) place(r *record, pos Vec) {
	if r.pos == pos {
		return
	}
	r.pos = pos
	r.shape.SetPosition(pos.X-s.area.Min.X, pos.Y-s.area.Min.Y)
}

// gather returns the records other than self whose bounds overlap b and
// whose layers collide with self's, sorted by entity: the only
// candidates a body is tested against.
func (s *Space) gather(b Bounds, self *record) []*record {
	s.stamp++
	cands := s.cands[:0]
	s.eachCell(b, func(c *resolv.Cell) {
		for _, sh := range c.Shapes {
			r := sh.Data().(*record)
			if r == self || r.stamp == s.stamp || !self.collides(r) {
				continue
			}
			r.stamp = s.stamp
			if r.bounds().Overlaps(b) {
				cands = append(cands, r)
			}
		}
	})
	slices.SortFunc(cands, byEntity)
	s.cands = cands
	return cands
}

// penetration tests shape a (of record ra, at world position pos) against
// record rb. It returns the unit normal pointing from rb towards a and
// the overlap depth.
//
// A circle against a rectangle — a ball against a brick, a wall or a
// paddle, nearly every test — is computed here exactly and without
// allocating (resolv's SAT test allocates about 20 times per call); it
// gives the same normal and depth as resolv (TestCircleRectMatchesResolv).
// So are two rectangles or polygons — a character against a sensor, an
// enemy or a slope, a moving platform against a character — (convex;
// TestConvexMatchesResolv). Pairs with a circle other than a circle
// against a rectangle go through resolv's Shape.Intersection, which
// allocates.
func (s *Space) penetration(ra *record, a resolv.IShape, pos Vec, rb *record) (n Vec, depth float64, ok bool) {
	var v resolv.Vector
	var hit bool
	switch {
	case ra.def.kind == circleShape && rb.def.kind == rectShape:
		return circleRect(pos, ra.def.radius, rb.pos, rb.def.size.Scale(0.5))
	case ra.def.kind != circleShape && rb.def.kind != circleShape:
		v, hit = s.convex(ra, pos, rb)
	default:
		set := a.Intersection(rb.shape)
		v, hit = set.MTV, !set.IsEmpty()
	}
	if hit {
		mtv := Vec{v.X, v.Y}
		depth = mtv.Len()
		if depth <= minDepth {
			return Vec{}, 0, false
		}
		return mtv.Scale(1 / depth), depth, true
	}
	// resolv finds circle contacts only where the circle crosses an edge:
	// a circle whose center is inside the other shape is missed. That
	// happens only when a body is placed (or a kinematic collider moves)
	// deep into another; push it out through the nearest edge.
	if ra.def.kind != circleShape {
		return Vec{}, 0, false
	}
	r := ra.def.radius
	switch rb.def.kind {
	case circleShape:
		d := pos.Sub(rb.pos)
		dist := d.Len()
		if dist >= r+rb.def.radius {
			return Vec{}, 0, false
		}
		n = Vec{0, -1}
		if dist > 0 {
			n = d.Scale(1 / dist)
		}
		return n, r + rb.def.radius - dist, true
	default:
		return s.insidePolygon(pos, r, rb)
	}
}

// circleRect returns the contact of a circle (center c, radius r) with an
// axis-aligned rectangle (center m, half-size h): the unit normal pointing
// from the rectangle towards the circle and the overlap depth.
func circleRect(c Vec, r float64, m, h Vec) (Vec, float64, bool) {
	d := c.Sub(m)
	q := Vec{min(max(d.X, -h.X), h.X), min(max(d.Y, -h.Y), h.Y)} // closest point
	if q != d {
		// Center outside: push away from the closest point.
		out := d.Sub(q)
		dist := out.Len()
		if dist >= r || r-dist <= minDepth {
			return Vec{}, 0, false
		}
		return out.Scale(1 / dist), r - dist, true
	}
	// Center inside (or on an edge): out through the nearest face.
	dx, dy := h.X-math.Abs(d.X), h.Y-math.Abs(d.Y)
	if dy <= dx {
		return Vec{0, math.Copysign(1, d.Y)}, r + dy, true
	}
	return Vec{math.Copysign(1, d.X), 0}, r + dx, true
}

// insidePolygon handles a circle of radius r whose center c may be inside
// polygon rb: it returns the outward normal of the nearest edge and the
// depth that pushes the circle out through it.
func (s *Space) insidePolygon(c Vec, r float64, rb *record) (Vec, float64, bool) {
	pts := s.probeBuf[:0]
	switch rb.def.kind {
	case rectShape:
		h := rb.def.size.Scale(0.5)
		pts = append(pts, Vec{-h.X, -h.Y}, Vec{h.X, -h.Y}, Vec{h.X, h.Y}, Vec{-h.X, h.Y})
	default:
		pts = append(pts, rb.def.points...)
		if polygonArea(pts) < 0 {
			slices.Reverse(pts)
		}
	}
	s.probeBuf = pts
	best, bestD := Vec{}, math.Inf(-1)
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		e := q.Sub(p)
		n := Vec{e.Y, -e.X}.Unit() // outward for clockwise points
		d := n.Dot(c.Sub(rb.pos.Add(p)))
		if d > 0 {
			return Vec{}, 0, false // outside this edge: not inside
		}
		if d > bestD {
			best, bestD = n, d
		}
	}
	return best, r - bestD, true
}

// report records that a touched b, once per pair per tick, and returns
// the index of the contact in list.
func (s *Space) report(list *[]Contact, a, b *record, n Vec, depth float64) int {
	for _, h := range s.hits {
		if h.b == b.e {
			return h.idx
		}
	}
	*list = append(*list, Contact{A: a.e, B: b.e, Normal: n, Depth: depth, Sensor: a.sensor || b.sensor})
	s.hits = append(s.hits, hit{b.e, len(*list) - 1})
	return len(*list) - 1
}

// step moves the bouncy body of record r through one tick of dt seconds,
// in sub-steps of at most maxStep pixels (0: the record's default),
// pushing it out of solid colliders and reflecting its velocity.
func (s *Space) step(r *record, b *Body, dt, maxStep float64, list *[]Contact) {
	if maxStep <= 0 {
		maxStep = r.step
	}
	pos, vel := b.Pos, b.Vel
	dist := vel.Len() * dt
	n := 1
	if dist > maxStep {
		n = int(min(math.Ceil(dist/maxStep), maxSubsteps))
	}
	// Within one tick the body stays within dist of its start (bounces
	// keep the speed), plus what push-outs add: a body's own size at most.
	reach := dist + (r.box.Max.X - r.box.Min.X) + (r.box.Max.Y - r.box.Min.Y)
	swept := Bounds{pos.Add(r.box.Min).Sub(Vec{reach, reach}), pos.Add(r.box.Max).Add(Vec{reach, reach})}
	cands := s.gather(swept, r)
	if r.probe == nil {
		r.probe = r.def.resolv()
	}
	s.hits = s.hits[:0]
	h := dt / float64(n)
	for range n {
		pos, vel = s.resolve(r, pos, pos.Add(vel.Scale(h)), vel, cands, list)
	}
	b.Pos, b.Vel = pos, vel
	s.place(r, pos)
}

// resolve pushes a body at pos out of the solid colliders among cands,
// deepest overlap first, and bounces its velocity off each contact it
// still moves into. Pushing out of the deepest collider often separates
// the body from its neighbours too — a ball hitting the seam of two
// bricks bounces once, off their common face. A body that cannot be
// freed in a few pushes (wedged in a gap narrower than itself) goes back
// to prev, where it was before this sub-step.
func (s *Space) resolve(r *record, prev, pos, vel Vec, cands []*record, list *[]Contact) (Vec, Vec) {
	for iter := 0; ; iter++ {
		r.probe.SetPosition(pos.X-s.area.Min.X, pos.Y-s.area.Min.Y)
		box := Bounds{pos.Add(r.box.Min), pos.Add(r.box.Max)}
		var best *record
		var bestN Vec
		bestD := 0.0
		for _, c := range cands {
			if c.bouncyAt == s.tick || !box.Overlaps(c.bounds()) {
				continue
			}
			n, d, ok := s.penetration(r, r.probe, pos, c)
			if !ok {
				continue
			}
			s.report(list, r, c, n, d)
			if r.sensor || c.sensor {
				continue
			}
			if d > bestD {
				best, bestN, bestD = c, n, d
			}
		}
		if best == nil {
			return pos, vel
		}
		if iter == maxIterations {
			return prev, vel
		}
		pos = pos.Add(bestN.Scale(bestD + skin))
		var bounced bool
		if vel, bounced = Bounce(vel, bestN); bounced {
			(*list)[s.report(list, r, best, bestN, bestD)].Bounced = true
		}
	}
}

// overlaps appends the contacts of kinematic record r at its current
// position: every collider it overlaps, except bouncy bodies (they report
// their own contacts) and kinematic colliders with a lower entity (they
// reported this pair already).
func (s *Space) overlaps(r *record, list *[]Contact) {
	char := r.charAt == s.tick
	var cands []*record
	if char && r.swept.contains(r.bounds()) {
		// The sensors and characters its slide gathered: still all it
		// can touch, since it ended inside the area they were gathered
		// from (and a character that moved in later gathered it).
		cands = r.near
	} else {
		cands = s.gather(r.bounds(), r)
	}
	for _, c := range cands {
		switch {
		case c.bouncyAt == s.tick:
			continue // bouncy bodies report their own contacts
		case char && c.charAt == s.tick:
			if c.seq > r.seq {
				continue // two characters: the one that moved later reports
			}
		case c.kinematicAt == s.tick && c.e < r.e:
			continue // reported by the lower entity
		case char && !c.sensor:
			continue // a solid: the character's slide reported it
		}
		n, d, ok := s.penetration(r, r.shape, r.pos, c)
		if !ok {
			continue
		}
		*list = append(*list, Contact{A: r.e, B: c.e, Normal: n, Depth: d, Sensor: r.sensor || c.sensor})
	}
}

// TickOnly marks Space as state that ticks advance (glue.TickOnly): a
// system of a draw stage that writes it (physics.Plugin's systems in a
// draw Stage) is a build error, since bodies would move once a frame
// instead of once a tick.
func (Space) TickOnly() {}
