package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// Populate (Control) spawns fish at the left edge, or despawns the last
// in query order, until there are Scene.Fish of them, and spawns the
// predator if there is none. It does nothing in a tick in which the
// count is right. extra keeps the fish to despawn, reused.
func Populate(scene glue.Res[Scene], rand glue.ResMut[RandomSource], fish glue.Query1[Fish], preds glue.Query1[Predator], cmds glue.Commands, extra glue.Local[[]glue.Entity]) {
	rng := &rand.Get().Rng
	if preds.Len() == 0 {
		pos, vel, pr := newPredator(rng)
		cmds.Spawn(pos, vel, pr)
	}
	want, have := max(scene.Get().Fish, 0), fish.Len()
	for ; have < want; have++ {
		pos, vel, col, f := newFish(rng)
		glue.SpawnBundle(cmds, School{pos, vel, col, f, Avoid{}})
	}
	if have > want {
		list := extra.Get()
		*list = (*list)[:0]
		for e := range fish.All() {
			*list = append(*list, e)
		}
		for _, e := range (*list)[want:] {
			cmds.Despawn(e)
		}
	}
}

// BuildGrid (Flock, flock variant) rebuilds the spatial grid from every
// fish's position and velocity.
func BuildGrid(grid glue.ResMut[Grid], fish glue.Query3[Position, Velocity, Fish]) {
	g := grid.Get()
	if g.add == nil {
		g.add = func(e glue.Entity, pos Position, v Velocity, _ Fish) { g.insert(uint64(e), &pos, &v) }
	}
	g.reset()
	fish.Each(g.add)
	g.sort()
}

// flockParams are what Flock reads.
type flockParams struct {
	Grid glue.Res[Grid]
	Dt   timer.Delta
}

// FlockFish (Flock, flock variant) turns every fish of a batch by
// separation, alignment and cohesion with its neighbours in the grid. It
// writes only the fish's own Velocity and reads resources, so glue may
// split it across workers.
func FlockFish(es glue.Entities, ps glue.View[Position], vs glue.Column[Velocity], r flockParams) {
	g, dt := r.Grid.Get(), r.Dt.Seconds()
	vel := vs.Slice()
	for i := range vel {
		p, v := ps.At(i), &vel[i]
		v.X, v.Y = flock(g, uint64(es.At(i)), p.X, p.Y, v.X, v.Y, dt)
	}
}

// SwimFish (Swim) moves every fish of a batch and wraps those past an
// edge. It loops over the batch's columns as slices, so the compiler
// checks each index once.
func SwimFish(_ glue.Entities, ps glue.Column[Position], vs glue.Column[Velocity], fs glue.Column[Fish], as glue.Column[Avoid], t timer.Delta) {
	dt := t.Seconds()
	pos := ps.Slice()
	vel, fish, av := vs.Slice()[:len(pos)], fs.Slice()[:len(pos)], as.Slice()[:len(pos)]
	for i := range pos {
		swimFish(&pos[i], &vel[i], &fish[i], &av[i], dt)
	}
}

// SwimPredator (Swim) moves the predator and wraps it past the left edge.
func SwimPredator(_ glue.Entity, p *Position, v *Velocity, pr *Predator, dt timer.Delta) {
	swimPredator(p, v, pr, dt.Seconds())
}

// TrackPredator (React) copies the predator's position into Hunt.
func TrackPredator(hunt glue.ResMut[Hunt], pred glue.Query2[Position, Predator]) {
	h := hunt.Get()
	_, pos, _, ok := pred.First()
	if !ok {
		*h = Hunt{}
		return
	}
	*h = Hunt{X: pos.X, Y: pos.Y, Present: true}
}

// AvoidPredator (React, avoid variants) applies the avoidance rule to
// every fish of a batch.
func AvoidPredator(_ glue.Entities, ps glue.Column[Position], as glue.Column[Avoid], h glue.Res[Hunt]) {
	hu := h.Get()
	if !hu.Present {
		return
	}
	pos := ps.Slice()
	av := as.Slice()[:len(pos)]
	for i := range pos {
		avoid(&pos[i], &av[i], hu.X, hu.Y)
	}
}

// ShiftColours (React, colour variants) shifts the colour of every fish
// of a batch.
func ShiftColours(_ glue.Entities, cs glue.Column[Colour], t timer.Delta) {
	dt := float32(t.Seconds())
	cols := cs.Slice()
	for i := range cols {
		shiftColour(&cols[i], dt)
	}
}

// Conditions on the running variant.
var (
	avoids  = glue.If(Avoiding)
	colours = glue.If(Colouring)
	flocks  = glue.If(Flocking)
)

// Avoiding reports whether the running variant avoids the predator.
func Avoiding(s glue.Res[Scene]) bool { return s.Get().Variant.Avoids() }

// Colouring reports whether the running variant shifts colours.
func Colouring(s glue.Res[Scene]) bool { return s.Get().Variant.Colours() }

// Flocking reports whether the running variant flocks.
func Flocking(s glue.Res[Scene]) bool { return s.Get().Variant.Flocks() }
