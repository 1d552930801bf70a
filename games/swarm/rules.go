package main

import "math"

// The scene's constants: Völkers's field (§4), in units, and his
// avoidance distances.
const (
	// FieldW and FieldH are the field's size in units.
	FieldW, FieldH = 206.0, 110.0
	// MinSpeed and MaxSpeed bound a fish's speed, in units per second.
	MinSpeed, MaxSpeed = 2.0, 10.0
	// PredatorSpeed is the predator's speed, right to left.
	PredatorSpeed = 12.0
	// DX and DY are how near the predator must come, horizontally and
	// vertically, for a fish to jump DY away from it.
	DX, DY = 8.0, 5.0
)

// Flocking's constants.
const (
	// Radius is how far a fish sees its neighbours; it is also the
	// spatial grid's cell size.
	Radius = 4.0
	// SepDist is how near a neighbour must be to push a fish away.
	SepDist = 1.5
	// MaxNeighbours bounds the neighbours a fish considers, nearest cells
	// first, so a crowded cell costs no more than a busy one.
	MaxNeighbours = 24
	// EdgeMargin is the distance from the top and bottom at which a
	// flocking fish is pushed back into the field.
	EdgeMargin = 6.0

	wSeparation = 12.0
	wAlignment  = 1.5
	wCohesion   = 0.8
	wEdge       = 4.0
)

// Rng is a splitmix64 random stream: small, fast, and with no shared
// state, so that each fish has its own.
type Rng struct{ State uint64 }

// NewRng returns a stream seeded with seed.
func NewRng(seed uint64) Rng { return Rng{State: seed} }

// Uint64 returns the next number of the stream.
func (r *Rng) Uint64() uint64 {
	r.State += 0x9e3779b97f4a7c15
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Float64 returns a number in [0, 1).
func (r *Rng) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Range returns a number in [lo, hi).
func (r *Rng) Range(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }

// newFish returns a new fish's components, drawn from rng: at the left
// edge at a random height, swimming right at a random speed, in a random
// colour, with its own random stream.
func newFish(rng *Rng) (Position, Velocity, Colour, Fish) {
	p := Position{X: 0, Y: rng.Range(0, FieldH)}
	v := Velocity{X: rng.Range(MinSpeed, MaxSpeed)}
	c := Colour{R: float32(rng.Float64()), G: float32(rng.Float64()), B: float32(rng.Float64())}
	return p, v, c, Fish{Rng: NewRng(rng.Uint64())}
}

// newPredator returns the predator's components: at the right edge at a
// random height, swimming left.
func newPredator(rng *Rng) (Position, Velocity, Predator) {
	return Position{X: FieldW, Y: rng.Range(0, FieldH)}, Velocity{X: -PredatorSpeed}, Predator{Rng: NewRng(rng.Uint64())}
}

// swimFish moves a fish by its velocity for dt seconds. Past the right
// edge it wraps to the left edge at a new random height and forgets any
// avoidance; past the left edge (a flocking fish that turned) it wraps to
// the right edge. A fish that swims up or down (flocking) stays in the
// field.
func swimFish(p *Position, v *Velocity, f *Fish, a *Avoid, dt float64) {
	p.X += v.X * dt
	if v.Y != 0 {
		p.Y = min(max(p.Y+v.Y*dt, 0), FieldH)
	}
	switch {
	case p.X > FieldW:
		p.X = 0
		p.Y = f.Rng.Range(0, FieldH)
		*a = Avoid{}
	case p.X < 0:
		p.X += FieldW
	}
}

// swimPredator moves the predator left; past the left edge it wraps to
// the right edge at a new random height.
func swimPredator(p *Position, v *Velocity, pr *Predator, dt float64) {
	p.X += v.X * dt
	p.Y += v.Y * dt
	if p.X < 0 {
		p.X = FieldW
		p.Y = pr.Rng.Range(0, FieldH)
	}
}

// avoid applies the avoidance rule to a fish at p with the predator at
// (px, py). A fish not avoiding that is within DX horizontally and DY
// vertically of the predator jumps DY away from it — up (−y) if it is
// above or level — and remembers the jump. An avoiding fish jumps back
// once the predator is more than DX behind it (to its left: fish swim
// right) and within 2·DY vertically. The jump is a displacement, not a
// speed, so there is no sign to get wrong (Völkers's listing moved an
// entity with a negative speed the wrong way).
func avoid(p *Position, a *Avoid, px, py float64) {
	if !a.Active {
		if math.Abs(p.X-px) <= DX && math.Abs(p.Y-py) <= DY {
			j := DY
			if p.Y <= py {
				j = -DY
			}
			p.Y += j
			*a = Avoid{Active: true, Jump: j}
		}
		return
	}
	if px < p.X-DX && math.Abs(p.Y-py) <= 2*DY {
		p.Y -= a.Jump
		*a = Avoid{}
	}
}

// shiftColour adds dt to each channel and wraps a channel above 1 to 0.
func shiftColour(c *Colour, dt float32) {
	c.R = wrapChannel(c.R + dt)
	c.G = wrapChannel(c.G + dt)
	c.B = wrapChannel(c.B + dt)
}

func wrapChannel(x float32) float32 {
	if x > 1 {
		return 0
	}
	return x
}

// flock returns a fish's new velocity after dt seconds of separation,
// alignment and cohesion with its neighbours in g (the fish itself, id,
// is skipped), and a push back from the top and bottom edges. The speed
// stays within [MinSpeed, MaxSpeed].
func flock(g *Grid, id uint64, x, y, vx, vy, dt float64) (float64, float64) {
	var n int
	var sumVX, sumVY, sumDX, sumDY, sepX, sepY float64
	cx, cy := cellOf(x, y)
scan:
	for row := max(cy-1, 0); row <= min(cy+1, gridRows-1); row++ {
		for col := max(cx-1, 0); col <= min(cx+1, gridCols-1); col++ {
			c := row*gridCols + col
			for i := g.start[c]; i < g.start[c+1]; i++ {
				it := &g.items[i]
				if it.ID == id {
					continue
				}
				dx, dy := it.X-x, it.Y-y
				d2 := dx*dx + dy*dy
				if d2 > Radius*Radius {
					continue
				}
				n++
				sumVX += it.VX
				sumVY += it.VY
				sumDX += dx
				sumDY += dy
				if d2 < SepDist*SepDist && d2 > 0 {
					sepX -= dx / d2
					sepY -= dy / d2
				}
				if n == MaxNeighbours {
					break scan
				}
			}
		}
	}
	var ax, ay float64
	if n > 0 {
		inv := 1 / float64(n)
		ax = wSeparation*sepX + wAlignment*(sumVX*inv-vx) + wCohesion*sumDX*inv
		ay = wSeparation*sepY + wAlignment*(sumVY*inv-vy) + wCohesion*sumDY*inv
	}
	if y < EdgeMargin {
		ay += wEdge * (EdgeMargin - y)
	} else if y > FieldH-EdgeMargin {
		ay -= wEdge * (y - (FieldH - EdgeMargin))
	}
	vx += ax * dt
	vy += ay * dt
	s := math.Hypot(vx, vy)
	switch {
	case s == 0:
		return MinSpeed, 0
	case s < MinSpeed:
		return vx * MinSpeed / s, vy * MinSpeed / s
	case s > MaxSpeed:
		return vx * MaxSpeed / s, vy * MaxSpeed / s
	}
	return vx, vy
}
