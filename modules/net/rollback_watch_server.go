//go:build !js

package net

// The server's side of watching a rollback match (rollback_watch.go).

import (
	"errors"
	"fmt"

	"github.com/coder/websocket"
	"github.com/gluekit/glue/codec"
)

// forWatchers keeps payload, from connection from, for watchers who
// connect later and queues it for every connection without a seat, or
// returns errNoSeatWatch (the read loop of from).
func (s *server) forWatchers(from *conn, payload string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seatOf(from.id) < 0 {
		return errNoSeatWatch
	}
	p := []byte(payload)
	if s.watchLogBytes+len(p) <= maxWatchLog && !s.watchLogFull {
		s.watchLog = append(s.watchLog, p)
		s.watchLogBytes += len(p)
	} else if !s.watchLogFull {
		s.watchLogFull = true
		s.info.warn("net: the watch history is full: watchers who connect from now on cannot watch this rollback match", "bytes", s.watchLogBytes)
	}
	var msg []byte
	for id, c := range s.conns {
		if s.seatOf(id) >= 0 {
			continue // a player
		}
		if msg == nil {
			msg = appendWatched(nil, p)
		}
		if !c.queue(msg) {
			go c.close(websocket.StatusPolicyViolation, fmt.Sprintf("net: more than %d messages or %d bytes waiting; the client reads too slowly", maxRelayQueue, maxRelayBytes), true)
		}
	}
	return nil
}

// watchHistory queues what watchers were sent so far for a new
// connection c, in one message. Called with s.mu held.
func (s *server) watchHistory(c *conn) {
	if len(s.watchLog) > 0 {
		c.queue(appendWatched(nil, s.watchLog...))
	}
}

// errNoSeatWatch is the reason a watch message from a client without a
// seat is refused.
var errNoSeatWatch = errors.New("net: watch message from a client without a seat; only a rollback match's players send watchers its inputs")

// appendWatched writes payloads for a watcher.
func appendWatched(dst []byte, payloads ...[]byte) []byte {
	w := codec.NewWriter(appendHeader(dst, msgWatched))
	w.Uvarint(uint64(len(payloads)))
	for _, p := range payloads {
		w.Blob(p)
	}
	return w.Data()
}
