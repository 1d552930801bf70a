package physics

import "math"

// Vec is a 2D vector in logical pixels (positions) or pixels per second
// (velocities). The y axis points down, as on screen.
type Vec struct{ X, Y float64 }

// Add returns v + w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v - w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns v * k.
func (v Vec) Scale(k float64) Vec { return Vec{v.X * k, v.Y * k} }

// Dot returns the dot product v · w.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Len returns the length of v.
func (v Vec) Len() float64 { return math.Hypot(v.X, v.Y) }

// Unit returns v scaled to length 1, or the zero vector if v is zero.
func (v Vec) Unit() Vec {
	l := v.Len()
	if l == 0 {
		return Vec{}
	}
	return Vec{v.X / l, v.Y / l}
}

// Reflect returns v reflected about the surface normal n:
// v' = v - 2(v·n)n. n is normalised first; a zero n returns v unchanged.
// Reflection keeps the speed: |v'| == |v| up to rounding.
func Reflect(v, n Vec) Vec {
	n = n.Unit()
	return v.Sub(n.Scale(2 * v.Dot(n)))
}

// Bounce returns v reflected about the surface normal n if v moves into
// the surface (v·n < 0), and reports whether it did; a v that already
// moves away from the surface is returned unchanged. Applying Bounce for
// every contact of a tick reflects at most once per surface direction,
// which is what keeps a ball that touches two bricks from being turned
// back into them.
func Bounce(v, n Vec) (Vec, bool) {
	if v.Dot(n) >= 0 {
		return v, false
	}
	return Reflect(v, n), true
}
