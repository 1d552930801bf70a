package net

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// Client-side prediction with server reconciliation.
//
// A client that steers an entity of the server (its own paddle, its
// avatar) cannot wait a round trip to see its input take effect. With
// [Predict] it sends each tick's input stamped with its own tick number
// (a stamped input, wire type 18), and applies the same input to its copy
// of the entity at once. The server hands a client's stamped inputs to
// the game one per tick, in order ([Input.Tick]), and with every state it
// sends tells the client the stamp of its last input handed over by that
// state's tick (an ack, wire type 4). When a new state arrives, the client
// starts again from the server's value of the entity, replays its inputs
// the ack does not cover, and so has the server's answer to everything it
// sent, plus its own guess for what is still on the way. A guess the
// server did not confirm (the game rejected or changed an input) is
// corrected gradually: the shown value moves a fraction
// ([ClientConfig.CorrectionRate]) of the way to the new prediction each
// tick.

// IOwner is the constraint of [Predict]'s owner component: it tells
// which client controls an entity (0 for none). The server's game sets
// it and sends it like any component; a client predicts the entity whose
// owner is itself ([Client.ID]).
type IOwner interface {
	Owner() ClientID
}

// maxPredictHistory is the most unacknowledged inputs a client keeps;
// older ones are forgotten (the prediction then trusts the server).
const maxPredictHistory = 256

// parseAck reads an ack's body.
func parseAck(r *codec.Reader, f *frame) error {
	f.tick = r.Uvarint()
	f.stamp = r.Uvarint()
	if r.Err() == nil && f.tick == 0 {
		return errors.New("net: ack of tick 0")
	}
	return nil
}

// parseStamped reads a stamped input's body.
func parseStamped(r *codec.Reader, reg *codec.Registry, f *frame) error {
	f.seq = r.Uvarint()
	f.stamp = r.Uvarint()
	if r.Err() != nil {
		return nil
	}
	if f.seq == 0 {
		return errors.New("net: input sequence number 0; they start at 1")
	}
	if f.stamp == 0 {
		return errors.New("net: stamped input of tick 0; ticks start at 1")
	}
	var err error
	f.input, err = parseComp(r, reg)
	return err
}

// appendStamped writes a stamped input.
func appendStamped(dst []byte, seq, stamp uint64, c *codec.Codec, payload []byte) []byte {
	w := codec.NewWriter(appendHeader(dst, msgStamped))
	w.Uvarint(seq)
	w.Uvarint(stamp)
	writeComp(w, c, payload)
	return w.Data()
}

// clientPredict is the client's side, guarded by client.mu.
type clientPredict struct {
	pending *frame // an ack that came before its state
	ack     uint64 // the stamp acknowledged by the state in the mirror
	// ids are the network ids of the entities Predict systems drive, with
	// the component each drives.
	ids map[uint64]*codec.Codec
	// stats
	reconciled, mispredicted uint64
}

// receivedState attaches a pending ack to the state f just applied.
func (p *clientPredict) receivedState(f *frame) {
	if f.typ == msgSnapshot {
		p.ack = 0
	}
	if p.pending != nil && p.pending.tick == f.tick {
		p.ack = p.pending.stamp
	}
	p.pending = nil
}

// driven reports whether component c of entity id is written by an
// Interpolate or Predict system, so that the Receive system leaves it to
// them. Called with mu held.
func (c *client) driven(id uint64, cd *codec.Codec) bool {
	if _, ok := c.interp.stores[cd]; ok {
		return true
	}
	return c.pred.ids[id] == cd
}

// sendStamped queues a copy of a stamped input, like SendInput. The
// copy's buffer comes back to c.spare once the input is written
// (recycle), so that steering allocates nothing.
func (c *client) sendStamped(cd *codec.Codec, stamp uint64, payload []byte) error {
	return c.enqueue(func() outMsg {
		var buf []byte
		if n := len(c.spare); n > 0 {
			buf, c.spare = c.spare[n-1], c.spare[:n-1]
		}
		return outMsg{c: cd, payload: append(buf[:0], payload...), stamp: stamp}
	})
}

// enqueue queues the message msg returns (called with outMu held) for
// the write loop. It fails while the client is not connected and when
// the queue is full.
func (c *client) enqueue(msg func() outMsg) error {
	c.mu.Lock()
	connected := c.connected
	c.mu.Unlock()
	if !connected {
		return ErrNotConnected
	}
	c.outMu.Lock()
	defer c.outMu.Unlock()
	if len(c.events) >= c.cfg.InputQueue {
		return fmt.Errorf("net: input queue full (%d inputs); the connection is too slow, or raise ClientConfig.InputQueue", c.cfg.InputQueue)
	}
	c.events = append(c.events, msg())
	c.signalOut()
	return nil
}

// recycle takes back the buffers of written stamped inputs (the write
// loop's).
func (c *client) recycle(out []outMsg) {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	for _, m := range out {
		if m.stamp != 0 && len(c.spare) < 64 {
			c.spare = append(c.spare, m.payload)
		}
	}
}

// stampedIn is one input a Predict system sent and applied.
type stampedIn[I any] struct {
	stamp uint64
	in    I
}

// predictState is a Predict system's state in one app.
type predictState[S, O, I any] struct {
	i        codecOf[I]
	sc       codecOf[S]
	w        codec.Writer
	zero     []byte // the encoding of I's zero value
	hist     []stampedIn[I]
	have     bool   // pred and shown hold a prediction
	id       uint64 // the predicted entity
	session  uint64
	lastTick uint64 // the mirror tick of the last reconciliation
	pred     S      // the server's value with the unacknowledged inputs replayed
	shown    S      // what the world shows: pred, or on its way to it
	old      S      // scratch: the prediction before a reconciliation
	in       I      // scratch: the input being encoded
	left     int    // ticks of correction left
	cmp      [2][]byte
}

// Predict returns a client system that predicts the entity this client
// controls: the entity with component S (e.g. a body) and an owner
// component O whose Owner() is [Client.ID]. Each tick it reads the app's
// input resource I (which the game's systems set earlier in the tick),
// and unless I is its zero value, sends it to the server stamped with
// the client's tick and applies it at once with step(&s, &o, in), the
// same rule the server's game applies to the input. The world's S of that
// entity therefore responds in the tick of the input, a round trip
// before the server's answer arrives.
//
// When a state arrives, Predict starts from the server's S, replays the
// inputs the server has not acknowledged (see the comment at the top of
// predict.go for the protocol) and corrects what the world shows towards
// the result: blend(shown, predicted, ClientConfig.CorrectionRate) each
// tick (blend nil: at once). A server that applies exactly the inputs it
// was sent, by the same step, never corrects anything; see docs/net.md.
//
// The server's game must apply each input in the tick the server hands it
// over ([Inputs], with [Input.Tick] set): they come one per tick per
// client, in order. Zero inputs are neither sent nor applied: a tick
// without input changes nothing.
//
// The Receive system leaves S of the predicted entity to Predict (and
// the other entities' S to [Interpolate], if it runs). S, O and I must be
// registered; S and O are distinct types. Add Predict to glue.PostUpdate,
// after the game's systems that set I. It writes the [Client] resource
// and S; its name is "net.Predict[…]" with its type arguments (glue
// lists them as in "net.Predict[main.RemoteSteer, main.Paddle,
// physics.Body]").
func Predict[S any, O IOwner, I any](step func(s *S, o *O, in I), blend func(from, to S, t float64) S) *glue.System {
	return glue.Func(func(p struct {
		Client glue.ResMut[Client]
		Input  glue.Opt[I]
		Items  glue.Query3[Remote, *O, *S]
		State  glue.Local[predictState[S, O, I]]
	}) {
		c, st := p.Client.Get().c, p.State.Get()
		in := p.Input.Get()
		sent := false
		var cur I
		if in != nil {
			cur = *in
			sent = st.send(c, cur)
		}
		me := p.Client.Get().ID()
		var id uint64
		var owner *O
		var val *S
		p.Items.Each(func(_ glue.Entity, r Remote, o *O, s *S) {
			if me != 0 && (*o).Owner() == me && owner == nil {
				id, owner, val = r.ID, o, s
			}
		})
		cd, _ := st.sc.get(c.reg)
		c.mu.Lock()
		if owner == nil {
			for k, v := range c.pred.ids {
				if v == cd {
					delete(c.pred.ids, k)
				}
			}
			c.mu.Unlock()
			st.have = false
			return
		}
		var auth S
		e := c.mirror.ents[id]
		ok := e != nil
		if ok {
			var i int
			if i, ok = e.find(cd); ok {
				auth, ok = e.comps[i].v.(S)
			}
		}
		tick, ack, session := c.mirror.tick, c.pred.ack, c.session.Load()
		if c.pred.ids == nil {
			c.pred.ids = map[uint64]*codec.Codec{}
		}
		for k, v := range c.pred.ids {
			if v == cd && k != id {
				delete(c.pred.ids, k)
			}
		}
		c.pred.ids[id] = cd
		c.mu.Unlock()
		if !ok {
			return
		}
		switch {
		case !st.have || st.id != id || st.session != session:
			st.reconcile(auth, owner, ack, step)
			st.shown = st.pred
			st.have, st.id, st.session = true, id, session
		case tick != st.lastTick:
			st.old = st.pred // what was predicted for this tick
			if sent {
				step(&st.old, owner, cur)
				step(&st.shown, owner, cur)
			}
			st.reconcile(auth, owner, ack, step)
			if st.differ(c, &st.old, &st.pred) {
				st.left = correctionTicks(c.cfg.CorrectionRate)
				c.mu.Lock()
				c.pred.mispredicted++
				c.mu.Unlock()
			}
			c.mu.Lock()
			c.pred.reconciled++
			c.mu.Unlock()
		case sent:
			step(&st.pred, owner, cur)
			step(&st.shown, owner, cur)
		}
		st.lastTick = tick
		if st.left > 0 && blend != nil {
			st.shown = blend(st.shown, st.pred, c.cfg.CorrectionRate)
			st.left--
		} else {
			st.left = 0
		}
		if st.left == 0 {
			st.shown = st.pred
		}
		*val = st.shown
	}).TypeArgs(reflect.TypeFor[S](), reflect.TypeFor[O](), reflect.TypeFor[I]())
}

// correctionTicks returns the ticks a correction at rate takes to leave
// less than 0.1 % of the error; then the shown value snaps to the
// prediction.
func correctionTicks(rate float64) int {
	if rate >= 1 {
		return 0
	}
	return int(math.Ceil(math.Log(0.001) / math.Log(1-rate)))
}

// send sends in stamped with the client's tick, unless it is I's zero
// value, and keeps it for replay. It reports whether it did.
func (st *predictState[S, O, I]) send(c *client, in I) bool {
	cd, enc := st.i.get(c.reg)
	if st.zero == nil {
		var zero I
		st.w.Reset()
		enc(&zero, &st.w)
		st.zero = bytes.Clone(st.w.Data())
	}
	st.in = in // not &in: the encoder would move in to the heap
	st.w.Reset()
	enc(&st.in, &st.w)
	if bytes.Equal(st.w.Data(), st.zero) {
		return false
	}
	stamp := c.clock.ticks
	if stamp == 0 || c.sendStamped(cd, stamp, st.w.Data()) != nil {
		return false
	}
	if len(st.hist) == maxPredictHistory {
		st.hist = st.hist[:copy(st.hist, st.hist[1:])]
	}
	st.hist = append(st.hist, stampedIn[I]{stamp: stamp, in: in})
	return true
}

// reconcile sets pred to the server's value auth with the inputs after
// ack replayed, forgetting the acknowledged ones.
func (st *predictState[S, O, I]) reconcile(auth S, o *O, ack uint64, step func(*S, *O, I)) {
	n := 0
	for n < len(st.hist) && st.hist[n].stamp <= ack {
		n++
	}
	st.hist = st.hist[:copy(st.hist, st.hist[n:])]
	st.pred = auth
	for _, h := range st.hist {
		step(&st.pred, o, h.in)
	}
}

// differ reports whether two values of S encode differently.
func (st *predictState[S, O, I]) differ(c *client, a, b *S) bool {
	_, enc := st.sc.get(c.reg)
	for i, v := range [2]*S{a, b} {
		st.w.Reset()
		enc(v, &st.w)
		st.cmp[i] = append(st.cmp[i][:0], st.w.Data()...)
	}
	return !bytes.Equal(st.cmp[0], st.cmp[1])
}
