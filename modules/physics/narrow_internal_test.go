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
