package render

import (
	"image/color"
	"math"

	"github.com/gluekit/glue"
)

// Point is a point in world (or, on UI layers, screen) coordinates.
type Point struct {
	X, Y float64
}

// AddLine adds a line segment from (x0, y0) to (x1, y1), width wide,
// with square ends, at Z z on the current layer.
func (d *DrawList) AddLine(x0, y0, x1, y1, width float64, c color.RGBA, z int) {
	d.addSegment(x0, y0, x1, y1, width, 0, c, d.layer, z)
}

// addSegment adds a segment as a quad, extended by ext at both ends.
func (d *DrawList) addSegment(x0, y0, x1, y1, width, ext float64, c color.RGBA, layer int32, z int) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 || width <= 0 {
		return
	}
	ux, uy := dx/l, dy/l // along
	nx, ny := -uy*width/2, ux*width/2
	x0, y0 = x0-ux*ext, y0-uy*ext
	x1, y1 = x1+ux*ext, y1+uy*ext
	it := d.whiteQuad(c, layer, z)
	it.x = [4]float32{float32(x0 + nx), float32(x1 + nx), float32(x0 - nx), float32(x1 - nx)}
	it.y = [4]float32{float32(y0 + ny), float32(y1 + ny), float32(y0 - ny), float32(y1 - ny)}
}

// AddPolyline adds the line through pts, width wide; closed joins the
// last point to the first. Segments overlap by half the width at the
// joints, which fills the joints of gentle turns.
func (d *DrawList) AddPolyline(pts []Point, width float64, closed bool, c color.RGBA, z int) {
	n := len(pts)
	if n < 2 {
		return
	}
	segs := n - 1
	if closed && n > 2 {
		segs = n
	}
	for i := range segs {
		a, b := pts[i], pts[(i+1)%n]
		d.addSegment(a.X, a.Y, b.X, b.Y, width, width/2, c, d.layer, z)
	}
}

// AddRotatedRect adds a filled w×h rectangle centred on (cx, cy), turned
// clockwise by rotation radians, at Z z on the current layer.
func (d *DrawList) AddRotatedRect(cx, cy, w, h, rotation float64, c color.RGBA, z int) {
	sin, cos := math.Sincos(rotation)
	it := d.whiteQuad(c, d.layer, z)
	for k, p := range [4][2]float64{{-w / 2, -h / 2}, {w / 2, -h / 2}, {-w / 2, h / 2}, {w / 2, h / 2}} {
		it.x[k] = float32(cx + cos*p[0] - sin*p[1])
		it.y[k] = float32(cy + sin*p[0] + cos*p[1])
	}
}

// AddPolygon adds the filled polygon with corners pts (a simple polygon,
// convex or not, in either winding), at Z z on the current layer. It is
// cut into triangles; a self-intersecting polygon is filled as a fan
// from its first corner.
func (d *DrawList) AddPolygon(pts []Point, c color.RGBA, z int) {
	d.addPolygon(pts, Point{}, 0, 1, c, d.layer, z)
}

// addPolygon adds pts turned by (sin, cos) and moved by at.
func (d *DrawList) addPolygon(pts []Point, at Point, sin, cos float64, c color.RGBA, layer int32, z int) {
	n := len(pts)
	if n < 3 {
		return
	}
	tri := d.triangulate(pts)
	for i := 0; i+2 < len(tri); i += 3 {
		it := d.whiteQuad(c, layer, z)
		for k := range 4 {
			p := pts[tri[i+min(k, 2)]]
			it.x[k] = float32(at.X + cos*p.X - sin*p.Y)
			it.y[k] = float32(at.Y + sin*p.X + cos*p.Y)
		}
	}
}

// triangulate cuts a simple polygon into triangles by ear clipping and
// returns their corners' indices, three per triangle, in d's scratch.
func (d *DrawList) triangulate(pts []Point) []int {
	n := len(pts)
	area := 0.0
	for i := range n {
		a, b := pts[i], pts[(i+1)%n]
		area += a.X*b.Y - b.X*a.Y
	}
	// idx holds the remaining corners in counter-clockwise (in y-down
	// coordinates: positive area) order; out the triangles.
	buf := d.tri[:0]
	for i := range n {
		if area >= 0 {
			buf = append(buf, i)
		} else {
			buf = append(buf, n-1-i)
		}
	}
	idx := buf[:n]
	m := n
	for m > 3 {
		found := false
		for i := range m {
			a, b, cc := idx[(i+m-1)%m], idx[i], idx[(i+1)%m]
			if !isEar(pts, idx[:m], a, b, cc) {
				continue
			}
			buf = append(buf, a, b, cc)
			copy(idx[i:], idx[i+1:m])
			m--
			found = true
			break
		}
		if !found { // not simple: fan out the rest
			for i := 1; i+1 < m; i++ {
				buf = append(buf, idx[0], idx[i], idx[i+1])
			}
			m = 0
			break
		}
	}
	if m == 3 {
		buf = append(buf, idx[0], idx[1], idx[2])
	}
	d.tri = buf
	return buf[n:]
}

func cross(o, a, b Point) float64 {
	return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X)
}

// isEar reports whether corner b, between a and c, is convex and its
// triangle holds no other remaining corner.
func isEar(pts []Point, idx []int, a, b, c int) bool {
	pa, pb, pc := pts[a], pts[b], pts[c]
	if cross(pa, pb, pc) <= 0 {
		return false
	}
	for _, j := range idx {
		if j == a || j == b || j == c {
			continue
		}
		p := pts[j]
		if cross(pa, pb, p) >= 0 && cross(pb, pc, p) >= 0 && cross(pc, pa, p) >= 0 {
			return false
		}
	}
	return true
}

// IPolygon is a polygon in local coordinates, drawn by [DrawPolygonAt]
// at an entity's pose: Polygon returns its corners (kept in the
// component, not built per call, so that drawing allocates nothing),
// Fill its fill colour (zero for none), and Stroke its outline's colour
// and width (zero width for none).
type IPolygon interface {
	ILayer
	Polygon() []Point
	Fill() color.RGBA
	Stroke() (c color.RGBA, width float64)
}

// DrawPolygonAt returns a system that draws the polygon of every entity
// with a T and a P component, turned and moved to the entity's pose:
// the vector art of an Asteroids ship. It draws on layer 0, or T's
// [IDrawLayer] if it has one. Its name is
// "render.DrawPolygonAt[T, P]".
//
//go:noinline
func DrawPolygonAt[T IPolygon, P IPose]() *glue.System {
	// Not inlined, as DrawBox.
	layered := isLayered[T]()
	return glue.Each2P(func(_ glue.Entity, t *T, p *P, list glue.ResMut[DrawList]) {
		d := list.Get()
		layer := layerOf(t, layered)
		x, y, r := (*p).Pose()
		sin, cos := math.Sincos(r)
		pts, z := (*t).Polygon(), (*t).Z()
		if f := (*t).Fill(); f != (color.RGBA{}) {
			d.addPolygon(pts, Point{x, y}, sin, cos, f, layer, z)
		}
		if c, w := (*t).Stroke(); w > 0 && len(pts) > 1 {
			n := len(pts)
			for i := range n {
				a, b := pts[i], pts[(i+1)%n]
				d.addSegment(x+cos*a.X-sin*a.Y, y+sin*a.X+cos*a.Y, x+cos*b.X-sin*b.Y, y+sin*b.X+cos*b.Y, w, w/2, c, layer, z)
			}
		}
	}).ReadOnly(glue.TypeOf[T](), glue.TypeOf[P]())
}

// Shape is a ready-made polygon component in local coordinates; it
// implements [IPolygon]. Draw it at a pose with [DrawPolygonAt].
type Shape struct {
	Points      []Point
	FillColor   color.RGBA
	StrokeColor color.RGBA
	StrokeWidth float64
	Layer       int // the Z
}

// Polygon returns s.Points.
func (s Shape) Polygon() []Point { return s.Points }

// Fill returns s.FillColor.
func (s Shape) Fill() color.RGBA { return s.FillColor }

// Stroke returns s.StrokeColor and s.StrokeWidth.
func (s Shape) Stroke() (color.RGBA, float64) { return s.StrokeColor, s.StrokeWidth }

// Z returns s.Layer.
func (s Shape) Z() int { return s.Layer }
