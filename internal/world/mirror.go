package world

import (
	"errors"
	"reflect"
	"sync"
	"unsafe"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
)

// This file mirrors donburi's private structs (v1.15.8). donburi's
// internal package cannot be named from glue, and its exported accessors
// need index types that cannot be named either; reading the slices
// directly is what makes an iteration cost a few nanoseconds per entity
// instead of ~65 ns through Entry. checkLayout verifies every mirror once
// per process against donburi's own API.

// donburiStorage mirrors storage.Storage: one slice of component
// pointers per archetype, indexed like the archetype's entity slice.
type donburiStorage struct {
	storages [][]unsafe.Pointer
}

// donburiWorld mirrors the head of donburi's world struct.
type donburiWorld struct {
	id         int
	index      unsafe.Pointer
	entities   *donburiLocations
	comps      unsafe.Pointer // *storage.Components
	archetypes []unsafe.Pointer
	destroyed  []donburi.Entity
}

// donburiArchetype mirrors the head of storage.Archetype.
type donburiArchetype struct {
	index    int
	entities []donburi.Entity
	layout   *donburiLayout
}

// donburiLayout mirrors storage.Layout.
type donburiLayout struct {
	components []component.IComponentType
}

// donburiComponents mirrors storage.Components. Its map's key and value
// types are ints named in donburi's internal package: the same layout and
// hash as int's.
type donburiComponents struct {
	storages []*donburiStorage
	indices  map[int]int
}

// components returns the mirror of the world's component storage.
func (m *donburiWorld) components() *donburiComponents {
	return (*donburiComponents)(m.comps)
}

// archetype returns the mirror of archetype ai.
func (m *donburiWorld) archetype(ai int) *donburiArchetype {
	return (*donburiArchetype)(m.archetypes[ai])
}

// donburiLocations mirrors storage.LocationMap.
type donburiLocations struct {
	locations []*donburiLocation
	n         int // Len: live entities
}

// donburiLocation mirrors storage.Location.
type donburiLocation struct {
	archetype int
	component int
	valid     bool
}

// worldMu serialises donburi.NewWorld and donburi.NewComponentType, which
// number worlds and component types with unguarded globals.
var worldMu sync.Mutex

var layoutCheck struct {
	once sync.Once
	err  error
}

var errLayout = errors.New("glue: donburi's storage layout is not the one glue was built for (donburi v1.15.8); pin github.com/yohamta/donburi v1.15.8 in go.mod")

// checkLayout makes sure the mirrors match donburi's structs by building
// a throw-away world and comparing what donburi's own API returns with
// what the mirrors find. Callers hold worldMu.
func checkLayout() error {
	layoutCheck.once.Do(func() {
		rt := reflect.TypeFor[int64]()
		c := &column{t: &Type{RType: rt, Name: "probe", id: donburi.NewComponentType[reservedID]().Id(), size: rt.Size(),
			set: func(dst unsafe.Pointer, v any) { *(*int64)(dst) = v.(int64) }}}
		w := donburi.NewWorld()
		var want []unsafe.Pointer
		var ents []donburi.Entity
		for range 3 {
			e := w.Create(c)
			ents = append(ents, e)
			want = append(want, w.Entry(e).Component(c))
		}
		st := (*donburiStorage)(unsafe.Pointer(w.StorageAccessor().Components.Storage(c)))
		arch := w.Archetypes()[0]
		if len(arch.Entities()) != 3 || len(st.storages) == 0 || len(st.storages[0]) != 3 {
			layoutCheck.err = errLayout
			return
		}
		m := mirrorOf(w)
		if len(m.archetypes) != len(w.Archetypes()) {
			layoutCheck.err = errLayout
			return
		}
		ma := m.archetype(0)
		if ma.index != 0 || len(ma.entities) != 3 || &ma.entities[0] != &arch.Entities()[0] ||
			len(ma.layout.components) != 1 || ma.layout.components[0] != component.IComponentType(c) {
			layoutCheck.err = errLayout
			return
		}
		for i, e := range arch.Entities() {
			loc := m.entities.locations[e.Id()]
			if loc == nil || !loc.valid || loc.archetype != 0 || loc.component != i || st.storages[0][i] != want[i] {
				layoutCheck.err = errLayout
				return
			}
		}
		mc := m.components()
		if len(mc.indices) != 1 || mc.indices[0] != 2 || int(c.Id()) >= len(mc.storages) || mc.storages[c.Id()] != st {
			layoutCheck.err = errLayout
			return
		}
		w.Remove(ents[1])
		if m.entities.n != 2 || w.Len() != 2 || len(m.destroyed) != 1 || m.destroyed[0].Id() != ents[1].Id() || m.destroyed[0].Version() != ents[1].Version()+1 {
			layoutCheck.err = errLayout
		}
	})
	return layoutCheck.err
}

// mirrorOf returns the mirror of a donburi world.
func mirrorOf(w donburi.World) *donburiWorld {
	type iface struct{ typ, data unsafe.Pointer }
	return (*donburiWorld)((*iface)(unsafe.Pointer(&w)).data)
}

// storageOf returns the mirror of a component type's storage in w,
// creating the storage if the world has none yet.
func storageOf(w donburi.World, c component.IComponentType) *donburiStorage {
	return (*donburiStorage)(unsafe.Pointer(w.StorageAccessor().Components.Storage(c)))
}

// column returns the component pointers of archetype ai, or nil if the
// archetype never held this component.
func (s *donburiStorage) column(ai int) []unsafe.Pointer {
	if ai >= len(s.storages) {
		return nil
	}
	return s.storages[ai]
}

// reserve grows the storage to hold at least n archetypes. donburi's own
// growth doubles once, so an archetype whose index is more than twice the
// storage's length (the 513th archetype of a component type first stored
// at index 0) would be out of range.
func (s *donburiStorage) reserve(n int) {
	if len(s.storages) < n {
		s.storages = append(s.storages, make([][]unsafe.Pointer, max(n, 2*len(s.storages))-len(s.storages))...)
	}
}
