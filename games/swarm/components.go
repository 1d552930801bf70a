package main

// Position is where a fish or the predator is, in field units: x to the
// right, y down, inside FieldW × FieldH.
type Position struct{ X, Y float64 }

// Pose returns where the fish or the predator is drawn, in logical
// pixels, unturned: it makes Position a render.IPose, so that the
// diagnostics inspector (modules/diag) picks a fish under the mouse.
func (p Position) Pose() (x, y, rotation float64) {
	return p.X * PixelsPerUnit, p.Y * PixelsPerUnit, 0
}

// Velocity is how fast a fish or the predator swims, in field units per
// second. A fish starts with (speed, 0), speed in [MinSpeed, MaxSpeed];
// only flocking turns it.
type Velocity struct{ X, Y float64 }

// Colour is a fish's colour, each channel in [0, 1]; the colour rule adds
// dt to each every tick and wraps it to 0 above 1.
type Colour struct{ R, G, B float32 }

// Avoid is a fish's avoidance state: Active while it has jumped away from
// the predator, by Jump (−DY up or +DY down), which it undoes when the
// predator has passed.
type Avoid struct {
	Active bool
	Jump   float64
}

// Fish marks a fish and holds its own random stream, which picks its new
// height when it wraps: each fish draws from its own stream, so systems
// that move fish can be split across workers and stay deterministic.
type Fish struct{ Rng Rng }

// Predator marks the predator, which swims right to left; its random
// stream picks its new height when it wraps.
type Predator struct{ Rng Rng }

// School is a fish's components, spawned as one bundle (glue.SpawnBundle):
// typed, unboxed, one batch per tick's spawns.
type School struct {
	Pos    Position
	Vel    Velocity
	Colour Colour
	Fish   Fish
	Avoid  Avoid
}
