package bench

// gameObject is the object model's entity: its data and an Update method
// that runs all of its behaviour, as a class in an object-oriented engine.
type gameObject struct {
	pos Position
	vel Velocity
	age Age
}

// Update runs the three behaviours of Table 4.1 for one object.
func (o *gameObject) Update(dt float64, f *Field) {
	move(&o.pos, &o.vel, dt)
	grow(&o.age, dt)
	bounce(&o.pos, &o.vel, f.W, f.H)
}

// UpdateHeavy runs the compute-heavy variant's behaviours for one object.
func (o *gameObject) UpdateHeavy(dt float64, f *Field) {
	steer(&o.pos, &o.vel, &o.age, dt)
	o.Update(dt, f)
}

// objectSim is the object model: a slice of pointers to objects, each
// allocated on its own when it is created, as a game creates them.
type objectSim struct {
	objs  []*gameObject
	field Field
	heavy bool
}

func newObjectSim(init []State, heavy bool) Sim {
	s := &objectSim{field: Field{FieldW, FieldH}, heavy: heavy}
	for _, st := range init {
		s.objs = append(s.objs, &gameObject{pos: st.P, vel: st.V, age: st.A})
	}
	return s
}

func (s *objectSim) Tick() {
	if s.heavy {
		for _, o := range s.objs {
			o.UpdateHeavy(DT, &s.field)
		}
		return
	}
	for _, o := range s.objs {
		o.Update(DT, &s.field)
	}
}

func (s *objectSim) States() []State {
	out := make([]State, len(s.objs))
	for i, o := range s.objs {
		out[i] = State{o.pos, o.vel, o.age}
	}
	return out
}

func (s *objectSim) Close() {}
