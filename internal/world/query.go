package world

import "unsafe"

// MaxComponents is the most component types one query hands out.
const MaxComponents = 8

// Query caches which archetypes of a world match a filter. Archetypes are
// never removed from a world, so the cache only grows: Refresh looks at
// the archetypes created since the last refresh. Refresh must run while
// nothing iterates the world; between refreshes a Query is read-only and
// may be shared by goroutines.
type Query struct {
	w       *World
	with    []*Type // must all be present (includes the queried types)
	without []*Type
	types   []*Type
	seen    int
	matched []int
	// cols[k][ai] is the column of queried type k in archetype ai, or
	// nil if ai does not match (or was made since the last Refresh): Get
	// finds a component from an entity's place with one load here and
	// one of the column's base. The world lengthens these
	// tables as it makes each archetype (see pad), so that they always
	// cover every archetype, and id 0's archetype 0: an archetype index
	// from a place needs no range check.
	cols  [MaxComponents][]*column
	sizes [MaxComponents]uintptr
	// isMatched[ai] tells whether archetype ai matches, for Locate; like
	// cols, it covers every archetype.
	isMatched []bool
	// ptr0 tells whether queried type 0 is handed out as a pointer (a
	// type argument *T) rather than a copy, for Fetch (see SetPtrs).
	ptr0  bool
	count int
	order uint64 // the world's order when matched was last sorted
}

// NewQuery returns a query over the entities that have every type of
// comps and with and none of without. Its spans carry the columns of
// comps, in order (at most MaxComponents).
func (w *World) NewQuery(comps, with, without []*Type) *Query {
	if len(comps) > MaxComponents {
		panic("glue: internal error: a query hands out at most 8 component types")
	}
	q := &Query{w: w, types: comps}
	q.with = append(q.with, comps...)
	q.with = append(q.with, with...)
	q.without = append(q.without, without...)
	for k, t := range comps {
		q.sizes[k] = t.size
	}
	q.pad(max(len(w.archs), 1))
	w.queries = append(w.queries, q)
	return q
}

// pad lengthens the query's tables to n archetypes, each not matching
// until Refresh takes it in.
func (q *Query) pad(n int) {
	for len(q.isMatched) < n {
		q.isMatched = append(q.isMatched, false)
		for k := range q.types {
			q.cols[k] = append(q.cols[k], nil)
		}
	}
}

// SetPtrs records how the query's user hands out each queried type:
// ptrs[k] when type k is handed out as a pointer (ElemType's ptr), as
// [Fetch] does.
func (q *Query) SetPtrs(ptrs []bool) {
	q.ptr0 = len(ptrs) > 0 && ptrs[0]
}

// Types returns the queried component types.
func (q *Query) Types() []*Type { return q.types }

func (q *Query) matches(a *archetype) bool {
	for _, t := range q.with {
		if a.col(t) == nil {
			return false
		}
	}
	for _, t := range q.without {
		if a.col(t) != nil {
			return false
		}
	}
	return true
}

// Refresh takes in the archetypes created since the last refresh and
// counts the matching entities.
func (q *Query) Refresh() {
	archs := q.w.archs
	for ; q.seen < len(archs); q.seen++ {
		a := archs[q.seen]
		ok := q.matches(a)
		if !ok {
			continue // pad left it not matching
		}
		q.matched = append(q.matched, q.seen)
		q.isMatched[q.seen] = true
		for k, t := range q.types {
			q.cols[k][q.seen] = a.col(t)
		}
	}
	if q.order != q.w.order {
		q.sortMatched()
	}
	n := 0
	for _, ai := range q.matched {
		n += len(archs[ai].ents)
	}
	q.count = n
}

// sortMatched puts the matching archetypes in the order the world's
// history made them (those it has not made, all empty, last), so that
// a world restored from a checkpoint visits its entities in the order of
// a world that never ran the ticks taken back. It allocates nothing.
func (q *Query) sortMatched() {
	rank := q.w.rank
	key := func(ai int) int64 {
		if r := rank[ai]; r >= 0 {
			return int64(r)
		}
		return 1<<32 + int64(ai)
	}
	m := q.matched
	for i := 1; i < len(m); i++ { // insertion sort: nearly sorted already
		for j := i; j > 0 && key(m[j]) < key(m[j-1]); j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
	q.order = q.w.order
}

// Len returns the number of matching entities at the last refresh.
func (q *Query) Len() int { return q.count }

// Span is one archetype's part of a query's entities: the entity ids and,
// per queried type, the address of the component of the span's first
// entity in the archetype's dense column (see [Col]). Its memory is the
// world's own: read the ids, never write them.
type Span struct {
	Ents []Entity
	Cols [MaxComponents]unsafe.Pointer
}

// Col returns column k of a span as a slice of its components, without
// copying: element i is the component of entity i of the span. T must be
// queried type k.
func Col[T any](sp *Span, k int) []T {
	return unsafe.Slice((*T)(sp.Cols[k]), len(sp.Ents)) // the column has at least len(Ents) rows from Cols[k]
}

// Spans calls fn for the matching entities with overall position in
// [lo, hi), archetype by archetype in the order the world's history made
// them, and in storage order within an archetype.
func (q *Query) Spans(lo, hi int, fn func(sp Span)) {
	var at int
	q.Segments(lo, hi, max(hi, 1), &at, fn) // one segment: cut by archetype only
}

// Segments is Spans with spans also cut at multiples of seg entities, for
// callers that restart after a failed segment: before each call of fn it
// stores the overall position of the span's first entity in *at.
func (q *Query) Segments(lo, hi, seg int, at *int, fn func(sp Span)) {
	archs := q.w.archs
	var sp Span
	off := 0
	for _, ai := range q.matched {
		ents := archs[ai].ents
		n := len(ents)
		if off+n <= lo {
			off += n
			continue
		}
		if off >= hi {
			return
		}
		a, b := max(lo-off, 0), min(hi-off, n)
		for a < b {
			e := min(b, ((off+a)/seg+1)*seg-off)
			sp.Ents = ents[a:e]
			for k := range q.types {
				sp.Cols[k] = q.cols[k][ai].at(a)
			}
			*at = off + a
			fn(sp)
			a = e
		}
		off += n
	}
}

// Loc is where a matching entity's components are: an archetype and a
// row.
type Loc struct{ arch, row int }

// Locate returns where e's components are if e is live and matches the
// query. It writes nothing and is concurrent-safe between changes.
func (q *Query) Locate(e Entity) (Loc, bool) {
	p := q.w.place(e)
	return Loc{int(p.arch), int(p.row)}, p.e == e && q.isMatched[p.arch] // l means nothing when not ok
}

// Get returns the component of queried type k of e, or nil if e is not
// live or does not match. Its dependent loads are the place of e's id,
// the column of e's archetype in the query's table and the column's
// base, as with ark's Map.Get; it has no call and is small enough to be
// inlined (Query1.Get is then one call with no other inside).
func (q *Query) Get(e Entity, k int) unsafe.Pointer {
	p := q.w.place(e)
	c := q.cols[k][p.arch] // the tables cover every archetype (see pad)
	if p.e != e || c == nil {
		return nil // not live, or not matching
	}
	return unsafe.Add(c.base, uintptr(p.row)*c.size)
}

// At returns the component of queried type k at l.
func At[T any](q *Query, k int, l Loc) *T {
	return (*T)(unsafe.Add(q.cols[k][l.arch].base, uintptr(l.row)*q.sizes[k]))
}

// First returns the first matching entity and where it is.
func (q *Query) First() (Entity, Loc, bool) {
	for _, ai := range q.matched {
		if ents := q.w.archs[ai].ents; len(ents) > 0 {
			return ents[0], Loc{ai, 0}, true
		}
	}
	return 0, Loc{}, false
}
