package bench

// sliceSim is the hardware limit: one plain slice per component and one
// loop per system, with nothing between the loop and the data.
type sliceSim struct {
	pos   []Position
	vel   []Velocity
	age   []Age
	field Field
	heavy bool
	par   *halves // nil: sequential
	// The per-system loops over [lo, hi), made once so that a parallel
	// tick allocates nothing.
	steerFn, moveFn, growFn, bounceFn func(lo, hi int)
}

func newSliceSim(init []State, heavy bool) Sim { return makeSliceSim(init, heavy, false) }

func newSliceParSim(init []State, heavy bool) Sim { return makeSliceSim(init, heavy, true) }

func makeSliceSim(init []State, heavy, par bool) *sliceSim {
	s := &sliceSim{field: Field{FieldW, FieldH}, heavy: heavy}
	for _, st := range init {
		s.pos = append(s.pos, st.P)
		s.vel = append(s.vel, st.V)
		s.age = append(s.age, st.A)
	}
	s.steerFn = func(lo, hi int) {
		pos, vel, age := s.pos[lo:hi], s.vel[lo:hi], s.age[lo:hi]
		for i := range pos {
			steer(&pos[i], &vel[i], &age[i], DT)
		}
	}
	s.moveFn = func(lo, hi int) {
		pos, vel := s.pos[lo:hi], s.vel[lo:hi]
		for i := range pos {
			move(&pos[i], &vel[i], DT)
		}
	}
	s.growFn = func(lo, hi int) {
		age := s.age[lo:hi]
		for i := range age {
			grow(&age[i], DT)
		}
	}
	s.bounceFn = func(lo, hi int) {
		pos, vel := s.pos[lo:hi], s.vel[lo:hi]
		w, h := s.field.W, s.field.H
		for i := range pos {
			bounce(&pos[i], &vel[i], w, h)
		}
	}
	if par {
		s.par = newHalves()
	}
	return s
}

func (s *sliceSim) run(fn func(lo, hi int)) {
	if s.par == nil {
		fn(0, len(s.pos))
		return
	}
	s.par.run(fn, len(s.pos))
}

func (s *sliceSim) Tick() {
	if s.heavy {
		s.run(s.steerFn)
	}
	s.run(s.moveFn)
	s.run(s.growFn)
	s.run(s.bounceFn)
}

func (s *sliceSim) States() []State {
	out := make([]State, len(s.pos))
	for i := range out {
		out[i] = State{s.pos[i], s.vel[i], s.age[i]}
	}
	return out
}

func (s *sliceSim) Close() {
	if s.par != nil {
		s.par.close()
	}
}

// halves splits a loop in two: the second half runs on one persistent
// worker goroutine while the caller runs the first, then both meet at a
// barrier. It is the simplest parallel loop on two cores.
type halves struct {
	jobs chan job
	done chan struct{}
}

type job struct {
	fn     func(lo, hi int)
	lo, hi int
}

func newHalves() *halves {
	h := &halves{jobs: make(chan job), done: make(chan struct{})}
	go func() {
		for j := range h.jobs {
			j.fn(j.lo, j.hi)
			h.done <- struct{}{}
		}
	}()
	return h
}

func (h *halves) run(fn func(lo, hi int), n int) {
	mid := n / 2
	h.jobs <- job{fn, mid, n}
	fn(0, mid)
	<-h.done
}

func (h *halves) close() { close(h.jobs) }

// sliceFnSim is plain slices with one call through a function value per
// entity per system, the way glue's entity systems call the user's
// function: the floor for any ECS whose systems are per-entity callbacks.
type sliceFnSim struct {
	ents  []uint64
	pos   []Position
	vel   []Velocity
	age   []Age
	clock Clock
	field Field
	heavy bool
	// The per-entity functions, called through these fields so the
	// compiler cannot inline them, as it cannot inline a system.
	steerFn  func(uint64, *Position, *Velocity, *Age, *Clock)
	moveFn   func(uint64, *Position, *Velocity, *Clock)
	growFn   func(uint64, *Age, *Clock)
	bounceFn func(uint64, *Position, *Velocity, *Field)
}

func newSliceFnSim(init []State, heavy bool) Sim {
	s := &sliceFnSim{
		clock: Clock{DT}, field: Field{FieldW, FieldH}, heavy: heavy,
		steerFn:  func(_ uint64, p *Position, v *Velocity, a *Age, c *Clock) { steer(p, v, a, c.DT) },
		moveFn:   func(_ uint64, p *Position, v *Velocity, c *Clock) { move(p, v, c.DT) },
		growFn:   func(_ uint64, a *Age, c *Clock) { grow(a, c.DT) },
		bounceFn: func(_ uint64, p *Position, v *Velocity, f *Field) { bounce(p, v, f.W, f.H) },
	}
	for i, st := range init {
		s.ents = append(s.ents, uint64(i+1))
		s.pos = append(s.pos, st.P)
		s.vel = append(s.vel, st.V)
		s.age = append(s.age, st.A)
	}
	return s
}

func (s *sliceFnSim) Tick() {
	ents := s.ents
	pos, vel, age := s.pos[:len(ents)], s.vel[:len(ents)], s.age[:len(ents)]
	if s.heavy {
		for i, e := range ents {
			s.steerFn(e, &pos[i], &vel[i], &age[i], &s.clock)
		}
	}
	for i, e := range ents {
		s.moveFn(e, &pos[i], &vel[i], &s.clock)
	}
	for i, e := range ents {
		s.growFn(e, &age[i], &s.clock)
	}
	for i, e := range ents {
		s.bounceFn(e, &pos[i], &vel[i], &s.field)
	}
}

func (s *sliceFnSim) States() []State {
	out := make([]State, len(s.pos))
	for i := range out {
		out[i] = State{s.pos[i], s.vel[i], s.age[i]}
	}
	return out
}

func (s *sliceFnSim) Close() {}
