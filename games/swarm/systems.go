package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// populateParams are what Populate reads and writes.
type populateParams struct {
	Scene glue.Res[Scene]
	Rand  glue.ResMut[RandomSource]
	Fish  glue.Query1[Fish]
	Preds glue.Query1[Predator]
	Cmds  glue.Commands
	Extra glue.Local[[]glue.Entity] // fish to despawn, reused
}

// Populate (Control) spawns fish at the left edge, or despawns the last
// in query order, until there are Scene.Fish of them, and spawns the
// predator if there is none. It does nothing in a tick in which the
// count is right.
func Populate(p populateParams) {
	rng := &p.Rand.Get().Rng
	if p.Preds.Len() == 0 {
		pos, vel, pr := newPredator(rng)
		p.Cmds.Spawn(pos, vel, pr)
	}
	want, have := max(p.Scene.Get().Fish, 0), p.Fish.Len()
	for ; have < want; have++ {
		pos, vel, col, f := newFish(rng)
		glue.SpawnBundle(p.Cmds, School{pos, vel, col, f, Avoid{}})
	}
	if have > want {
		list := p.Extra.Get()
		*list = (*list)[:0]
		p.Fish.Each(func(e glue.Entity, _ Fish) { *list = append(*list, e) })
		for _, e := range (*list)[want:] {
			p.Cmds.Despawn(e)
		}
	}
}

// gridParams are what BuildGrid reads and writes.
type gridParams struct {
	Grid glue.ResMut[Grid]
	Fish glue.Query3[Position, Velocity, Fish]
}

// BuildGrid (Flock, flock variant) rebuilds the spatial grid from every
// fish's position and velocity.
func BuildGrid(p gridParams) {
	g := p.Grid.Get()
	if g.add == nil {
		g.add = func(e glue.Entity, pos Position, v Velocity, _ Fish) { g.insert(uint64(e), &pos, &v) }
	}
	g.reset()
	p.Fish.Each(g.add)
	g.sort()
}

// flockParams are what Flock reads.
type flockParams struct {
	Grid glue.Res[Grid]
	Time glue.Res[timer.Time]
}

// FlockFish (Flock, flock variant) turns every fish of a batch by
// separation, alignment and cohesion with its neighbours in the grid. It
// writes only the fish's own Velocity and reads resources, so glue may
// split it across workers.
func FlockFish(es glue.Entities, ps glue.View[Position], vs glue.Column[Velocity], r flockParams) {
	g, dt := r.Grid.Get(), r.Time.Get().DeltaSeconds()
	vel := vs.Slice()
	for i := range vel {
		p, v := ps.At(i), &vel[i]
		v.X, v.Y = flock(g, uint64(es.At(i)), p.X, p.Y, v.X, v.Y, dt)
	}
}

// SwimFish (Swim) moves every fish of a batch and wraps those past an
// edge. It loops over the batch's columns as slices, so the compiler
// checks each index once.
func SwimFish(_ glue.Entities, ps glue.Column[Position], vs glue.Column[Velocity], fs glue.Column[Fish], as glue.Column[Avoid], t glue.Res[timer.Time]) {
	dt := t.Get().DeltaSeconds()
	pos := ps.Slice()
	vel, fish, av := vs.Slice()[:len(pos)], fs.Slice()[:len(pos)], as.Slice()[:len(pos)]
	for i := range pos {
		swimFish(&pos[i], &vel[i], &fish[i], &av[i], dt)
	}
}

// SwimPredator (Swim) moves the predator and wraps it past the left edge.
func SwimPredator(_ glue.Entity, p *Position, v *Velocity, pr *Predator, t glue.Res[timer.Time]) {
	swimPredator(p, v, pr, t.Get().DeltaSeconds())
}

// huntParams are what TrackPredator reads and writes.
type huntParams struct {
	Hunt glue.ResMut[Hunt]
	Pred glue.Query2[Position, Predator]
}

// TrackPredator (React) copies the predator's position into Hunt.
func TrackPredator(p huntParams) {
	h := p.Hunt.Get()
	_, pos, _, ok := p.Pred.First()
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
func ShiftColours(_ glue.Entities, cs glue.Column[Colour], t glue.Res[timer.Time]) {
	dt := float32(t.Get().DeltaSeconds())
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
