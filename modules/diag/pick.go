package diag

import (
	"math"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// PickRadius is how close, in logical screen pixels, a click must come
// to the pose of an entity drawn by a game's own system (one that render
// cannot describe) to pick it.
const PickRadius = 8

// shape is where an entity is drawn: a polygon (a quad for boxes,
// sprites and texts) or a circle, in world coordinates, or in logical
// screen coordinates for items on render.LayerUI and above.
type shape struct {
	pts       [][2]float64
	circle    bool
	cx, cy, r float64
	ui        bool
	layer, z  int
	area      float64
	poseOnly  bool // the entity's pose, with PickRadius
	entity    glue.Entity
}

// contains reports whether the point is inside the shape.
func (s *shape) contains(x, y float64) bool {
	if s.circle {
		return math.Hypot(x-s.cx, y-s.cy) <= s.r
	}
	in := false
	n := len(s.pts)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := s.pts[i], s.pts[j]
		if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

// above reports whether s is drawn over t: a higher layer, then a
// higher Z; among equals the smaller one wins, so that a small item on a
// large one can be picked.
func (s *shape) above(t *shape) bool {
	if s.poseOnly != t.poseOnly {
		return !s.poseOnly
	}
	if s.layer != t.layer {
		return s.layer > t.layer
	}
	if s.z != t.z {
		return s.z > t.z
	}
	return s.area < t.area
}

// atSystems maps the component types that render draws at a pose
// (render.DrawBoxAt[T, P] and the other …At systems of the app's draw
// stages) to the names of their pose types, read from the systems'
// names, which glue builds from their type arguments.
func atSystems(app *glue.App) map[string]string {
	at := map[string]string{}
	for _, st := range app.Timings(nil) {
		if !st.Draw {
			continue
		}
		for _, s := range st.Systems {
			name := s.Name
			open := strings.IndexByte(name, '[')
			if open < 0 || !strings.HasPrefix(name, "render.Draw") || !strings.HasSuffix(name[:open], "At") || !strings.HasSuffix(name, "]") {
				continue
			}
			args := splitArgs(name[open+1 : len(name)-1])
			var own string // the ready-made component of render, left out of the name
			switch name[:open] {
			case "render.DrawBoxAt":
				own = "render.Box"
			case "render.DrawCircleAt":
				own = "render.Disc"
			case "render.DrawSpriteAt":
				own = "render.Sprite"
			case "render.DrawPolygonAt":
				own = "render.Shape"
			}
			switch len(args) {
			case 2:
				at[args[0]] = args[1]
			case 1:
				if own != "" {
					at[own] = args[0]
				}
			}
		}
	}
	return at
}

// splitArgs splits a list of type arguments at its top-level commas.
func splitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s) != "" {
		out = append(out, strings.TrimSpace(s[start:]))
	}
	return out
}

// pose is an entity's pose component.
type pose struct {
	name    string
	x, y, r float64
}

// shapesOf appends the shapes an entity is drawn as to dst: its
// components that render's interfaces describe (render.IBox, ICircle,
// ISprite, IPolygon, IText), at the pose of its pose component when the
// app draws them with a …At system, else where they say; an entity with
// a pose (render.IPose) and none of those gets a circle of PickRadius
// (in world units: divided by the camera's zoom) around its pose.
func shapesOf(app *glue.App, e glue.Entity, at map[string]string, zoom float64, dst []shape) []shape {
	types := app.ComponentTypes(e)
	vals := make([]any, len(types))
	var poses []pose
	for i, t := range types {
		vals[i], _ = app.Component(e, t)
		if p, ok := vals[i].(render.IPose); ok {
			x, y, r := p.Pose()
			poses = append(poses, pose{t.Name(), x, y, r})
		}
	}
	n := len(dst)
	for i, t := range types {
		v := vals[i]
		var p *pose
		if pn, ok := at[t.Name()]; ok {
			for k := range poses {
				if poses[k].name == pn {
					p = &poses[k]
				}
			}
		}
		s := shape{entity: e}
		if l, ok := v.(render.IDrawLayer); ok {
			s.layer = l.DrawLayer()
		}
		if l, ok := v.(render.ILayer); ok {
			s.z = l.Z()
		}
		switch c := v.(type) {
		case render.IBox:
			x, y, w, h := c.Rect()
			s.pts = [][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
			s.area = math.Abs(w * h)
		case render.ICircle:
			x, y, r := c.Circle()
			s.circle, s.cx, s.cy, s.r, s.area = true, x, y, r, math.Pi*r*r
		case render.ISprite:
			sp := c.Sprite()
			s.layer, s.z = sp.Layer, sp.Z
			if p != nil {
				sin, cos := math.Sincos(p.r)
				sp.X, sp.Y = p.x+cos*sp.X-sin*sp.Y, p.y+sin*sp.X+cos*sp.Y
				sp.Rotation += p.r
				p = nil // placed
			}
			s.pts, s.area = spriteQuad(sp)
		case render.IPolygon:
			for _, q := range c.Polygon() {
				s.pts = append(s.pts, [2]float64{q.X, q.Y})
			}
			s.area = polygonArea(s.pts)
			if p == nil && len(poses) > 0 {
				p = &poses[0] // polygons are only drawn at a pose
			}
		case render.IText:
			w, h := render.MeasureText(c.Text(), c.TextStyle())
			x, y := c.TextPos()
			st := c.TextStyle()
			x -= alignOffset(st.Align, w)
			y -= alignOffset(st.VAlign, h)
			s.pts = [][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
			s.area = w * h
		default:
			continue
		}
		s.ui = s.layer >= render.LayerUI
		if p != nil {
			s.place(p)
		}
		dst = append(dst, s)
	}
	if len(dst) == n && len(poses) > 0 {
		r := PickRadius / max(zoom, 1e-9)
		p := poses[0]
		dst = append(dst, shape{entity: e, circle: true, cx: p.x, cy: p.y, r: r, area: math.Pi * r * r, poseOnly: true})
	}
	return dst
}

// place moves a shape given relative to a pose into the world.
func (s *shape) place(p *pose) {
	sin, cos := math.Sincos(p.r)
	tr := func(x, y float64) (float64, float64) { return p.x + cos*x - sin*y, p.y + sin*x + cos*y }
	if s.circle {
		s.cx, s.cy = tr(s.cx, s.cy)
		return
	}
	for i, q := range s.pts {
		s.pts[i][0], s.pts[i][1] = tr(q[0], q[1])
	}
}

// spriteQuad returns the corners of a sprite as render.DrawList.AddSprite
// places them, and its area.
func spriteQuad(s render.Sprite) ([][2]float64, float64) {
	iw, ih := s.Image.Size()
	sx, sy := s.ScaleX, s.ScaleY
	if sx == 0 {
		sx = 1
	}
	if sy == 0 {
		sy = 1
	}
	w, h := float64(iw)*sx, float64(ih)*sy
	x0, y0 := -s.OriginX*w, -s.OriginY*h
	x1, y1 := x0+w, y0+h
	sin, cos := math.Sincos(s.Rotation)
	c := func(lx, ly float64) [2]float64 { return [2]float64{s.X + cos*lx - sin*ly, s.Y + sin*lx + cos*ly} }
	return [][2]float64{c(x0, y0), c(x1, y0), c(x1, y1), c(x0, y1)}, math.Abs(w * h)
}

func polygonArea(pts [][2]float64) float64 {
	a := 0.0
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return math.Abs(a) / 2
}

func alignOffset(a render.Align, n float64) float64 {
	switch a {
	case render.AlignCenter:
		return n / 2
	case render.AlignEnd:
		return n
	}
	return 0
}

// Pick returns the entity drawn at the point (x, y) of the logical
// screen — a cursor position converted with render.Viewport.ToLogical —
// and false if there is none. It tests what render draws: every entity's
// components that render's interfaces describe (boxes, circles, sprites,
// polygons and texts), placed at the entity's pose (render.IPose: a
// physics.Body, a transform.GlobalTransform) when the app draws them with
// render's …At systems, seen through the app's render.Camera for items
// below render.LayerUI; and, for an entity drawn by a game's own system,
// a circle of PickRadius around its pose. Of several, it returns the one
// drawn on top (layer, then Z), the smaller if equal.
//
// Pick reads every entity with reflection: call it on a click, not every
// frame.
func Pick(app *glue.App, x, y float64) (glue.Entity, bool) {
	s, ok := pick(app, x, y)
	return s.entity, ok
}

func pick(app *glue.App, x, y float64) (shape, bool) {
	cam := glue.Resource[render.Camera](app)
	wx, wy, zoom := x, y, 1.0
	if cam != nil {
		wx, wy = cam.ScreenToWorld(x, y)
		if cam.Zoom != 0 {
			zoom = cam.Zoom
		}
	}
	at := atSystems(app)
	var best shape
	found := false
	var buf []shape
	for _, e := range app.Entities(nil) {
		buf = shapesOf(app, e, at, zoom, buf[:0])
		for i := range buf {
			s := &buf[i]
			px, py := wx, wy
			if s.ui {
				px, py = x, y
			}
			if s.contains(px, py) && (!found || s.above(&best)) {
				best, found = *s, true
			}
		}
	}
	return best, found
}

// outline returns the shape's outline in logical screen coordinates, as
// a polygon (a circle as 16 points).
func (s *shape) outline(cam *render.Camera) []render.Point {
	var pts [][2]float64
	if s.circle {
		for k := range 16 {
			a := float64(k) * 2 * math.Pi / 16
			pts = append(pts, [2]float64{s.cx + s.r*math.Cos(a), s.cy + s.r*math.Sin(a)})
		}
	} else {
		pts = s.pts
	}
	out := make([]render.Point, len(pts))
	for i, p := range pts {
		x, y := p[0], p[1]
		if !s.ui && cam != nil {
			x, y = cam.WorldToScreen(x, y)
		}
		out[i] = render.Point{X: x, Y: y}
	}
	return out
}
