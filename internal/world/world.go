// Package world is glue's storage: an archetype store of its own. It
// keeps the registry of component types, creates and changes entities,
// and hands out spans of entity ids and dense component columns to
// queries. It imports no other ECS; donburi appears only in its tests, as
// the reference model of a randomized differential test.
//
// An archetype is one set of component types. It holds its entities in a
// list and each component type in one dense column: a Go slice of the
// component's real type (made with reflect.MakeSlice, so that the garbage
// collector scans columns of types with pointers and skips the others),
// row r of every column belonging to entity r of the list. Columns grow
// by doubling. Removing an entity moves the archetype's last row into its
// place (swap remove); rows past an archetype's last are always zero.
// Each entity id has a place — its archetype and row — in one table
// indexed by id, so a lookup is one load from the table and one from the
// column. See docs/storage.md for the design, the id policy and the
// limits.
//
// A World is not concurrent-safe for changes: Spawn, Insert, Remove and
// Despawn run on one goroutine while no query is iterated. Queries may be
// iterated and looked up, and ids reserved, from many goroutines between
// changes.
//
// Limits: ids are 32 bits, so a world hands out at most [MaxIDs] ids in
// its life (reused ids do not count again); an id is retired, never
// handed out again, when its version reaches [MaxVersion]; a world holds
// at most 2^31−1 archetypes and an archetype at most 2^31−1 entities
// (rows are int32 in the place table); a component's size is bounded only
// by memory (a column takes size × capacity bytes; zero-size components
// take none).
package world

import (
	"errors"
	"fmt"
	"math/bits"
	"reflect"
	"runtime"
	"sync"
	"unsafe"
)

// Entity is an entity id: the id in the high 32 bits, a ready bit (set
// on every Entity the world hands out) and a 24-bit version in the low
// bits — the layout donburi uses, which glue kept.
type Entity uint64

// MaxVersion is the highest version an entity id reaches. An id whose
// entity is despawned (or released) at this version is retired — never
// handed out again — so that a stale Entity can never alias a live one.
const MaxVersion = 1<<24 - 1

// MaxIDs is the number of distinct ids a world can hand out in its life:
// ids are 32-bit and id 0 is never an entity.
const MaxIDs = 1<<32 - 1

// ready marks every Entity the world hands out.
const ready = 1 << 24

// ID returns the entity's id.
func (e Entity) ID() uint32 { return uint32(e >> 32) }

// Version returns the entity's version.
func (e Entity) Version() uint32 { return uint32(e & MaxVersion) }

// next returns the Entity that reuses e's id after e is gone.
func (e Entity) next() Entity { return e&^MaxVersion | (e+1)&MaxVersion | ready }

// World is one app's entities and components.
type World struct {
	archs []*archetype
	byKey map[string]int32 // archetype key (see key) → archetype
	key   []byte
	// made lists the archetypes of the world's history, in the order it
	// made them (indices into archs); rank[ai] is archetype ai's place
	// in made, or -1. An archetype that a restore took back ([CopyInto]
	// from a world that had not made it) stays in archs, empty, so that
	// queries keep their columns, but is not made again until the world
	// needs it: what happens then (the version bump of bumpFree, its
	// place in the order in which queries visit archetypes) is what a
	// world that never made it does. made is part of the world's state:
	// CopyInto copies it and Digest hashes it.
	made []int32
	rank []int32
	// order counts the changes of made other than the append of a new
	// archetype; queries re-sort their archetypes when it changed.
	order uint64
	// OnAdd and OnRemove, if set, are told of every component type an
	// entity gains or loses (by spawning, inserting, removing,
	// despawning).
	OnAdd, OnRemove func(t *Type, e Entity)
	// Solo tells that no two goroutines ever reserve ids at once (an app
	// that runs every system on one goroutine): Reserve then takes no
	// lock.
	Solo    bool
	retired int
	live    int

	// places[id] is where the entity of id is. Its length is always a
	// power of two (ids past the highest placed one hold place{}, no
	// entity), and pmask is that length less one: a lookup takes the
	// place of id&pmask with no range check of its own, and an id past
	// the table lands on a place whose entity is not e (see Fetch). The
	// table is at most twice the highest id's length (16 bytes a place).
	places []place
	pmask  Entity
	one    [1]Entity
	// queries are the world's queries, whose tables newArchetype
	// lengthens (see Query.pad).
	queries []*Query
	// OnNewArchetype, if set, is called with the types of each archetype
	// the world makes (the app checks its components' needs: glue.RunBy).
	OnNewArchetype func(types []*Type)
	bulk           []int // scratch of the bulk changes (bulk.go)
	// runSrc and runMoves are DespawnEach's scratch (bulk.go).
	runSrc   []int32
	runMoves []rowMove

	// Ids (see Reserve), guarded by resMu while systems reserve ids
	// concurrently; queries never read them.
	resMu sync.Mutex
	free  []Entity // freed ids at their next version, newest last
	next  uint64   // the next new id
	// pending[id] is the Entity reserved with that id and neither spawned
	// nor released yet, or 0.
	pending []Entity
}

// New returns an empty world. It never fails today; the error is kept
// for callers written against earlier versions.
func New() (*World, error) {
	// Id 0 is never an entity; its place holds an Entity that is never
	// handed out (no ready bit), so that locate needs no check for the
	// zero Entity.
	// The table starts with two places, so that id 1 (the id of that
	// Entity) never lands on place 0 (see pmask).
	return &World{byKey: map[string]int32{}, places: []place{{e: 1 << 32}, {}}, pmask: 1, pending: []Entity{0}, next: 1}, nil
}

// Len returns the number of entities.
func (w *World) Len() int { return w.live }

// Archetypes returns the number of archetypes: distinct sets of
// component types the world has stored.
func (w *World) Archetypes() int { return len(w.archs) }

// Retired returns the number of entity ids retired because their version
// reached MaxVersion.
func (w *World) Retired() int { return w.retired }

// Valid reports whether e is a live entity.
func (w *World) Valid(e Entity) bool {
	_, _, ok := w.locate(e)
	return ok
}

// locate returns e's archetype and row from the table of places; it
// writes nothing, so concurrent lookups are safe.
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

// place returns the place of e's id, or that of id 0 (which holds no
// entity) if the id has none.
func (w *World) place(e Entity) *place {
	places := w.places
	id := int(e >> 32)
	if id >= len(places) {
		id = 0
	}
	return &places[id]
}

// place is where the live entity of one id is.
type place struct {
	e         Entity // the live entity of the id, or 0
	arch, row int32
}

// setPlace records where e is.
func (w *World) setPlace(e Entity, arch, row int) {
	id := int(e >> 32)
	if id >= len(w.places) {
		n := 1 << bits.Len(uint(id)) // the least power of two above id
		w.places = append(w.places, make([]place, n-len(w.places))...)
		w.pmask = Entity(n - 1)
	}
	w.places[id] = place{e: e, arch: int32(arch), row: int32(row)}
}

// archetype is the entities of one set of component types and their
// components, one dense column per type.
type archetype struct {
	types []*Type   // in the order of the first spawn (or move) that made it
	cols  []*column // cols[i] holds types[i]
	ents  []Entity
	cap   int     // rows every column has room for
	edges []*edge // known moves to other archetypes
	sig   uint64  // the hash of its types' names (see signature)
}

// col returns the archetype's column of t, or nil.
func (a *archetype) col(t *Type) *column {
	for i, x := range a.types {
		if x == t {
			return a.cols[i]
		}
	}
	return nil
}

// column is one component type's dense memory in one archetype: a Go
// slice of the type (v), whose first element is at base.
type column struct {
	base unsafe.Pointer
	size uintptr // t.size, beside base for Query.Get
	t    *Type
	// words is the size in words of a plain type of 8 to 32 bytes, or 0
	// (see moveOut).
	words int
	v     reflect.Value // the slice; used only to grow it
}

// at returns the memory of row row. This and the copies below are the
// package's unsafe: pointer arithmetic inside the column's own slice,
// always below its capacity.
func (c *column) at(row int) unsafe.Pointer {
	return unsafe.Add(c.base, uintptr(row)*c.size)
}

// moveOut moves row from to row to and clears row from: the step of a
// swap remove.
func (c *column) moveOut(to, from int) {
	src := c.at(from)
	c.copyRow(c.at(to), src)
	c.copyRow(src, c.t.zero)
}

// clearRow clears row row, as moveOut does.
func (c *column) clearRow(row int) { c.copyRow(c.at(row), c.t.zero) }

// copyRow copies the component at src to dst. Plain components of 8, 16,
// 24 or 32 bytes (the common sizes) are copied as words, without a call;
// the others by their type.
func (c *column) copyRow(dst, src unsafe.Pointer) {
	switch c.words {
	case 1:
		*(*[1]uint64)(dst) = *(*[1]uint64)(src)
	case 2:
		*(*[2]uint64)(dst) = *(*[2]uint64)(src)
	case 3:
		*(*[3]uint64)(dst) = *(*[3]uint64)(src)
	case 4:
		*(*[4]uint64)(dst) = *(*[4]uint64)(src)
	default:
		c.t.copy(dst, src)
	}
}

// words returns the size of t in 64-bit words if t is plain and 8, 16,
// 24 or 32 bytes long (see column.moveOut), and 0 otherwise.
func words(t *Type) int {
	if !t.plain || t.size%8 != 0 || t.size > 32 {
		return 0
	}
	return int(t.size / 8)
}

// grow makes room for n more rows in every column of a, by doubling.
func (a *archetype) grow(n int) {
	need := len(a.ents) + n
	if need <= a.cap {
		return
	}
	c := max(2*a.cap, need, 8)
	for _, col := range a.cols {
		v := reflect.MakeSlice(col.t.slice, c, c)
		if col.v.IsValid() && col.t.size > 0 {
			reflect.Copy(v, col.v.Slice(0, len(a.ents))) // a typed copy: write barriers for pointers
		}
		col.v, col.base = v, v.UnsafePointer()
	}
	a.cap = c
}

// Types returns the component types of a live entity, or nil.
func (w *World) Types(e Entity) []*Type {
	arch, _, ok := w.locate(e)
	if !ok {
		return nil
	}
	return append([]*Type(nil), w.archs[arch].types...)
}

// Get returns a pointer to e's component of type t, or nil if e is not
// live or lacks t.
func (w *World) Get(e Entity, t *Type) unsafe.Pointer {
	arch, row, ok := w.locate(e)
	if !ok {
		return nil
	}
	c := w.archs[arch].col(t)
	if c == nil {
		return nil
	}
	return c.at(row)
}

// Reserve returns the id the next entity spawned with [World.SpawnAs]
// will have, at once. It is safe to call from many goroutines at a time,
// and while queries are iterated, but not during a change (Spawn, Insert,
// Remove, Despawn). A reserved id is not live ([World.Valid] reports
// false) until it is spawned; one that is never spawned must be given
// back with [World.Release].
//
// Ids are taken from the ids of despawned entities first, newest first,
// then new ones in increasing order from 1 at version 1: so a program
// that reserves from one goroutine gets the same ids on every run.
func (w *World) Reserve() Entity {
	if w.Solo {
		return w.reserveID()
	}
	w.resMu.Lock()
	e := w.reserveID()
	w.resMu.Unlock()
	return e
}

// ReserveFree is Reserve's fast path, small enough to be inlined into its
// caller: when no two goroutines reserve ids at once (Solo) and a freed
// id is waiting, it takes that id as Reserve would and returns it and
// true; otherwise it changes nothing and returns false, and the caller
// calls Reserve. (A churn tick spawns mostly on freed ids.)
func (w *World) ReserveFree() (Entity, bool) {
	n := len(w.free)
	if !w.Solo || n == 0 {
		return 0, false
	}
	e := w.free[n-1]
	w.free = w.free[:n-1]
	w.pending[e>>32] = e
	return e, true
}

// reserveID is Reserve under the lock (or with no other goroutine).
func (w *World) reserveID() Entity {
	var e Entity
	if n := len(w.free); n > 0 {
		e = w.free[n-1]
		w.free = w.free[:n-1]
		w.pending[e.ID()] = e
		return e
	}
	if w.next > MaxIDs {
		panic(fmt.Sprintf("glue: a world hands out at most %d entity ids in its life, all are taken; despawned ids are reused, so keep fewer entities or ids retired", uint64(MaxIDs)))
	}
	e = Entity(w.next<<32 | ready | 1)
	w.next++
	w.pending = append(w.pending, e)
	return e
}

// Release gives back a reserved id that will not be spawned. Its version
// is counted up first, so that a copy of the reserved Entity never
// aliases the entity that reuses the id. It returns an error, and changes
// nothing, if e is not a reserved id waiting to be spawned (never
// reserved, already released, or spawned).
func (w *World) Release(e Entity) error {
	if !w.isPending(e) {
		return fmt.Errorf("an id is released once, after Reserve and before it is spawned; id %d at version %d is not waiting to be spawned (never reserved, released already, or spawned); release only what Reserve returned, once", e.ID(), e.Version())
	}
	w.pending[e.ID()] = 0
	w.freeID(e)
	return nil
}

// isPending reports whether e is reserved and neither spawned nor
// released.
func (w *World) isPending(e Entity) bool {
	id := int(e >> 32)
	return e != 0 && id < len(w.pending) && w.pending[id] == e
}

// freeID puts e's id on the free list at its next version, or retires it
// if e is at MaxVersion.
func (w *World) freeID(e Entity) {
	if e.Version() == MaxVersion {
		w.retired++
		return
	}
	w.free = append(w.free, e.next())
}

// SpawnAs spawns the entity reserved as e with the given components, as
// [World.Spawn] does. It returns an error if e is not a reserved id
// waiting to be spawned (changing nothing), or if the components are not
// valid (releasing e).
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
		t.set(w.BlockAt(b, t, 0), values[i])
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
// are: consecutive rows of one archetype (see [World.BlockAt] and
// [Fill]). It is valid until the next change of the world.
type Block struct{ arch, row, n int }

// Len returns the number of entities of the block.
func (b Block) Len() int { return b.n }

// SpawnBatch spawns the entities reserved as ents, all with zeroed
// components of the given types, as one batch: the archetype is looked up
// once and the entities are appended to it. The caller then writes the
// components through [World.BlockAt] or [Fill]. SpawnBatch returns an
// error, and changes nothing, if an entity of ents is not a reserved id
// waiting to be spawned; it returns an error, and releases every entity
// of ents, if the types are not valid (none, or one given twice). It does
// not keep ents.
func (w *World) SpawnBatch(types []*Type, ents []Entity) (Block, error) {
	return w.SpawnCached(types, ents, nil)
}

// SpawnCached is [World.SpawnBatch] with a cache of the types'
// archetype, for a caller that spawns one list of types again and again:
// it keeps one int per list, set to -1 before the first call, and passes
// it each time; SpawnCached fills it in and then skips the archetype
// lookup. A nil arch caches nothing.
func (w *World) SpawnCached(types []*Type, ents []Entity, arch *int) (Block, error) {
	for _, e := range ents {
		if !w.isPending(e) {
			return Block{}, fmt.Errorf("an id is spawned once, after Reserve; id %d at version %d is not waiting to be spawned (never reserved, released, or spawned already); spawn only what Reserve returned, once", e.ID(), e.Version())
		}
	}
	a := -1
	if arch != nil {
		a = *arch
	}
	if a < 0 {
		if err := checkTypes(types); err != nil {
			for _, e := range ents {
				w.Release(e) //nolint:errcheck // pending: checked above
			}
			return Block{}, err
		}
		a = w.archetypeOf(types)
		if arch != nil {
			*arch = a
		}
	}
	if len(ents) == 0 {
		return Block{}, nil
	}
	if w.rank[a] < 0 { // made before a restore took it back
		w.remake(a)
	}
	ar := w.archs[a]
	ar.grow(len(ents))
	row := len(ar.ents)
	ar.ents = append(ar.ents, ents...)
	for i, e := range ents {
		w.pending[e.ID()] = 0
		w.setPlace(e, a, row+i)
	}
	w.live += len(ents)
	if w.OnAdd != nil {
		for _, e := range ents {
			for _, t := range ar.types {
				w.OnAdd(t, e)
			}
		}
	}
	return Block{arch: a, row: row, n: len(ents)}, nil
}

// checkTypes returns an error if types cannot be an entity's: none, or
// one given twice.
func checkTypes(types []*Type) error {
	if len(types) == 0 {
		return errors.New("an entity needs at least one component")
	}
	for i, t := range types {
		for _, prev := range types[:i] {
			if prev == t {
				return fmt.Errorf("component type %s given twice", t.Name)
			}
		}
	}
	return nil
}

// BlockAt returns the component of type t of entity k of a block. t must
// be one of the block's types.
func (w *World) BlockAt(b Block, t *Type, k int) unsafe.Pointer {
	return w.archs[b.arch].col(t).at(b.row + k)
}

// SetIn sets the component of type t of entity k of a block to v, which
// holds t's Go type.
func (w *World) SetIn(b Block, k int, t *Type, v any) {
	t.set(w.BlockAt(b, t, k), v)
}

// setKey sets w.key to the key of a set of component types regardless
// of order: the sorted type indices as uvarints. extra, if not nil, is
// one more type; skip, if not nil, is left out.
func (w *World) setKey(types []*Type, extra, skip *Type) {
	var buf [32]int
	ids := buf[:0]
	for _, t := range types {
		if t != skip {
			ids = append(ids, t.Index)
		}
	}
	if extra != nil {
		ids = append(ids, extra.Index)
	}
	for i := 1; i < len(ids); i++ { // insertion sort: sets are small
		for j := i; j > 0 && ids[j] < ids[j-1]; j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
	w.key = w.key[:0]
	for _, id := range ids {
		for id >= 0x80 {
			w.key = append(w.key, byte(id)|0x80)
			id >>= 7
		}
		w.key = append(w.key, byte(id))
	}
}

// archetypeOf returns the archetype of a set of distinct types, making
// it (with the types in the given order) if the world has none.
func (w *World) archetypeOf(types []*Type) int {
	w.setKey(types, nil, nil)
	if a, ok := w.byKey[string(w.key)]; ok {
		if w.rank[a] < 0 {
			w.remake(int(a))
		}
		return int(a)
	}
	return w.newArchetype(append([]*Type(nil), types...))
}

// remake makes again an archetype that a restore took back: it joins
// made at the end, as a new one would.
func (w *World) remake(ai int) {
	w.rank[ai] = int32(len(w.made))
	w.made = append(w.made, int32(ai))
	w.order++
}

// newArchetype makes the archetype of types, whose key is in w.key.
func (w *World) newArchetype(types []*Type) int {
	if len(w.archs) >= 1<<31-1 {
		panic("glue: a world holds at most 2^31-1 archetypes")
	}
	a := &archetype{types: types, cols: make([]*column, len(types)), sig: signature(types)}
	mem := make([]column, len(types)) // one allocation; queries keep pointers into it
	for i, t := range types {
		mem[i].t, mem[i].size, mem[i].words = t, t.size, words(t)
		a.cols[i] = &mem[i]
	}
	ai := len(w.archs)
	w.archs = append(w.archs, a)
	for _, q := range w.queries {
		q.pad(ai + 1)
	}
	w.byKey[string(w.key)] = int32(ai)
	w.rank = append(w.rank, int32(len(w.made)))
	w.made = append(w.made, int32(ai))
	if runtime.GOOS != "js" && w.OnNewArchetype != nil { // glue checks in native builds only
		w.OnNewArchetype(types)
	}
	return ai
}

// ArchetypeTypes calls fn with the types of each archetype of the world.
func (w *World) ArchetypeTypes(fn func(types []*Type)) {
	for _, a := range w.archs {
		fn(a.types)
	}
}

// Despawn removes a live entity and all its components; it reports false
// if e is not live. An id whose version reached MaxVersion is retired.
func (w *World) Despawn(e Entity) bool {
	arch, row, ok := w.locate(e)
	if !ok {
		return false
	}
	a := w.archs[arch]
	if w.OnRemove != nil {
		for _, t := range a.types {
			w.OnRemove(t, e)
		}
	}
	w.places[e>>32].e = 0
	w.cut(a, row)
	w.live--
	w.freeID(e)
	return true
}

// cut removes row row of archetype a as a swap remove: the last row
// moves into it, and the last row is cleared, so that rows past the last
// stay zero and hold no garbage alive.
func (w *World) cut(a *archetype, row int) {
	last := len(a.ents) - 1
	if row < last {
		moved := a.ents[last]
		a.ents[row] = moved
		w.places[moved>>32].row = int32(row)
		for _, c := range a.cols {
			c.moveOut(row, last)
		}
	} else {
		for _, c := range a.cols {
			c.clearRow(last)
		}
	}
	a.ents = a.ents[:last]
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
// until the next change of the world.
func (w *World) Slot(e Entity, t *Type) unsafe.Pointer {
	arch, row, ok := w.locate(e)
	if !ok {
		return nil
	}
	if c := w.archs[arch].col(t); c != nil {
		return c.at(row)
	}
	x := w.edge(arch, t, true)
	row = w.move(e, arch, row, x)
	if w.OnAdd != nil {
		w.OnAdd(t, e)
	}
	return w.archs[x.to].cols[x.at].at(row)
}

// Remove removes e's component of type t. It reports whether e had it.
// Removing an entity's last component despawns it.
func (w *World) Remove(e Entity, t *Type) bool {
	arch, row, ok := w.locate(e)
	if !ok {
		return false
	}
	a := w.archs[arch]
	if a.col(t) == nil {
		return false
	}
	if len(a.types) == 1 {
		return w.Despawn(e)
	}
	x := w.edge(arch, t, false)
	if w.OnRemove != nil {
		w.OnRemove(t, e)
	}
	w.move(e, arch, row, x)
	return true
}

// Has reports whether live entity e has a component of type t.
func (w *World) Has(e Entity, t *Type) bool {
	arch, _, ok := w.locate(e)
	return ok && w.archs[arch].col(t) != nil
}

// edge is a known archetype change: adding (or removing) the component t
// to an entity of one archetype moves it to archetype to.
type edge struct {
	t   *Type
	add bool
	to  int
	at  int   // the index of t's column in to (when adding)
	src []int // by column of to: the column of the source archetype, or -1
}

// edge returns the move from archetype from when t is added (or
// removed), making the target archetype the first time.
func (w *World) edge(from int, t *Type, add bool) *edge {
	fa := w.archs[from]
	for _, x := range fa.edges {
		if x.t == t && x.add == add {
			if w.rank[x.to] < 0 { // made before a restore took it back
				w.remake(x.to)
				w.bumpFree()
			}
			return x
		}
	}
	var extra, skip *Type
	if add {
		extra = t
	} else {
		skip = t
	}
	w.setKey(fa.types, extra, skip)
	to, ok := w.byKey[string(w.key)]
	if ok && w.rank[to] < 0 { // made before a restore took it back
		w.remake(int(to))
		w.bumpFree()
	}
	if !ok {
		var next []*Type
		for _, x := range fa.types {
			if x != t {
				next = append(next, x)
			}
		}
		if add {
			next = append(next, t)
		}
		to = int32(w.newArchetype(next))
		w.bumpFree()
	}
	ta := w.archs[to]
	x := &edge{t: t, add: add, to: int(to), at: -1}
	for i, tt := range ta.types {
		if tt == t {
			x.at = i
		}
		j := -1
		for k, ft := range fa.types {
			if ft == tt {
				j = k
			}
		}
		x.src = append(x.src, j)
	}
	fa.edges = append(fa.edges, x)
	return x
}

// bumpFree (called when a move makes an archetype the world's history
// had not made) counts up the version of the id on top of the free list, or
// retires it at MaxVersion. It keeps the ids of glue before it had a
// store of its own (docs/storage.md, "Ids"): making an archetype by a
// move then created and removed a throw-away entity in donburi, which
// took the newest freed id and freed it again one version up. Replays
// and saved games depend on the exact ids.
func (w *World) bumpFree() {
	n := len(w.free)
	if n == 0 {
		return
	}
	e := w.free[n-1]
	if e.Version() == MaxVersion {
		w.free = w.free[:n-1]
		w.retired++
		return
	}
	w.free[n-1] = e.next()
}

// move moves entity e from row row of archetype from to the end of
// archetype x.to: components both archetypes have are copied along, those
// only the target has are zero, those only the source has are dropped.
// It returns e's row in the target.
func (w *World) move(e Entity, from, row int, x *edge) int {
	fa, ta := w.archs[from], w.archs[x.to]
	ta.grow(1)
	dst := len(ta.ents)
	ta.ents = append(ta.ents, e)
	for i, c := range ta.cols {
		if j := x.src[i]; j >= 0 {
			c.t.copy(c.at(dst), fa.cols[j].at(row))
		}
	}
	w.cut(fa, row)
	w.setPlace(e, x.to, dst)
	return dst
}

// Fill writes vals, which hold t's Go type T, to the components of type t
// of a block's entities, in order (len(vals) is the block's length).
func Fill[T any](w *World, b Block, t *Type, vals []T) {
	if b.n == 0 {
		return
	}
	c := w.archs[b.arch].col(t)
	copy(unsafe.Slice((*T)(c.at(b.row)), b.n), vals[:b.n])
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
