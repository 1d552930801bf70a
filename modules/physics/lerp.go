package physics

import "math"

// LerpBodies returns a blend of two states of a body for a networked
// game's smoothing (net.Interpolate, net.Predict's correction): the body
// to, at the position t of the way from from's position to its own. A
// body whose two positions are more than teleport apart (|dx| + |dy|, in
// pixels) jumped — a ball served again, a character respawned — and is
// not shown sliding across the world: the blend is from until t reaches
// 1, then to. Choose teleport above what a body moves between two states
// the server sends.
func LerpBodies(teleport float64) func(from, to Body, t float64) Body {
	return func(from, to Body, t float64) Body {
		d := to.Pos.Sub(from.Pos)
		if math.Abs(d.X)+math.Abs(d.Y) > teleport {
			if t < 1 {
				return from
			}
			return to
		}
		to.Pos = from.Pos.Add(d.Scale(t))
		return to
	}
}
