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

// --- the pointer assigned straight from the call that hands it out ---

type Game struct{ Ball *Ball }

var (
	game    Game
	byIndex = map[int]*Ball{}
	slots   [4]*Ball
	keptVal Ball
	keptX   float64
	lastX   *float64
	balls   = make(chan *Ball, 1)
	ok      bool
)

func Direct(app *glue.App, e glue.Entity) {
	var held *Ball
	app.AddSystems(glue.Update,
		glue.Batch1P(func(ents glue.Entities, c glue.Column[Ball], l glue.Local[*Ball]) {
			last = c.At(0)               // want `c.At\(…\) points into glue's component storage .* keeping it in last`
			*l.Get() = c.At(0)           // want `c.At\(…\) points into glue's component storage .* keeping it in \*l.Get\(…\)`
			game.Ball = c.At(0)          // want `keeping it in game.Ball`
			byIndex[0] = c.At(0)         // want `keeping it in byIndex\[0\]`
			slots[1] = c.At(1)           // want `keeping it in slots\[1\]`
			kept = append(kept, c.At(0)) // want `c.At\(…\) points into glue's component storage .* keeping it in kept`
			held = c.At(0)               // want `keeping it in held`
			last, held = c.At(0), nil    // want `keeping it in last`
			x := *c.At(0)                // a copy: fine
			keptVal = *c.At(0)           // a copy: fine
			keptX = c.At(0).X            // a copy of a field: fine
			c.At(0).X = keptX            // a write into storage, not a kept pointer
			var mine *Ball
			mine = c.At(0) // declared inside: fine
			p := c.At(0)   // declared inside: fine
			_ = c.At(0)
			_, _, _ = x, mine, p
			// Not followed (docs/gluevet.md lists them): a second
			// variable, a pointer into the component, a composite
			// literal, a channel send.
			p2 := p
			last = p2
			lastX = &c.At(0).X
			game = Game{Ball: c.At(0)}
			balls <- c.At(0)
		}),
		glue.Batch1P(func(ents glue.Entities, c glue.Column[Ball], l glue.Local[Target]) {
			l.Get().Ball = c.At(0) // want `keeping it in l.Get\(…\).Ball`
		}),
		glue.Func(func(q glue.Query1[*Ball]) {
			last, _ = q.Get(e)            // want `q.Get\(…\) points into glue's component storage .* keeping it in last`
			last, ok = q.Get(e)           // want `keeping it in last`
			_, last, _ = q.First()        // want `q.First\(…\) points into glue's component storage .* keeping it in last`
			game.Ball, _ = q.Get(e)       // want `keeping it in game.Ball`
			for _, last = range q.All() { // want `q.All\(…\) points into glue's component storage .* keeping it in last`
			}
			var mine *Ball
			mine, _ = q.Get(e)            // declared inside: fine
			for _, mine = range q.All() { // declared inside: fine
			}
			_, _ = q.Get(e)
			_ = mine
		}),
		glue.Func(func(p struct {
			Q glue.Query2[*Ball, Vel]
			L glue.Local[*Ball]
		}) {
			var v Vel
			*p.L.Get(), v, _ = p.Q.Get(e)   // want `p.Q.Get\(…\) points into glue's component storage .* keeping it in \*p.L.Get\(…\)`
			lastVel = &v                    // a copy's address, not storage
			_, _, lastVel2, _ = p.Q.First() // a copy (Vel), not a pointer: fine
		}),
		glue.Func(func(q glue.Query1[Ball]) {
			keptVal, _ = q.Get(e) // a copy, not a pointer: fine
		}),
	)
	_ = held
}

var lastVel2 Vel
