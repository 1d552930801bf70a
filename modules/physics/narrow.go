package physics

import (
	"math"
	"slices"

	"github.com/solarlune/resolv"
)

// vertices appends to dst the vertices of rectangle or polygon s at pos,
// in the order resolv's shape of s has them (clockwise on screen), and
// returns the extended slice.
func (s Shape) vertices(pos resolv.Vector, dst []resolv.Vector) []resolv.Vector {
	if s.kind == rectShape {
		hw, hh := s.size.X/2, s.size.Y/2
		return append(dst, resolv.Vector{X: -hw + pos.X, Y: -hh + pos.Y}, resolv.Vector{X: hw + pos.X, Y: -hh + pos.Y},
			resolv.Vector{X: hw + pos.X, Y: hh + pos.Y}, resolv.Vector{X: -hw + pos.X, Y: hh + pos.Y})
	}
	start := len(dst)
	for _, p := range s.points {
		dst = append(dst, resolv.Vector{X: p.X + pos.X, Y: p.Y + pos.Y})
	}
	if polygonArea(s.points) < 0 {
		slices.Reverse(dst[start:])
	}
	return dst
}

// convex returns resolv's minimum translation vector of rectangle or
// polygon record ra at world position pos out of rectangle or polygon
// record rb, by the separating axis test, allocating nothing: resolv's
// ConvexPolygon.Intersection allocates about 20 times per call. It
// computes in resolv's coordinates (relative to [Space.Origin]) with
// resolv's vector arithmetic, so its vector is resolv's bit for bit
// wherever resolv finds the contact (TestConvexMatchesResolv). It also
// finds the contacts resolv misses: resolv needs edges that cross, so it
// misses a shape entirely inside the other and, within about 0.1 px,
// shallow contacts near a corner.
func (s *Space) convex(ra *record, pos Vec, rb *record) (resolv.Vector, bool) {
	o := s.area.Min
	pa := resolv.Vector{X: pos.X - o.X, Y: pos.Y - o.Y}
	pb := resolv.Vector{X: rb.pos.X - o.X, Y: rb.pos.Y - o.Y}
	s.polyA = ra.def.vertices(pa, s.polyA[:0])
	s.polyB = rb.def.vertices(pb, s.polyB[:0])
	return mtv(s.polyA, s.polyB, ra.def.center(pa), rb.def.center(pb), pa, pb)
}

// center returns the center of the bounds of s at pos, as resolv has it.
func (s Shape) center(pos resolv.Vector) resolv.Vector {
	b := s.Bounds()
	lo := resolv.Vector{X: b.Min.X + pos.X, Y: b.Min.Y + pos.Y}
	hi := resolv.Vector{X: b.Max.X + pos.X, Y: b.Max.Y + pos.Y}
	return lo.Add(hi.Sub(lo).Scale(0.5))
}

// mtv is the separating axis test of convex polygons a and b (vertices
// clockwise on screen; bounds centers ca, cb; positions pa, pb): the
// vector that moves a out of b, and whether they overlap.
func mtv(a, b []resolv.Vector, ca, cb, pa, pb resolv.Vector) (resolv.Vector, bool) {
	smallest := resolv.Vector{X: math.MaxFloat64}
	for _, ps := range [2][]resolv.Vector{a, b} {
		for i, p := range ps {
			axis := ps[(i+1)%len(ps)].Sub(p).Unit()
			axis = resolv.Vector{X: axis.Y, Y: -axis.X}.Unit() // the edge's outward normal
			amin, amax := project(a, axis)
			bmin, bmax := project(b, axis)
			overlap := math.Min(amax-bmin, bmax-amin)
			if overlap <= 0 {
				return resolv.Vector{}, false
			}
			if smallest.Magnitude() > overlap {
				smallest = axis.Scale(overlap)
			}
		}
	}
	// Away from b: along the offset of the positions, or of the bounds'
	// centers when the vector is square to it.
	if ca.Sub(cb).Dot(smallest) < 0 {
		smallest = smallest.Invert()
	}
	if pb.Sub(pa).Dot(smallest) > 0 {
		smallest = smallest.Invert()
	}
	return smallest, true
}

// project returns the least and greatest of ps's projections on axis.
func project(ps []resolv.Vector, axis resolv.Vector) (lo, hi float64) {
	axis = axis.Unit()
	lo = axis.Dot(ps[0])
	hi = lo
	for _, p := range ps[1:] {
		v := axis.Dot(p)
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}
