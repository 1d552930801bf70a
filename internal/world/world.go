// Package world is glue's storage: the only package that imports donburi
// and unsafe. It keeps the registry of component types, creates and
// changes entities, and hands out spans of entity ids and component
// columns to queries. It works around donburi v1.15.8's defects (see
// [World.Spawn], [World.Insert], [World.Despawn]) and is pinned to that
// version by a layout check.
//
// A World is not concurrent-safe for changes: Spawn, Insert, Remove and
// Despawn run on one goroutine while no query is iterated. Queries may be
// iterated and looked up from many goroutines between changes.
//
// Every change goes through World's methods (Spawn, SpawnAs, SpawnBatch,
// Insert, Slot, Put, Remove, Despawn, Reserve, Release). The world keeps
// tables of its own beside donburi's — each entity's place, the dense
// per-archetype rows that donburi's pointer columns point at, donburi's
// per-archetype counts — and creates, moves and removes entities on
// donburi's tables itself (see [World.SpawnBatch] and docs/storage.md):
// code that called donburi's Create, Remove or Entry.AddComponent directly
// would leave those tables wrong.
package world

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"reflect"
	"slices"
	"sync"
	"unsafe"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
)

// Entity is an entity id: donburi's id in the high 32 bits, a ready bit
// and a 24-bit version in the low bits.
type Entity uint64

// MaxVersion is the highest version an entity id reaches. An id whose
// entity is despawned at this version is retired — never handed out again
// — so that a stale Entity can never alias a live one.
const MaxVersion = 1<<24 - 1

// ID returns the entity's id.
func (e Entity) ID() uint32 { return uint32(e >> 32) }

// Version returns the entity's version.
func (e Entity) Version() uint32 { return uint32(e & MaxVersion) }

// World is one app's entities and components, stored in a donburi world.
type World struct {
	dw     donburi.World
	m      *donburiWorld
	cols   []*column      // by Type.Index; nil until the world uses the type
	archs  map[string]int // layoutKey → archetype, for archetypes glue made
	key    []byte
	layout []component.IComponentType
	// OnAdd and OnRemove, if set, are told of every component type an
	// entity gains or loses (by spawning, inserting, removing,
	// despawning).
	OnAdd, OnRemove func(t *Type, e Entity)
	retired         int

	places []place   // by entity id
	edges  [][]*edge // by archetype: known moves
	// stale[ai]: donburi's count of archetype ai is to be set (recount)
	stale     []bool
	staleList []int
	one       [1]Entity
	made      [1]donburi.Entity

	// Reservations (see Reserve): resMu guards donburi's free list and
	// fresh while systems reserve ids concurrently.
	resMu sync.Mutex
	fresh int // ids reserved past donburi's next id, not yet materialized
}

// New returns an empty world, or an error if donburi's layout is not the
// one this package mirrors. New is concurrent-safe.
func New() (*World, error) {
	worldMu.Lock()
	defer worldMu.Unlock()
	if err := checkLayout(); err != nil {
		return nil, err
	}
	dw := donburi.NewWorld()
	// Id 0 is never an entity; its place holds an entity of another id, so
	// that locate needs no check for the zero Entity.
	places := []place{{e: 1 << 32}}
	return &World{dw: dw, m: mirrorOf(dw), archs: map[string]int{}, places: places}, nil
}

// Len returns the number of entities.
func (w *World) Len() int { return w.dw.Len() }

// Archetypes returns the number of archetypes: distinct sets of
// component types the world has stored.
func (w *World) Archetypes() int { return len(w.m.archetypes) }

// Retired returns the number of entity ids retired because their version
// reached MaxVersion.
func (w *World) Retired() int { return w.retired }

// Valid reports whether e is a live entity.
func (w *World) Valid(e Entity) bool {
	_, _, ok := w.locate(e)
	return ok
}

// locate returns e's archetype and row from the world's own table of
// places; it writes nothing, so concurrent lookups are safe.
func (w *World) locate(e Entity) (arch, row int, ok bool) {
	id := int(e >> 32)
	if id >= len(w.places) {
		return 0, 0, false
	}
	p := &w.places[id] // places[0] holds no entity of id 0: e == 0 is not live
	if p.e != e {
		return 0, 0, false // not live, or a stale Entity: the id was reused
	}
	return int(p.arch), int(p.row), true
}

// place is where the live entity of one id is. It copies donburi's
// location table (which glue keeps right too) into one dense array, so
// that a lookup reads one entry instead of following a pointer per id
// and checking the archetype's entity list.
type place struct {
	e         Entity // the live entity of the id, or 0
	arch, row int32
}

// setPlace records where e is.
func (w *World) setPlace(e Entity, arch, row int) {
	id := int(e >> 32)
	for len(w.places) <= id {
		w.places = append(w.places, place{})
	}
	w.places[id] = place{e: e, arch: int32(arch), row: int32(row)}
}

// Types returns the component types of a live entity, or nil.
func (w *World) Types(e Entity) []*Type {
	arch, _, ok := w.locate(e)
	if !ok {
		return nil
	}
	var out []*Type
	for _, c := range w.m.archetype(arch).layout.components {
		out = append(out, c.(*column).t)
	}
	return out
}

// Get returns a pointer to e's component of type t, or nil if e is not
// live or lacks t.
func (w *World) Get(e Entity, t *Type) unsafe.Pointer {
	arch, row, ok := w.locate(e)
	if !ok {
		return nil
	}
	c := w.col(t)
	if !slices.Contains(w.m.archetype(arch).layout.components, component.IComponentType(c)) {
		return nil
	}
	return w.storage(c).storages[arch][row]
}

// storage returns the donburi storage of c's type in w. donburi makes a
// type's storage once and keeps it, so the column caches it.
func (w *World) storage(c *column) *donburiStorage {
	if c.st == nil {
		c.st = storageOf(w.dw, c)
	}
	return c.st
}

// col returns the world's component object of t.
func (w *World) col(t *Type) *column {
	for len(w.cols) <= t.Index {
		w.cols = append(w.cols, nil)
	}
	c := w.cols[t.Index]
	if c == nil {
		c = &column{t: t}
		w.cols[t.Index] = c
	}
	return c
}

// Reserve returns the id the next entity spawned with [World.SpawnAs]
// will have, at once. It is safe to call from many goroutines at a time,
// and while queries are iterated, but not during a change (Spawn, Insert,
// Remove, Despawn). A reserved id is not live ([World.Valid] reports
// false) until it is spawned; one that is never spawned must be given
// back with [World.Release].
//
// Ids are taken from the ids of despawned entities first, newest first,
// then new ones in increasing order, like donburi's own Create: so a
// program that reserves from one goroutine gets the same ids on every
// run.
func (w *World) Reserve() Entity {
	w.resMu.Lock()
	defer w.resMu.Unlock()
	if d := w.m.destroyed; len(d) > 0 && w.fresh == 0 {
		e := d[len(d)-1]
		w.m.destroyed = d[:len(d)-1]
		return Entity(e.Ready())
	}
	// A new id: donburi gives the next one to the next Create. It is made
	// (and freed again, which counts its version up to 1) by materialize,
	// before the next change, so that ids can be spawned in any order.
	id := uint32(len(w.m.entities.locations) + w.fresh)
	w.fresh++
	return Entity(uint64(id)<<32 | 1<<24 | 1)
}

// Release gives back a reserved id that will not be spawned. Its version
// is counted up first, so that a copy of the reserved Entity never
// aliases the entity that reuses the id.
func (w *World) Release(e Entity) {
	w.materialize()
	de := donburi.Entity(e)
	if de.Version() == MaxVersion {
		w.retired++
		return
	}
	w.m.destroyed = append(w.m.destroyed, de.IncVersion())
}

// materialize makes donburi create and free the new ids reserved since
// the last change, in increasing order, and takes them off its free list
// again: they then exist in donburi's tables at version 1, and SpawnAs can
// spawn them in any order.
func (w *World) materialize() {
	if w.fresh > 0 { // small enough to inline: changes pay one compare
		w.materializeFresh()
	}
}

func (w *World) materializeFresh() {
	probe := w.col(probeType)
	layout := []component.IComponentType{probe}
	if len(w.m.destroyed) != 0 {
		panic("glue: internal error: ids were freed while new ids were reserved")
	}
	w.reserve(layout)
	w.flushCounts()
	// All at once: one archetype search. Removed last first, so that
	// donburi swaps nothing.
	made := w.dw.CreateMany(w.fresh, probe)
	for i := len(made) - 1; i >= 0; i-- {
		w.dw.Remove(made[i])
	}
	w.m.destroyed = w.m.destroyed[:0]
	w.fresh = 0
}

// reservation is the component of the entities materialize makes.
type reservation struct{}

var probeType = TypeFor[reservation]()

// SpawnAs spawns the entity reserved as e with the given components, as
// [World.Spawn] does. It returns an error, and releases e, if the
// components are not valid.
func (w *World) SpawnAs(e Entity, types []*Type, values []any) error {
	if len(values) != len(types) {
		panic("glue: internal error: SpawnAs with one value per type expected")
	}
	w.one[0] = e
	b, err := w.SpawnBatch(types, w.one[:])
	if err != nil {
		return err
	}
	for i, t := range types {
		t.set(w.BlockCol(b, t)[0], values[i])
	}
	return nil
}

// Spawn creates an entity with the given components, one value per type
// (values[i] holds types[i]). Types must be distinct and at least one.
func (w *World) Spawn(types []*Type, values []any) (Entity, error) {
	e := w.Reserve()
	if err := w.SpawnAs(e, types, values); err != nil {
		return 0, err
	}
	return e, nil
}

// Block is where the components of a batch of entities spawned together
// are: consecutive rows of one archetype (see [World.BlockCol]). It is
// valid until the next change of the world.
type Block struct{ arch, row, n int }

// Len returns the number of entities of the block.
func (b Block) Len() int { return b.n }

// SpawnBatch spawns the entities reserved as ents, all with zeroed
// components of the given types, as one batch: the archetype is looked up
// once, and the entities are appended to it on donburi's tables (see
// grow); donburi's CreateMany makes them only when the world has not
// stored these types together yet. The caller then writes the components
// through [World.BlockCol]. SpawnBatch returns an error, and releases
// every entity of ents, if the types are not valid (none, or one given
// twice). It does not keep ents.
func (w *World) SpawnBatch(types []*Type, ents []Entity) (Block, error) {
	return w.SpawnCached(types, ents, nil)
}

// SpawnCached is [World.SpawnBatch] with a cache of the types'
// archetype, for a caller that spawns one list of types again and again:
// it keeps one int per list, set to -1 before the first call, and passes
// it each time; SpawnCached fills it in and then skips the archetype
// lookup. A nil arch caches nothing.
func (w *World) SpawnCached(types []*Type, ents []Entity, arch *int) (Block, error) {
	w.materialize()
	if arch != nil && *arch >= 0 {
		if len(ents) == 0 {
			return Block{}, nil
		}
		a := *arch
		return w.spawned(types, ents, a, w.grow(w.m.archetype(a).layout.components, a, ents)), nil
	}
	layout, err := w.layoutFor(types)
	if err != nil {
		for _, e := range ents {
			w.Release(e)
		}
		return Block{}, err
	}
	if len(ents) == 0 {
		return Block{}, nil
	}
	w.reserve(layout)
	var a, row int
	if x, ok := w.archs[string(w.layoutKey(layout))]; ok {
		a, row = x, w.grow(layout, x, ents)
	} else {
		a, row = w.create(layout, ents)
	}
	if arch != nil {
		*arch = a
	}
	return w.spawned(types, ents, a, row), nil
}

// spawned records the places of entities spawned at rows row… of
// archetype arch and reports their components.
func (w *World) spawned(types []*Type, ents []Entity, arch, row int) Block {
	for i, e := range ents {
		w.setPlace(e, arch, row+i)
	}
	if w.OnAdd != nil {
		for _, e := range ents {
			for _, t := range types {
				w.OnAdd(t, e)
			}
		}
	}
	return Block{arch: arch, row: row, n: len(ents)}
}

// grow appends the reserved ents to archetype arch of the given layout
// on donburi's tables through the mirrors, as donburi's createEntity does
// for each, and returns the first one's row. Every reserved id is known
// to donburi (materialize made the new ones), and none is on its free
// list, so no id and no archetype search is needed.
func (w *World) grow(layout []component.IComponentType, arch int, ents []Entity) int {
	a := w.m.archetype(arch)
	row := len(a.entities)
	locs := w.m.entities
	for i, e := range ents {
		de := donburi.Entity(e)
		l := locs.locations[de.Id()]
		if l.valid {
			panic(fmt.Sprintf("glue: internal error: reserved entity %x is live", uint64(e)))
		}
		l.archetype, l.component, l.valid = arch, row+i, true
		a.entities = append(a.entities, de)
	}
	locs.n += len(ents)
	for _, c := range layout {
		col := c.(*column)
		st := w.storage(col)
		ptrs := st.storages[arch]
		for r := row; r < row+len(ents); r++ {
			ptrs = append(ptrs, col.slot(arch, r))
		}
		st.storages[arch] = ptrs
	}
	w.recount(arch)
	return row
}

// create has donburi create the reserved ents, with one CreateMany, in
// the archetype of layout, which glue does not know yet (donburi makes it
// if needed), and returns the archetype and the first one's row.
func (w *World) create(layout []component.IComponentType, ents []Entity) (arch, row int) {
	d := w.m.destroyed
	for i := len(ents) - 1; i >= 0; i-- { // donburi takes the last first
		d = append(d, donburi.Entity(ents[i])&^(1<<24))
	}
	w.m.destroyed = d
	w.flushCounts()
	var got []donburi.Entity
	if len(ents) == 1 {
		w.made[0] = w.dw.Create(layout...)
		got = w.made[:]
	} else {
		got = w.dw.CreateMany(len(ents), layout...)
	}
	for i, g := range got {
		if Entity(g) != ents[i] {
			panic(fmt.Sprintf("glue: internal error: reserved entity %x spawned as %x", uint64(ents[i]), uint64(g)))
		}
	}
	loc := w.m.entities.locations[donburi.Entity(ents[0]).Id()]
	arch, row = loc.archetype, loc.component
	w.archs[string(w.layoutKey(layout))] = arch
	w.place(layout, arch, row, len(ents))
	return arch, row
}

// BlockCol returns the components of type t of a block's entities, in
// the order they were spawned. t must be one of the block's types.
func (w *World) BlockCol(b Block, t *Type) []unsafe.Pointer {
	return w.storage(w.col(t)).storages[b.arch][b.row : b.row+b.n]
}

// SetIn sets the component of type t of entity k of a block to v, which
// holds t's Go type.
func (w *World) SetIn(b Block, k int, t *Type, v any) {
	t.set(w.BlockCol(b, t)[k], v)
}

// layoutFor returns the world's component objects of types, in w.layout,
// or an error if there are none or one is given twice.
func (w *World) layoutFor(types []*Type) ([]component.IComponentType, error) {
	if len(types) == 0 {
		return nil, errors.New("an entity needs at least one component")
	}
	layout := w.layout[:0]
	for i, t := range types {
		for _, prev := range types[:i] {
			if prev == t {
				return nil, fmt.Errorf("component type %s given twice", t.Name)
			}
		}
		layout = append(layout, w.col(t))
	}
	w.layout = layout
	return layout, nil
}

// Despawn removes a live entity and all its components; it reports false
// if e is not live. An id whose version reached MaxVersion is retired.
func (w *World) Despawn(e Entity) bool {
	w.materialize()
	arch, row, ok := w.locate(e)
	if !ok {
		return false
	}
	if w.OnRemove != nil {
		for _, c := range w.m.archetype(arch).layout.components {
			w.OnRemove(c.(*column).t, e)
		}
	}
	w.drop(donburi.Entity(e), arch, row)
	if donburi.Entity(e).Version() == MaxVersion {
		// donburi would hand the id out again at version 0: keep it.
		d := w.m.destroyed
		if n := len(d); n > 0 && d[n-1].Id() == donburi.Entity(e).Id() {
			w.m.destroyed = d[:n-1]
			w.retired++
		}
	}
	return true
}

// drop removes entity e, at row row of archetype arch, from donburi's
// tables as donburi's World.Remove does, on the mirrors: without its
// second validity check and its per-type storage lookups. The caller has
// reported the removal.
func (w *World) drop(e donburi.Entity, arch, row int) {
	a := w.m.archetype(arch)
	last := len(a.entities) - 1
	moved := a.entities[last]
	a.entities[row] = moved
	a.entities = a.entities[:last]
	locs := w.m.entities
	locs.locations[e.Id()].valid = false
	locs.n--
	w.places[e.Id()].e = 0
	if row < last {
		l := locs.locations[moved.Id()]
		l.archetype, l.component = arch, row
		w.places[moved.Id()].row = int32(row)
	}
	for _, c := range a.layout.components {
		w.cut(c.(*column), arch, row, last)
	}
	w.recount(arch)
	w.m.destroyed = append(w.m.destroyed, e.IncVersion())
}

// Insert sets e's component of type t to v, adding the component if e
// lacks it. It reports false if e is not live.
func (w *World) Insert(e Entity, t *Type, v any) bool {
	p := w.Slot(e, t)
	if p == nil {
		return false
	}
	t.set(p, v)
	return true
}

// Slot returns a pointer to e's component of type t, adding a zeroed
// component if e lacks it, or nil if e is not live. The pointer is valid
// until the component is removed.
func (w *World) Slot(e Entity, t *Type) unsafe.Pointer {
	w.materialize()
	arch, row, ok := w.locate(e)
	if !ok {
		return nil
	}
	c := w.col(t)
	if !hasComp(w.m.archetype(arch).layout.components, c) {
		x := w.edge(arch, c, true)
		row = w.move(donburi.Entity(e), arch, row, x)
		arch = x.to
		if w.OnAdd != nil {
			w.OnAdd(t, e)
		}
	}
	return w.storage(c).storages[arch][row]
}

// Remove removes e's component of type t. It reports whether e had it.
// Removing an entity's last component despawns it.
func (w *World) Remove(e Entity, t *Type) bool {
	w.materialize()
	arch, row, ok := w.locate(e)
	if !ok {
		return false
	}
	c := w.col(t)
	layout := w.m.archetype(arch).layout.components
	if !hasComp(layout, c) {
		return false
	}
	if len(layout) == 1 {
		return w.Despawn(e)
	}
	x := w.edge(arch, c, false)
	if w.OnRemove != nil {
		w.OnRemove(t, e)
	}
	w.move(donburi.Entity(e), arch, row, x)
	return true
}

// Has reports whether live entity e has a component of type t.
func (w *World) Has(e Entity, t *Type) bool {
	arch, _, ok := w.locate(e)
	if !ok || t.Index >= len(w.cols) || w.cols[t.Index] == nil {
		return false
	}
	return hasComp(w.m.archetype(arch).layout.components, w.cols[t.Index])
}

// edge is a known archetype change: adding (or removing) the component c
// to an entity of one archetype moves it to archetype to. It lists the
// columns of both archetypes once, so that a move looks nothing up.
type edge struct {
	c    *column
	add  bool
	to   int
	into []*column // to's columns
	kept []bool    // into[i] is also a column of the source archetype
	out  []*column // the source archetype's columns
}

// edge returns the move from archetype from when c is added (or
// removed), making and seeding the target archetype the first time.
func (w *World) edge(from int, c *column, add bool) *edge {
	for len(w.edges) <= from {
		w.edges = append(w.edges, nil)
	}
	for _, x := range w.edges[from] {
		if x.c == c && x.add == add {
			return x
		}
	}
	var next []component.IComponentType
	for _, x := range w.m.archetype(from).layout.components {
		if x != c {
			next = append(next, x)
		}
	}
	if add {
		next = append(next, c)
	}
	to := w.seed(next)
	x := &edge{c: c, add: add, to: to}
	fromLayout := w.m.archetype(from).layout.components
	for _, t := range w.m.archetype(to).layout.components {
		x.into = append(x.into, t.(*column))
		x.kept = append(x.kept, hasComp(fromLayout, t))
	}
	for _, t := range fromLayout {
		x.out = append(x.out, t.(*column))
	}
	w.edges[from] = append(w.edges[from], x)
	return x
}

// move moves entity e from row row of archetype from to the end of
// archetype to, as donburi's TransferArchetype does, on the mirrors:
// components both archetypes have are copied along, those only to has
// are zero, those only from has are dropped.
// It returns e's row in to. Unlike Entry.AddComponent and
// RemoveComponent, it costs no archetype search and no allocation.
func (w *World) move(e donburi.Entity, from, row int, x *edge) int {
	to := x.to
	fa, ta := w.m.archetype(from), w.m.archetype(to)
	last := len(fa.entities) - 1
	moved := fa.entities[last]
	fa.entities[row] = moved
	fa.entities = fa.entities[:last]
	ta.entities = append(ta.entities, e)
	dst := len(ta.entities) - 1
	locs := w.m.entities.locations
	l := locs[e.Id()]
	l.archetype, l.component = to, dst
	w.setPlace(Entity(e), to, dst)
	if row < last {
		l := locs[moved.Id()]
		l.archetype, l.component = from, row
		w.places[moved.Id()].row = int32(row)
	}
	for i, col := range x.into {
		st := w.storage(col)
		p := col.slot(to, dst)
		if x.kept[i] {
			col.copy(p, st.storages[from][row])
		}
		st.storages[to] = append(st.storages[to], p)
	}
	for _, col := range x.out {
		w.cut(col, from, row, last)
	}
	w.recount(from)
	w.recount(to)
	return dst
}

// cut removes row row of archetype arch from c's column, as a swap
// remove: the last row's component is copied into it and the last slot
// cleared.
func (w *World) cut(c *column, arch, row, last int) {
	st := w.storage(c)
	src := st.storages[arch]
	if row < last {
		c.copy(src[row], src[last])
	}
	if c.t.size > 0 {
		c.clear(src[last])
	}
	src[last] = nil
	st.storages[arch] = src[:last]
}

// recount notes that archetype ai's entities changed behind donburi's
// back: donburi keeps a count of each archetype's entities (less one: the
// row its next Create there takes), in a map, which flushCounts sets
// right before donburi next creates or removes an entity. Setting it once
// per archetype, not once per change, saves a map write per entity.
func (w *World) recount(ai int) {
	for len(w.stale) <= ai {
		w.stale = append(w.stale, false)
	}
	if !w.stale[ai] {
		w.stale[ai] = true
		w.staleList = append(w.staleList, ai)
	}
}

// flushCounts sets donburi's counts of the archetypes noted by recount.
// Every call of donburi's Create, CreateMany or Remove comes after it.
func (w *World) flushCounts() {
	if len(w.staleList) == 0 {
		return
	}
	idx := w.m.components().indices
	for _, ai := range w.staleList {
		idx[ai] = len(w.m.archetype(ai).entities) - 1
		w.stale[ai] = false
	}
	w.staleList = w.staleList[:0]
}

// reserve grows the storages of layout's types so that donburi can place
// them in one more archetype (see donburiStorage.reserve).
func (w *World) reserve(layout []component.IComponentType) {
	n := len(w.m.archetypes) + 1
	if n < 256 {
		return // donburi's initial capacity
	}
	for _, c := range layout {
		w.storage(c.(*column)).reserve(n)
	}
}

// seed makes sure donburi has counted the archetype of layout before an
// entity moves into it by AddComponent or RemoveComponent. donburi
// v1.15.8's Components.Move counts the first entity to arrive in a
// never-created archetype as its second, and the next Create into that
// archetype then panics (index out of range). Creating and removing one
// entity there first sets the count right. It costs one create and remove
// per new archetype, once.
func (w *World) seed(layout []component.IComponentType) int {
	w.reserve(layout)
	if a, ok := w.archs[string(w.layoutKey(layout))]; ok {
		return a
	}
	w.flushCounts()
	// The entity is the archetype's last: Remove swaps no pointers, and
	// its components are the columns' dummies, which nothing wrote.
	e := w.dw.Create(layout...)
	arch := w.m.entities.locations[e.Id()].archetype
	w.dw.Remove(e)
	w.archs[string(w.layoutKey(layout))] = arch
	return arch
}

// layoutKey returns a key that identifies a set of component types
// regardless of order: the sorted type ids as uvarints, in a buffer the
// world reuses.
func (w *World) layoutKey(layout []component.IComponentType) []byte {
	var buf [16]int
	ids := buf[:0]
	for _, c := range layout {
		ids = append(ids, int(c.Id()))
	}
	slices.Sort(ids)
	w.key = w.key[:0]
	for _, id := range ids {
		w.key = binary.AppendUvarint(w.key, uint64(id))
	}
	return w.key
}

// column is a world's donburi component type for one Go type, and the
// memory of its components: dense per archetype, row r of archetype a at
// slot(a, r), in chunks that double in size (8 rows, then 16, 32, …) so
// that a small archetype takes little memory and a large one is walked in
// long contiguous runs. donburi's pointer column of the type in archetype
// a always holds slot(a, 0), slot(a, 1), …: glue makes, moves and removes
// entities on donburi's tables itself (SpawnBatch, move, drop) and copies
// component values between slots, as an archetype-based ECS does, instead
// of letting donburi shuffle pointers to scattered components. Slots past
// an archetype's last row are zero.
type column struct {
	t     *Type
	st    *donburiStorage    // the world's storage of t, once known
	dense [][]unsafe.Pointer // by archetype: its chunks
	// dummy is the zero component New hands donburi, which glue replaces
	// with the row's slot before anything reads or writes it.
	dummy unsafe.Pointer
	zero  unsafe.Pointer // a zero value, to clear slots of types with pointers
}

func (c *column) Id() component.ComponentTypeId { return c.t.id }
func (c *column) Typ() reflect.Type             { return c.t.RType }
func (c *column) Name() string                  { return c.t.Name }
func (c *column) String() string                { return c.t.Name }

// New returns the column's dummy zero component: donburi calls it when it
// creates an entity, and glue then points the entity's row at its slot.
func (c *column) New() unsafe.Pointer {
	if c.dummy == nil {
		c.dummy = reflect.New(c.t.RType).UnsafePointer()
	}
	return c.dummy
}

// firstRows is the number of rows of an archetype's first chunk; chunk k
// holds firstRows<<k rows.
const firstRows = 8

// chunkOf returns the chunk of a row and the row's index in it.
func chunkOf(row int) (k, i int) {
	k = bits.Len(uint(row/firstRows+1)) - 1
	return k, row - (1<<k-1)*firstRows
}

// slot returns the memory of row row of archetype arch, making the chunk
// if the archetype has none there yet.
func (c *column) slot(arch, row int) unsafe.Pointer {
	size := c.t.size
	if size == 0 {
		return c.New()
	}
	for len(c.dense) <= arch {
		c.dense = append(c.dense, nil)
	}
	k, i := chunkOf(row)
	for len(c.dense[arch]) <= k {
		rows := firstRows << len(c.dense[arch])
		c.dense[arch] = append(c.dense[arch], reflect.New(reflect.ArrayOf(rows, c.t.RType)).UnsafePointer())
	}
	return unsafe.Add(c.dense[arch][k], uintptr(i)*size)
}

// at returns the memory of an existing row.
func (c *column) at(arch, row int) unsafe.Pointer {
	if c.t.size == 0 {
		return c.dummy
	}
	k, i := chunkOf(row)
	return unsafe.Add(c.dense[arch][k], uintptr(i)*c.t.size)
}

// copy copies the component at src to dst.
func (c *column) copy(dst, src unsafe.Pointer) {
	if !c.t.plain {
		c.t.cp(dst, src)
		return
	}
	switch c.t.size { // the common small sizes without a call to memmove
	case 8:
		*(*[1]uint64)(dst) = *(*[1]uint64)(src)
	case 16:
		*(*[2]uint64)(dst) = *(*[2]uint64)(src)
	case 24:
		*(*[3]uint64)(dst) = *(*[3]uint64)(src)
	case 32:
		*(*[4]uint64)(dst) = *(*[4]uint64)(src)
	default:
		copy(unsafe.Slice((*byte)(dst), c.t.size), unsafe.Slice((*byte)(src), c.t.size))
	}
}

// clear zeroes the component at p.
func (c *column) clear(p unsafe.Pointer) {
	if c.t.plain {
		switch c.t.size {
		case 8:
			*(*[1]uint64)(p) = [1]uint64{}
		case 16:
			*(*[2]uint64)(p) = [2]uint64{}
		case 24:
			*(*[3]uint64)(p) = [3]uint64{}
		case 32:
			*(*[4]uint64)(p) = [4]uint64{}
		default:
			clear(unsafe.Slice((*byte)(p), c.t.size))
		}
		return
	}
	if c.zero == nil {
		c.zero = reflect.New(c.t.RType).UnsafePointer()
	}
	c.t.cp(p, c.zero)
}

// place points rows [row, row+n) of archetype arch in donburi's storage
// at their slots, after donburi created them with dummies.
func (w *World) place(layout []component.IComponentType, arch, row, n int) {
	for _, c := range layout {
		col := c.(*column)
		ptrs := w.storage(col).storages[arch]
		for r := row; r < row+n; r++ {
			ptrs[r] = col.slot(arch, r)
		}
	}
}

// Fill writes vals, which hold t's Go type T, to the components of type t
// of a block's entities, in order (len(vals) is the block's length).
func Fill[T any](w *World, b Block, t *Type, vals []T) {
	ptrs := w.BlockCol(b, t)
	vals = vals[:len(ptrs)]
	for i, p := range ptrs {
		*(*T)(p) = vals[i]
	}
}

// Put sets e's component of type t, which is T, to v, adding the
// component if e lacks it. It reports false if e is not live.
func Put[T any](w *World, e Entity, t *Type, v T) bool {
	p := w.Slot(e, t)
	if p == nil {
		return false
	}
	*(*T)(p) = v
	return true
}
