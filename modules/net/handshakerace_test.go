//go:build !js

package net

import (
	stdnet "net"
	"os"
	"testing"
	"time"
)

// TestLoneSlowHandshakeIsCutWithoutARace: one connection that sends
// nothing, and no other connection after it, is cut at HandshakeTimeout;
// under -race, with no data race between the listener, which set the
// connection's handshake timer, and the timer, which reads it when it
// fires. (examples/duel, issue 34: go test -race reported that race when
// a lag proxy's outage left a reconnection's handshake hanging and no
// other connection came before its timeout; with connections accepted
// after it, as in TestOneAddressCannotShutTheRoom, the listener's lock
// ordered the two and hid it.)
func TestLoneSlowHandshakeIsCutWithoutARace(t *testing.T) {
	_, srv := startServer(t, ServerConfig{Registry: rbRegistry(), HandshakeTimeout: 200 * time.Millisecond, Logger: quiet()}, nil)
	c, err := stdnet.Dial("tcp", srv.s.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, err := c.Read(make([]byte, 1)); err == nil || os.IsTimeout(err) {
		t.Fatalf("a handshake that sent nothing is still open after 30 s (HandshakeTimeout 200 ms): %v", err)
	}
}
