// Package escape is gluevet's corpus of pointers into component storage
// kept past the call that handed them out.
package escape

import "github.com/gluekit/glue"

type Ball struct{ X float64 }

type Target struct{ Ball *Ball }

var last *Ball

func Track(e glue.Entity, b *Ball) {
	last = b  // want `b points into glue's component storage and is valid only during this call \(storage moves when entities are spawned, despawned or change components\); keeping it in last leaves a pointer to another entity's component or a stale one; keep the glue.Entity and look it up with a query`
	mine := b // a local: fine
	mine.X++
}

func Register(app *glue.App, q glue.Query1[*Ball], c glue.Column[Ball], e glue.Entity) {
	var all []*Ball
	byID := map[glue.Entity]*Ball{}
	var t Target
	app.AddSystems(glue.Update,
		glue.Each1(Track),
		glue.Each1(func(e glue.Entity, b *Ball) {
			all = append(all, b) // want `b points into glue's component storage .* keeping it in all`
			byID[e] = b          // want `keeping it in byID\[e\]`
			t.Ball = b           // want `keeping it in t.Ball`
			var here []*Ball
			here = append(here, b) // declared inside: fine
			_ = here
		}),
		glue.Each1P(func(e glue.Entity, b *Ball, l glue.Local[Target]) {
			l.Get().Ball = b // want `keeping it in l.Get\(…\).Ball`
		}),
		glue.Each1(func(e glue.Entity, b Ball) {
			t.Ball = &b // a copy's address, not storage
		}),
	)
	q.Each(func(e glue.Entity, b *Ball) {
		last = b // want `keeping it in last`
	})
	var first *Ball
	q.Each(func(e glue.Entity, b *Ball) {
		if first == nil {
			first = b // the system's own variable: valid for its run
		}
	})
	first.X = 0
	if p, ok := q.Get(e); ok {
		last = p // want `p points into glue's component storage`
		local := p
		local.X = 1
	}
	p := c.At(0)
	last = p // want `keeping it in last`
}

// --- QueryN.All: b (Query1[*T]) and a row's pointer fields ---

type Vel struct{ V float64 }

var lastVel *Vel

var kept []*Ball

func Rows(q1 glue.Query1[*Ball], q2 glue.Query2[*Ball, Vel]) {
	var keep []*Ball
	var mine *Ball
	for _, b := range q1.All() {
		last = b // want `b points into glue's component storage .* keeping it in last`
		mine = b // the system's own variable: valid for its run
	}
	for _, r := range q2.All() {
		last = r.A               // want `r.A points into glue's component storage .* keeping it in last`
		kept = append(kept, r.A) // want `r.A points into glue's component storage .* keeping it in kept`
		keep = append(keep, r.A) // declared in the system: fine
		v := r.B
		lastVel = &v // a copy's address, not storage
	}
	_, _ = keep, mine
}
