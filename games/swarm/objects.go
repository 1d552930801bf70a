package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// The object model: the same scene written as Völkers's EC variant, a
// slice of pointers to objects that update and draw themselves. It runs
// in the same binary (-model objects) with the same rule functions
// (rules.go), the same clock and the same random streams, so the two
// models differ only in how the data are laid out and visited. A tick
// updates the predator, then (flocking) builds the grid and turns every
// fish, then each fish swims, avoids and changes colour: the order glue's
// stages give, so both models compute the same world.

// FishObject is a fish of the object model.
type FishObject struct {
	Pos    Position
	Vel    Velocity
	Colour Colour
	Avoid  Avoid
	Fish   Fish
}

// Update applies the variant's per-fish rules for dt seconds, with the
// predator at (px, py).
func (f *FishObject) Update(v Variant, dt, px, py float64) {
	swimFish(&f.Pos, &f.Vel, &f.Fish, &f.Avoid, dt)
	if v.Avoids() {
		avoid(&f.Pos, &f.Avoid, px, py)
	}
	if v.Colours() {
		shiftColour(&f.Colour, float32(dt))
	}
}

// PredatorObject is the predator of the object model.
type PredatorObject struct {
	Pos  Position
	Vel  Velocity
	Pred Predator
}

// Update moves the predator for dt seconds.
func (p *PredatorObject) Update(dt float64) { swimPredator(&p.Pos, &p.Vel, &p.Pred, dt) }

// Objects is the object model's world, a resource.
type Objects struct {
	Fish     []*FishObject
	Predator *PredatorObject
	grid     Grid
}

// Populate spawns or removes fish (the newest) until there are n, and
// makes the predator if there is none, drawing from rng in the order
// glue's Populate does.
func (o *Objects) Populate(n int, rng *Rng) {
	if o.Predator == nil {
		pos, vel, pr := newPredator(rng)
		o.Predator = &PredatorObject{Pos: pos, Vel: vel, Pred: pr}
	}
	for len(o.Fish) < n {
		pos, vel, col, f := newFish(rng)
		o.Fish = append(o.Fish, &FishObject{Pos: pos, Vel: vel, Colour: col, Fish: f})
	}
	if n >= 0 && len(o.Fish) > n {
		clear(o.Fish[n:])
		o.Fish = o.Fish[:n]
	}
}

// Update runs one tick of the variant's rules for dt seconds.
func (o *Objects) Update(v Variant, dt float64) {
	if v.Flocks() {
		g := &o.grid
		g.reset()
		for i, f := range o.Fish {
			g.insert(uint64(i), &f.Pos, &f.Vel)
		}
		g.sort()
		for i, f := range o.Fish {
			f.Vel.X, f.Vel.Y = flock(g, uint64(i), f.Pos.X, f.Pos.Y, f.Vel.X, f.Vel.Y, dt)
		}
	}
	o.Predator.Update(dt)
	px, py := o.Predator.Pos.X, o.Predator.Pos.Y
	for _, f := range o.Fish {
		f.Update(v, dt, px, py)
	}
}

// objectParams are what UpdateObjects reads and writes.
type objectParams struct {
	Objects glue.ResMut[Objects]
	Scene   glue.Res[Scene]
	Rand    glue.ResMut[RandomSource]
	Time    glue.Res[timer.Time]
}

// UpdateObjects (Swim, -model objects) populates the object model and
// runs its tick.
func UpdateObjects(p objectParams) {
	o, s := p.Objects.Get(), p.Scene.Get()
	o.Populate(s.Fish, &p.Rand.Get().Rng)
	o.Update(s.Variant, p.Time.Get().DeltaSeconds())
}
