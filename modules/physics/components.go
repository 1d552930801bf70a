package physics

import (
	"errors"
	"fmt"
	"math"

	"github.com/solarlune/resolv"
)

// Body is an entity's motion state: the position of its center and its
// velocity. Entities with a Body and no [Static] or [Bouncy] are moved by
// [MoveSystem]; [Bouncy] ones by [StepSystem].
type Body struct {
	Pos Vec // center, in logical pixels
	Vel Vec // pixels per second
}

// Position returns b.Pos. With [Body.SetPosition] and [Body.Velocity] it
// makes *Body an [IBody].
func (b *Body) Position() Vec { return b.Pos }

// SetPosition sets b.Pos.
func (b *Body) SetPosition(p Vec) { b.Pos = p }

// Velocity returns b.Vel.
func (b *Body) Velocity() Vec { return b.Vel }

// Pose returns the body's center and a rotation of 0 (bodies do not
// rotate): it makes Body and *Body a render.IPose, so a renderer draws a
// body where physics put it, and a transform.IPose, so
// transform.Follow[physics.Body] moves the body's children with it. It has
// a value receiver, unlike Body's other methods, so that a Body value
// (not only a pointer) has it.
func (b Body) Pose() (x, y, rotation float64) { return b.Pos.X, b.Pos.Y, 0 }

// Collider gives an entity with a [Body] a shape in the physics [Space].
// The shape is centered on Body.Pos. Its fields are read when the
// Collider is added (spawned or inserted); to change them, remove the
// Collider and insert a new one.
type Collider struct {
	// Shape is the collider's shape: [Circle], [Rect] or [Polygon]. The
	// zero Shape is invalid.
	Shape Shape
	// Sensor makes the collider report contacts without pushing or
	// bouncing anything: a goal line, a pick-up. The default (false) is
	// solid.
	Sensor bool
	// Layers are the collision layers the collider is on. The default
	// (0) is DefaultLayer. They are also the tags of its resolv shape.
	Layers Layers
	// Mask are the layers the collider collides with. The default (0) is
	// AllLayers. Two colliders collide — are tested against each other,
	// touch, push, bounce and report contacts — only if each one's Layers
	// meet the other's Mask; other pairs are never tested.
	Mask Layers
}

// Layers is a set of collision layers, one bit per layer, up to 64:
// resolv's Tags. Declare a game's layers as bits:
//
//	const (
//		Solid physics.Layers = 1 << iota
//		Ghost
//		Pickup
//	)
type Layers = resolv.Tags

const (
	// DefaultLayer is the layer of a Collider whose Layers are 0.
	DefaultLayer Layers = 1
	// AllLayers is every layer: the Mask of a Collider whose Mask is 0.
	AllLayers Layers = ^Layers(0)
)

// layers returns the collider's layers and mask with defaults applied.
func (c Collider) layers() (Layers, Layers) {
	l, m := c.Layers, c.Mask
	if l == 0 {
		l = DefaultLayer
	}
	if m == 0 {
		m = AllLayers
	}
	return l, m
}

// Static marks a collider that never moves: walls, bricks. Its Body is
// read once, when its Collider is added; changing Body.Pos later does not
// move its shape. Static entities cost nothing per tick. Remove Static to
// make a collider kinematic again. A body that is Static and also
// [Bouncy] or a [Character] would be moved all the same: natively that
// fails the tick, naming the entity.
type Static struct{}

// Bouncy marks a body that [StepSystem] moves with collision response: it
// is pushed out of solid colliders and its velocity is reflected about the
// contact normal. Bouncy bodies pass through each other. A Bouncy body
// needs a [Collider] to collide; without one it just moves.
type Bouncy struct{}

// Bounds is an axis-aligned rectangle in world coordinates.
type Bounds struct {
	Min, Max Vec
}

// Empty reports whether b has no area.
func (b Bounds) Empty() bool { return !(b.Max.X > b.Min.X && b.Max.Y > b.Min.Y) }

// Overlaps reports whether b and o overlap with positive area; rectangles
// that only touch do not overlap.
func (b Bounds) Overlaps(o Bounds) bool {
	return b.Min.X < o.Max.X && o.Min.X < b.Max.X && b.Min.Y < o.Max.Y && o.Min.Y < b.Max.Y
}

// union returns the smallest Bounds containing b and o; an empty b is
// ignored.
func (b Bounds) union(o Bounds) Bounds {
	if b.Empty() {
		return o
	}
	return Bounds{
		Min: Vec{min(b.Min.X, o.Min.X), min(b.Min.Y, o.Min.Y)},
		Max: Vec{max(b.Max.X, o.Max.X), max(b.Max.Y, o.Max.Y)},
	}
}

func (b Bounds) contains(o Bounds) bool {
	return o.Min.X >= b.Min.X && o.Min.Y >= b.Min.Y && o.Max.X <= b.Max.X && o.Max.Y <= b.Max.Y
}

type shapeKind uint8

const (
	noShape shapeKind = iota
	circleShape
	rectShape
	polygonShape
)

// Shape is a collider's geometry, relative to its body's position. Make
// one with [Circle], [Rect] or [Polygon].
type Shape struct {
	kind   shapeKind
	radius float64
	size   Vec
	points []Vec
}

// Circle returns a circle of the given radius centered on the body.
func Circle(radius float64) Shape { return Shape{kind: circleShape, radius: radius} }

// Rect returns an axis-aligned w × h rectangle centered on the body.
func Rect(w, h float64) Shape { return Shape{kind: rectShape, size: Vec{w, h}} }

// Polygon returns a convex polygon with the given vertices, relative to
// the body's position, in order around the polygon (either direction).
// Use it for slanted surfaces.
func Polygon(points ...Vec) Shape {
	return Shape{kind: polygonShape, points: append([]Vec(nil), points...)}
}

// Box returns the rectangle from lo to hi, relative to the body's
// position: a [Rect] when the body is at its centre, else a [Polygon] of
// its four corners — a hitbox off the body's centre, such as an Aseprite
// slice's (render.SliceKey.Rect).
func Box(lo, hi Vec) Shape {
	if lo.X+hi.X == 0 && lo.Y+hi.Y == 0 {
		return Rect(hi.X-lo.X, hi.Y-lo.Y)
	}
	return Polygon(lo, Vec{X: hi.X, Y: lo.Y}, hi, Vec{X: lo.X, Y: hi.Y})
}

// Points returns a copy of a [Polygon]'s vertices, relative to the
// body's position; nil for other shapes.
func (s Shape) Points() []Vec {
	if s.kind != polygonShape {
		return nil
	}
	return append([]Vec(nil), s.points...)
}

// IsCircle reports whether s is a [Circle].
func (s Shape) IsCircle() bool { return s.kind == circleShape }

// Radius returns the radius of a [Circle], or 0.
func (s Shape) Radius() float64 {
	if s.kind != circleShape {
		return 0
	}
	return s.radius
}

// Bounds returns the shape's bounding box relative to the body's position.
func (s Shape) Bounds() Bounds {
	switch s.kind {
	case circleShape:
		return Bounds{Vec{-s.radius, -s.radius}, Vec{s.radius, s.radius}}
	case rectShape:
		h := s.size.Scale(0.5)
		return Bounds{Vec{-h.X, -h.Y}, h}
	case polygonShape:
		if len(s.points) == 0 {
			return Bounds{}
		}
		b := Bounds{s.points[0], s.points[0]}
		for _, p := range s.points[1:] {
			b.Min = Vec{min(b.Min.X, p.X), min(b.Min.Y, p.Y)}
			b.Max = Vec{max(b.Max.X, p.X), max(b.Max.Y, p.Y)}
		}
		return b
	}
	return Bounds{}
}

// String describes the shape, e.g. "Circle(3)" or "Rect(20x10)".
func (s Shape) String() string {
	switch s.kind {
	case circleShape:
		return fmt.Sprintf("Circle(%g)", s.radius)
	case rectShape:
		return fmt.Sprintf("Rect(%gx%g)", s.size.X, s.size.Y)
	case polygonShape:
		return fmt.Sprintf("Polygon(%v)", s.points)
	}
	return "Shape{}"
}

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// validate reports what is wrong with s, if anything.
func (s Shape) validate() error {
	switch s.kind {
	case circleShape:
		if !(s.radius > 0) || !finite(s.radius) {
			return fmt.Errorf("circle radius must be positive and finite, got %g", s.radius)
		}
	case rectShape:
		if !(s.size.X > 0 && s.size.Y > 0) || !finite(s.size.X, s.size.Y) {
			return fmt.Errorf("rectangle size must be positive and finite, got %gx%g", s.size.X, s.size.Y)
		}
	case polygonShape:
		if len(s.points) < 3 {
			return fmt.Errorf("polygon needs at least 3 points, got %d", len(s.points))
		}
		sign := 0.0
		n := len(s.points)
		for i, p := range s.points {
			if !finite(p.X, p.Y) {
				return fmt.Errorf("polygon point %d is not finite: %v", i, p)
			}
			a, b := s.points[(i+1)%n].Sub(p), s.points[(i+2)%n].Sub(s.points[(i+1)%n])
			cross := a.X*b.Y - a.Y*b.X
			if cross == 0 {
				continue
			}
			if sign == 0 {
				sign = cross
			} else if sign*cross < 0 {
				return fmt.Errorf("polygon %v is not convex", s.points)
			}
		}
		if sign == 0 || polygonArea(s.points) == 0 {
			return fmt.Errorf("polygon %v has no area", s.points)
		}
	default:
		return errors.New("collider has no shape; use physics.Circle, physics.Rect or physics.Polygon")
	}
	return nil
}

// polygonArea returns the signed area of a polygon: positive when its
// points go clockwise on screen (y down).
func polygonArea(ps []Vec) float64 {
	a := 0.0
	for i, p := range ps {
		q := ps[(i+1)%len(ps)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}
