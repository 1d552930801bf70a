package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

// The EC (-model ec): the scene as the Völkers thesis built its Entity
// Component variant (as the project's summary of the thesis describes it). A game object holds
// its transform and a list of component objects behind an interface; a
// frame calls one virtual Update per component per object. Each object
// and each of its components is allocated on its own as the scene grows
// (Movement, AvoidPredator, ChangeColor and the renderer for a fish;
// PredatorMovement for the predator; Flock for a fish and one GridBuilder
// object in the flocking variant). Components reach the data of their
// object and of the other components through pointers set when they are
// attached, as Unity's GetComponent results cached in Start. The rules are
// the same functions (rules.go) with the same clock and random streams,
// so the EC computes the same world as glue and the loop.

// Component is a component object of the EC: its Update runs once per
// frame, through the interface.
type Component interface {
	Update(dt float64)
}

// GameObject is an object of the EC: a transform (its position) and
// component objects, updated in order.
type GameObject struct {
	Pos        Position
	Components []Component
	// Renderer draws the object; Movement and Avoid are its movement and
	// avoidance components (Avoid nil when the variant does not avoid).
	Renderer *RendererComponent
	Movement *MovementComponent
	Avoid    *AvoidPredatorComponent
}

// MovementComponent moves a fish by its velocity and wraps it (rule swimFish).
type MovementComponent struct {
	obj  *GameObject
	Vel  Velocity
	Fish Fish  // the fish's own random stream
	none Avoid // the avoidance state a fish without AvoidPredator resets
}

// Update moves the fish for dt seconds.
func (m *MovementComponent) Update(dt float64) {
	a := &m.none
	if m.obj.Avoid != nil {
		a = &m.obj.Avoid.State
	}
	swimFish(&m.obj.Pos, &m.Vel, &m.Fish, a, dt)
}

// AvoidPredatorComponent makes a fish jump out of the predator's way and back
// (rule avoid).
type AvoidPredatorComponent struct {
	obj      *GameObject
	predator *GameObject
	State    Avoid
}

// Update applies the avoidance rule.
func (a *AvoidPredatorComponent) Update(float64) {
	avoid(&a.obj.Pos, &a.State, a.predator.Pos.X, a.predator.Pos.Y)
}

// ChangeColorComponent shifts the colour of its object's renderer (rule
// shiftColour), as the thesis's component changes the material's colour.
type ChangeColorComponent struct{ r *RendererComponent }

// Update shifts the colour by dt.
func (c *ChangeColorComponent) Update(dt float64) { shiftColour(&c.r.Colour, float32(dt)) }

// FlockComponent turns a fish with its neighbours in the school's grid (rule
// flock), in the flocking variant.
type FlockComponent struct {
	obj  *GameObject
	id   uint64
	grid *Grid
}

// Update turns the fish.
func (f *FlockComponent) Update(dt float64) {
	v := &f.obj.Movement.Vel
	v.X, v.Y = flock(f.grid, f.id, f.obj.Pos.X, f.obj.Pos.Y, v.X, v.Y, dt)
}

// RendererComponent holds a fish's colour (its material) and draws it.
type RendererComponent struct {
	obj    *GameObject
	Colour Colour
}

// Draw adds the fish's sprite to list.
func (r *RendererComponent) Draw(list *render.DrawList, img render.Image) {
	s := fishSprite(img, &r.obj.Pos, &r.obj.Movement.Vel, &r.Colour)
	list.AddSprite(&s)
}

// PredatorMovementComponent moves the predator (rule swimPredator).
type PredatorMovementComponent struct {
	obj  *GameObject
	Vel  Velocity
	Pred Predator
}

// Update moves the predator for dt seconds.
func (p *PredatorMovementComponent) Update(dt float64) { swimPredator(&p.obj.Pos, &p.Vel, &p.Pred, dt) }

// GridBuilderComponent rebuilds the school's grid from every fish at the start of
// a frame, in the flocking variant.
type GridBuilderComponent struct{ w *EC }

// Update rebuilds the grid.
func (g *GridBuilderComponent) Update(float64) {
	grid := &g.w.grid
	grid.reset()
	for i, o := range g.w.Fish {
		grid.insert(uint64(i), &o.Pos, &o.Movement.Vel)
	}
	grid.sort()
}

// EC is the EC's world, a resource: the objects in update order (the
// grid builder when flocking, the predator, then the fish in the order
// they were made).
type EC struct {
	Objects  []*GameObject
	Fish     []*GameObject
	Predator *GameObject
	school   *GameObject // the GridBuilder's object
	variant  Variant     // the variant the components are attached for
	grid     Grid
}

// Populate makes or removes fish (the newest) until there are n, and the
// predator if there is none, drawing from rng in the order glue's
// Populate does; it attaches the components of variant v.
func (w *EC) Populate(n int, v Variant, rng *Rng) {
	changed := false
	if w.Predator == nil {
		changed = true
		pos, vel, pr := newPredator(rng)
		p := &GameObject{Pos: pos}
		p.Components = []Component{&PredatorMovementComponent{obj: p, Vel: vel, Pred: pr}}
		w.Predator = p
		w.school = &GameObject{}
		w.school.Components = []Component{&GridBuilderComponent{w: w}}
		w.variant = v
	}
	if v != w.variant {
		changed = true
		w.variant = v
		for i, o := range w.Fish {
			w.attach(o, i)
		}
	}
	for len(w.Fish) < n {
		changed = true
		pos, vel, col, f := newFish(rng)
		o := &GameObject{Pos: pos}
		o.Movement = &MovementComponent{obj: o, Vel: vel, Fish: f}
		o.Renderer = &RendererComponent{obj: o, Colour: col}
		w.attach(o, len(w.Fish))
		w.Fish = append(w.Fish, o)
	}
	if n >= 0 && len(w.Fish) > n {
		changed = true
		clear(w.Fish[n:])
		w.Fish = w.Fish[:n]
	}
	if !changed {
		return
	}
	clear(w.Objects)
	w.Objects = w.Objects[:0]
	if v.Flocks() {
		w.Objects = append(w.Objects, w.school)
	}
	w.Objects = append(w.Objects, w.Predator)
	w.Objects = append(w.Objects, w.Fish...)
}

// attach gives fish o (the i-th) the components of the world's variant,
// each allocated on its own: [Flock,] Movement[, AvoidPredator][,
// ChangeColor]. Switching variants while the game runs makes a new
// AvoidPredator, so a fish forgets a jump it had not undone (glue keeps
// its Avoid component).
func (w *EC) attach(o *GameObject, i int) {
	v := w.variant
	o.Components = o.Components[:0]
	if v.Flocks() {
		o.Components = append(o.Components, &FlockComponent{obj: o, id: uint64(i), grid: &w.grid})
	}
	o.Components = append(o.Components, o.Movement)
	o.Avoid = nil
	if v.Avoids() {
		o.Avoid = &AvoidPredatorComponent{obj: o, predator: w.Predator}
		o.Components = append(o.Components, o.Avoid)
	}
	if v.Colours() {
		o.Components = append(o.Components, &ChangeColorComponent{r: o.Renderer})
	}
}

// Update runs one frame: every component of every object, in order.
func (w *EC) Update(dt float64) {
	for _, o := range w.Objects {
		for _, c := range o.Components {
			c.Update(dt)
		}
	}
}

// UpdateEC (Swim, -model ec) populates the EC and runs its frame.
func UpdateEC(world glue.ResMut[EC], scene glue.Res[Scene], rand glue.ResMut[RandomSource], dt timer.Delta) {
	w, s := world.Get(), scene.Get()
	w.Populate(s.Fish, s.Variant, &rand.Get().Rng)
	w.Update(dt.Seconds())
}
