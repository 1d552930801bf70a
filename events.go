package glue

import (
	"reflect"
)

// Writer is a system param that writes events (messages) of type E:
//
//	func Score(p struct {
//		Hits glue.Writer[BrickHit]
//	}) {
//		p.Hits.Write(BrickHit{Points: 10})
//	}
//
// Events written in a stage become readable when the stage ends, by the
// later stages of the same tick and by the stages of the next tick: each
// event lives until the end of the tick after the one it was written in.
// They are appended in a fixed order — the writing systems' execution
// order, then write order within a system, chunks of a split system in
// entity order — so readers see the same events in the same order in
// parallel and sequential runs. Writing allocates nothing once the
// buffers have grown. A system with a Writer may be split across workers
// and may run side by side with readers and other writers.
type Writer[E any] struct {
	bufs *[][]E // one buffer per chunk
	buf  *[]E
}

// Write appends an event.
func (w Writer[E]) Write(e E) { *w.buf = append(*w.buf, e) }

func (w *Writer[E]) initParam(b *builder) error {
	q := eventsFor[E](b.app)
	bufs := make([][]E, b.slots)
	w.bufs = &bufs
	r := b.run
	r.events = append(r.events, eventUse{name: q.name, write: true})
	r.flushes = append(r.flushes, func(c int, keep bool) {
		if keep {
			q.list = append(q.list, bufs[c]...)
		}
		clear(bufs[c])
		bufs[c] = bufs[c][:0]
	})
	return nil
}

func (w *Writer[E]) fetchParam(ctx *runCtx) error {
	w.buf = &(*w.bufs)[ctx.chunk]
	return nil
}

// Reader is a system param that reads the events of type E written since
// the system last read (for its first run: since the app started), within
// their lifetime (see [Writer]): each reader sees each event once. A
// reader that does not run for a whole tick — a system under a false run
// condition — misses the events that ended in between. A system with a
// Reader is never split across workers.
type Reader[E any] struct {
	q      *eventQueue[E]
	cursor *int
	list   []E
}

// Read returns the unread events, oldest first. The slice is valid during
// this run of the system.
func (r Reader[E]) Read() []E { return r.list }

// Len returns the number of unread events.
func (r Reader[E]) Len() int { return len(r.list) }

func (r *Reader[E]) initParam(b *builder) error {
	r.q = eventsFor[E](b.app)
	r.cursor = new(int)
	*r.cursor = r.q.base // from the start of the app
	b.app.ckpt.cursors = append(b.app.ckpt.cursors, r.cursor)
	b.run.events = append(b.run.events, eventUse{name: r.q.name})
	b.run.chunkSafe = false
	return nil
}

func (r *Reader[E]) fetchParam(*runCtx) error {
	q := r.q
	if *r.cursor < q.base {
		*r.cursor = q.base // missed events that ended
	}
	n := len(q.list)
	r.list = q.list[*r.cursor-q.base : n : n]
	*r.cursor = q.base + n
	return nil
}

// eventUse records an event param of a system, for Describe.
type eventUse struct {
	name  string
	write bool
}

// eventQueue holds the live events of one type: those written in the
// previous tick and in this one.
type eventQueue[E any] struct {
	name string
	base int // absolute position of list[0]
	list []E
	// prev is the absolute end of the previous tick's events.
	prev int
}

// endTick drops the events written before the previous tick.
func (q *eventQueue[E]) endTick() {
	drop := q.prev - q.base
	if drop > 0 {
		n := copy(q.list, q.list[drop:])
		clear(q.list[n:])
		q.list = q.list[:n]
		q.base = q.prev
	}
	q.prev = q.base + len(q.list)
}

func eventsFor[E any](a *App) *eventQueue[E] {
	t := reflect.TypeFor[E]()
	if q, ok := a.eventQueues[t]; ok {
		return q.(*eventQueue[E])
	}
	q := &eventQueue[E]{name: t.String()}
	a.eventQueues[t] = q
	a.ckpt.queues = append(a.ckpt.queues, q)
	a.eventTicks = append(a.eventTicks, q.endTick)
	return q
}
