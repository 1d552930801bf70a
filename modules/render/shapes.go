package render

import (
	"image/color"
	"math"
	"reflect"

	"github.com/gluekit/glue"
)

// Point is a point in world (or, on UI layers, screen) coordinates.
type Point struct {
	X, Y float64
}

// AddLine adds a line segment from (x0, y0) to (x1, y1), width wide,
// with flat ends through its two points (it does not reach past them,
// unlike the ends of [DrawList.AddPolyline]), at Z z on the current
// layer.
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

// AddPolyline adds the line through pts, width wide, with mitred joins
// (see [DrawList.AddPolylineJoin]); closed joins the last point to the
// first.
func (d *DrawList) AddPolyline(pts []Point, width float64, closed bool, c color.RGBA, z int) {
	d.AddPolylineJoin(pts, width, closed, JoinMiter, c, z)
}

// AddPolylineJoin adds the line through pts, width wide, at Z z on the
// current layer; closed joins the last point to the first. Its segments
// meet by join, with no gap and, except on the inside of corners sharper
// than the segments are long, no overlap, so that a translucent line has
// one shade throughout. The ends of an open line are square: they reach
// width/2 past its first and last points. Repeated points are skipped.
func (d *DrawList) AddPolylineJoin(pts []Point, width float64, closed bool, join LineJoin, c color.RGBA, z int) {
	d.pts = append(d.pts[:0], pts...)
	d.stroke(width, closed, join, c, d.layer, z)
}

// LineJoin is how the segments of a polyline meet at a corner.
type LineJoin uint8

const (
	// JoinMiter extends the outer edges of both segments until they
	// meet, a sharp corner. A corner sharper than [MiterLimit] allows is
	// bevelled instead. It is the default.
	JoinMiter LineJoin = iota
	// JoinBevel cuts the corner: its outer edge is a straight line
	// between the two segments' outer corners.
	JoinBevel
	// JoinRound rounds the corner: its outer edge is an arc about the
	// point, width/2 in radius.
	JoinRound
)

// MiterLimit is the longest miter [JoinMiter] draws, as the ratio of the
// miter's length (from the corner's inner to its outer point) to the
// line's width, as in SVG's default stroke-miterlimit: corners sharper
// than about 29° are bevelled.
const MiterLimit = 4

// stroke adds the polyline through d.pts (which it may change).
func (d *DrawList) stroke(width float64, closed bool, join LineJoin, c color.RGBA, layer int32, z int) {
	if !(width > 0) {
		return
	}
	// Drop repeated points: a segment needs a direction.
	pts := d.pts[:0]
	for i, p := range d.pts {
		if i == 0 || p != pts[len(pts)-1] {
			pts = append(pts, p)
		}
	}
	if closed && len(pts) > 1 && pts[0] == pts[len(pts)-1] {
		pts = pts[:len(pts)-1]
	}
	n := len(pts)
	if n < 2 {
		return
	}
	if n == 2 {
		closed = false
	}
	st := stroker{d: d, pts: pts, hw: width / 2, join: join, c: c, layer: layer, z: z}
	segs := n - 1
	if closed {
		segs = n
	}
	// sp and sm are the corners of the current segment's quad at its
	// start, on the side of its normal (+) and opposite (-).
	var sp, sm Point
	if closed {
		j := st.corner(n-1, 0)
		sp, sm = j.sp, j.sm
	} else {
		sp, sm = st.end(0, 0, -1)
	}
	for i := range segs {
		var ep, em, nsp, nsm Point
		if !closed && i == segs-1 {
			ep, em = st.end(i, i+1, 1)
		} else {
			j := st.corner(i, (i+1)%n)
			st.fill(j)
			ep, em, nsp, nsm = j.ep, j.em, j.sp, j.sm
		}
		it := d.whiteQuad(c, layer, z)
		it.x = [4]float32{float32(sp.X), float32(ep.X), float32(sm.X), float32(em.X)}
		it.y = [4]float32{float32(sp.Y), float32(ep.Y), float32(sm.Y), float32(em.Y)}
		sp, sm = nsp, nsm
	}
}

// stroker is one polyline being stroked.
type stroker struct {
	d     *DrawList
	pts   []Point
	hw    float64 // half the width
	join  LineJoin
	c     color.RGBA
	layer int32
	z     int
}

// seg returns segment i's direction (a unit vector) and length.
func (s *stroker) seg(i int) (ux, uy, l float64) {
	n := len(s.pts)
	a, b := s.pts[i%n], s.pts[(i+1)%n]
	dx, dy := b.X-a.X, b.Y-a.Y
	l = math.Hypot(dx, dy)
	return dx / l, dy / l, l
}

// end returns the square end of segment i at its point k, reaching out
// by half the width in the direction dir (-1 before the start, 1 after
// the end): its corners on the + and - sides of the segment's normal.
func (s *stroker) end(i, k int, dir float64) (plus, minus Point) {
	ux, uy, _ := s.seg(i)
	p := s.pts[k]
	cx, cy := p.X+dir*ux*s.hw, p.Y+dir*uy*s.hw
	return Point{cx - uy*s.hw, cy + ux*s.hw}, Point{cx + uy*s.hw, cy - ux*s.hw}
}

// joint is where two segments meet: the corners where the first ends
// (ep, em) and the second starts (sp, sm), and, when those differ, the
// piece that fills the corner's outside: the polygon from inner along
// the outer edge from eo to so, about the point p.
type joint struct {
	ep, em, sp, sm Point
	piece          bool
	p, inner       Point
	eo, so         Point
	// bulge is the direction, from p, the middle of a round join's arc
	// faces: needed for a reversal, where eo and so are opposite.
	bulgeX, bulgeY float64
}

// corner computes the joint of segment prev and segment next, which
// starts at point k = prev's end.
func (s *stroker) corner(prev, next int) joint {
	hw := s.hw
	p := s.pts[next%len(s.pts)]
	ux1, uy1, l1 := s.seg(prev)
	ux2, uy2, l2 := s.seg(next)
	n1x, n1y := -uy1, ux1 // unit normals
	n2x, n2y := -uy2, ux2
	j := joint{
		ep: Point{p.X + n1x*hw, p.Y + n1y*hw}, em: Point{p.X - n1x*hw, p.Y - n1y*hw},
		sp: Point{p.X + n2x*hw, p.Y + n2y*hw}, sm: Point{p.X - n2x*hw, p.Y - n2y*hw},
		p: p, inner: p,
	}
	t := ux2*n1x + uy2*n1y // > 0: the line turns towards its + side
	dot := ux1*ux2 + uy1*uy2
	if math.Abs(t) < 1e-12 && dot > 0 {
		j.sp, j.sm = j.ep, j.em // straight on
		return j
	}
	j.piece = true
	// The outside of the corner is the side the line turns away from.
	j.eo, j.so = j.ep, j.sp
	if t > 0 {
		j.eo, j.so = j.em, j.sm
	}
	if 1+dot < 1e-12 {
		// A reversal: the piece is on the far side of p.
		j.bulgeX, j.bulgeY = ux1, uy1
		return j
	}
	// v goes from p to the point where the offset edges on the + side
	// meet; -v to where those on the - side meet.
	k := hw / (1 + n1x*n2x + n1y*n2y)
	vx, vy := (n1x+n2x)*k, (n1y+n2y)*k
	j.bulgeX, j.bulgeY = -vx, -vy
	if t < 0 {
		j.bulgeX, j.bulgeY = vx, vy
	}
	// The inner meeting point is on both segments only if neither is
	// shorter than its reach along them; otherwise the segments overlap
	// on the inside and the piece starts at p.
	if math.Abs(vx*ux1+vy*uy1) > l1 || math.Abs(vx*ux2+vy*uy2) > l2 {
		return j
	}
	plus, minus := Point{p.X + vx, p.Y + vy}, Point{p.X - vx, p.Y - vy}
	if s.join == JoinMiter && math.Hypot(vx, vy) <= MiterLimit*hw {
		j.ep, j.em, j.sp, j.sm = plus, minus, plus, minus
		j.piece = false
		return j
	}
	if t > 0 {
		j.ep, j.sp, j.inner = plus, plus, plus
	} else {
		j.em, j.sm, j.inner = minus, minus, minus
	}
	return j
}

// fill adds the piece of joint j: a triangle for a bevel (or a miter
// past the limit), a fan along the arc for a round join.
func (s *stroker) fill(j joint) {
	if !j.piece {
		return
	}
	if s.join != JoinRound {
		s.d.triangle(j.inner, j.eo, j.so, s.c, s.layer, s.z)
		return
	}
	// The arc about p from eo to so through the bulge, in steps that
	// stray at most a quarter of a pixel (at zoom 1) from the circle.
	a0 := math.Atan2(j.eo.Y-j.p.Y, j.eo.X-j.p.X)
	a1 := math.Atan2(j.so.Y-j.p.Y, j.so.X-j.p.X)
	da := math.Remainder(a1-a0, 2*math.Pi)
	if mid := a0 + da/2; math.Cos(mid)*j.bulgeX+math.Sin(mid)*j.bulgeY < 0 {
		da -= math.Copysign(2*math.Pi, da) // the other way round
	}
	step := math.Pi / 4
	if s.hw > 0.25 {
		step = min(step, max(2*math.Acos(1-0.25/s.hw), math.Pi/32))
	}
	k := max(1, int(math.Ceil(math.Abs(da)/step)))
	prev := j.eo
	for i := 1; i <= k; i++ {
		pt := j.so
		if i < k {
			a := a0 + da*float64(i)/float64(k)
			pt = Point{j.p.X + s.hw*math.Cos(a), j.p.Y + s.hw*math.Sin(a)}
		}
		s.d.triangle(j.inner, prev, pt, s.c, s.layer, s.z)
		prev = pt
	}
}

// triangle adds a filled triangle.
func (d *DrawList) triangle(a, b, cc Point, c color.RGBA, layer int32, z int) {
	it := d.whiteQuad(c, layer, z)
	it.x = [4]float32{float32(a.X), float32(b.X), float32(cc.X), float32(cc.X)}
	it.y = [4]float32{float32(a.Y), float32(b.Y), float32(cc.Y), float32(cc.Y)}
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
// the vector art of an Asteroids ship. The outline is a closed line with
// mitred joins (see [DrawList.AddPolylineJoin]). It draws on layer 0, or T's
// [IDrawLayer] if it has one. Its name is
// "render.DrawPolygonAt[T, P]".
func DrawPolygonAt[T IPolygon, P IPose]() *glue.System {
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
			d.pts = d.pts[:0]
			for _, a := range pts {
				d.pts = append(d.pts, Point{x + cos*a.X - sin*a.Y, y + sin*a.X + cos*a.Y})
			}
			d.stroke(w, true, JoinMiter, c, layer, z)
		}
	}).TypeArgs(reflect.TypeFor[T](), reflect.TypeFor[P]())
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
