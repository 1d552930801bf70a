package world

import "slices"

// This file changes every entity of a query at once (glue's InsertAll,
// RemoveAll and DespawnAll) and reserves room ahead of growth
// (glue.ReserveBundle). A bulk change moves an archetype's rows as
// blocks — one archetype lookup and one copy per column — where the
// per-entity commands move row by row. Its result is the result of the
// per-entity commands issued in the query's order: the same entities in
// the same archetypes and rows, the same ids freed in the same order, the
// same archetypes made in the same order (and so the same versions of
// future ids), the same OnAdd and OnRemove calls.

// snapshot returns q's matching archetypes with entities, in the order
// queries visit them, in the world's scratch slice: a bulk change works
// on the archetypes matching when it starts, while its moves make
// others match.
func (w *World) snapshot(q *Query) []int {
	q.Refresh()
	w.bulk = w.bulk[:0]
	for _, ai := range q.matched {
		if len(w.archs[ai].ents) > 0 {
			w.bulk = append(w.bulk, ai)
		}
	}
	return w.bulk
}

// InsertAll adds a zeroed component of type t to every entity that
// matches q (refreshing q first), and appends to dst each block of
// entities that got one — or had one already — for the caller to write
// the values, in the order of the entities' changes. It returns dst.
func (w *World) InsertAll(q *Query, t *Type, dst []Block) []Block {
	for _, ai := range w.snapshot(q) {
		a := w.archs[ai]
		n := len(a.ents)
		if n == 0 { // moved away by an earlier archetype's change
			continue
		}
		if a.col(t) != nil {
			dst = append(dst, Block{arch: ai, row: 0, n: n})
			continue
		}
		x := w.edge(ai, t, true)
		row := w.moveAll(ai, x)
		if w.OnAdd != nil {
			for _, e := range w.archs[x.to].ents[row : row+n] {
				w.OnAdd(t, e)
			}
		}
		dst = append(dst, Block{arch: x.to, row: row, n: n})
	}
	return dst
}

// RemoveAll removes the components of types ts from every entity that
// matches q (refreshing q first), archetype by archetype and type by
// type; an entity left with no component is despawned. It returns the
// number of entities that matched.
func (w *World) RemoveAll(q *Query, ts []*Type) int {
	total := 0
	for _, ai := range w.snapshot(q) {
		total += len(w.archs[ai].ents)
		cur := ai
		for _, t := range ts {
			a := w.archs[cur]
			if len(a.ents) == 0 || a.col(t) == nil {
				continue
			}
			if len(a.types) == 1 {
				w.despawnRows(cur)
				break
			}
			x := w.edge(cur, t, false)
			if w.OnRemove != nil {
				for _, e := range a.ents {
					w.OnRemove(t, e)
				}
			}
			w.moveAll(cur, x)
			cur = x.to
		}
	}
	return total
}

// DespawnAll despawns every entity that matches q (refreshing q first),
// in the query's order. It returns their number.
func (w *World) DespawnAll(q *Query) int {
	total := 0
	for _, ai := range w.snapshot(q) {
		total += len(w.archs[ai].ents)
		w.despawnRows(ai)
	}
	return total
}

// despawnRows despawns every entity of archetype ai, in storage order.
func (w *World) despawnRows(ai int) {
	a := w.archs[ai]
	for _, e := range a.ents {
		if w.OnRemove != nil {
			for _, t := range a.types {
				w.OnRemove(t, e)
			}
		}
		w.places[e>>32].e = 0
		w.freeID(e)
	}
	w.live -= len(a.ents)
	clearRows(a, 0)
	a.ents = a.ents[:0]
}

// moveAll moves every entity of archetype from to the end of archetype
// x.to, as [World.move] does one by one, and returns the row of the
// first. Components both archetypes have are copied a column at a time.
func (w *World) moveAll(from int, x *edge) int {
	fa, ta := w.archs[from], w.archs[x.to]
	n := len(fa.ents)
	ta.grow(n)
	dst := len(ta.ents)
	ta.ents = append(ta.ents, fa.ents...)
	for i, c := range ta.cols {
		if j := x.src[i]; j >= 0 && c.t.size > 0 {
			c.t.copyRows(c.at(dst), fa.cols[j].base, n)
		}
	}
	for k, e := range fa.ents {
		p := &w.places[e>>32]
		p.arch, p.row = int32(x.to), int32(dst+k)
	}
	clearRows(fa, 0)
	fa.ents = fa.ents[:0]
	return dst
}

// ReserveRoom makes room for n more entities of the archetype of types
// (distinct, at least one), so that spawning them does not grow its
// columns, and for n more ids in the world's tables. An archetype the
// world has not stored yet is made but not counted as made by the world's
// history (as one a restore took back): the world makes it when an
// entity first lands in it, as a world without the reservation would, so
// that ids, digests and the order of queries are the same with and
// without reserving. It returns an error if the types are not valid.
func (w *World) ReserveRoom(types []*Type, n int) error {
	if err := checkTypes(types); err != nil {
		return err
	}
	w.setKey(types, nil, nil)
	ai, ok := w.byKey[string(w.key)]
	if !ok {
		ai = int32(w.newArchetype(append([]*Type(nil), types...)))
		w.made = w.made[:len(w.made)-1]
		w.rank[ai] = -1
	}
	w.archs[ai].grow(n)
	w.ReserveIDs(n)
	return nil
}

// ReserveIDs makes room in the world's tables for n more ids than it
// holds now.
func (w *World) ReserveIDs(n int) {
	w.places = slices.Grow(w.places, n)
	w.pending = slices.Grow(w.pending, n)
}

// ReserveN appends n reserved ids to dst, as n calls of [World.Reserve]
// would, taking the lock once, and returns dst.
func (w *World) ReserveN(dst []Entity, n int) []Entity {
	if !w.Solo {
		w.resMu.Lock()
		defer w.resMu.Unlock()
	}
	for range n {
		dst = append(dst, w.reserveID())
	}
	return dst
}

// DespawnEach despawns the entities of ents one after the other, with
// the result of len(ents) calls of [World.Despawn] — the same rows, the
// same ids freed in the same order, the same OnRemove calls; entities
// not live (or despawned earlier in ents) are skipped — for a run of
// despawn commands (glue applies consecutive Commands.Despawn so). Where
// Despawn moves the last row into the freed one for every entity, even
// a row a later despawn of the run frees again, DespawnEach follows the
// moves in the rows' bookkeeping only and copies each surviving row's
// components once at the end of a run in one archetype, then clears the
// freed rows as a block. It returns the number of entities despawned.
func (w *World) DespawnEach(ents []Entity) int {
	total := 0
	for i := 0; i < len(ents); {
		ai, _, ok := w.locate(ents[i])
		if !ok {
			i++
			continue
		}
		k, n := w.despawnRun(ai, ents[i:])
		i += k
		total += n
	}
	return total
}

// rowMove is a deferred copy of a row's components (despawnRun).
type rowMove struct{ dst, src int32 }

// despawnRun despawns entities from the front of ents while they are in
// archetype ai (skipping those not live), as DespawnEach says, and
// returns how many of ents it consumed and how many it despawned.
//
// Why the deferred copies are right: a despawn of row r moves the data of
// the last row into r; the last row is always at or past the run's final
// length, so the data a move takes comes from a row at or past it, and
// the data of a row below the final length is never moved away (it stays
// or is overwritten). So every final row either keeps its data or takes
// it from a row past the final length, which no deferred copy overwrites;
// the copies are applied in order (a later move into a row wins).
func (w *World) despawnRun(ai int, ents []Entity) (consumed, despawned int) {
	a := w.archs[ai]
	total := len(a.ents)
	// Moves come from rows at or past base: the final length is at
	// least the archetype's length less the run's length.
	base := max(total-len(ents), 0)
	src := w.runSrc[:0] // src[r-base]: the original row of the data at row r ≥ base
	for r := base; r < total; r++ {
		src = append(src, int32(r))
	}
	moves := w.runMoves[:0] // moves into rows below base, in order
	for consumed < len(ents) {
		e := ents[consumed]
		arch, row, ok := w.locate(e)
		if ok && arch != ai {
			break
		}
		consumed++
		if !ok {
			continue
		}
		if w.OnRemove != nil {
			for _, t := range a.types {
				w.OnRemove(t, e)
			}
		}
		w.places[e>>32].e = 0
		last := len(a.ents) - 1
		if row < last {
			moved := a.ents[last]
			a.ents[row] = moved
			w.places[moved>>32].row = int32(row)
			from := src[last-base]
			if row >= base {
				src[row-base] = from
			} else {
				moves = append(moves, rowMove{int32(row), from})
			}
		}
		a.ents = a.ents[:last]
		w.live--
		w.freeID(e)
		despawned++
	}
	n := len(a.ents)
	for _, c := range a.cols {
		if c.t.size == 0 {
			continue
		}
		for _, m := range moves {
			c.copyRow(c.at(int(m.dst)), c.at(int(m.src)))
		}
		for r := base; r < n; r++ {
			if s := int(src[r-base]); s != r {
				c.copyRow(c.at(r), c.at(s))
			}
		}
	}
	kept := a.ents
	a.ents = a.ents[:total]
	clearRows(a, n)
	a.ents = kept
	w.runSrc, w.runMoves = src, moves
	return consumed, despawned
}
