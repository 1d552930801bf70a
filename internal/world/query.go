package world

import (
	"unsafe"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
)

// MaxComponents is the most component types one query hands out.
const MaxComponents = 8

// Query caches which archetypes of a world match a filter. Archetypes are
// never removed from a donburi world, so the cache only grows: Refresh
// looks at the archetypes created since the last refresh. Refresh must run
// while nothing iterates the world; between refreshes a Query is
// read-only and may be shared by goroutines.
type Query struct {
	w       *World
	with    []component.IComponentType // must all be present (includes the queried types)
	without []component.IComponentType
	cols    []*donburiStorage // one per queried type, in order
	comps   []*column         // the same types' columns
	types   []*Type
	seen    int
	matched []int
	// isMatched[ai] tells whether archetype ai matches, for Locate.
	isMatched []bool
	count     int
}

// NewQuery returns a query over the entities that have every type of
// comps and with and none of without. Its spans carry the columns of
// comps, in order (at most MaxComponents).
func (w *World) NewQuery(comps, with, without []*Type) *Query {
	q := &Query{w: w, types: comps}
	for _, t := range comps {
		c := w.col(t)
		q.with = append(q.with, c)
		q.cols = append(q.cols, w.storage(c))
		q.comps = append(q.comps, c)
	}
	for _, t := range with {
		q.with = append(q.with, w.col(t))
	}
	for _, t := range without {
		q.without = append(q.without, w.col(t))
	}
	return q
}

// Types returns the queried component types.
func (q *Query) Types() []*Type { return q.types }

func (q *Query) matches(layout []component.IComponentType) bool {
	for _, c := range q.with {
		if !hasComp(layout, c) {
			return false
		}
	}
	for _, c := range q.without {
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

// Refresh takes in the archetypes created since the last refresh and
// counts the matching entities.
func (q *Query) Refresh() {
	archs := q.w.dw.Archetypes()
	for ; q.seen < len(archs); q.seen++ {
		if q.matches(archs[q.seen].Layout().Components()) {
			q.matched = append(q.matched, q.seen)
			for len(q.isMatched) <= q.seen {
				q.isMatched = append(q.isMatched, false)
			}
			q.isMatched[q.seen] = true
		}
	}
	n := 0
	for _, ai := range q.matched {
		n += len(archs[ai].Entities())
	}
	q.count = n
}

// Len returns the number of matching entities at the last refresh.
func (q *Query) Len() int { return q.count }

// Span is one archetype's part of a query's entities: the entity ids and
// one column of component pointers per queried type. Its slices are the
// world's own: read them, never write them.
type Span struct {
	Ents []Entity
	Cols [MaxComponents][]unsafe.Pointer
}

// Col returns column k of a span as typed pointers, without copying.
func Col[T any](sp *Span, k int) []*T {
	col := sp.Cols[k]
	return unsafe.Slice((**T)(unsafe.Pointer(unsafe.SliceData(col))), len(col))
}

// Spans calls fn for the matching entities with overall position in
// [lo, hi), archetype by archetype, in a stable order.
func (q *Query) Spans(lo, hi int, fn func(sp Span)) {
	var at int
	q.Segments(lo, hi, max(hi, 1), &at, fn) // one segment: cut by archetype only
}

// Segments is Spans with spans also cut at multiples of seg entities, for
// callers that restart after a failed segment: before each call of fn it
// stores the overall position of the span's first entity in *at.
func (q *Query) Segments(lo, hi, seg int, at *int, fn func(sp Span)) {
	archs := q.w.dw.Archetypes()
	var sp Span
	off := 0
	for _, ai := range q.matched {
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
		for a < b {
			e := min(b, ((off+a)/seg+1)*seg-off)
			sp.Ents = entities(ents[a:e])
			for k, col := range q.cols {
				sp.Cols[k] = col.column(ai)[a:e]
			}
			*at = off + a
			fn(sp)
			a = e
		}
		off += n
	}
}

func entities(ents []donburi.Entity) []Entity {
	return unsafe.Slice((*Entity)(unsafe.Pointer(unsafe.SliceData(ents))), len(ents))
}

// Loc is where a matching entity's components are: an archetype and a
// row.
type Loc struct{ arch, row int }

// Locate returns where e's components are if e is live and matches the
// query. It writes nothing and is concurrent-safe between changes.
func (q *Query) Locate(e Entity) (Loc, bool) {
	arch, row, ok := q.w.locate(e)
	m := q.isMatched
	return Loc{arch, row}, ok && arch < len(m) && m[arch] // l means nothing when not ok
}

// Get returns the component of queried type k of e, or nil if e is not
// live or does not match. It is Locate and At in one call whose callees
// are all inlined, so that a random lookup is one short chain of loads
// between its two memory reads (the place, the row), which lets the CPU
// keep more lookups in flight.
func (q *Query) Get(e Entity, k int) unsafe.Pointer {
	arch, row, ok := q.w.locate(e)
	if !ok || arch >= len(q.isMatched) || !q.isMatched[arch] {
		return nil
	}
	return q.comps[k].at(arch, row)
}

// At returns the component of queried type k at l, computed from the
// column's dense memory without reading donburi's pointer column.
func At[T any](q *Query, k int, l Loc) *T {
	return (*T)(q.comps[k].at(l.arch, l.row))
}

// First returns the first matching entity and where it is.
func (q *Query) First() (Entity, Loc, bool) {
	archs := q.w.dw.Archetypes()
	for _, ai := range q.matched {
		if ents := archs[ai].Entities(); len(ents) > 0 {
			return Entity(ents[0]), Loc{ai, 0}, true
		}
	}
	return 0, Loc{}, false
}
