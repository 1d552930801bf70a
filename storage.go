package glue

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
)

// donburiStorage mirrors the layout of donburi's internal storage.Storage
// (v1.15.8): one slice of component pointers per archetype, indexed like the
// archetype's entity slice. donburi's internal package cannot be named from
// glue, and its exported accessor (Storage.Component) needs index types that
// cannot be named either; reading the slices directly is what makes glue's
// iteration cost a few nanoseconds per entity instead of ~65 ns through
// Entry. checkStorageLayout verifies the mirror once per process.
type donburiStorage struct {
	storages [][]unsafe.Pointer
}

var layoutCheck struct {
	once sync.Once
	err  error
}

// checkStorageLayout makes sure donburiStorage matches donburi's storage by
// creating a throw-away world and comparing the pointer donburi's own Entry
// returns with the one the mirror finds.
func checkStorageLayout() error {
	layoutCheck.once.Do(func() {
		type probe struct{ _ int }
		t := TypeOf[probe]()
		w := donburi.NewWorld()
		var want []unsafe.Pointer
		for range 3 {
			e := w.Create(t.info.comp)
			want = append(want, w.Entry(e).Component(t.info.comp))
		}
		st := storageOf(w, t.info.comp)
		arch := w.Archetypes()[0]
		got := st.storages[0]
		if len(arch.Entities()) != 3 || len(got) != 3 {
			layoutCheck.err = fmt.Errorf("glue: donburi's storage layout is not the one glue was built for (donburi v1.15.8); pin github.com/yohamta/donburi v1.15.8 in go.mod")
			return
		}
		locs := worldOf(w).entities.locations
		for i, e := range arch.Entities() {
			loc := locs[e.Id()]
			if loc == nil || !loc.valid || loc.archetype != 0 || loc.component != i {
				layoutCheck.err = fmt.Errorf("glue: donburi's world layout is not the one glue was built for (donburi v1.15.8); pin github.com/yohamta/donburi v1.15.8 in go.mod")
				return
			}
		}
		for i := range want {
			if got[i] != want[i] {
				layoutCheck.err = fmt.Errorf("glue: donburi's storage layout is not the one glue was built for (donburi v1.15.8); pin github.com/yohamta/donburi v1.15.8 in go.mod")
				return
			}
		}
	})
	return layoutCheck.err
}

// storageOf returns the mirror of a component type's storage in w, creating
// the storage if the world has none yet. Not concurrent-safe: call it only
// while building the app or applying commands.
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

// queryState caches which archetypes of a world match a filter. Archetypes
// are never removed from a donburi world, so the cache only grows: refresh
// looks at the archetypes created since the last refresh. refresh must run
// while no system runs (the scheduler calls it before each stage); between
// refreshes the state is read-only and may be shared by goroutines.
type queryState struct {
	world   donburi.World
	with    []component.IComponentType // must all be present (includes the queried components)
	without []component.IComponentType
	cols    []*donburiStorage // one per queried component, in order
	infos   []*typeInfo       // the queried component types
	seen    int
	matched []int
	// isMatched[ai] tells whether archetype ai matches, for get.
	isMatched []bool
	count     int // entities matched at the last refresh
}

func newQueryState(w donburi.World, comps, with, without []*typeInfo) *queryState {
	qs := &queryState{world: w}
	for _, c := range comps {
		qs.with = append(qs.with, c.comp)
		qs.infos = append(qs.infos, c)
		qs.cols = append(qs.cols, storageOf(w, c.comp))
	}
	for _, c := range with {
		qs.with = append(qs.with, c.comp)
	}
	for _, c := range without {
		qs.without = append(qs.without, c.comp)
	}
	return qs
}

func (qs *queryState) matches(layout []component.IComponentType) bool {
	for _, c := range qs.with {
		if !hasComp(layout, c) {
			return false
		}
	}
	for _, c := range qs.without {
		if hasComp(layout, c) {
			return false
		}
	}
	return true
}

func hasComp(layout []component.IComponentType, c component.IComponentType) bool {
	for _, x := range layout {
		if x == c {
			return true
		}
	}
	return false
}

func (qs *queryState) refresh() {
	archs := qs.world.Archetypes()
	for ; qs.seen < len(archs); qs.seen++ {
		if qs.matches(archs[qs.seen].Layout().Components()) {
			qs.matched = append(qs.matched, qs.seen)
			for len(qs.isMatched) <= qs.seen {
				qs.isMatched = append(qs.isMatched, false)
			}
			qs.isMatched[qs.seen] = true
		}
	}
	n := 0
	for _, ai := range qs.matched {
		n += len(archs[ai].Entities())
	}
	qs.count = n
}

// span is one archetype's slice of a query's entities: the entity ids and
// one column of component pointers per queried component.
type span struct {
	ents []donburi.Entity
	cols [4][]unsafe.Pointer
}

// eachSpan calls fn for the part of the query's entities with overall
// position in [lo, hi), archetype by archetype, in a stable order.
func (qs *queryState) eachSpan(lo, hi int, fn func(sp span)) {
	archs := qs.world.Archetypes()
	var sp span
	off := 0
	for _, ai := range qs.matched {
		ents := archs[ai].Entities()
		n := len(ents)
		if off+n <= lo {
			off += n
			continue
		}
		if off >= hi {
			return
		}
		a, b := max(lo-off, 0), min(hi-off, n)
		sp.ents = ents[a:b]
		for k, col := range qs.cols {
			sp.cols[k] = col.column(ai)[a:b]
		}
		fn(sp)
		off += n
	}
}

// get fills ps with e's component pointers if e exists and matches. It
// reads donburi's entity locations through a mirror (see donburiWorld)
// instead of World.Entry, which writes the shared Entry it returns; the
// world does not change while systems run, so get needs no lock.
func (qs *queryState) get(e Entity, ps []unsafe.Pointer) bool {
	de := donburi.Entity(e)
	locs := worldOf(qs.world).entities.locations
	id := int(de.Id())
	if e == 0 || id >= len(locs) || !de.IsReady() {
		return false
	}
	loc := locs[id]
	if loc == nil || !loc.valid || loc.archetype >= len(qs.isMatched) || !qs.isMatched[loc.archetype] {
		return false
	}
	ents := qs.world.Archetypes()[loc.archetype].Entities()
	if loc.component >= len(ents) || ents[loc.component] != de {
		return false // a stale Entity: the id was reused
	}
	for k := range ps {
		ps[k] = qs.cols[k].storages[loc.archetype][loc.component]
	}
	return true
}

// donburiWorld mirrors the head of donburi's world struct (v1.15.8), and
// donburiLocations and donburiLocation its storage.LocationMap and
// storage.Location, so that get can find an entity without World.Entry.
// checkStorageLayout verifies them once per process.
type donburiWorld struct {
	id       int
	index    unsafe.Pointer
	entities *donburiLocations
}

type donburiLocations struct {
	locations []*donburiLocation
	_         int // Len
}

type donburiLocation struct {
	archetype int
	component int
	valid     bool
}

// worldOf returns the mirror of a donburi world.
func worldOf(w donburi.World) *donburiWorld {
	type iface struct{ typ, data unsafe.Pointer }
	return (*donburiWorld)((*iface)(unsafe.Pointer(&w)).data)
}

// first fills ps with the first matching entity's component pointers.
func (qs *queryState) first(ps []unsafe.Pointer) (Entity, bool) {
	archs := qs.world.Archetypes()
	for _, ai := range qs.matched {
		ents := archs[ai].Entities()
		if len(ents) == 0 {
			continue
		}
		for k, col := range qs.cols {
			ps[k] = col.column(ai)[0]
		}
		return Entity(ents[0]), true
	}
	return 0, false
}
