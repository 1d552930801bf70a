// Package copies is gluevet's corpus of writes through read-only
// component copies (each line with a want comment is one case) and of
// the writes it must not report.
package copies

import (
	"github.com/gluekit/glue"
	"vec"
)

type Ball struct {
	Pos    vec.Vec
	Vel    vec.Vec
	Hits   int
	Tags   [4]int
	Trail  []vec.Vec
	Seen   map[int]bool
	Body   vec.Body
	Shared *vec.Vec
}

// Bounce changes b.
func (b *Ball) Bounce() { b.Vel.X = -b.Vel.X } // want Bounce:"mutates its receiver"

// Hit changes b through Bounce.
func (b *Ball) Hit() { b.Hits++; b.Bounce() } // want Hit:"mutates its receiver"

// Speed reads b through a pointer receiver.
func (b *Ball) Speed() float64 { return b.Vel.Len() }

// Cached reads b, caching: it changes b but returns what it read.
func (b *Ball) Cached() int { b.Hits++; return b.Hits } // want Cached:"mutates its receiver"

type Score int

// Inc changes s.
func (s *Score) Inc() { *s++ } // want Inc:"mutates its receiver"

type Paddle struct{ X float64 }

// --- EachN value parameters (a named system function) ---

func MoveBall(e glue.Entity, b Ball, s Score) {
	b.Pos.X += b.Vel.X     // want `write to b.Pos.X changes only a copy: b is a read-only copy of component Ball \(a non-pointer parameter of a glue.Each2 system, which gets a copy\), so the write is lost; to write, take \*Ball in MoveBall's parameters`
	b.Hits++               // want `write to b.Hits changes only a copy`
	b.Tags[0] = 1          // want `write to b.Tags\[0\] changes only a copy`
	b.Bounce()             // want `b.Bounce changes only a copy: b is a read-only copy of component Ball`
	b.Hit()                // want `b.Hit changes only a copy`
	b.Pos.Add(b.Vel)       // want `b.Pos.Add changes only a copy`
	b.Body.Move(b.Vel)     // want `b.Body.Move changes only a copy`
	b.Body.Pos.Y = 0       // want `write to b.Body.Pos.Y changes only a copy`
	s.Inc()                // want `s.Inc changes only a copy: s is a read-only copy of component Score`
	b.Trail[0] = vec.Vec{} // want `write to b.Trail\[0\] changes memory that b, a read-only copy of component Ball \(.*\), shares with the stored component, under read-only access`
	b.Seen[1] = true       // want `write to b.Seen\[1\] changes memory that b`
	b.Trail[0].X = 2       // want `write to b.Trail\[0\].X changes memory that b`
	b.Pos.X, b.Hits = 1, 2 // want `write to b.Pos.X changes only a copy` `write to b.Hits changes only a copy`
	(b.Vel).Y *= 2         // want `write to b.Vel.Y changes only a copy`
	b.Shared.X = 1         // a write through a pointer the component holds: seen by all
	b.Body.Push(b.Pos)     // Push changes what b.Body points to, not b.Body
	_ = b.Speed()          // reads
	_ = b.Pos.Plus(b.Vel)  // value receiver
}

func Results(e glue.Entity, b Ball) {
	n := b.Cached()     // the result is used: taken as a read
	if b.Cached() > n { // likewise
		return
	}
	b.Cached()       // want `b.Cached changes only a copy`
	defer b.Bounce() // want `b.Bounce changes only a copy`
	b.Hits = 9       // gluevet:ignore — a test showing that the copy is lost
}

func MoveParams(e glue.Entity, b Ball, p struct{ Cmd glue.Commands }) {
	b.Hits = 3 // want `write to b.Hits changes only a copy: b is a read-only copy of component Ball \(a non-pointer parameter of a glue.Each1P system`
}

func MoveWrites(e glue.Entity, b *Ball, s *Score) {
	b.Pos.X += b.Vel.X // a pointer: writes the component
	b.Bounce()
	s.Inc()
}

func Register(app *glue.App) {
	app.AddSystems(glue.Update,
		glue.Each2(MoveBall),
		glue.Each1P(MoveParams),
		glue.Each2(MoveWrites),
		glue.Each1(Results),
		glue.Each1(func(e glue.Entity, p Paddle) {
			p.X = 4 // want `write to p.X changes only a copy: p is a read-only copy of component Paddle \(a non-pointer parameter of a glue.Each1 system, which gets a copy\), so the write is lost; to write, take \*Paddle in the function's parameters`
		}),
		glue.Each1(func(e glue.Entity, p *Paddle) {
			p.X = 4
		}),
	)
}

// --- QueryN with non-pointer type arguments ---

func Queries(q glue.Query1[Ball], q2 glue.Query2[Ball, *Paddle], e glue.Entity) {
	b, ok := q.Get(e)
	if ok {
		b.Hits++   // want `write to b.Hits changes only a copy: b is a read-only copy of component Ball \(from Query1\[Ball\].Get\), so the write is lost; to write, give the query a pointer type argument: \*Ball \(glue.Query1\[\*Ball\]\)`
		b.Bounce() // want `b.Bounce changes only a copy`
	}
	_, f, _ := q.First()
	f.Vel.Scale(2) // want `f.Vel.Scale changes only a copy: f is a read-only copy of component Ball \(from Query1\[Ball\].First\)`
	q.Each(func(e glue.Entity, b Ball) {
		b.Tags[2]-- // want `write to b.Tags\[2\] changes only a copy: b is a read-only copy of component Ball \(from Query1\[Ball\].Each\)`
	})
	q.Each(eachBall)
	b2, p, _ := q2.Get(e)
	b2.Pos = p.Pos() // want `write to b2.Pos changes only a copy: .*glue.Query2\[\*Ball, \*Paddle\]`
	p.X = 1          // a pointer from the query: writes the component
	var b3, _ = q.Get(e)
	b3.Hits = 0 // want `write to b3.Hits changes only a copy`
	var b4 Ball
	b4, _ = q.Get(e)
	b4.Vel.Y = 1 // want `write to b4.Vel.Y changes only a copy`
}

func (p *Paddle) Pos() vec.Vec { return vec.Vec{X: p.X} }

func eachBall(e glue.Entity, b Ball) {
	b.Seen[0] = false // want `write to b.Seen\[0\] changes memory that b`
}

// --- View[T].At ---

func Batch(es glue.Entities, v glue.View[Ball], c glue.Column[Paddle]) {
	for i := range v.Len() {
		b := v.At(i)
		b.Hits = i    // want `write to b.Hits changes only a copy: b is a read-only copy of component Ball \(from View\[Ball\].At\), so the write is lost; to write, take glue.Column\[Ball\] \(its At returns a pointer\)`
		c.At(i).X = 1 // a Column: writes the component
	}
}

// --- negatives: scratch copies, locals, reassignment ---

func Scratch(q glue.Query1[Ball], e glue.Entity) Ball {
	b, _ := q.Get(e)
	b.Hits++ // used as a whole value below: a deliberate scratch copy
	use(b)
	c, _ := q.Get(e)
	c = Ball{} // the variable itself is replaced
	c.Hits = 1 // returned below: scratch
	d, _ := q.Get(e)
	x := d // a new variable: the documented way to write a scratch copy
	x.Hits = 2
	use(x)
	var local Ball
	local.Hits = 1 // not from glue
	use(local)
	return c
}

func use(Ball) {}

// --- QueryN.All: range-over-func rows (Query1 yields the component) ---

type Vel struct{ V float64 }

// SetV changes v.
func (v *Vel) SetV(x float64) { v.V = x } // want SetV:"mutates its receiver"

func Rows(q1 glue.Query1[Ball], q2 glue.Query2[*Paddle, Ball], q3 glue.Query3[*Paddle, Vel, Score]) {
	for _, b := range q1.All() {
		b.Hits++ // want `write to b.Hits changes only a copy: b is a read-only copy of component Ball \(from Query1\[Ball\].All\), so the write is lost; to write, give the query a pointer type argument: \*Ball \(glue.Query1\[\*Ball\]\)`
	}
	for _, r := range q2.All() {
		r.A.X = 1                      // a pointer field: writes the component
		r.B.Hits++                     // want `write to r.B.Hits changes only a copy: r.B is a read-only copy of component Ball \(from Query2\[\*Paddle, Ball\].All\), so the write is lost; to write, give the query a pointer type argument: \*Ball \(glue.Query2\[\*Paddle, \*Ball\]\)`
		r.B.Pos.X = 2                  // want `write to r.B.Pos.X changes only a copy: r.B is a read-only copy of component Ball`
		r.B.Tags[1] = 3                // want `write to r.B.Tags\[1\] changes only a copy`
		r.B.Trail[0] = vec.Vec{}       // want `write to r.B.Trail\[0\] changes memory that r.B, a read-only copy of component Ball \(from Query2\[\*Paddle, Ball\].All\), shares with the stored component`
		r.B.Seen[2] = true             // want `write to r.B.Seen\[2\] changes memory that r.B`
		r.B.Bounce()                   // want `r.B.Bounce changes only a copy: r.B is a read-only copy of component Ball \(from Query2\[\*Paddle, Ball\].All\), so the change is lost`
		r.B.Body.Move(r.B.Vel)         // want `r.B.Body.Move changes only a copy`
		(r.B).Vel.Y *= 2               // want `write to r.B.Vel.Y changes only a copy`
		r.B = Ball{}                   // want `write to r.B changes only a copy`
		r.B.Shared.X = 1               // through a pointer the component holds: seen by all
		_ = r.B.Speed()                // reads
		_ = r.A.Pos()                  // a pointer field
		r = glue.Row2[*Paddle, Ball]{} // the row variable itself is replaced
	}
	for e, r := range q3.All() {
		r.A.X = float64(e)
		r.B.V = 1   // want `write to r.B.V changes only a copy: r.B is a read-only copy of component Vel \(from Query3\[\*Paddle, Vel, Score\].All\), so the write is lost; to write, give the query a pointer type argument: \*Vel \(glue.Query3\[\*Paddle, \*Vel, Score\]\)`
		r.B.SetV(2) // want `r.B.SetV changes only a copy: r.B is a read-only copy of component Vel`
		r.C.Inc()   // want `r.C.Inc changes only a copy: r.C is a read-only copy of component Score`
		r.C++       // want `write to r.C changes only a copy`
	}
	for _, r = range q3.All() {
		r.B.V = 3 // want `write to r.B.V changes only a copy`
	}
}

var r glue.Row3[*Paddle, Vel, Score]

func RowsScratch(q2 glue.Query2[*Paddle, Ball], q3 glue.Query3[*Paddle, Vel, Score]) {
	for _, r := range q2.All() {
		r.B.Hits++ // r.B is used as a whole below: a scratch copy
		use(r.B)
	}
	for _, r := range q2.All() {
		r.B.Hits++ // r is used as a whole below: a scratch row
		useRow(r)
	}
	for _, r := range q3.All() {
		v := r.B // a new variable: the documented way to write a scratch copy
		v.V = 4
		use2(v)
		r.C.Inc() // want `r.C.Inc changes only a copy`
		use2(r.B) // a whole use of B does not excuse C
	}
	for range q2.All() {
	}
	for e := range q2.All() {
		_ = e
	}
}

func useRow(glue.Row2[*Paddle, Ball]) {}
func use2(Vel)                        {}
