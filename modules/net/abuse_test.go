//go:build !js

package net

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	stdnet "net"
	"net/http"
	"os"
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
	c, br, code, err := upgrade(addr, path, from, addr, "")
	if c != nil {
		t.Cleanup(func() { c.Close() })
	}
	return c, br, code, err
}

// upgrade is handshake with the Host header host and, unless "", the
// Origin header origin; the caller closes the connection.
func upgrade(addr, path, from, host, origin string) (stdnet.Conn, *bufio.Reader, int, error) {
	d := stdnet.Dialer{Timeout: 5 * time.Second}
	if from != "" {
		d.LocalAddr = &stdnet.TCPAddr{IP: stdnet.ParseIP(from)}
	}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, nil, 0, err
	}
	if origin != "" {
		origin = "Origin: " + origin + "\r\n"
	}
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: %s\r\n%s\r\n",
		path, host, subprotocol, origin)
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

// TestOneAddressCannotShutTheRoom: one address (127.0.0.1) opens a
// hundred WebSocket clients that stay connected and two hundred
// connections that never finish their handshake; a watcher from a second
// address (127.0.0.2) is still admitted, the first address holds at most
// MaxConnectionsPerAddr connections, and the slow handshakes are closed
// after HandshakeTimeout. (Issue 26: 63 clients of one address filled the
// room, and 200 slow handshakes the connection cap.)
func TestOneAddressCannotShutTheRoom(t *testing.T) {
	if c, err := stdnet.DialTCP("tcp", &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.0.2")}, &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.0.1"), Port: 9}); err != nil && strings.Contains(err.Error(), "assign requested address") {
		t.Skip("this machine does not route 127.0.0.2 to loopback")
	} else if c != nil {
		c.Close()
	}
	var logs logBuf
	app, srv := startServer(t, ServerConfig{HandshakeTimeout: 500 * time.Millisecond, Logger: logs.logger()}, nil)
	stop := make(chan struct{})
	ticking := make(chan struct{})
	go func() { // the game loop, which health checks watch
		defer close(ticking)
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
				app.Update()
			}
		}
	}()
	defer func() { close(stop); <-ticking }()
	addr := hostPort(srv.URL())

	var slow []stdnet.Conn
	for range 200 {
		c, err := stdnet.DialTCP("tcp", &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.0.1")}, srv.s.ln.Addr().(*stdnet.TCPAddr))
		if err != nil {
			continue
		}
		t.Cleanup(func() { c.Close() })
		c.Write([]byte("GET /net HTTP/1.1\r\n")) // and nothing more
		slow = append(slow, c)
	}

	secondGetsIn(t, srv, addr, 0)
	// Every slow handshake ends: refused at once or cut at the timeout.
	for i, c := range slow {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		if _, err := c.Read(make([]byte, 1)); err == nil || os.IsTimeout(err) {
			t.Fatalf("slow handshake %d still open: %v", i, err)
		}
	}
	if !strings.Contains(logs.String(), "handshake slower than") {
		t.Error("no slow handshake was cut at HandshakeTimeout")
	}

	clients := 0
	for range 100 {
		if _, _, code, err := handshake(t, addr, "/net", "127.0.0.1"); err == nil && code == http.StatusSwitchingProtocols {
			clients++
		}
	}
	if clients == 0 || clients > DefaultMaxConnectionsPerAddr {
		t.Errorf("one address got %d clients; want 1 to %d (MaxConnectionsPerAddr)", clients, DefaultMaxConnectionsPerAddr)
	}
	secondGetsIn(t, srv, addr, clients+2) // with the first one of 127.0.0.2
}

// secondGetsIn checks that a client from 127.0.0.2 is admitted, making
// clients in all, and that /readyz answers it.
func secondGetsIn(t *testing.T, srv Server, addr string, clients int) {
	t.Helper()
	_, _, code, err := handshake(t, addr, "/net", "127.0.0.2")
	if err != nil || code != http.StatusSwitchingProtocols {
		t.Fatalf("second address refused while the first attacks: status %d, %v", code, err)
	}
	if clients > 0 {
		waitFor(t, "the second address's client to count", 10*time.Second, nil, func() bool { return srv.Stats().Clients == clients })
	}
	d := stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.0.2")}}
	hc := http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 10 * time.Second}
	resp, err := hc.Get("http://" + addr + ReadyPath)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("GET %s from the second address: %v %v", ReadyPath, resp, err)
	} else {
		resp.Body.Close()
	}
}

// TestConnectionLogsAreRateLimited: 300 connect-and-abort cycles log at
// most MaxLogRate lines a second about them, and say how many were left
// out. (Issue 26: 12,128 cycles in 8 s wrote 24,256 lines.)
func TestConnectionLogsAreRateLimited(t *testing.T) {
	var logs logBuf
	app, srv := startServer(t, ServerConfig{MaxLogRate: 5, Logger: logs.logger()}, nil)
	addr := hostPort(srv.URL())
	start := time.Now()
	for i := range 300 {
		c, _, code, err := handshake(t, addr, "/net", "")
		for try := 0; (err != nil || code != http.StatusSwitchingProtocols) && try < 5; try++ {
			// The address's closed connections not yet released by the
			// server count against MaxConnectionsPerAddr, and the server
			// closes the ones over it at once: on a loaded machine the
			// loop can outrun the releases. Let them go, and try again.
			waitFor(t, "the closed clients to be released", 10*time.Second, func() { app.Update() }, func() bool { return srv.Stats().Clients == 0 })
			c, _, code, err = handshake(t, addr, "/net", "")
		}
		if err != nil || code != http.StatusSwitchingProtocols {
			t.Fatalf("cycle %d: status %d, %v", i, code, err)
		}
		c.Close()
	}
	waitFor(t, "the clients to leave", 10*time.Second, func() { app.Update() }, func() bool { return srv.Stats().Clients == 0 })
	elapsed := time.Since(start).Seconds()
	l := logs.String()
	lines := strings.Count(l, "client connected") + strings.Count(l, "client disconnected")
	if limit := int(5*(elapsed+1)) + 1; lines > limit {
		t.Errorf("%d connection lines in %.1f s; want at most %d (MaxLogRate 5)", lines, elapsed, limit)
	}
	// The next line let through says how many were left out.
	time.Sleep(time.Second)
	if _, _, code, err := handshake(t, addr, "/net", ""); err != nil || code != http.StatusSwitchingProtocols {
		t.Fatalf("last client: status %d, %v", code, err)
	}
	waitFor(t, "the count of lines left out", 10*time.Second, nil, func() bool { return strings.Contains(logs.String(), "suppressed=") })
}

// TestOnlyInputTypesAreInputs: with ServerConfig.Inputs, a client that
// sends a registered state type as an input is closed with the reason,
// and the game never sees it. (Issue 26: a physics.Body sent as an input
// took a seat in Breakout.)
func TestOnlyInputTypesAreInputs(t *testing.T) {
	var got []any
	app, srv := startServer(t, ServerConfig{Inputs: []glue.Type{glue.TypeOf[steer]()}}, func(app *glue.App) {
		app.AddSystems(update, glue.Func(func(in glue.Res[Inputs]) {
			for _, x := range in.Get().All() {
				got = append(got, x.Value)
			}
		}).Named("collect"))
	})
	reg := testRegistry()
	ws, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sc, sp := encodeValue(reg, steer{1})
	pc, pp := encodeValue(reg, pos{1, 2})
	for i, m := range [][]byte{appendInput(nil, 1, sc, sp), appendInput(nil, 2, pc, pp)} {
		if err := ws.Write(t.Context(), websocket.MessageBinary, m); err != nil {
			t.Fatal(i, err)
		}
	}
	err = readUntilClosed(ws)
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "net.pos is not an input") {
		t.Errorf("state type as input: closed with %v; want 1008 naming net.pos", err)
	}
	waitFor(t, "the steer to be handed over", 5*time.Second, func() { app.Update() }, func() bool { return len(got) > 0 })
	if len(got) != 1 || got[0] != (steer{1}) {
		t.Errorf("inputs handed over: %v; want only the steer", got)
	}
	if _, err := startServerErr(ServerConfig{Inputs: []glue.Type{glue.TypeOf[Inputs]()}}); err == nil || !strings.Contains(err.Error(), "ServerConfig.Inputs names") {
		t.Errorf("an unregistered input type: %v; want an error naming it", err)
	}
}

// startServerErr starts a server as ServerPlugin's Listen system does, and
// returns the error it reports.
func startServerErr(cfg ServerConfig) (Server, error) {
	if cfg.Registry == nil {
		cfg.Registry = testRegistry()
	}
	cfg.Addr, cfg.Logger = "127.0.0.1:0", quiet()
	s := newServer(cfg)
	err := s.start()
	if err == nil {
		Server{s}.Close()
	}
	return Server{s}, err
}

// play makes cl a player, whose slot is held while its connection is
// lost: it sends an input, which the server receives.
func play(t *testing.T, srv Server, cl Client, tick func()) {
	t.Helper()
	n := srv.Stats().Inputs
	if err := SendInput(&cl, steer{1}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the client's input", 5*time.Second, tick, func() bool { return srv.Stats().Inputs > n })
}

// heldAway returns how many clients srv holds for a reconnection.
func heldAway(srv Server) int {
	srv.s.mu.Lock()
	defer srv.s.mu.Unlock()
	return len(srv.s.away)
}

// TestReconnectKeepsTheID: with ReconnectGrace, a player whose connection
// is lost reconnects with the token the server gave it and gets its id
// back: the game sees no Left and no second Joined. A client that stays
// away longer is reported gone when the grace ends; one that closes the
// connection itself is reported gone at once. Ids are random, not 1, 2,
// 3. (Issue 26: a reconnecting player got a new id, and lost its seat.)
//
// The player who comes back does so on a server whose grace no
// reconnection here can outlast: waitFor gives up first. With a grace of
// 500 ms the test raced the clock, and failed once in a fresh-clone CI
// run (make test on 2 cores). Reproduced in a -race run of the whole
// package under load: the reconnection after the close without a status
// reached the server 620 ms after the server saw the drop, the grace had
// ended, and the server rightly reported the client gone and gave it a
// new id. How
// the grace ends is tested on a second server with a short one, where
// only a client that never comes back is waited for.
func TestReconnectKeepsTheID(t *testing.T) {
	t.Parallel()
	const longGrace = time.Hour // longer than any wait below: the grace never ends
	var joined, left []ClientID
	app, srv := startServer(t, ServerConfig{ReconnectGrace: longGrace}, func(app *glue.App) {
		app.AddSystems(update, glue.Func(func(in glue.Res[Inputs]) {
			joined = append(joined, in.Get().Joined...)
			left = append(left, in.Get().Left...)
		}).Named("track"))
	})
	tick := func() { app.Update() }
	capp, cl := startClient(t, srv.URL(), ClientConfig{}, nil, nil)
	both := func() { tick(); capp.Update() }
	waitFor(t, "the client to connect", 5*time.Second, both, func() bool { return cl.ID() != 0 && len(joined) == 1 })
	play(t, srv, cl, both) // only a player's slot is held
	id := cl.ID()
	if id == 1 || joined[0] != id {
		t.Errorf("id %d, joined %v: want a random id, joined once", id, joined)
	}
	// back checks that the client came back as itself: the same id, no
	// Left, no second Joined, and no hold left on the server whose end
	// could report it gone later (the resume took the hold back, or the
	// server had not yet seen the drop).
	back := func(after string) {
		t.Helper()
		for range 10 {
			both()
			time.Sleep(5 * time.Millisecond)
		}
		if cl.ID() != id || len(joined) != 1 || len(left) != 0 || len(srv.Clients()) != 1 || srv.Clients()[0] != id || heldAway(srv) != 0 {
			t.Errorf("after %s: id %d (was %d), joined %v, left %v, clients %v, held away %d; want the same id, no Left and nothing held", after, cl.ID(), id, joined, left, srv.Clients(), heldAway(srv))
		}
	}
	connects := cl.Stats().Connects
	cl.c.mu.Lock()
	ws := cl.c.ws
	cl.c.mu.Unlock()
	ws.CloseNow() // the connection is lost, not closed by the client
	waitFor(t, "the client to reconnect", 5*time.Second, both, func() bool { return cl.Stats().Connects > connects && cl.Connected() })
	back("reconnecting")

	// A page drops its link the only way a browser can, a close frame
	// without a status (WebSocket.close() with no code: the page's
	// client does so when the server has been silent too long, or its
	// tab was frozen), and reconnects: that is a lost connection, not a
	// player who left, and the id is kept. Before, the server took it for
	// a leave and forgot the client, and a browser player's rollback
	// match ended ("the relay server no longer knew this side's client").
	connects = cl.Stats().Connects
	cl.c.mu.Lock()
	ws = cl.c.ws
	cl.c.mu.Unlock()
	go ws.Close(statusCode(websocket.StatusNoStatusRcvd), "")
	waitFor(t, "the client to reconnect after a close without a status", 5*time.Second, both, func() bool { return cl.Stats().Connects > connects && cl.Connected() })
	back("a close without a status")

	// A draining room takes no new client, but takes a player back.
	srv.Drain()
	connects = cl.Stats().Connects
	cl.c.mu.Lock()
	cl.c.ws.CloseNow()
	cl.c.mu.Unlock()
	waitFor(t, "the client to come back to the draining room", 5*time.Second, both, func() bool { return cl.Stats().Connects > connects && cl.Connected() })
	back("coming back to the draining room")

	// The client closes the connection itself: gone at once, long before
	// the grace would end.
	cl.Close()
	waitFor(t, "the client's Left", 10*time.Second, tick, func() bool { return len(left) == 1 })
	if left[0] != id || heldAway(srv) != 0 {
		t.Errorf("after Close: left %v, held away %d; want the client %d gone and nothing held", left, heldAway(srv), id)
	}

	// A player that never comes back is reported gone when the grace
	// ends, not before.
	const grace = 500 * time.Millisecond
	var left2 []ClientID
	app2, srv2 := startServer(t, ServerConfig{ReconnectGrace: grace}, func(app *glue.App) {
		app.AddSystems(update, glue.Func(func(in glue.Res[Inputs]) {
			left2 = append(left2, in.Get().Left...)
		}).Named("track"))
	})
	capp2, cl2 := startClient(t, srv2.URL(), ClientConfig{NoReconnect: true}, nil, nil)
	both2 := func() { app2.Update(); capp2.Update() }
	waitFor(t, "the second client to connect", 5*time.Second, both2, func() bool { return cl2.ID() != 0 })
	play(t, srv2, cl2, both2)
	cl2.c.mu.Lock()
	cl2.c.ws.CloseNow()
	cl2.c.mu.Unlock()
	lost := time.Now()
	waitFor(t, "the lost client's Left after the grace", 10*time.Second, func() { app2.Update() }, func() bool { return len(left2) == 1 })
	if left2[0] != cl2.ID() {
		t.Errorf("left %v; want the second client %d", left2, cl2.ID())
	}
	if d := time.Since(lost); d < grace {
		t.Errorf("the lost client was reported gone %v after its connection was lost, before the grace of %v ended", d, grace)
	}
}
