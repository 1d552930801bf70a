//go:build !js

package net

import (
	"testing"
)

// TestSeatRefusalsArriveWhole: the reason a client refused for a relay
// or watch message without a seat is told is the whole sentence, not its
// first 120 bytes (a WebSocket close reason is cut there). (examples/duel,
// issue 34: the relay refusal, 140 bytes, reached the client as "…who
// claim their seat first (Ro".)
func TestSeatRefusalsArriveWhole(t *testing.T) {
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry()}, nil)
	tickEvery(t, server)
	for _, c := range []struct {
		what string
		msg  []byte
		err  error
	}{
		{"a relay message without a seat", appendRelay(nil, []byte{rbHello, 1}), errNoSeat},
		{"a watch message without a seat", appendWatch(nil, []byte{1}), errNoSeatWatch},
	} {
		h := dialHostile(t, srv.URL())
		h.send(c.msg)
		h.closedWith(t, c.what, closeSeatRefused, c.err.Error())
	}
}
