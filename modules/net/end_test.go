//go:build !js

package net

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// A side held at a tick (Session.Hold) whose inputs up to it never all
// come gives up after DisconnectAfter, as a side waiting for them while
// it plays does. It waited for ever, with no event, when the other
// player stopped short of that tick: a stranger's test harness held both
// sides at tick 120, and the side that quit at 120 without closing its
// app had not sent its last input (30 Nov 2026). Here player 2 is held 4
// ticks short of player 1 (within MaxPrediction, so player 1 reaches its
// tick) and goes on updating.
func TestRollbackHeldGivesUp(t *testing.T) {
	t.Parallel()
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry()}, nil)
	stepServer(t, server)
	var mu sync.Mutex
	var desyncs []Desync
	url := "ws://" + srv.Addr() + "/net"
	short := func(c *RollbackConfig) {
		c.InterruptAfter, c.DisconnectAfter = 100*time.Millisecond, 500*time.Millisecond
	}
	app0, s0 := rbPeerWith(t, url, 0, 0, &desyncs, &mu, short)
	app1, s1 := rbPeerWith(t, url, 1, 0, &desyncs, &mu, short)
	s0.hold(100)
	s1.hold(96)
	var ev0 rbEvents
	ev0.add(app0)

	err0, err1 := rbPlayTwo(app0, app1, 15*time.Second, nil, nil)
	if err0 == nil || !strings.Contains(err0.Error(), "no input from") || !strings.Contains(err0.Error(), "DisconnectAfter") {
		t.Fatalf("player 1, held at tick 100 with inputs to %d: %v, want it to give up after DisconnectAfter", s0.confirmed, err0)
	}
	if app0.Tick() != 100 {
		t.Errorf("player 1 ended at tick %d, want 100 (held)", app0.Tick())
	}
	if got := ev0.kinds(); len(got) < 2 || got[0] != Interrupted || got[len(got)-1] != Disconnected {
		t.Errorf("player 1's events: %v, want Interrupted … Disconnected", got)
	}
	// Player 2 hears that player 1 gave up, rather than waiting in turn.
	if err1 == nil || strings.Contains(err1.Error(), "still playing") {
		t.Errorf("player 2: %v, want its session ended by player 1's leaving", err1)
	}
}

// A match that ends because the other player closed its game ends as
// games do: logged as information, not as an error, and the client does
// not try to reconnect when the server then goes away — a stranger's
// two-player game logged "ERROR net: rollback session over … left the
// game", then "WARN net: connection ended; reconnecting" (30 Nov 2026).
func TestRollbackEndIsNotAnError(t *testing.T) {
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry()}, nil)
	stopServer := stepServer(t, server)
	var mu sync.Mutex
	var desyncs []Desync
	url := "ws://" + srv.Addr() + "/net"
	var logs [2]logBuf
	app0, _ := rbPeerWith(t, url, 0, 0, &desyncs, &mu, func(c *RollbackConfig) { c.DisconnectAfter, c.Logger = time.Minute, logs[0].logger() })
	app1, _ := rbPeerWith(t, url, 1, 0, &desyncs, &mu, func(c *RollbackConfig) { c.DisconnectAfter, c.Logger = time.Minute, logs[1].logger() })

	err0, _ := rbPlayTwo(app0, app1, 30*time.Second, func() bool { return app1.Tick() >= 100 }, app1.Close)
	if !errors.Is(err0, errLeft) {
		t.Fatalf("player 1: %v, want that the other player left", err0)
	}
	// The server goes away after the match, as a host's does when its
	// game closes.
	stopServer()
	server.Close()
	time.Sleep(500 * time.Millisecond) // more than RetryMin: a reconnection would have been tried
	got := logs[0].String()
	if !strings.Contains(got, "level=INFO msg=\"net: rollback session over\"") {
		t.Errorf("player 1's log does not say the session is over as information:\n%s", got)
	}
	for _, bad := range []string{"level=ERROR", "level=WARN", "; reconnecting"} {
		if strings.Contains(got, bad) {
			t.Errorf("player 1's log has %q after a match the other player left:\n%s", bad, got)
		}
	}
}

// rbPlayTwo plays two players side by side, each until its Update fails
// (rbPlayUntilEnd), player 2 also until stop1 says so, after which it
// calls after1 (both may be nil); it returns what each play returned.
func rbPlayTwo(app0, app1 *glue.App, deadline time.Duration, stop1 func() bool, after1 func()) (err0, err1 error) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		err0 = rbPlayUntilEnd(app0, 0, deadline, nil)
	}()
	go func() {
		defer wg.Done()
		err1 = rbPlayUntilEnd(app1, 1, deadline, stop1)
		if after1 != nil {
			after1()
		}
	}()
	wg.Wait()
	return err0, err1
}
