//go:build !js

package net

import (
	"bufio"
	"encoding/binary"
	"fmt"
	stdnet "net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// handshake opens a TCP connection to the server at addr from the local IP
// address from ("" for any), and sends a WebSocket upgrade request for
// path; it returns the connection and a reader after the response's
// headers, with the response's status, or an error.
func handshake(t testing.TB, addr, path, from string) (stdnet.Conn, *bufio.Reader, int, error) {
	t.Helper()
	d := stdnet.Dialer{Timeout: 5 * time.Second}
	if from != "" {
		d.LocalAddr = &stdnet.TCPAddr{IP: stdnet.ParseIP(from)}
	}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, nil, 0, err
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: %s\r\n\r\n",
		path, addr, subprotocol)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	c.SetReadDeadline(time.Time{})
	if err != nil {
		return c, nil, 0, err
	}
	return c, br, resp.StatusCode, nil
}

// hostPort returns the host:port of a server's ws:// URL.
func hostPort(url string) string {
	return strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/net")
}

// halfFrame is the start of a masked binary frame from a client that
// declares a payload of size bytes, followed by n bytes of it.
func halfFrame(size uint64, n int) []byte {
	b := []byte{0x82, 0x80 | 127}
	b = binary.BigEndian.AppendUint64(b, size)
	b = append(b, 1, 2, 3, 4) // the masking key
	return append(b, make([]byte, n)...)
}

// TestHalfSentFramesHoldNoSlot: 64 clients (the default MaxClients) each
// send the head of a frame declaring 2^62 + 5,000 bytes and 5,000 bytes of
// it, then go quiet. Each is closed for its message size at once — the
// close does not wait for the rest of the declared payload — and a new
// watcher is admitted while the 64 connections are still open on their
// side.
func TestHalfSentFramesHoldNoSlot(t *testing.T) {
	var logs logBuf
	app, srv := startServer(t, ServerConfig{MaxConnectionsPerAddr: 1000, MaxHandshakesPerAddr: 1000, Logger: logs.logger()}, nil)
	tick := func() { app.Update() }
	addr := hostPort(srv.URL())
	for i := range DefaultMaxClients {
		c, _, code, err := handshake(t, addr, "/net", "")
		if err != nil || code != http.StatusSwitchingProtocols {
			t.Fatalf("attacker %d: status %d, %v", i, code, err)
		}
		if _, err := c.Write(halfFrame(1<<62+5000, 5000)); err != nil {
			t.Fatalf("attacker %d: %v", i, err)
		}
	}
	waitFor(t, "the 64 oversized messages to be refused", 10*time.Second, tick, func() bool {
		return srv.Stats().ProtocolErrors == DefaultMaxClients
	})
	waitFor(t, "the attackers' slots to be freed", 10*time.Second, tick, func() bool { return srv.Stats().Clients == 0 })
	capp, cl := startClient(t, srv.URL(), ClientConfig{}, nil, nil)
	waitFor(t, "a watcher to be admitted", 10*time.Second, func() { tick(); capp.Update() }, func() bool { return cl.Tick() > 0 })
	if err := srv.Ready(); err != nil {
		t.Errorf("Ready with the attackers closed: %v", err)
	}
}

// TestStampedBurstsMoveNoFaster: stamped inputs are handed to the game at
// most one per client and server tick, whatever the client sends: 3 per
// tick for 10 ticks give 10 ticks of steering, not 30; 64 at once give one
// in the next tick. (Issue 26: both moved a paddle 3 to 37 times as far as
// honest steering.)
func TestStampedBurstsMoveNoFaster(t *testing.T) {
	var perTick []int // stamped inputs handed over in each tick
	app, srv := startServer(t, ServerConfig{}, func(app *glue.App) {
		app.AddSystems(update, glue.Func(func(in glue.Res[Inputs]) {
			n := 0
			for _, x := range in.Get().All() {
				if x.Tick != 0 {
					n++
				}
			}
			perTick = append(perTick, n)
		}).Named("countStamped"))
	})
	ws, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the client to connect", 5*time.Second, nil, func() bool { return srv.Stats().Clients == 1 })
	cd, enc, _ := codec.Of[steer](testRegistry())
	var w codec.Writer
	enc(&steer{1}, &w)
	var seq uint64
	send := func(n int) {
		t.Helper()
		want := srv.Stats().Inputs + uint64(n)
		for range n {
			seq++
			if err := ws.Write(t.Context(), websocket.MessageBinary, appendStamped(nil, seq, seq, cd, w.Data())); err != nil {
				t.Fatal(err)
			}
		}
		waitFor(t, "the inputs to arrive", 5*time.Second, nil, func() bool { return srv.Stats().Inputs >= want })
	}
	total := func(counts []int) (sum, most int) {
		for _, n := range counts {
			sum, most = sum+n, max(most, n)
		}
		return sum, most
	}
	start := len(perTick)
	for range 10 {
		send(3)
		app.Update()
	}
	if sum, most := total(perTick[start:]); sum > 10 || most > 1 {
		t.Errorf("3 stamped inputs per tick for 10 ticks: %d handed over, up to %d in a tick (%v); want at most one per tick", sum, most, perTick[start:])
	}
	// Let the backlog drain, then burst.
	for range 20 {
		app.Update()
	}
	start = len(perTick)
	send(64)
	app.Update()
	if sum, _ := total(perTick[start:]); sum > 1 {
		t.Errorf("64 stamped inputs at once: %d handed over in the next tick; want 1", sum)
	}
	for range 100 {
		app.Update()
	}
	if sum, most := total(perTick[start:]); sum > maxStampedQueue || most > 1 {
		t.Errorf("after the burst: %d handed over, up to %d in a tick; want at most %d, one per tick", sum, most, maxStampedQueue)
	}
}
