package bench

import (
	"unsafe"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
	"github.com/yohamta/donburi/filter"
)

// donburi's component types are process-wide; these are the benchmark's.
var (
	dPos = donburi.NewComponentType[Position]()
	dVel = donburi.NewComponentType[Velocity]()
	dAge = donburi.NewComponentType[Age]()
)

// donburiSim is Table 4.1 written with donburi as its README shows:
// Query.Each with a callback per entity and ComponentType.Get for each
// component.
type donburiSim struct {
	world                         donburi.World
	qSteer, qMove, qAge, qBounce  *donburi.Query
	steerFn, moveFn, ageFn, bncFn func(*donburi.Entry)
	heavy                         bool
}

func populateDonburi(init []State) donburi.World {
	w := donburi.NewWorld()
	for _, st := range init {
		e := w.Entry(w.Create(dPos, dVel, dAge))
		*dPos.Get(e), *dVel.Get(e), *dAge.Get(e) = st.P, st.V, st.A
	}
	return w
}

func newDonburiSim(init []State, heavy bool) Sim {
	s := &donburiSim{world: populateDonburi(init), heavy: heavy}
	s.qSteer = donburi.NewQuery(filter.Contains(dPos, dVel, dAge))
	s.qMove = donburi.NewQuery(filter.Contains(dPos, dVel))
	s.qAge = donburi.NewQuery(filter.Contains(dAge))
	s.qBounce = donburi.NewQuery(filter.Contains(dPos, dVel))
	field := Field{FieldW, FieldH}
	s.steerFn = func(e *donburi.Entry) { steer(dPos.Get(e), dVel.Get(e), dAge.Get(e), DT) }
	s.moveFn = func(e *donburi.Entry) { move(dPos.Get(e), dVel.Get(e), DT) }
	s.ageFn = func(e *donburi.Entry) { grow(dAge.Get(e), DT) }
	s.bncFn = func(e *donburi.Entry) { bounce(dPos.Get(e), dVel.Get(e), field.W, field.H) }
	return s
}

func (s *donburiSim) Tick() {
	if s.heavy {
		s.qSteer.Each(s.world, s.steerFn)
	}
	s.qMove.Each(s.world, s.moveFn)
	s.qAge.Each(s.world, s.ageFn)
	s.qBounce.Each(s.world, s.bncFn)
}

func (s *donburiSim) States() []State { return donburiStates(s.world) }

func donburiStates(w donburi.World) []State {
	var out []State
	donburi.NewQuery(filter.Contains(dPos, dVel, dAge)).Each(w, func(e *donburi.Entry) {
		out = append(out, State{*dPos.Get(e), *dVel.Get(e), *dAge.Get(e)})
	})
	return out
}

func (s *donburiSim) Close() {}

// donburiStorage mirrors donburi v1.15.8's internal storage.Storage: one
// slice of component pointers per archetype. It is how one reaches
// donburi's data at archetype level, without an Entry per entity; glue's
// core reads the same slices.
type donburiStorage struct {
	storages [][]unsafe.Pointer
}

func storageOf(w donburi.World, c component.IComponentType) *donburiStorage {
	return (*donburiStorage)(unsafe.Pointer(w.StorageAccessor().Components.Storage(c)))
}

// donburiArchSim is Table 4.1 on donburi's storage at archetype level:
// hand-written loops over each matching archetype's pointer columns. It
// is the floor for anything built on donburi's storage, glue included.
type donburiArchSim struct {
	world         donburi.World
	pos, vel, age *donburiStorage
	archs         []int // archetypes holding all three components
	heavy         bool
}

func newDonburiArchSim(init []State, heavy bool) Sim {
	w := populateDonburi(init)
	s := &donburiArchSim{world: w, heavy: heavy, pos: storageOf(w, dPos), vel: storageOf(w, dVel), age: storageOf(w, dAge)}
	for ai, a := range w.Archetypes() {
		l := a.Layout()
		if l.HasComponent(dPos) && l.HasComponent(dVel) && l.HasComponent(dAge) {
			s.archs = append(s.archs, ai)
		}
	}
	return s
}

func (s *donburiArchSim) Tick() {
	archs := s.world.Archetypes()
	if s.heavy {
		for _, ai := range s.archs {
			n := len(archs[ai].Entities())
			ps, vs, as := s.pos.storages[ai][:n], s.vel.storages[ai][:n], s.age.storages[ai][:n]
			for i := range ps {
				steer((*Position)(ps[i]), (*Velocity)(vs[i]), (*Age)(as[i]), DT)
			}
		}
	}
	for _, ai := range s.archs {
		n := len(archs[ai].Entities())
		ps, vs := s.pos.storages[ai][:n], s.vel.storages[ai][:n]
		for i := range ps {
			move((*Position)(ps[i]), (*Velocity)(vs[i]), DT)
		}
	}
	for _, ai := range s.archs {
		n := len(archs[ai].Entities())
		as := s.age.storages[ai][:n]
		for i := range as {
			grow((*Age)(as[i]), DT)
		}
	}
	for _, ai := range s.archs {
		n := len(archs[ai].Entities())
		ps, vs := s.pos.storages[ai][:n], s.vel.storages[ai][:n]
		for i := range ps {
			bounce((*Position)(ps[i]), (*Velocity)(vs[i]), FieldW, FieldH)
		}
	}
}

func (s *donburiArchSim) States() []State { return donburiStates(s.world) }

func (s *donburiArchSim) Close() {}
