package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/solarlune/resolv"
)

// TestCircleRectMatchesResolv checks the allocation-free circle/rectangle
// test against resolv's Circle.Intersection on random overlapping
// placements: same normal, same depth.
func TestCircleRectMatchesResolv(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for range 20000 {
		w, h := 1+rng.Float64()*40, 1+rng.Float64()*40
		r := 0.5 + rng.Float64()*6
		m := Vec{rng.Float64()*100 - 50, rng.Float64()*100 - 50}
		c := m.Add(Vec{(rng.Float64()*2 - 1) * (w/2 + r), (rng.Float64()*2 - 1) * (h/2 + r)})
		// resolv finds only circles that cross an edge: it misses a
		// circle whose center is inside the rectangle and a rectangle
		// entirely inside the circle. Compare where it is reliable.
		if math.Abs(c.X-m.X) < w/2 && math.Abs(c.Y-m.Y) < h/2 {
			continue
		}
		far := Vec{math.Abs(c.X-m.X) + w/2, math.Abs(c.Y-m.Y) + h/2} // farthest corner
		if far.Len() < r {
			continue
		}
		rect := resolv.NewRectangle(m.X, m.Y, w, h)
		circle := resolv.NewCircle(c.X, c.Y, r)
		set := circle.Intersection(rect)
		n, d, ok := circleRect(c, r, m, Vec{w / 2, h / 2})
		mtv := Vec{set.MTV.X, set.MTV.Y}
		if want := !set.IsEmpty() && mtv.Len() > minDepth; ok != want {
			// Contacts thinner than rounding may differ.
			if math.Abs(d-mtv.Len()) < 1e-9 {
				continue
			}
			t.Fatalf("circle %v r=%g vs rect %v %gx%g: ok %v, resolv %v (MTV %v)", c, r, m, w, h, ok, want, mtv)
		}
		if !ok {
			continue
		}
		checked++
		if got := n.Scale(d); math.Abs(got.X-mtv.X) > 1e-9 || math.Abs(got.Y-mtv.Y) > 1e-9 {
			t.Fatalf("circle %v r=%g vs rect %v %gx%g: MTV %v, resolv %v", c, r, m, w, h, got, mtv)
		}
	}
	if checked < 2000 {
		t.Fatalf("only %d overlapping placements checked", checked)
	}
}

// TestConvexMatchesResolv checks the allocation-free test of two
// rectangles or polygons against resolv's ConvexPolygon.Intersection on
// random placements: wherever resolv finds a contact, the same vector bit
// for bit; where only convex finds one, one shape is inside the other (or
// nearly: resolv rounds corners by about 0.1 px).
func TestConvexMatchesResolv(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	shape := func() Shape {
		w, h := 1+rng.Float64()*30, 1+rng.Float64()*30
		switch rng.IntN(3) {
		case 0:
			return Rect(w, h)
		case 1: // a slope, as tiled makes them (counter-clockwise on screen)
			return Polygon(Vec{0, 0}, Vec{w, -h}, Vec{w, 0})
		}
		return Polygon(Vec{-w / 2, -h / 2}, Vec{w / 2, -h / 3}, Vec{w / 3, h / 2}, Vec{-w / 2, h / 3})
	}
	s := Space{area: Bounds{Min: Vec{-37.5, 12.25}}}
	checked, extra := 0, 0
	for range 20000 {
		a := &record{def: shape(), pos: Vec{rng.Float64()*40 - 20, rng.Float64()*40 - 20}}
		b := &record{def: shape(), pos: Vec{rng.Float64()*40 - 20, rng.Float64()*40 - 20}}
		if rng.IntN(8) == 0 {
			a.pos.X = b.pos.X // offsets square to a normal
		}
		ra, rb := a.def.resolv(), b.def.resolv()
		ra.SetPosition(a.pos.X-s.area.Min.X, a.pos.Y-s.area.Min.Y)
		rb.SetPosition(b.pos.X-s.area.Min.X, b.pos.Y-s.area.Min.Y)
		set := ra.Intersection(rb)
		v, ok := s.convex(a, a.pos, b)
		if !set.IsEmpty() {
			// Edges that cross but no overlapping axis: resolv's MTV is zero.
			if want := set.MTV != (resolv.Vector{}); ok != want || ok && v != set.MTV {
				t.Fatalf("%v at %v vs %v at %v: MTV %v %v, resolv %v", a.def, a.pos, b.def, b.pos, v, ok, set.MTV)
			}
			checked++
			continue
		}
		if ok && v.Magnitude() > 0.2 {
			extra++
			va, vb := a.def.vertices(resolv.Vector{X: a.pos.X, Y: a.pos.Y}, nil), b.def.vertices(resolv.Vector{X: b.pos.X, Y: b.pos.Y}, nil)
			if !inside(va, vb) && !inside(vb, va) {
				t.Fatalf("%v at %v vs %v at %v: MTV %v that resolv does not find, and neither is inside the other", a.def, a.pos, b.def, b.pos, v)
			}
		}
	}
	if checked < 2000 {
		t.Fatalf("only %d contacts checked", checked)
	}
	t.Logf("%d contacts checked, %d found by convex only", checked, extra)
}

// inside reports whether every vertex of a is inside convex polygon b
// (clockwise on screen), or outside it by less than resolv's rounding.
func inside(a, b []resolv.Vector) bool {
	for _, p := range a {
		for i, q := range b {
			e := b[(i+1)%len(b)].Sub(q)
			if (resolv.Vector{X: e.Y, Y: -e.X}).Unit().Dot(p.Sub(q)) > 0.2 {
				return false
			}
		}
	}
	return true
}

// Two rectangles, one inside the other, touch: resolv, which needs edges
// that cross, misses it.
func TestConvexFindsContained(t *testing.T) {
	s := Space{}
	v, ok := s.convex(&record{def: Rect(4, 4)}, Vec{1, 0}, &record{def: Rect(20, 20)})
	if !ok || v != (resolv.Vector{X: 11}) {
		t.Fatalf("4x4 at (1,0) inside 20x20 at (0,0): %v %v, want (11, 0) true", v, ok)
	}
}
