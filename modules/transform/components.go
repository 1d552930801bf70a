package transform

import (
	"math"

	"github.com/gluekit/glue"
)

// Transform is an entity's local pose: its position, rotation and scale
// relative to its parent ([ChildOf]), or to the world for an entity
// without a parent. The [Plugin] computes the entity's [GlobalTransform]
// from it every tick.
//
// Scale multiplies the entity's own axes before rotation; rotation is in
// radians, clockwise on screen (y grows downwards), as Ebitengine's
// GeoM.Rotate. The zero value has scale 0, which collapses the entity
// and its children to a point: make one with [At].
type Transform struct {
	// X and Y are the position, in logical pixels.
	X, Y float64
	// Rotation is the rotation in radians.
	Rotation float64
	// ScaleX and ScaleY scale the entity's axes; 1 is the natural size.
	ScaleX, ScaleY float64
}

// At returns a Transform at (x, y) with no rotation and a scale of 1.
func At(x, y float64) Transform { return Transform{X: x, Y: y, ScaleX: 1, ScaleY: 1} }

// Affine returns the transform as an affine map: scale, then rotate,
// then translate.
func (t Transform) Affine() Affine {
	sin, cos := math.Sincos(t.Rotation)
	return Affine{A: cos * t.ScaleX, B: sin * t.ScaleX, C: -sin * t.ScaleY, D: cos * t.ScaleY, TX: t.X, TY: t.Y}
}

// Affine is a 2D affine map: a point (x, y) goes to
// (A*x + C*y + TX, B*x + D*y + TY). It is the matrix
//
//	| A C TX |
//	| B D TY |
//
// in the layout of Ebitengine's GeoM (a, c, tx / b, d, ty).
type Affine struct {
	A, B, C, D, TX, TY float64
}

// Identity is the affine map that changes nothing.
var Identity = Affine{A: 1, D: 1}

// Then returns the map that applies m and then n: for a child's local
// map m and its parent's world map n, the child's world map.
func (m Affine) Then(n Affine) Affine {
	return Affine{
		A:  n.A*m.A + n.C*m.B,
		B:  n.B*m.A + n.D*m.B,
		C:  n.A*m.C + n.C*m.D,
		D:  n.B*m.C + n.D*m.D,
		TX: n.A*m.TX + n.C*m.TY + n.TX,
		TY: n.B*m.TX + n.D*m.TY + n.TY,
	}
}

// Apply maps the point (x, y).
func (m Affine) Apply(x, y float64) (float64, float64) {
	return m.A*x + m.C*y + m.TX, m.B*x + m.D*y + m.TY
}

// GlobalTransform is an entity's pose in the world, computed by the
// [Plugin] from its [Transform] and its ancestors' once per tick (see the
// package documentation for when). Systems read it; writing it is
// pointless, the next propagation overwrites it. The plugin inserts it
// into every entity with a Transform that lacks one, so spawning with a
// Transform is enough; spawning with GlobalTransform{} too saves that
// insert and gives the entity its world pose in the tick it is spawned.
type GlobalTransform struct {
	m Affine
	// stamp is the propagation run in which m was computed.
	stamp uint64
}

// Pose returns the world position and rotation: the entity's origin
// and the angle of its x axis, in radians. It makes GlobalTransform (and
// *GlobalTransform) a render.IPose.
func (g GlobalTransform) Pose() (x, y, rotation float64) {
	return g.m.TX, g.m.TY, math.Atan2(g.m.B, g.m.A)
}

// Position returns the world position of the entity's origin.
func (g GlobalTransform) Position() (x, y float64) { return g.m.TX, g.m.TY }

// Scale returns the lengths of the entity's world axes: its scale times
// its ancestors', for uniformly scaled ancestors.
func (g GlobalTransform) Scale() (x, y float64) {
	return math.Hypot(g.m.A, g.m.B), math.Hypot(g.m.C, g.m.D)
}

// Affine returns the world map: local coordinates of the entity to world
// coordinates.
func (g GlobalTransform) Affine() Affine { return g.m }

// ChildOf links an entity to its parent. The child's [Transform] is
// relative to the parent's [GlobalTransform]; when the parent is
// despawned (or loses its Transform), the child is despawned too, and so
// on down the tree — see the package documentation for when.
//
// A parent must exist when the link is made, so link entities known at
// the time: a system that finds both (a query, an entity stored in a
// component) inserts the link, cmds.Insert(child, transform.ChildOf{Parent:
// parent}), or spawns the child with it. Removing ChildOf makes the
// entity a root again, at its local pose.
type ChildOf struct {
	Parent glue.Entity
}

// IPose is a component that has a world pose, as render.IPose: a
// [GlobalTransform], a physics.Body. [Follow] copies one into a
// Transform.
type IPose interface {
	// Pose returns the position and rotation, in logical pixels and
	// radians.
	Pose() (x, y, rotation float64)
}
