//go:build !js

package net

// The server's side of the relay (relay.go): seats and relayed messages.

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue/codec"
)

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
//
// A seat whose player is away (its connection dropped, and the server
// holds its id for ReconnectGrace) goes to a claimant that proves the
// seat is its own — the seat's key (ServerConfig.SeatKeys) — at once:
// that player's game restarted, and the client away is gone (its leave
// is reported). Without a key nothing proves it, and the seat stays held
// for its player: the claim is refused with a seatHeld error, which the
// client takes as a reason to try again, not to give up.
func (s *server) claimSeat(c *conn, seat int, key string) error {
	s.mu.Lock()
	gone, err := s.grantSeat(c, seat, key)
	n := len(s.conns)
	s.mu.Unlock()
	if gone != 0 {
		s.info.warn("net: a client away gives its rollback seat up to one with the seat's key", "away", gone, "client", c.id, "remote", c.remote, "seat", seat)
		s.hookMu.Lock()
		s.leave(gone, n)
		s.hookMu.Unlock()
	}
	return err
}

// grantSeat is claimSeat's work, called with s.mu held: it returns the
// client away whose seat c took, if any, which has gone.
func (s *server) grantSeat(c *conn, seat int, key string) (gone ClientID, err error) {
	if n := s.cfg.RelaySeats; n > 0 && seat >= n {
		return 0, fmt.Errorf("net: seat %d is no player's: this game has seats 0 to %d (ServerConfig.RelaySeats, RollbackConfig.Players)", seat, n-1)
	}
	keyed := seat < len(s.cfg.SeatKeys) && s.cfg.SeatKeys[seat] != ""
	if keyed && key == "" {
		return 0, fmt.Errorf("net: seat %d needs its key, and this client gave none; the seat is kept for an invited player (RollbackConfig.SeatKey, ServerConfig.SeatKeys)", seat)
	}
	if keyed && subtle.ConstantTimeCompare([]byte(key), []byte(s.cfg.SeatKeys[seat])) != 1 {
		return 0, fmt.Errorf("net: wrong key for seat %d; the seat is kept for an invited player (RollbackConfig.SeatKey, ServerConfig.SeatKeys)", seat)
	}
	if s.dropped[seat] == c.id {
		return 0, fmt.Errorf("net: seat %d: the other players gave up waiting for this client's inputs and play on without it (RollbackConfig.DisconnectAfter); a match cannot be rejoined, start a new one", seat)
	}
	if mine := s.seatOf(c.id); mine >= 0 && mine != seat {
		return 0, fmt.Errorf("net: this client holds seat %d already and cannot take seat %d too", mine, seat)
	}
	if held := s.relaySeats[seat]; held != 0 && held != c.id {
		_, away := s.awayOf(held)
		switch {
		case away == nil:
			return 0, fmt.Errorf("net: seat %d is taken by another client; pick a free one (RollbackConfig.Player)", seat)
		case !keyed:
			return 0, seatHeld{seat, time.Until(away.until)}
		}
		s.dropAway(held)
		gone = held
	}
	if s.relaySeats[seat] != c.id {
		s.lastInput[seat] = nil // another client's
	}
	s.relaySeats[seat] = c.id
	s.dropped[seat] = 0
	if !c.queue(appendSeated(nil, seat)) {
		return gone, errors.New("net: too much waiting for this client")
	}
	s.info.warn("net: a client takes a rollback seat", "client", c.id, "remote", c.remote, "seat", seat)
	return gone, nil
}

// seatHeld refuses a claim for a seat held for its player, whose
// connection dropped, in its grace period (ServerConfig.ReconnectGrace).
// The claimant is sent it with closeSeatHeld, and tries again.
type seatHeld struct {
	seat int
	left time.Duration // until the grace period ends
}

func (e seatHeld) Error() string {
	return fmt.Sprintf("net: seat %d is held for its player, whose connection dropped, for up to %v more (ReconnectGrace)", e.seat, max(e.left, 0).Round(time.Second))
}

// freeSeat frees the seat of client id, which has gone. Called with s.mu
// held.
func (s *server) freeSeat(id ClientID) {
	if i := s.seatOf(id); i >= 0 {
		s.relaySeats[i] = 0
		s.vacate(id, i, vacatedLeft)
	}
}

// appendVacated writes the word that client from no longer holds seat,
// and why.
func appendVacated(dst []byte, from ClientID, seat, why int) []byte {
	w := codec.NewWriter(appendHeader(dst, msgVacated))
	w.Uvarint(uint64(from))
	w.Uvarint(uint64(seat))
	w.Uvarint(uint64(why))
	return w.Data()
}

// vacate tells the seated clients, and client from if it is connected,
// that from no longer holds seat, after everything relayed to them
// before. Called with s.mu held.
func (s *server) vacate(from ClientID, seat, why int) {
	msg := appendVacated(nil, from, seat, why)
	if len(s.vacatedLog) < maxVacatedLog {
		s.vacatedLog = append(s.vacatedLog, msg)
	}
	for _, id := range s.relaySeats {
		if c := s.conns[id]; id != 0 && c != nil {
			c.queue(msg)
		}
	}
	if c := s.conns[from]; c != nil {
		c.queue(msg)
	}
}

// maxVacatedLog bounds the vacated notices a server keeps for players
// who resume (resumeRelay): seats change hands a few times a match.
const maxVacatedLog = 64

// resumeRelay queues for connection c, whose client resumed its
// connection (its link was lost, ServerConfig.ReconnectGrace) and holds a
// rollback seat, what it may have missed while away that no one will send
// again: the last input message of every other seat's player, and the
// seats vacated. A player that plays sends its unacknowledged inputs
// again itself; one frozen or dropped cannot, and without its last inputs
// this player would mark it gone at an earlier tick than the others (a
// desync), or never learn it was dropped. The session takes inputs it
// holds already, and notices of players gone already, as no-ops. Called
// with s.mu held.
func (s *server) resumeRelay(c *conn) {
	me := s.seatOf(c.id)
	if me < 0 {
		return
	}
	for seat, msg := range s.lastInput {
		if seat != me && msg != nil {
			c.queue(msg)
		}
	}
	for _, msg := range s.vacatedLog {
		c.queue(msg)
	}
}

// dropQuiet is how long a player must have relayed nothing before the
// server drops it at another player's request (dropSeat): a player whose
// messages still come is playing, and the one asking has lost its own
// link's downstream instead.
const dropQuiet = time.Second

// dropSeat is a seated client's request, from connection c, to drop the
// player in seat, whose inputs it has waited for for
// RollbackConfig.DisconnectAfter (the read loop of c). The server drops it
// if that player relayed nothing for dropQuiet and two other players keep
// their seats (a game of two ends instead): the seat is freed, refused to
// that client from then on, and every seated client is told (vacate). A
// request the server does not grant is ignored; only one from a client
// without a seat is refused.
func (s *server) dropSeat(c *conn, seat int) error {
	s.mu.Lock()
	if s.seatOf(c.id) < 0 {
		s.mu.Unlock()
		return errNoSeat
	}
	x := s.relaySeats[seat]
	others := 0
	for _, id := range s.relaySeats {
		if id != 0 && id != x {
			others++
		}
	}
	xc := s.conns[x]
	quiet := time.Duration(0)
	if xc != nil {
		quiet = time.Since(time.Unix(0, xc.lastRelay.Load()))
	}
	if x == 0 || x == c.id || others < 2 || xc != nil && quiet < dropQuiet {
		s.mu.Unlock()
		s.info.warn("net: a request to drop a rollback player is not granted", "client", c.id, "seat", seat, "player", x, "others", others, "quiet", quiet.Round(time.Millisecond))
		return nil
	}
	s.relaySeats[seat], s.dropped[seat] = 0, x
	s.vacate(x, seat, vacatedDropped)
	_, away := s.awayOf(x)
	if away != nil {
		s.dropAway(x)
	}
	n := len(s.conns)
	s.mu.Unlock()
	s.info.warn("net: a rollback player is dropped: the others had no input of its for their DisconnectAfter", "client", x, "seat", seat, "asked by", c.id)
	if away != nil {
		s.hookMu.Lock()
		s.leave(x, n)
		s.hookMu.Unlock()
	}
	return nil
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
	from.lastRelay.Store(time.Now().UnixNano())
	var msg []byte
	if len(payload) > 0 && payload[0] == rbInput {
		msg = appendRelayed(nil, from.id, seat, payload)
		s.lastInput[seat] = msg // for a player who resumes (resumeRelay)
	}
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

// appendRelayed writes a relayed message from client from, in seat.
func appendRelayed(dst []byte, from ClientID, seat int, payload string) []byte {
	w := codec.NewWriter(appendHeader(dst, msgRelayed))
	w.Uvarint(uint64(from))
	w.Uvarint(uint64(seat))
	w.Blob([]byte(payload))
	return w.Data()
}

// appendSeated writes the grant of seat.
func appendSeated(dst []byte, seat int) []byte {
	w := codec.NewWriter(appendHeader(dst, msgSeated))
	w.Uvarint(uint64(seat))
	return w.Data()
}
