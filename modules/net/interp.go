package net

import (
	"math"
	"reflect"
	"sync/atomic"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// Interpolation of received entities.
//
// A server sends its state every few ticks (20 times a second by
// default); a client ticking 60 times a second that showed each state as
// it came would move things in steps. With [Interpolate], a client shows
// a component as it was a little in the past — the render delay, about
// two send intervals ([ClientConfig.InterpDelay]) — blending the two
// received states around that moment. The client keeps, per entity, the
// last few received values with their server ticks (recorded as states
// arrive, so none is missed when two come in one tick), and a clock
// ([Client.RenderTick]) that advances one server tick per client tick and
// follows the newest state minus the delay. The delay absorbs jitter: a
// state may come up to about one send interval late before the client
// runs out of states to blend. Past the newest state the client
// extrapolates from the last two, at most [ClientConfig.MaxExtrapolation]
// ticks, then holds the value. An entity that did not change in the
// newest state is held, never extrapolated.

// histLen is the number of received values kept per entity: enough for
// the render delay (two or three states) plus late and held ones.
const histLen = 8

// clientInterp is what the connection goroutine records for the
// Interpolate systems (guarded by client.mu).
type clientInterp struct {
	stores map[*codec.Codec]historian // by interpolated component
	known  uint64                     // the tick of the last state applied
	minGap uint64                     // the smallest tick gap between two states this session: the send interval
}

// historian is an Interpolate system's store of received values.
type historian interface {
	record(id, tick uint64, v any, prevKnown uint64)
	forget(id uint64)
	reset()
}

// received is called by the connection goroutine, with mu held, after f
// (a snapshot or delta) was applied to the mirror: it records the values
// of interpolated components and attaches a pending ack.
func (c *client) received(f *frame) {
	c.pred.receivedState(f)
	in := &c.interp
	prevKnown := in.known
	if f.typ == msgSnapshot {
		in.minGap = 0
		prevKnown = 0
		for _, h := range in.stores {
			h.reset()
		}
	} else if gap := f.tick - f.base; in.minGap == 0 || gap < in.minGap {
		in.minGap = gap
	}
	in.known = f.tick
	if len(in.stores) == 0 {
		return
	}
	for _, u := range f.ents {
		for _, cv := range u.set {
			if h, ok := in.stores[cv.c]; ok {
				h.record(u.id, f.tick, cv.v, prevKnown)
			}
		}
		for _, cd := range u.unset {
			if h, ok := in.stores[cd]; ok {
				h.forget(u.id)
			}
		}
	}
	for _, id := range f.removed {
		for _, h := range in.stores {
			h.forget(id)
		}
	}
}

// renderClock is the client's clock, advanced by the clock system once
// per tick (the game loop's).
type renderClock struct {
	ticks   uint64  // client ticks so far: the stamps of predicted inputs
	newest  uint64  // the newest state tick seen
	since   float64 // client ticks since it was seen
	low     float64 // the lower envelope of newest+since
	render  float64 // the server tick interpolated components show
	synced  bool
	session uint64
	resyncs atomic.Uint64 // read by Client.Stats from any goroutine
}

// defaultSendEvery is the send interval assumed before two states came.
const defaultSendEvery = 3

// interval returns the send interval in ticks: the smallest gap between
// two states of this session.
func (in *clientInterp) interval() float64 {
	if in.minGap == 0 {
		return defaultSendEvery
	}
	return float64(in.minGap)
}

// delay returns the render delay in ticks.
func (c *client) delay() float64 {
	if c.cfg.InterpDelay > 0 {
		return float64(c.cfg.InterpDelay)
	}
	return 2 * c.interp.interval()
}

// maxExtrapolation returns how far past the newest state values are
// extrapolated, in ticks.
func (c *client) maxExtrapolation() float64 {
	switch {
	case c.cfg.MaxExtrapolation < 0:
		return 0
	case c.cfg.MaxExtrapolation > 0:
		return float64(c.cfg.MaxExtrapolation)
	}
	return c.interp.interval()
}

// advanceClock moves the clock one tick. The server's tick now is
// estimated as the newest state's tick plus the client ticks since it came
// (est); late states make est dip, early ones make it jump. The clock
// follows the lower envelope of est (low: down at once, up by a hundredth
// of a tick per tick), so that the delay is counted from the latest
// states and jitter does not starve the blend; the render tick advances
// one server tick per tick, nudged by at most 5 % towards low minus the
// delay. A clock more than max(4 delays, 30 ticks) off jumps (a new
// connection, a long stall).
func (c *client) advanceClock() {
	k := &c.clock
	k.ticks++
	c.mu.Lock()
	newest, delay := c.interp.known, c.delay()
	c.mu.Unlock()
	session := c.session.Load()
	if newest == 0 {
		return
	}
	if session != k.session || newest < k.newest {
		k.session, k.synced, k.newest = session, false, 0
	}
	if newest != k.newest {
		k.newest, k.since = newest, 0
	} else {
		k.since++
	}
	est := float64(newest) + k.since
	if !k.synced {
		k.low = est
		k.render, k.synced = est-delay, true
		return
	}
	k.low++
	if est < k.low {
		k.low = est
	} else {
		k.low += min(0.01, est-k.low)
	}
	k.render++
	switch err := k.low - delay - k.render; {
	case math.Abs(err) > max(4*delay, 30):
		k.render = k.low - delay
		k.resyncs.Add(1)
	case err > 0.5:
		k.render += min(0.05, 0.05*err)
	case err < -0.5:
		k.render += max(-0.05, 0.05*err)
	}
}

// clock is the client's system in glue.PreUpdate after [ReceiveSystem]:
// it advances the client's clock ([Client.RenderTick]).
func clock(cl glue.ResMut[Client]) { cl.Get().c.advanceClock() }

// RenderTick returns the server tick that interpolated components show
// now (fractional: between two ticks), or 0 before the first state. It
// advances one tick per tick of the client's app. Call it from systems.
func (cl Client) RenderTick() float64 {
	if !cl.c.clock.synced {
		return 0
	}
	return cl.c.clock.render
}

// sample is one received value.
type sample[T any] struct {
	tick uint64
	v    T
}

// history is the last values of one entity's component, oldest first.
type history[T any] struct {
	s       [histLen]sample[T]
	head, n int
}

func (h *history[T]) at(i int) *sample[T] { return &h.s[(h.head+i)%histLen] }

func (h *history[T]) push(tick uint64, v T) {
	if h.n > 0 && h.at(h.n-1).tick >= tick {
		h.n = 0 // out of order: start again
	}
	if h.n == histLen {
		h.head = (h.head + 1) % histLen
		h.n--
	}
	*h.at(h.n) = sample[T]{tick: tick, v: v}
	h.n++
}

// value returns the value at server tick r: blended between the two
// values around r; the oldest before it; past the newest, the newest if
// the entity did not change in the last state (known) or r is no later,
// else extrapolated from the last two, at most maxExtra ticks.
func (h *history[T]) value(r float64, known uint64, maxExtra float64, lerp func(from, to T, t float64) T) T {
	newest := h.at(h.n - 1)
	if r >= float64(newest.tick) {
		if h.n == 1 || newest.tick < known || r == float64(newest.tick) || maxExtra <= 0 {
			return newest.v
		}
		prev := h.at(h.n - 2)
		r = min(r, float64(newest.tick)+maxExtra)
		return lerp(prev.v, newest.v, (r-float64(prev.tick))/float64(newest.tick-prev.tick))
	}
	for i := h.n - 2; i >= 0; i-- {
		if a := h.at(i); float64(a.tick) <= r {
			b := h.at(i + 1)
			return lerp(a.v, b.v, (r-float64(a.tick))/float64(b.tick-a.tick))
		}
	}
	return h.at(0).v
}

// interpStore is an Interpolate system's historian.
type interpStore[T any] struct {
	hist map[uint64]*history[T]
}

func (st *interpStore[T]) record(id, tick uint64, v any, prevKnown uint64) {
	tv, ok := v.(T)
	if !ok {
		return
	}
	h := st.hist[id]
	if h == nil {
		h = new(history[T])
		st.hist[id] = h
	}
	// The value held since the last sample, until the state before this
	// one: the change happened after it.
	if h.n > 0 {
		if last := h.at(h.n - 1); prevKnown > last.tick && prevKnown < tick {
			h.push(prevKnown, last.v)
		}
	}
	h.push(tick, tv)
}

func (st *interpStore[T]) forget(id uint64) { delete(st.hist, id) }

func (st *interpStore[T]) reset() { clear(st.hist) }

// interpState is an Interpolate system's state in one app.
type interpState[T any] struct {
	codec codecOf[T]
	store *interpStore[T]
	cd    *codec.Codec
}

// Interpolate returns a client system that shows component T of received
// entities smoothly: every tick it sets each entity's T to the value at
// [Client.RenderTick], about two send intervals in the past, blended with
// lerp(from, to, t) between the two received values around that tick (t
// in [0, 1]; past the newest value, while extrapolating, t may exceed 1 by
// up to ClientConfig.MaxExtrapolation divided by the interval). lerp may
// return to instead of a blend for a jump (a teleport, a respawn). See
// the comment at the top of interp.go for the clock and the limits.
//
// The Receive system then leaves changes of T to Interpolate: T in the
// world is what Interpolate wrote, which draw systems and the game's own
// systems see from the next stage on. Entities whose T a [Predict]
// system drives are left to it. T must be registered. Add Interpolate to
// glue.PostUpdate; it writes the [Client] resource and T, and only reads
// [Remote]. Its name is "net.Interpolate[T]".
func Interpolate[T any](lerp func(from, to T, t float64) T) *glue.System {
	return glue.Func(func(p struct {
		Client glue.ResMut[Client]
		Items  glue.Query2[Remote, *T]
		State  glue.Local[interpState[T]]
	}) {
		c, st := p.Client.Get().c, p.State.Get()
		c.mu.Lock()
		defer c.mu.Unlock()
		if st.store == nil {
			st.cd, _ = st.codec.get(c.reg)
			st.store = &interpStore[T]{hist: map[uint64]*history[T]{}}
			if c.interp.stores == nil {
				c.interp.stores = map[*codec.Codec]historian{}
			}
			c.interp.stores[st.cd] = st.store
			for id, e := range c.mirror.ents {
				if i, ok := e.find(st.cd); ok {
					st.store.record(id, c.mirror.tick, e.comps[i].v, 0)
				}
			}
		}
		if !c.clock.synced {
			return
		}
		r, known, extra := c.clock.render, c.interp.known, c.maxExtrapolation()
		drive := func(_ glue.Entity, rm Remote, v *T) {
			if c.pred.ids[rm.ID] == st.cd {
				return
			}
			if h := st.store.hist[rm.ID]; h != nil && h.n > 0 {
				*v = h.value(r, known, extra, lerp)
			}
		}
		p.Items.Each(drive)
	}).TypeArgs(reflect.TypeFor[T]())
}
