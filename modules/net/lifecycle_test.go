//go:build !js

package net

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// get fetches path from the server and returns the status and body.
func get(t *testing.T, srv Server, path string) (int, string) {
	t.Helper()
	resp, err := http.Get("http://" + srv.Addr() + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(b))
}

// hookLog records the lifecycle hooks' calls.
type hookLog struct {
	mu    sync.Mutex
	calls []string
}

func (h *hookLog) add(format string, args ...any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, fmt.Sprintf(format, args...))
}

func (h *hookLog) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return strings.Join(h.calls, "; ")
}

func (h *hookLog) config(cfg ServerConfig) ServerConfig {
	cfg.OnListening = func(url string) { h.add("listening %v", strings.HasPrefix(url, "ws://127.0.0.1:")) }
	cfg.OnJoin = func(id ClientID, n int) { h.add("join %d (%d)", id, n) }
	cfg.OnLeave = func(id ClientID, n int) { h.add("leave %d (%d)", id, n) }
	cfg.OnShutdown = func(reason string) { h.add("shutdown %q", reason) }
	return cfg
}

// TestLifecycleHooks: the hooks are called when the server listens, for
// every join and leave with the number of clients, and once at shutdown.
func TestLifecycleHooks(t *testing.T) {
	var hooks hookLog
	app, srv := startServer(t, hooks.config(ServerConfig{}), nil)
	tick := func() { app.Update() }
	c1, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "one client", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 1 })
	id1 := srv.Clients()[0]
	c2, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "two clients", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 2 })
	id2 := srv.Clients()[0]
	if id2 == id1 {
		id2 = srv.Clients()[1]
	}
	c1.Close(websocket.StatusNormalClosure, "")
	waitFor(t, "one client", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 1 })
	c2.Close(websocket.StatusNormalClosure, "")
	waitFor(t, "no client", 5*time.Second, tick, func() bool { return srv.Stats().Clients == 0 })
	if err := srv.Shutdown(context.Background(), "game over"); err != nil {
		t.Fatal(err)
	}
	srv.Close() // no second OnShutdown
	want := fmt.Sprintf(`listening true; join %d (1); join %d (2); leave %d (1); leave %d (0); shutdown "game over"`, id1, id2, id1, id2)
	if got := hooks.String(); got != want {
		t.Errorf("hooks called:\n%s\nwant\n%s", got, want)
	}
}

// TestHealthAndReadiness: /healthz follows the game loop; /readyz says
// whether a client would be taken: not when full, not when draining.
// Draining keeps the connected clients.
func TestHealthAndReadiness(t *testing.T) {
	app, srv := startServer(t, ServerConfig{MaxClients: 1, LivenessTimeout: time.Second}, nil)
	app.Update()
	if code, body := get(t, srv, HealthPath); code != http.StatusOK || body != "ok" {
		t.Errorf("%s right after a tick: %d %q, want 200 ok", HealthPath, code, body)
	}
	time.Sleep(1200 * time.Millisecond)
	if code, body := get(t, srv, HealthPath); code != http.StatusServiceUnavailable || !strings.Contains(body, "has not ticked") {
		t.Errorf("%s with a stalled game loop: %d %q, want 503 saying so", HealthPath, code, body)
	}
	app.Update()
	if code, _ := get(t, srv, HealthPath); code != http.StatusOK {
		t.Errorf("%s after a tick again: %d, want 200", HealthPath, code)
	}

	if code, body := get(t, srv, ReadyPath); code != http.StatusOK || body != "ok\nclients 0 of 1" {
		t.Errorf("%s with room: %d %q, want 200 ok and the clients", ReadyPath, code, body)
	}
	srv.SetSeats(1, 2)
	if code, body := get(t, srv, ReadyPath); code != http.StatusOK || body != "ok\nclients 0 of 1\nseats 1 of 2" {
		t.Errorf("%s with seats: %d %q, want 200 ok, the clients and the seats", ReadyPath, code, body)
	}
	c, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the client", 5*time.Second, nil, func() bool { return srv.Stats().Clients == 1 })
	if code, body := get(t, srv, ReadyPath); code != http.StatusServiceUnavailable || !strings.Contains(body, "full") || !strings.Contains(body, "clients 1 of 1") {
		t.Errorf("%s when full: %d %q, want 503 full", ReadyPath, code, body)
	}
	c.Close(websocket.StatusNormalClosure, "")
	waitFor(t, "no client", 5*time.Second, nil, func() bool { return srv.Stats().Clients == 0 })

	stay, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the client", 5*time.Second, nil, func() bool { return srv.Stats().Clients == 1 })
	srv.Drain()
	if code, body := get(t, srv, ReadyPath); code != http.StatusServiceUnavailable || !strings.Contains(body, "draining") {
		t.Errorf("%s when draining: %d %q, want 503 draining", ReadyPath, code, body)
	}
	stay.Close(websocket.StatusNormalClosure, "") // make room: still refused
	waitFor(t, "no client", 5*time.Second, nil, func() bool { return srv.Stats().Clients == 0 })
	if code, body := dialStatus(t, srv.URL(), &websocket.DialOptions{}); code != http.StatusServiceUnavailable || !strings.Contains(body, "draining") {
		t.Errorf("dial when draining: %d %q, want 503 draining", code, body)
	}
	if code, _ := get(t, srv, HealthPath); code != http.StatusOK {
		t.Errorf("%s when draining: %d, want 200: a draining server is alive", HealthPath, code)
	}
}

// TestShutdownDrains: Shutdown tells connected clients why in the close
// frame, stops listening, and returns when they are gone; a client that
// does not answer the close is cut off when ctx ends.
func TestShutdownDrains(t *testing.T) {
	app, srv := startServer(t, ServerConfig{}, nil)
	capp, cl := startClient(t, srv.URL(), ClientConfig{NoReconnect: true}, nil, nil)
	raw, err := rawDial(t, srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rawDone := make(chan error, 1)
	go func() { rawDone <- readUntilClosed(raw) }()
	waitFor(t, "two clients", 5*time.Second, func() { app.Update(); capp.Update() }, func() bool { return srv.Stats().Clients == 2 && cl.Tick() > 0 })
	addr := srv.Addr()
	start := time.Now()
	if err := srv.Shutdown(context.Background(), "game over"); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	t.Logf("shutdown took %v", time.Since(start))
	var ce websocket.CloseError
	if err := <-rawDone; !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway || ce.Reason != "game over" {
		t.Errorf("client closed with %v, want 1001 game over", err)
	}
	waitFor(t, "the client to see the end", 5*time.Second, nil, func() bool { return !cl.Connected() })
	if err := cl.Err(); err == nil || !strings.Contains(err.Error(), "game over") {
		t.Errorf("client's Err = %v, want the reason", err)
	}
	if _, err := http.Get("http://" + addr + HealthPath); err == nil {
		t.Errorf("the server still listens after Shutdown")
	}

	// A client that never reads never answers the close: ctx cuts it off.
	_, srv2 := startServer(t, ServerConfig{}, nil)
	stuck, err := rawDial(t, srv2.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = stuck
	waitFor(t, "the client", 5*time.Second, nil, func() bool { return srv2.Stats().Clients == 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start = time.Now()
	if err := srv2.Shutdown(ctx, "server shutting down"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Shutdown with a client that does not answer: %v, want the deadline", err)
	}
	// That it returned the deadline's error is the behaviour; how soon is
	// the machine's speed, which a test does not assert.
	t.Logf("Shutdown returned after %v (deadline 300 ms)", time.Since(start))
	if n := srv2.Stats().Clients; n != 0 {
		t.Errorf("%d clients left after Shutdown", n)
	}
}

// TestTickStarvationIsReported: a game loop that ticks late counts the
// ticks it missed, and the state watchers get ages while no tick
// publishes a new one. (Bounds from below only: a slower machine misses
// more.)
func TestTickStarvationIsReported(t *testing.T) {
	app, srv := startServer(t, ServerConfig{SendEvery: 1, TickInterval: 10 * time.Millisecond}, nil)
	app.Update()
	before := srv.Stats().MissedTicks
	time.Sleep(60 * time.Millisecond) // five intervals and more: four ticks or more missed
	app.Update()
	st := srv.Stats()
	if st.MissedTicks < before+4 {
		t.Errorf("MissedTicks %d -> %d after a 60 ms gap at 10 ms a tick; want at least 4 more", before, st.MissedTicks)
	}
	time.Sleep(30 * time.Millisecond)
	if age := srv.Stats().StateAge; age < 30*time.Millisecond {
		t.Errorf("StateAge %v after 30 ms without a tick; want at least 30 ms", age)
	}
}

// TestLateTicksSendSooner: ticks on time send every SendEvery ticks; a
// late tick sends as soon as waiting for the next would leave watchers
// more than SendEvery intervals without a state.
func TestLateTicksSendSooner(t *testing.T) {
	app, srv := startServer(t, ServerConfig{SendEvery: 3, TickInterval: time.Hour}, nil) // every tick on time
	var sends []uint64
	for range 9 {
		app.Update()
		if tk := srv.s.sendTick.Load(); tk == srv.Tick() {
			sends = append(sends, tk)
		}
	}
	if !slices.Equal(sends, []uint64{4, 7, 10}) {
		t.Errorf("send ticks on time: %v; want every third", sends)
	}
	app2, srv2 := startServer(t, ServerConfig{SendEvery: 3, TickInterval: 10 * time.Millisecond}, nil)
	app2.Update()
	time.Sleep(40 * time.Millisecond) // a late tick, 30 ms and more after the last send
	app2.Update()
	if tk := srv2.s.sendTick.Load(); tk != srv2.Tick() {
		t.Errorf("a tick 40 ms late did not send (last send tick %d, tick %d)", tk, srv2.Tick())
	}
}
