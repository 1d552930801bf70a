package net

import (
	"context"
	"fmt"

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
//
// A seat's player can be given up on. A seated client that has had no
// input from another seat's player for RollbackConfig.DisconnectAfter, in
// a game of three or four, asks the server to drop it (wire type 22: the
// seat). The server drops a player only if it relayed nothing of that
// player's for dropQuiet, and while two other players hold seats: it
// frees the seat, refuses it to that client from then on, and tells every
// seated client, the dropped one too (wire type 8: the client and the
// seat), in the order of everything it relayed — so each player holds the
// dropped player's inputs up to the same tick, and the others play on
// without it from there. It says the same when a seat is freed because
// its client left (its connection ended, or its reconnect grace did).

// MaxRelaySeats is the number of rollback seats a server grants: players
// 0 to MaxRelaySeats-1.
const MaxRelaySeats = 4

// maxSeatKey is the longest seat key a claim may carry, in bytes.
const maxSeatKey = 128

// closeSeatRefused is the WebSocket close status of a client refused a
// seat, or refused a relay message for having none (a private-use
// status: a rollback session stops with the reason instead of
// reconnecting).
const closeSeatRefused = 4001 // untyped: a statusCode for the client, a websocket.StatusCode for the server

// closeSeatHeld is the WebSocket close status of a client refused a seat
// that is held for its player, whose connection dropped, for the rest of
// its grace period (ServerConfig.ReconnectGrace): the client reconnects
// and claims it again, and takes it once the grace period ends (or gets
// closeSeatRefused if the player came back).
const closeSeatHeld = 4002

// appendRelay writes a message to relay.
func appendRelay(dst, payload []byte) []byte {
	w := codec.NewWriter(appendHeader(dst, msgRelay))
	w.Blob(payload)
	return w.Data()
}

// Why a seat was vacated (msgVacated).
const (
	vacatedLeft    = 0 // its client left: its connection ended, and was not resumed
	vacatedDropped = 1 // the other players gave up on it (dropSeat)
)

// appendDrop writes a request to drop the player in seat.
func appendDrop(dst []byte, seat int) []byte {
	w := codec.NewWriter(appendHeader(dst, msgDrop))
	w.Uvarint(uint64(seat))
	return w.Data()
}

// appendSeat writes a claim of seat with key.
func appendSeat(dst []byte, seat int, key string) []byte {
	w := codec.NewWriter(appendHeader(dst, msgSeat))
	w.Uvarint(uint64(seat))
	w.Blob([]byte(key))
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

// relayedIn hands a relayed message to the client's rollback session,
// if it has one (the connection's goroutine).
func (c *client) relayedIn(f *frame) {
	if c.onRelayed != nil {
		c.onRelayed(ClientID(f.client), f.seat, []byte(f.token))
	}
}

// vacatedIn hands the server's word that client from no longer holds
// seat to the client's rollback session, if it has one (the connection's
// goroutine, after every message relayed before it).
func (c *client) vacatedIn(f *frame) {
	if c.onVacated != nil {
		c.onVacated(ClientID(f.client), f.seat, f.why == vacatedDropped)
	}
}

// askDrop queues a request that the server drop the player in seat.
func (c *client) askDrop(seat int) error {
	return c.enqueue(func() outMsg { return outMsg{drop: seat + 1} })
}

// sendRelay queues payload for the other seated clients. It fails while
// the client is not connected and when its queue is full.
func (c *client) sendRelay(payload []byte) error {
	return c.enqueue(func() outMsg { return outMsg{payload: payload, relay: true} })
}

// writeQueuedNow writes the queued relay and watch messages on the
// caller's goroutine, in order, instead of the write loop: a page's
// pagehide handler (session.pageHidden), after which the page's
// goroutines never run again. In a page the write loop cannot be
// part-way through a batch meanwhile (a WebSocket's send does not wait,
// so the loop writes a batch without yielding). Numbered inputs, which
// a rollback client does not send, stay queued.
func (c *client) writeQueuedNow() {
	c.mu.Lock()
	ws := c.ws
	c.mu.Unlock()
	if ws == nil {
		return
	}
	c.outMu.Lock()
	defer c.outMu.Unlock()
	keep := c.events[:0]
	var buf []byte
	for i, m := range c.events {
		if m.numbered() {
			keep = append(keep, m)
			continue
		}
		if buf = m.appendFrame(buf[:0], 0); ws.Write(context.Background(), buf) != nil {
			keep = append(keep, c.events[i:]...) // the connection ended: left to the loop, as before
			break
		}
	}
	clear(c.events[len(keep):])
	c.events = keep
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

// seatHeld returns how many times the server refused the seat this
// client claims because it is held for the player who had it, whose
// connection dropped (closeSeatHeld: the client claims it again), and
// the last refusal.
func (c *client) seatHeld() (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.helds, c.held
}

// seatRefused returns why the server refused the client's seat, or nil.
func (c *client) seatRefused() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seatErr
}
