package render

import (
	"math"
	"testing"
)

func triArea(pts []Point, tri []int) float64 {
	s := 0.0
	for i := 0; i+2 < len(tri); i += 3 {
		s += math.Abs(cross(pts[tri[i]], pts[tri[i+1]], pts[tri[i+2]])) / 2
	}
	return s
}

func TestTriangulate(t *testing.T) {
	// An L shape (area 3) and a star-like concave arrow, in both windings.
	l := []Point{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}
	arrow := []Point{{0, 0}, {4, 2}, {0, 4}, {1, 2}} // area 8 - 2
	rev := func(p []Point) []Point {
		r := make([]Point, len(p))
		for i := range p {
			r[i] = p[len(p)-1-i]
		}
		return r
	}
	var d DrawList
	for _, c := range []struct {
		name string
		pts  []Point
		area float64
	}{{"L", l, 3}, {"L reversed", rev(l), 3}, {"arrow", arrow, 6}, {"arrow reversed", rev(arrow), 6}} {
		tri := d.triangulate(c.pts)
		if len(tri) != 3*(len(c.pts)-2) {
			t.Errorf("%s: %d indices, want %d", c.name, len(tri), 3*(len(c.pts)-2))
		}
		if a := triArea(c.pts, tri); math.Abs(a-c.area) > 1e-9 {
			t.Errorf("%s: triangles cover %v, want the polygon's area %v (no triangle outside it)", c.name, a, c.area)
		}
	}
}

func TestShapesAllocateNothing(t *testing.T) {
	var d DrawList
	pts := []Point{{0, 0}, {4, 2}, {0, 4}, {1, 2}}
	frame := func() {
		for i := range 100 {
			d.AddPolygon(pts, red, i)
			d.AddPolyline(pts, 2, true, blue, i)
			d.AddLine(0, 0, 10, 10, 1, red, i)
			d.AddRotatedRect(5, 5, 4, 2, 1, red, i)
		}
		d.Flush(nil, 1)
	}
	frame()
	if n := testing.AllocsPerRun(10, frame); n != 0 {
		t.Errorf("shapes allocate %v times per frame, want 0", n)
	}
}
