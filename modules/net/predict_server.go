//go:build !js

package net

// The server's side of prediction (predict.go): stamped inputs and their
// acks.

import (
	"fmt"
	"maps"
	"slices"

	"github.com/gluekit/glue/codec"
)

// serverPredict is the server's side: stamped inputs waiting per client
// (guarded by server.inMu) and the acks (the game loop's).
type serverPredict struct {
	queues  map[ClientID][]Input
	order   []ClientID // scratch: clients with queues, sorted
	acks    map[ClientID]uint64
	pub     map[ClientID]uint64 // acks as last published (immutable)
	changed bool                // acks changed since the last publish
}

// queueStamped queues a stamped input of the connection's client (read
// loop). Stamps must increase.
func (c *conn) queueStamped(f *frame) error {
	if f.stamp <= c.lastStamp {
		return fmt.Errorf("net: out of order: stamped input of tick %d after tick %d", f.stamp, c.lastStamp)
	}
	c.lastStamp = f.stamp
	s := c.srv
	s.inMu.Lock()
	defer s.inMu.Unlock()
	if s.pred.queues == nil {
		s.pred.queues = map[ClientID][]Input{}
	}
	q := s.pred.queues[c.id]
	if len(q) >= maxStampedQueue {
		s.stats.inputsDropped.Add(1)
		q = q[:copy(q, q[1:])]
	}
	s.pred.queues[c.id] = append(q, Input{Client: c.id, Value: f.input.v, Tick: f.stamp})
	return nil
}

// handOverStamped appends this tick's stamped inputs to in.list (called by
// beginTick with inMu held): at most one per client, whatever the client
// sent, so that the budget of a client's steering is the server's clock
// and a burst moves nothing faster than steady steering (the rest wait,
// up to maxStampedQueue). A client that has left gets its oldest waiting
// input handed over and the rest dropped. Clients go in increasing id
// order. It records each client's ack.
func (s *server) handOverStamped(in *Inputs) {
	p := &s.pred
	if len(p.queues) == 0 {
		return
	}
	p.order = p.order[:0]
	for id := range p.queues {
		p.order = append(p.order, id)
	}
	slices.Sort(p.order)
	if p.acks == nil {
		p.acks = map[ClientID]uint64{}
	}
	for _, id := range p.order {
		q := p.queues[id]
		in.list = append(in.list, q[0])
		p.acks[id] = q[0].Tick
		p.changed = true
		if len(q) == 1 || slices.Contains(in.Left, id) {
			s.stats.inputsDropped.Add(uint64(len(q) - 1))
			clear(q)
			delete(p.queues, id)
		} else {
			rest := copy(q, q[1:])
			clear(q[rest:])
			p.queues[id] = q[:rest]
		}
	}
}

// forgetAcks drops the acks of clients that have left (beginTick).
func (s *server) forgetAcks(left []ClientID) {
	for _, id := range left {
		if _, ok := s.pred.acks[id]; ok {
			delete(s.pred.acks, id)
			s.pred.changed = true
		}
	}
}

// publishAcks returns the acks to publish with a state: a copy made only
// when they changed since the last publish.
func (s *server) publishAcks() map[ClientID]uint64 {
	p := &s.pred
	if p.changed {
		p.pub = maps.Clone(p.acks)
		p.changed = false
	}
	return p.pub
}

// maxStampedQueue is the most stamped inputs of one client waiting on the
// server: one more drops the oldest, counted in ServerStats.InputsDropped.
// The server hands them over one per tick, so a backlog left by network
// jitter delays a client's steering by at most this many ticks.
const maxStampedQueue = 8

// appendAck writes an ack: by tick, the game had the client's stamped
// inputs up to stamp.
func appendAck(dst []byte, tick, stamp uint64) []byte {
	w := codec.NewWriter(appendHeader(dst, msgAck))
	w.Uvarint(tick)
	w.Uvarint(stamp)
	return w.Data()
}
