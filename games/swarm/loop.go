package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// The loop (-model loop): the same scene as a hand-written
// array-of-structs loop, a slice of pointers to fish structs that hold
// all their data inline, updated by one concrete method the compiler
// inlines — no component objects, no interface, no virtual call. It is
// not the thesis's EC (that is ec.go); it is what a Go programmer would
// write by hand without any architecture. It runs in the same binary with
// the same rule functions (rules.go), the same clock and the same random
// streams, so it computes the same world as glue and the EC. A tick
// updates the predator, then (flocking) builds the grid and turns every
// fish, then each fish swims, avoids and changes colour: the order glue's
// stages give.

// LoopFish is a fish of the loop: all its data inline.
type LoopFish struct {
	Pos    Position
	Vel    Velocity
	Colour Colour
	Avoid  Avoid
	Fish   Fish
}

// Update applies the variant's per-fish rules for dt seconds, with the
// predator at (px, py).
func (f *LoopFish) Update(v Variant, dt, px, py float64) {
	swimFish(&f.Pos, &f.Vel, &f.Fish, &f.Avoid, dt)
	if v.Avoids() {
		avoid(&f.Pos, &f.Avoid, px, py)
	}
	if v.Colours() {
		shiftColour(&f.Colour, float32(dt))
	}
}

// LoopPredator is the predator of the loop.
type LoopPredator struct {
	Pos  Position
	Vel  Velocity
	Pred Predator
}

// Update moves the predator for dt seconds.
func (p *LoopPredator) Update(dt float64) { swimPredator(&p.Pos, &p.Vel, &p.Pred, dt) }

// Loop is the loop's world, a resource.
type Loop struct {
	Fish     []*LoopFish
	Predator *LoopPredator
	grid     Grid
}

// Populate spawns or removes fish (the newest) until there are n, and
// makes the predator if there is none, drawing from rng in the order
// glue's Populate does.
func (o *Loop) Populate(n int, rng *Rng) {
	if o.Predator == nil {
		pos, vel, pr := newPredator(rng)
		o.Predator = &LoopPredator{Pos: pos, Vel: vel, Pred: pr}
	}
	for len(o.Fish) < n {
		pos, vel, col, f := newFish(rng)
		o.Fish = append(o.Fish, &LoopFish{Pos: pos, Vel: vel, Colour: col, Fish: f})
	}
	if n >= 0 && len(o.Fish) > n {
		clear(o.Fish[n:])
		o.Fish = o.Fish[:n]
	}
}

// Update runs one tick of the variant's rules for dt seconds.
func (o *Loop) Update(v Variant, dt float64) {
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

// UpdateLoop (Swim, -model loop) populates the loop and runs its tick.
func UpdateLoop(world glue.ResMut[Loop], scene glue.Res[Scene], rand glue.ResMut[RandomSource], dt timer.Delta) {
	o, s := world.Get(), scene.Get()
	o.Populate(s.Fish, &rand.Get().Rng)
	o.Update(s.Variant, dt.Seconds())
}
