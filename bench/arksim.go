package bench

import "github.com/mlange-42/ark/ecs"

// arkSim is Table 4.1 with mlange-42/ark v0.8.1, written as ark's
// documentation recommends: registered (cached) filters and queries that
// hand out component pointers from contiguous columns.
type arkSim struct {
	world  *ecs.World
	steerF *ecs.Filter3[Position, Velocity, Age]
	moveF  *ecs.Filter2[Position, Velocity]
	ageF   *ecs.Filter1[Age]
	all    *ecs.Filter3[Position, Velocity, Age]
	field  Field
	heavy  bool
	tables bool // ark's column form: NextTable and GetColumns
}

func newArkSim(init []State, heavy bool) Sim { return makeArkSim(init, heavy, false) }

// newArkTablesSim is arkSim in ark's column form: each system walks the
// matching tables and loops over their component slices.
func newArkTablesSim(init []State, heavy bool) Sim { return makeArkSim(init, heavy, true) }

func makeArkSim(init []State, heavy, tables bool) Sim {
	w := ecs.NewWorld(max(len(init), 1024))
	m := ecs.NewMap3[Position, Velocity, Age](w)
	for i := range init {
		st := &init[i]
		m.NewEntity(&st.P, &st.V, &st.A)
	}
	return &arkSim{
		world:  w,
		steerF: ecs.NewFilter3[Position, Velocity, Age](w).Register(),
		moveF:  ecs.NewFilter2[Position, Velocity](w).Register(),
		ageF:   ecs.NewFilter1[Age](w).Register(),
		all:    ecs.NewFilter3[Position, Velocity, Age](w),
		field:  Field{FieldW, FieldH},
		heavy:  heavy,
		tables: tables,
	}
}

func (s *arkSim) Tick() {
	if s.tables {
		s.tickTables()
		return
	}
	if s.heavy {
		q := s.steerF.Query()
		for q.Next() {
			p, v, a := q.Get()
			steer(p, v, a, DT)
		}
	}
	q := s.moveF.Query()
	for q.Next() {
		p, v := q.Get()
		move(p, v, DT)
	}
	qa := s.ageF.Query()
	for qa.Next() {
		grow(qa.Get(), DT)
	}
	w, h := s.field.W, s.field.H
	q = s.moveF.Query()
	for q.Next() {
		p, v := q.Get()
		bounce(p, v, w, h)
	}
}

// tickTables is Tick in ark's column form.
func (s *arkSim) tickTables() {
	if s.heavy {
		q := s.steerF.Query()
		for q.NextTable() {
			ps, vs, as := q.GetColumns()
			for i := range ps {
				steer(&ps[i], &vs[i], &as[i], DT)
			}
		}
	}
	q := s.moveF.Query()
	for q.NextTable() {
		ps, vs := q.GetColumns()
		for i := range ps {
			move(&ps[i], &vs[i], DT)
		}
	}
	qa := s.ageF.Query()
	for qa.NextTable() {
		as := qa.GetColumns()
		for i := range as {
			grow(&as[i], DT)
		}
	}
	w, h := s.field.W, s.field.H
	q = s.moveF.Query()
	for q.NextTable() {
		ps, vs := q.GetColumns()
		for i := range ps {
			bounce(&ps[i], &vs[i], w, h)
		}
	}
}

func (s *arkSim) States() []State {
	var out []State
	q := s.all.Query()
	for q.Next() {
		p, v, a := q.Get()
		out = append(out, State{*p, *v, *a})
	}
	return out
}

func (s *arkSim) Close() {}
