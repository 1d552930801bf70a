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
			d.AddPolylineJoin(pts, 3, false, JoinRound, blue, i)
			d.AddPolylineJoin(pts, 3, true, JoinBevel, blue, i)
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

// stroked returns the quads (triangles have their last corner twice)
// a stroke adds, and their total area.
func stroked(pts []Point, width float64, closed bool, join LineJoin) (n int, area float64) {
	var d DrawList
	d.AddPolylineJoin(pts, width, closed, join, red, 0)
	for _, it := range d.items {
		for _, f := range it.x {
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				return -1, 0
			}
		}
		// The quad's corners in order around it: 0, 1, 3, 2.
		xs := [4]float64{float64(it.x[0]), float64(it.x[1]), float64(it.x[3]), float64(it.x[2])}
		ys := [4]float64{float64(it.y[0]), float64(it.y[1]), float64(it.y[3]), float64(it.y[2])}
		a := 0.0
		for k := range 4 {
			a += xs[k]*ys[(k+1)%4] - xs[(k+1)%4]*ys[k]
		}
		area += math.Abs(a) / 2
	}
	return len(d.items), area
}

func TestStrokeDegenerate(t *testing.T) {
	for _, c := range []struct {
		name   string
		pts    []Point
		width  float64
		closed bool
		quads  int
	}{
		{"one point", []Point{{1, 1}}, 2, false, 0},
		{"a point repeated", []Point{{1, 1}, {1, 1}, {1, 1}}, 2, true, 0},
		{"zero width", []Point{{0, 0}, {5, 0}}, 0, false, 0},
		{"NaN width", []Point{{0, 0}, {5, 0}}, math.NaN(), false, 0},
		{"two points closed", []Point{{0, 0}, {5, 0}}, 2, true, 1},
		{"repeated points", []Point{{0, 0}, {5, 0}, {5, 0}, {10, 0}}, 2, false, 2},
		{"straight on", []Point{{0, 0}, {5, 0}, {10, 0}}, 2, false, 2},
		{"reversal", []Point{{0, 0}, {5, 0}, {1, 0}}, 2, false, 3},
		{"short segments, sharp turn", []Point{{0, 0}, {10, 0}, {0, 0.5}}, 4, false, 3},
	} {
		for _, j := range []LineJoin{JoinMiter, JoinBevel, JoinRound} {
			n, _ := stroked(c.pts, c.width, c.closed, j)
			if n < 0 {
				t.Errorf("%s, join %d: a corner is not a number", c.name, j)
			} else if j != JoinRound && n != c.quads {
				t.Errorf("%s, join %d: %d quads, want %d", c.name, j, n, c.quads)
			}
		}
	}
}

// TestStrokeArea checks a right-angled, mitred corner covers exactly its
// area: two arms of length 10 and width 2 with square ends, no overlap.
func TestStrokeArea(t *testing.T) {
	_, a := stroked([]Point{{0, 0}, {10, 0}, {10, 10}}, 2, false, JoinMiter)
	// The L's outline: from (-1, -1) to (11, -1) to (11, 11) to (9, 11)
	// to (9, 1) to (-1, 1): 12×2 + 2×10.
	if want := 12.0*2 + 2*10; math.Abs(a-want) > 1e-9 {
		t.Errorf("area of a mitred L = %v, want %v", a, want)
	}
	_, b := stroked([]Point{{0, 0}, {10, 0}, {10, 10}}, 2, false, JoinBevel)
	if want := 12.0*2 + 2*10 - 0.5; math.Abs(b-want) > 1e-9 {
		t.Errorf("area of a bevelled L = %v, want %v (the corner's half square cut)", b, want)
	}
}

// TestDiscPixelsAreSampled: every texel of the atlas's discs is its
// coverage sampled 4×4 times (discCoverage), as it was before discPixels
// skipped the texels inside and outside the edge (a fifth of the time,
// which the browser spends at start).
func TestDiscPixelsAreSampled(t *testing.T) {
	pix := discPixels()
	for _, d := range atlasLayout.levels {
		x0, y0 := int(d.cx-d.r)-1, int(d.cy-d.r)-1
		for y := y0; y < y0+int(2*d.r)+2; y++ {
			for x := x0; x < x0+int(2*d.r)+2; x++ {
				if got, want := pix[4*(y*atlasLayout.w+x)+3], discCoverage(d, x, y); got != want {
					t.Fatalf("disc of radius %v, texel (%d, %d): alpha %d, want %d", d.r, x, y, got, want)
				}
			}
		}
	}
}
