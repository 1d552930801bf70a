package net

import (
	"fmt"

	"github.com/coder/websocket"
	"github.com/gluekit/glue/codec"
)

// Relay: a client sends a message for the other clients (wire type 19,
// an opaque payload) and the server writes it to every other connection
// (wire type 5, with the sender's id), in the order it came. The server
// reads nothing of the payload: rollback sessions (rollback.go) exchange
// their inputs and digests this way, through a server that runs no game
// of theirs. Watchers ignore relayed messages.

// maxRelayQueue is the most relayed messages waiting for one
// connection's writer; a client that falls further behind is
// disconnected rather than given a growing queue.
const maxRelayQueue = 1024

// appendRelay writes a message to relay.
func appendRelay(dst, payload []byte) []byte {
	w := codec.NewWriter(appendHeader(dst, msgRelay))
	w.Blob(payload)
	return w.Data()
}

// appendRelayed writes a relayed message from client from.
func appendRelayed(dst []byte, from ClientID, payload string) []byte {
	w := codec.NewWriter(appendHeader(dst, msgRelayed))
	w.Uvarint(uint64(from))
	w.Blob([]byte(payload))
	return w.Data()
}

// relay queues payload, from connection c, for every other connection
// (the read loop of c).
func (s *server) relay(from *conn, payload string) {
	msg := appendRelayed(nil, from.id, payload)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		if c == from {
			continue
		}
		c.relayMu.Lock()
		full := len(c.relayQ) >= maxRelayQueue
		if !full {
			c.relayQ = append(c.relayQ, msg)
		}
		c.relayMu.Unlock()
		if full {
			go c.close(websocket.StatusPolicyViolation, fmt.Sprintf("net: more than %d relayed messages waiting; the client reads too slowly", maxRelayQueue), true)
			continue
		}
		select {
		case c.relayed <- struct{}{}:
		default:
		}
	}
}

// writeRelayed writes the relayed messages waiting (the writer of c).
func (c *conn) writeRelayed() bool {
	c.relayMu.Lock()
	q := c.relayQ
	c.relayQ = nil
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
		c.onRelayed(ClientID(f.client), []byte(f.token))
	}
}

// sendRelay queues payload for the other clients. It fails while the
// client is not connected and when its queue is full.
func (c *client) sendRelay(payload []byte) error {
	return c.enqueue(func() outMsg { return outMsg{payload: payload, relay: true} })
}
