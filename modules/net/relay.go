package net

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue/codec"
)

// Relay and rollback seats (issue #34).
//
// A rollback player's client claims its seat from the server first (wire
// type 20: the seat and, if the server keeps the seat for an invited
// player, its key). The server grants each seat to one client at a time
// (wire type 6) and binds it to the client's id, which only the holder of
// the client's current reconnection token can take back (reconnect.go);
// a claim for a seat another client holds, or with a wrong key, is
// refused and its sender disconnected with the reason (close status
// closeSeatRefused). A client sends a message for its peers (wire type
// 19, an opaque payload) and the server writes it to the other seated
// clients only (wire type 5, with the sender's id and seat), never to
// watchers, in the order it came; a relay message from a client without
// a seat is refused the same way. The server reads nothing of the
// payload: rollback sessions (rollback.go) exchange their inputs and
// digests this way, through a server that runs no game of theirs, and
// take the sender's player from the seat the server stamps, not from
// what the payload says.

// MaxRelaySeats is the number of rollback seats a server grants: players
// 0 to MaxRelaySeats-1.
const MaxRelaySeats = 4

// maxSeatKey is the longest seat key a claim may carry, in bytes.
const maxSeatKey = 128

// closeSeatRefused is the WebSocket close status of a client refused a
// seat, or refused a relay message for having none (a private-use
// status: a rollback session stops with the reason instead of
// reconnecting).
const closeSeatRefused websocket.StatusCode = 4001

// maxRelayQueue is the most messages waiting for one connection's writer
// besides the game's states (relayed messages, seat grants), and
// maxRelayBytes the most bytes they may hold together; a client that
// falls further behind is disconnected rather than given a growing
// queue.
const (
	maxRelayQueue = 1024
	maxRelayBytes = 1 << 20
)

// errNoSeat is the reason a relay message from a client without a seat
// is refused.
var errNoSeat = errors.New("net: relay message from a client without a seat; rollback players claim their seat first (RollbackConfig.Player)")

// appendRelay writes a message to relay.
func appendRelay(dst, payload []byte) []byte {
	w := codec.NewWriter(appendHeader(dst, msgRelay))
	w.Blob(payload)
	return w.Data()
}

// appendRelayed writes a relayed message from client from, in seat.
func appendRelayed(dst []byte, from ClientID, seat int, payload string) []byte {
	w := codec.NewWriter(appendHeader(dst, msgRelayed))
	w.Uvarint(uint64(from))
	w.Uvarint(uint64(seat))
	w.Blob([]byte(payload))
	return w.Data()
}

// appendSeat writes a claim of seat with key.
func appendSeat(dst []byte, seat int, key string) []byte {
	w := codec.NewWriter(appendHeader(dst, msgSeat))
	w.Uvarint(uint64(seat))
	w.Blob([]byte(key))
	return w.Data()
}

// appendSeated writes the grant of seat.
func appendSeated(dst []byte, seat int) []byte {
	w := codec.NewWriter(appendHeader(dst, msgSeated))
	w.Uvarint(uint64(seat))
	return w.Data()
}

// parseSeat reads a seat number and checks it.
func parseSeat(r *codec.Reader) (int, error) {
	n := r.Uvarint()
	if r.Err() == nil && n >= MaxRelaySeats {
		return 0, fmt.Errorf("seat %d; seats are 0 to %d (net.MaxRelaySeats)", n, MaxRelaySeats-1)
	}
	return int(n), nil
}

// seatOf returns the seat client id holds, or -1. Called with s.mu held.
func (s *server) seatOf(id ClientID) int {
	for i, x := range s.relaySeats {
		if x == id && id != 0 {
			return i
		}
	}
	return -1
}

// claimSeat grants seat to connection c, or says why not (the read loop
// of c).
func (s *server) claimSeat(c *conn, seat int, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := s.cfg.RelaySeats; n > 0 && seat >= n {
		return fmt.Errorf("net: seat %d is no player's: this game has seats 0 to %d (ServerConfig.RelaySeats, RollbackConfig.Players)", seat, n-1)
	}
	if seat < len(s.cfg.SeatKeys) && s.cfg.SeatKeys[seat] != "" &&
		subtle.ConstantTimeCompare([]byte(key), []byte(s.cfg.SeatKeys[seat])) != 1 {
		return fmt.Errorf("net: wrong key for seat %d; the seat is kept for an invited player (RollbackConfig.SeatKey, ServerConfig.SeatKeys)", seat)
	}
	if held := s.relaySeats[seat]; held != 0 && held != c.id {
		return fmt.Errorf("net: seat %d is taken by another client; pick a free one (RollbackConfig.Player)", seat)
	}
	if mine := s.seatOf(c.id); mine >= 0 && mine != seat {
		return fmt.Errorf("net: this client holds seat %d already and cannot take seat %d too", mine, seat)
	}
	s.relaySeats[seat] = c.id
	if !c.queue(appendSeated(nil, seat)) {
		return errors.New("net: too much waiting for this client")
	}
	s.info.warn("net: a client takes a rollback seat", "client", c.id, "remote", c.remote, "seat", seat)
	return nil
}

// freeSeat frees the seat of client id, which has gone. Called with s.mu
// held.
func (s *server) freeSeat(id ClientID) {
	if i := s.seatOf(id); i >= 0 {
		s.relaySeats[i] = 0
	}
}

// seatBeat is how often the server sends each seated client its seat
// grant again (beatSeats).
const seatBeat = time.Second

// beatSeats sends every seated client its seat grant again once a
// seatBeat, until the server closes: a heartbeat of the relay that does
// not depend on the game loop. A relay server in a rollback player's app
// publishes states only in the app's ticks, and a session that waits for
// another player runs none: without it, a session's client — which gives
// a quiet server 3 s — dropped its link to that relay, the host's own
// included (issue 34, examples/duel). A client takes a grant of its own
// seat again as a no-op.
func (s *server) beatSeats() {
	t := time.NewTicker(seatBeat)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		s.mu.Lock()
		for seat, id := range s.relaySeats {
			if c := s.conns[id]; id != 0 && c != nil {
				c.queue(appendSeated(nil, seat))
			}
		}
		s.mu.Unlock()
	}
}

// relay queues payload, from connection from, for the other seated
// clients, or returns errNoSeat (the read loop of from).
func (s *server) relay(from *conn, payload string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	seat := s.seatOf(from.id)
	if seat < 0 {
		return errNoSeat
	}
	var msg []byte
	for _, id := range s.relaySeats {
		c := s.conns[id]
		if id == 0 || id == from.id || c == nil {
			continue // a free seat, the sender, or a player away
		}
		if msg == nil {
			msg = appendRelayed(nil, from.id, seat, payload)
		}
		if !c.queue(msg) {
			go c.close(websocket.StatusPolicyViolation, fmt.Sprintf("net: more than %d messages or %d bytes waiting; the client reads too slowly", maxRelayQueue, maxRelayBytes), true)
		}
	}
	return nil
}

// queue queues msg for the connection's writer, reporting false when the
// queue is full.
func (c *conn) queue(msg []byte) bool {
	c.relayMu.Lock()
	full := len(c.relayQ) >= maxRelayQueue || c.relayBytes+len(msg) > maxRelayBytes
	if !full {
		c.relayQ = append(c.relayQ, msg)
		c.relayBytes += len(msg)
	}
	c.relayMu.Unlock()
	if full {
		return false
	}
	select {
	case c.relayed <- struct{}{}:
	default:
	}
	return true
}

// writeRelayed writes the messages queued (the writer of c).
func (c *conn) writeRelayed() bool {
	c.relayMu.Lock()
	q := c.relayQ
	c.relayQ, c.relayBytes = nil, 0
	c.relayMu.Unlock()
	for _, m := range q {
		if !c.write(m) {
			return false
		}
	}
	return true
}

// relayedIn hands a relayed message to the client's rollback session,
// if it has one (the connection's goroutine).
func (c *client) relayedIn(f *frame) {
	if c.onRelayed != nil {
		c.onRelayed(ClientID(f.client), f.seat, []byte(f.token))
	}
}

// sendRelay queues payload for the other seated clients. It fails while
// the client is not connected and when its queue is full.
func (c *client) sendRelay(payload []byte) error {
	return c.enqueue(func() outMsg { return outMsg{payload: payload, relay: true} })
}

// seatClaim is the seat a rollback session's client claims on every
// connection, before anything else.
type seatClaim struct {
	seat int
	key  string
}

// seated returns the rollback seat the server granted the current
// connection, or -1.
func (c *client) seated() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seat
}

// seatRefused returns why the server refused the client's seat, or nil.
func (c *client) seatRefused() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seatErr
}
