//go:build !js

package net

import (
	"crypto/rand"
	"encoding/hex"
	mrand "math/rand/v2"
	"net/http"
	"strings"
	"time"
)

// Client ids and reconnection.
//
// A client's id is random (never 0), so that watchers, who see which
// client steers what, learn nothing from it about other clients. With
// ServerConfig.ReconnectGrace, the welcome also carries a token of
// tokenSize random bytes, which only that client receives. A client whose
// connection is lost dials again with the token in a header, never in the
// URL (where proxies and access logs keep it): it offers the WebSocket
// subprotocol resumeProtocol followed by the token in hex, beside
// glue's own (Sec-WebSocket-Protocol, which a browser's WebSocket sets
// too); the server never picks that one. If the server still holds the
// client's id (the grace period has not ended), the new connection gets
// the same id and the game notices nothing but a pause in the inputs.
// Every resume rotates the token: the new connection's welcome carries a
// fresh one, and the one it presented no longer works, so whoever holds
// an old token cannot take the id, or the seat it holds, over. The id
// cannot be used to take a seat over: only the current token can.

// resumeToken returns the hex token a request offers in its
// Sec-WebSocket-Protocol header, or "".
func resumeToken(r *http.Request) string {
	for _, h := range r.Header.Values("Sec-WebSocket-Protocol") {
		for p := range strings.SplitSeq(h, ",") {
			if t, ok := strings.CutPrefix(strings.TrimSpace(p), resumeProtocol); ok {
				return t
			}
		}
	}
	return ""
}

// newToken returns a fresh random token.
func newToken() string {
	var b [tokenSize]byte
	rand.Read(b[:])
	return string(b[:])
}

// awayClient is a client whose connection was lost, in its grace period.
type awayClient struct {
	id      ClientID
	until   time.Time // when its grace period ends
	timer   *time.Timer
	release func() // frees the slot held against its address (limits.go), or nil
}

// free frees the slot the client holds against its address, once.
func (a *awayClient) free() {
	if a.release != nil {
		a.release()
		a.release = nil
	}
}

// newClientID returns a random id that no client has (called with s.mu
// held). Ids stay below 2^53, so that a browser's JavaScript can hold
// them exactly.
func (s *server) newClientID() ClientID {
	for {
		id := ClientID(mrand.Uint64() >> 11)
		if _, used := s.conns[id]; id != 0 && !used && !s.isAway(id) {
			return id
		}
	}
}

func (s *server) isAway(id ClientID) bool {
	_, a := s.awayOf(id)
	return a != nil
}

// awayOf returns the token and the entry of client id if it is away in
// its grace period, or nil. Called with s.mu held.
func (s *server) awayOf(id ClientID) (string, *awayClient) {
	for token, a := range s.away {
		if a.id == id {
			return token, a
		}
	}
	return "", nil
}

// dropAway ends the grace period of client id, which is away, at once:
// the client has gone (the caller reports its leave). Called with s.mu
// held.
func (s *server) dropAway(id ClientID) {
	if token, a := s.awayOf(id); a != nil {
		a.timer.Stop() // if it fired already, it finds the entry gone
		delete(s.away, token)
		a.free()
	}
}

// resume gives connection c the id of the client whose token the
// reconnecting client sent (hex), and reports whether it did: the client
// is away in its grace period, or still connected on a connection the
// client has given up (which is then closed, and whose end the game does
// not see). It gives every connection a new token when ReconnectGrace is
// set: the token presented stops working. Called with s.mu held.
func (s *server) resume(c *conn, hexToken string) bool {
	if s.cfg.ReconnectGrace <= 0 {
		return false
	}
	token, err := hex.DecodeString(hexToken)
	if err == nil && len(token) == tokenSize {
		if a, ok := s.away[string(token)]; ok && a.timer.Stop() {
			delete(s.away, string(token))
			a.free()
			c.id, c.token = a.id, newToken()
			c.sentInput.Store(true) // held: a player
			return true
		}
		for _, old := range s.conns {
			if old.token == string(token) {
				old.resumed = true
				old.token = ""
				go old.cut()
				c.id, c.token = old.id, newToken()
				c.sentInput.Store(old.sentInput.Load())
				return true
			}
		}
	}
	c.token = newToken()
	return false
}

// isBack reports whether hexToken is the token of a client away in its
// grace period. Called with s.mu held.
func (s *server) isBack(hexToken string) bool {
	if len(s.away) == 0 {
		return false
	}
	token, err := hex.DecodeString(hexToken)
	_, ok := s.away[string(token)]
	return err == nil && ok
}

// keepAway keeps the id of a client whose connection was lost for
// ReconnectGrace, and reports whether it did: only for a player (held),
// not for a client that closed the connection itself, one the server
// expelled (it broke a rule, or the game disconnected it), or when the
// server closes. The held slot counts against the client's address on the
// server's listener. Called with s.mu held.
func (s *server) keepAway(c *conn) bool {
	if s.cfg.ReconnectGrace <= 0 || c.left || c.expelled || c.token == "" || s.closed || !s.held(c) {
		return false
	}
	if s.away == nil {
		s.away = map[string]*awayClient{}
	}
	a := &awayClient{id: c.id, until: time.Now().Add(s.cfg.ReconnectGrace)}
	if l, ok := s.ln.(*limitListener); ok {
		a.release = l.hold(c.remote)
	}
	token := c.token
	a.timer = time.AfterFunc(s.cfg.ReconnectGrace, func() {
		s.hookMu.Lock()
		defer s.hookMu.Unlock()
		s.mu.Lock()
		if s.away[token] != a {
			s.mu.Unlock()
			return
		}
		delete(s.away, token)
		a.free()
		n := len(s.conns)
		s.mu.Unlock()
		s.leave(a.id, n)
	})
	s.away[token] = a
	return true
}

// held reports whether the slot of connection c, whose connection was
// lost, is held for its return: c is a player — it holds a rollback seat
// (relay.go), or one of the game's Seats, or, in a game that reports no
// Seats, it sent an input. A watcher's slot is freed at once. Called with
// s.mu held.
func (s *server) held(c *conn) bool {
	switch {
	case s.seatOf(c.id) >= 0, s.gameSeated[c.id]:
		return true
	case s.seats.Load() > 0:
		return false // the game reports its seats: c had none
	}
	return c.sentInput.Load()
}

// setSeated records the clients in the game's seats (Seats.Report).
func (s *server) setSeated(clients []ClientID) {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.gameSeated)
	for _, id := range clients {
		if id != 0 {
			if s.gameSeated == nil {
				s.gameSeated = map[ClientID]bool{}
			}
			s.gameSeated[id] = true
		}
	}
}

// leave reports that client id has gone, n clients being left: OnLeave,
// and Left in the next tick. Called with s.hookMu held.
func (s *server) leave(id ClientID, n int) {
	s.mu.Lock()
	s.freeSeat(id) // relay.go
	s.mu.Unlock()
	if s.cfg.OnLeave != nil {
		s.cfg.OnLeave(id, n)
	}
	if s.agones != nil {
		s.agones.players(id, false, n)
	}
	s.inMu.Lock()
	s.left = append(s.left, id)
	s.inMu.Unlock()
}

// stopAway ends the grace periods when the server shuts down: the clients
// away are not reported gone. Called with s.mu held.
func (s *server) stopAway() {
	for _, a := range s.away {
		a.timer.Stop()
		a.free()
	}
	clear(s.away)
}

// SetSeats tells the server how many of the game's seats (paddles,
// player slots) are taken, of how many: [Server.Ready] and the ReadyPath
// endpoint report them beside the clients, so that a matchmaker can tell
// a room with a free seat from one with only room to watch. A game that
// has no seats need not call it. It is concurrent-safe.
func (s Server) SetSeats(taken, total int) {
	s.s.seatsTaken.Store(int64(taken))
	s.s.seats.Store(int64(total))
}
