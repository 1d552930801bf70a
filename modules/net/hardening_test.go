//go:build !js

package net

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
)

// TestLeftComesAfterLastInputs: a client whose last input and whose
// disconnection reach the server before the same tick is handed its
// inputs in one tick and its Left in a later one, so that a game that
// handles Left before inputs (as breakout's TakeRemoteControl does) does
// not give control back to a client that has gone.
func TestLeftComesAfterLastInputs(t *testing.T) {
	type tickSeen struct {
		inputs []ClientID
		left   []ClientID
	}
	var seen []tickSeen
	var owner ClientID // the game's "remote player": Left first, then inputs
	app, srv := startServer(t, ServerConfig{}, func(app *glue.App) {
		app.AddSystems(update, glue.Func(func(in glue.Res[Inputs]) {
			var ts tickSeen
			if slices.Contains(in.Get().Left, owner) {
				owner = 0
			}
			for c := range InputsOf[steer](in.Get()) {
				ts.inputs = append(ts.inputs, c)
				if owner == 0 {
					owner = c
				}
			}
			ts.left = slices.Clone(in.Get().Left)
			seen = append(seen, ts)
		}).Named("takeControl"))
	})
	c, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the client to connect", 5*time.Second, nil, func() bool { return srv.Stats().Clients == 1 })
	id := srv.Clients()[0]
	pc, pp := encodeValue(testRegistry(), steer{1})
	for seq := range uint64(3) {
		if err := c.Write(context.Background(), websocket.MessageBinary, appendInput(nil, seq+1, pc, pp)); err != nil {
			t.Fatal(err)
		}
	}
	c.Close(websocket.StatusNormalClosure, "bye")
	// The server app does not tick until the server has seen both the
	// inputs and the disconnection.
	waitFor(t, "the server to see the inputs and the leave", 5*time.Second, nil, func() bool {
		st := srv.Stats()
		return st.Inputs == 3 && st.Clients == 0
	})
	seen = nil
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	inputTick, leftTick := -1, -1
	for i, ts := range seen {
		if slices.Contains(ts.inputs, id) {
			inputTick = i
		}
		if slices.Contains(ts.left, id) {
			leftTick = i
		}
	}
	if inputTick < 0 || leftTick < 0 {
		t.Fatalf("ticks seen %+v: want the client's inputs and its Left", seen)
	}
	if leftTick <= inputTick {
		t.Errorf("Left came in tick %d, the last inputs in tick %d: Left must come after the last inputs", leftTick, inputTick)
	}
	if owner != 0 {
		t.Errorf("client %d left but still owns the game's control", owner)
	}
}

// TestIdleHTTPConnectionsAreBounded: plain HTTP keep-alive connections
// (a GET that got 404) are closed after HTTPTimeout, connections past
// MaxConnections are closed at once, and once the idle ones are gone a
// client connects again.
func TestIdleHTTPConnectionsAreBounded(t *testing.T) {
	var logs logBuf
	const maxConns = 8
	_, srv := startServer(t, ServerConfig{MaxConnections: maxConns, HTTPTimeout: time.Second, Logger: logs.logger()}, nil)
	var conns []stdnet.Conn
	t.Cleanup(func() {
		for _, c := range conns {
			c.Close()
		}
	})
	// Open 3×maxConns keep-alive connections, each with one answered request.
	closedAtOnce := 0
	for range 3 * maxConns {
		c, err := stdnet.Dial("tcp", srv.Addr())
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "GET /nope HTTP/1.1\r\nHost: %s\r\n\r\n", srv.Addr())
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			closedAtOnce++ // closed without an answer: over the limit
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET /nope: %s, want 404", resp.Status)
		}
	}
	if closedAtOnce < 2*maxConns {
		t.Errorf("%d of %d connections were closed at once, want at least %d (MaxConnections %d)", closedAtOnce, 3*maxConns, 2*maxConns, maxConns)
	}
	// The idle connections are closed by the server after HTTPTimeout.
	start := time.Now()
	for i, c := range conns {
		c.SetReadDeadline(time.Now().Add(3 * time.Second))
		if _, err := c.Read(make([]byte, 1)); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("idle connection %d still open after %v: %v", i, time.Since(start), err)
		}
	}
	// A client gets in again.
	waitFor(t, "a client to connect again", 5*time.Second, nil, func() bool {
		c, err := rawDial(t, srv.URL(), nil)
		if err != nil {
			return false
		}
		c.CloseNow()
		return true
	})
	if !strings.Contains(logs.String(), "MaxConnections") {
		t.Errorf("log does not say why connections were refused:\n%s", logs.String())
	}
}

// dialStatus dials url with opts and returns the HTTP status and body of a
// refusal, or 101 and the connection.
func dialStatus(t *testing.T, url string, opts *websocket.DialOptions) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if opts.Subprotocols == nil {
		opts.Subprotocols = []string{subprotocol}
	}
	c, resp, err := websocket.Dial(ctx, url, opts)
	if err == nil {
		c.CloseNow()
		return http.StatusSwitchingProtocols, ""
	}
	if resp == nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestHostIsValidated: a DNS-rebinding page (Host and Origin both
// evil.example) is refused with 403 and a reason; the listening address,
// loopback names (the server listens on loopback) and AllowedHosts are
// accepted.
func TestHostIsValidated(t *testing.T) {
	var logs logBuf
	_, srv := startServer(t, ServerConfig{AllowedHosts: []string{"game.example"}, Logger: logs.logger()}, nil)
	_, port, _ := stdnet.SplitHostPort(srv.Addr())
	code, body := dialStatus(t, srv.URL(), &websocket.DialOptions{
		Host:       "evil.example:" + port,
		HTTPHeader: http.Header{"Origin": {"http://evil.example:" + port}},
	})
	if code != http.StatusForbidden || !strings.Contains(body, `host "evil.example`) || !strings.Contains(body, "AllowedHosts") {
		t.Errorf("DNS rebinding: HTTP %d %q, want 403 naming the host and ServerConfig.AllowedHosts", code, body)
	}
	if !strings.Contains(logs.String(), "evil.example") {
		t.Errorf("log does not name the refused host:\n%s", logs.String())
	}
	for _, host := range []string{srv.Addr(), "localhost:" + port, "LOCALHOST:" + port, "[::1]:" + port, "game.example", "game.example:" + port} {
		if code, body := dialStatus(t, srv.URL(), &websocket.DialOptions{Host: host}); code != http.StatusSwitchingProtocols {
			t.Errorf("Host %q: HTTP %d %q, want accepted", host, code, body)
		}
	}
	// A page of the allowed host talks to the server under its name.
	if code, body := dialStatus(t, srv.URL(), &websocket.DialOptions{Host: "game.example", HTTPHeader: http.Header{"Origin": {"http://game.example"}}}); code != http.StatusSwitchingProtocols {
		t.Errorf("allowed host and origin: HTTP %d %q, want accepted", code, body)
	}
}

// TestClientThatNeverReadsIsDropped: a client that connects and never
// reads, while the server streams small deltas that the socket buffers
// absorb (so no write ever times out), is dropped once it lags more than
// MaxLag; a client that reads is not.
func TestClientThatNeverReadsIsDropped(t *testing.T) {
	t.Parallel()
	var logs logBuf
	// 2 s, not 1: a -race run here beside a CI run and a release build
	// (30 Nov, 19:00, load about 6 on 2 cores) let the reading client
	// fall a second behind too.
	const maxLag = 2 * time.Second
	app, srv := startServer(t, ServerConfig{SendEvery: 1, MaxLag: maxLag, WriteTimeout: time.Minute, Logger: logs.logger()}, func(app *glue.App) {
		app.InsertResource(score{})
		app.AddSystems(update, glue.Func(func(s glue.ResMut[score]) { s.Get().Points++ }).Named("count"))
	})
	capp, good := startClient(t, srv.URL(), ClientConfig{}, nil, nil)
	stuck, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = stuck // never reads
	waitFor(t, "two clients", 5*time.Second, nil, func() bool { return srv.Stats().Clients == 2 })
	start := time.Now()
	step := func() {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if err := capp.Update(); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the stuck client to be dropped", 3*maxLag+2*time.Second, step, func() bool { return srv.Stats().Clients == 1 })
	t.Logf("stuck client dropped after %v", time.Since(start))
	if d := time.Since(start); d < maxLag {
		t.Errorf("stuck client dropped after %v, before MaxLag %v", d, maxLag)
	}
	// The reading client stays for several more MaxLags.
	end := time.Now().Add(3 * maxLag)
	for time.Now().Before(end) {
		step()
		time.Sleep(2 * time.Millisecond)
	}
	if st := good.Stats(); st.Connects != 1 || !st.Connected {
		t.Errorf("reading client: %+v, want connected once", st)
	}
	if !strings.Contains(logs.String(), "MaxLag") {
		t.Errorf("log does not say why the client was dropped:\n%s", logs.String())
	}
	if got := srv.Stats().Lagging; got != 1 {
		t.Errorf("Stats().Lagging = %d, want 1", got)
	}
}

// TestMessageFloodIsClosed: a client sending faster than MaxMessageRate
// is closed with a policy violation that says why.
func TestMessageFloodIsClosed(t *testing.T) {
	var logs logBuf
	app, srv := startServer(t, ServerConfig{MaxMessageRate: 100, Logger: logs.logger()}, nil)
	c, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- readUntilClosed(c) }()
	keepalive := appendHeader(nil, msgKeepAlive)
	for range 1000 {
		if c.Write(context.Background(), websocket.MessageBinary, keepalive) != nil {
			break // closed
		}
	}
	var closeErr error
	waitFor(t, "the flood to be closed", 5*time.Second, func() { app.Update() }, func() bool {
		select {
		case closeErr = <-done:
			return true
		default:
			return false
		}
	})
	var ce websocket.CloseError
	if !errors.As(closeErr, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "100 messages per second") {
		t.Errorf("flood closed with %v, want a policy violation naming the rate", closeErr)
	}
	if got := srv.Stats().RateLimited; got != 1 {
		t.Errorf("Stats().RateLimited = %d, want 1", got)
	}
	if !strings.Contains(logs.String(), "MaxMessageRate") {
		t.Errorf("log does not say why the client was closed:\n%s", logs.String())
	}
}

// TestRefusalWarningsAreRateLimited: a burst of refused connections logs
// at most MaxLogRate warnings per second, and the next warning after the
// burst reports how many were left out.
func TestRefusalWarningsAreRateLimited(t *testing.T) {
	var logs logBuf
	_, srv := startServer(t, ServerConfig{MaxLogRate: 2, Logger: logs.logger()}, nil)
	foreign := &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://evil.example"}}}
	start := time.Now()
	const n = 30
	for range n {
		if code, _ := dialStatus(t, srv.URL(), foreign); code != http.StatusForbidden {
			t.Fatalf("foreign origin: HTTP %d, want 403", code)
		}
	}
	elapsed := time.Since(start)
	warnings := strings.Count(logs.String(), "level=WARN")
	if limit := 2 + int(2*elapsed.Seconds()) + 1; warnings > limit {
		t.Errorf("%d refusals in %v logged %d warnings, want at most %d (MaxLogRate 2)", n, elapsed, warnings, limit)
	}
	time.Sleep(time.Second)
	dialStatus(t, srv.URL(), foreign)
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.Contains(last, "level=WARN") || !strings.Contains(last, fmt.Sprintf("suppressed=%d", n-warnings)) {
		t.Errorf("last log line %q does not report the %d warnings left out", last, n-warnings)
	}
	if got := srv.Stats().Refused; got != n+1 {
		t.Errorf("Stats().Refused = %d, want %d", got, n+1)
	}
}

// TestCloseClassification: how a connection ended decides the log line
// and the counters. A TCP reset is a lost connection (not a protocol
// error, not a warning); a client's Close is a normal leave; a message
// over MaxMessageSize is closed with 1009 and a reason naming the limit.
func TestCloseClassification(t *testing.T) {
	t.Parallel()
	var logs logBuf
	app, srv := startServer(t, ServerConfig{Logger: logs.logger()}, nil)
	tick := func() { app.Update() }

	// A reset: the client's socket closes with SO_LINGER 0.
	var tcp *stdnet.TCPConn
	resetOpts := &websocket.DialOptions{
		Subprotocols: []string{subprotocol},
		HTTPClient: &http.Client{Transport: &http.Transport{
			DialContext: func(ctx context.Context, network, addr string) (stdnet.Conn, error) {
				c, err := (&stdnet.Dialer{}).DialContext(ctx, network, addr)
				if err == nil {
					tcp = c.(*stdnet.TCPConn)
				}
				return c, err
			},
		}},
	}
	if _, err := rawDial(t, srv.URL(), resetOpts); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the client to connect", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 1 })
	time.Sleep(50 * time.Millisecond) // let the welcome arrive, unread: a reset follows
	tcp.SetLinger(0)
	tcp.Close()
	waitFor(t, "the reset client to leave", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 0 })
	// The line is logged just after the client is counted out.
	waitFor(t, "the reset to be logged", 5*time.Second, nil, func() bool { return strings.Contains(logs.String(), "client disconnected") })
	if st := srv.Stats(); st.ProtocolErrors != 0 {
		t.Errorf("a reset counted as a protocol error: %+v", st)
	}
	if l := logs.String(); strings.Contains(l, "level=WARN") || !strings.Contains(l, `reason="connection reset`) {
		t.Errorf("a reset must be logged as a reset, not as a warning:\n%s", l)
	}

	// A watcher that closes normally.
	capp, cl := startClient(t, srv.URL(), ClientConfig{}, nil, nil)
	waitFor(t, "the watcher to connect", 5*time.Second, func() { tick(); capp.Update() }, func() bool { return cl.Tick() > 0 })
	cl.Close()
	waitFor(t, "the watcher to leave", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 0 })
	waitFor(t, "the leave to be logged", 5*time.Second, nil, func() bool { return strings.Count(logs.String(), "client disconnected") == 2 })
	if l := logs.String(); strings.Contains(l, "connection lost") || !strings.Contains(l, `reason="client left`) {
		t.Errorf("a watcher's Close must be logged as a normal leave:\n%s", l)
	}

	// A huge message.
	c, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- readUntilClosed(c) }()
	go c.Write(context.Background(), websocket.MessageBinary, make([]byte, 1<<20))
	var closeErr error
	waitFor(t, "the huge message to be refused", 10*time.Second, tick, func() bool {
		select {
		case closeErr = <-done:
			return true
		default:
			return false
		}
	})
	var ce websocket.CloseError
	if !errors.As(closeErr, &ce) || ce.Code != websocket.StatusMessageTooBig || !strings.Contains(ce.Reason, "4096 bytes") {
		t.Errorf("huge message closed with %v, want 1009 naming the 4096-byte limit", closeErr)
	}
	if st := srv.Stats(); st.ProtocolErrors != 1 {
		t.Errorf("ProtocolErrors = %d, want 1 (the huge message)", st.ProtocolErrors)
	}
}
