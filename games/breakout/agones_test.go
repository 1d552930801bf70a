//go:build !js

package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/agonestest"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/timer"
)

// agonesRoom starts breakout as the Dockerfile runs it — -serve -headless
// -players 2 (the autopilot on) -agones — with the sidecar sc, and ticks
// it until the sidecar has it Ready.
func agonesRoom(t *testing.T, sc *agonestest.Sidecar, reuse bool) (*glue.App, *view) {
	t.Helper()
	t.Setenv("AGONES_SDK_HTTP_PORT", sc.URL[strings.LastIndex(sc.URL, ":")+1:])
	settings := DefaultSettings()
	settings.Players, settings.Autopilot = 2, true
	app := NewApp(Config{Seed: 1, Settings: settings, Headless: true, Mute: true,
		Net: netflags.Flags{Serve: "127.0.0.1:0", Agones: true, AgonesReuse: reuse}})
	v := observe(app)
	t.Cleanup(app.Close)
	until(t, not("Ready on the sidecar"), func() bool { return sc.State() == "Ready" }, app)
	return app, v
}

// TestIdleAgonesRoomWaits: an idle Ready room on Agones waits — no
// autopilot, no clock — for 3 minutes of ticks (at the game's 60 ticks
// a second, run headless, not in real time): it stays Ready, its world
// does not move and its clock does not run. (Issue 35: with the
// Dockerfile's flags and nobody connected, the autopilot won in 41–72 s
// and the room shut down; 3 minutes is 2.5 times the longest of those.
// It was 10 minutes of ticks, CPU-bound under -race: 80 s at load 20,
// make test's longest test in this package.)
func TestIdleAgonesRoomWaits(t *testing.T) {
	sc := agonestest.New(&agonestest.Options{Address: "127.0.0.1"})
	defer sc.Close()
	app, v := agonesRoom(t, sc, false)
	before, game := *v, *glue.Resource[Game](app)
	tps := glue.Resource[timer.Time](app).TPS()
	start := time.Now()
	const minutes = 3
	for i := range minutes * 60 * tps {
		if err := app.Update(); err != nil {
			t.Fatalf("tick %d: %v", i, err)
		}
	}
	t.Logf("%d ticks (%d minutes of game time) in %v", minutes*60*tps, minutes, time.Since(start))
	if p := glue.StateAfter[Phase](app); p.String() != "waiting" {
		t.Errorf("phase %v after %d idle minutes; want waiting", p, minutes)
	}
	if v.ballAt != before.ballAt || v.paddleAt != before.paddleAt {
		t.Errorf("the world moved: ball at %v, paddle at %v; were %v, %v", v.ballAt, v.paddleAt, before.ballAt, before.paddleAt)
	}
	if g := *glue.Resource[Game](app); g.Score != game.Score || g.Lives != game.Lives || g.Hits != game.Hits {
		t.Errorf("the game went on: %+v, was %+v", g, game)
	}
	if e := glue.Resource[timer.Time](app).Elapsed(); e != 0 {
		t.Errorf("the clock ran %v while waiting", e)
	}
	if sc.State() != "Ready" || sc.Count(http.MethodPost, "/shutdown") != 0 {
		t.Errorf("the GameServer is %s after %d Shutdowns; want Ready", sc.State(), sc.Count(http.MethodPost, "/shutdown"))
	}
}

// TestAgonesRoomPlaysWhenAllocated: allocation ends the wait: the match
// is served and played (the autopilot launches the ball), and the room
// reads the allocation's labels.
func TestAgonesRoomPlaysWhenAllocated(t *testing.T) {
	sc := agonestest.New(&agonestest.Options{Address: "127.0.0.1"})
	defer sc.Close()
	app, _ := agonesRoom(t, sc, false)
	tick(t, "room", app)
	sc.Allocate(map[string]string{"mode": "duel"}, nil)
	until(t, not("playing"), func() bool { return glue.StateAfter[Phase](app) == Playing }, app)
	if gs, _ := glue.Resource[net.Server](app).Agones(); gs.Labels["mode"] != "duel" {
		t.Errorf("the room's GameServer labels %v; want mode duel", gs.Labels)
	}
	if n := glue.Resource[Room](app).Matches; n != 1 {
		t.Errorf("%d matches begun; want 1", n)
	}
}

// TestAgonesRoomPlaysForFirstSeatedPlayer: a player who takes a seat ends
// the wait, allocated or not; the sidecar's players list holds them.
func TestAgonesRoomPlaysForFirstSeatedPlayer(t *testing.T) {
	sc := agonestest.New(&agonestest.Options{Address: "127.0.0.1"})
	defer sc.Close()
	app, _ := agonesRoom(t, sc, false)
	url := glue.Resource[net.Server](app).URL()
	// A watcher takes no seat: the room goes on waiting. (A -join
	// player asks for a seat as it connects, so it is not the one to
	// check this with.)
	watching, _ := watcher(t, url, false)
	srv := glue.Resource[net.Server](app)
	until(t, not("the watcher connected"), func() bool { return srv.Stats().Clients == 1 }, app, watching)
	for range 30 {
		tick(t, "both", app, watching)
	}
	if p := glue.StateAfter[Phase](app); p != Waiting {
		t.Fatalf("phase %v with only a watcher connected; want waiting", p)
	}
	joined, _ := watcher(t, url, true)
	until(t, not("serving"), func() bool {
		glue.Resource[RemoteSteer](joined).Axis = 1 // the player steers: asks for a seat
		return glue.StateAfter[Phase](app) != Waiting
	}, app, joined)
	until(t, not("the player in the sidecar's list"), func() bool { l, c, _ := sc.List("players"); return len(l) == 1 && c == 2 }, app, joined)
}

// A reused room that Agones allocates again before the room sees it
// Ready (a busy fleet allocates a Ready room at once, and the watch
// stream can bring Ready and Allocated between two of the room's ticks)
// plays its next match: Allocations counts the allocation, and
// agones.dev/last-allocated marks it. Before, the room waited to see
// Ready before it took an Allocated for a new match, and sat Allocated,
// its players let in to nothing, forever (seen under load in CI's
// TestAgonesRoomReuse).
func TestAgonesRoomReallocatedBeforeItSawReady(t *testing.T) {
	sc := agonestest.New(&agonestest.Options{Address: "127.0.0.1"})
	defer sc.Close()
	app, _ := agonesRoom(t, sc, true)
	srv := glue.Resource[net.Server](app)
	sc.Allocate(nil, nil)
	until(t, not("playing"), func() bool { return glue.StateAfter[Phase](app) == Playing }, app)
	glue.Resource[glue.NextState[Phase]](app).Set(Won)
	until(t, not("waiting"), func() bool { return glue.StateAfter[Phase](app) == Waiting }, app)
	// No tick from here: the room sees Ready and the new allocation
	// only as one, Allocated.
	seen := func(state net.AgonesState) func() bool {
		return func() bool { gs, _ := srv.Agones(); return gs.State == state }
	}
	waitWithoutTicks(t, "the server to see its GameServer Ready", seen(net.AgonesReady))
	sc.Allocate(nil, nil)
	waitWithoutTicks(t, "the server to see its GameServer Allocated again", seen(net.AgonesAllocated))
	until(t, not("playing again"), func() bool { return glue.StateAfter[Phase](app) == Playing }, app)
	if n := glue.Resource[Room](app).Matches; n != 2 {
		t.Errorf("%d matches begun; want 2", n)
	}
}

// waitWithoutTicks waits for ok without ticking any app, up to 60 s.
func waitWithoutTicks(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); !ok(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after 60 s: no %s", what)
		}
	}
}

// TestAgonesRoomReuse: with -agones-reuse, a match's end returns the room
// to Ready with a fresh world, Waiting, and it plays again when allocated
// again; without it the game ends.
func TestAgonesRoomReuse(t *testing.T) {
	sc := agonestest.New(&agonestest.Options{Address: "127.0.0.1"})
	defer sc.Close()
	app, _ := agonesRoom(t, sc, true)
	sc.Allocate(nil, nil)
	until(t, not("playing"), func() bool { return glue.StateAfter[Phase](app) == Playing }, app)
	glue.Resource[glue.NextState[Phase]](app).Set(Won) // the match is won
	until(t, not("Ready again"), func() bool { return sc.State() == "Ready" && glue.StateAfter[Phase](app) == Waiting }, app)
	if n := sc.Count(http.MethodPost, "/ready"); n != 2 {
		t.Errorf("POST /ready %d times; want 2", n)
	}
	if g := glue.Resource[Game](app); g.Hits != 0 || g.Lives != DefaultSettings().Lives {
		t.Errorf("not a fresh game: %+v", g)
	}
	for range 120 { // Ready: it waits again
		tick(t, "room", app)
	}
	if p := glue.StateAfter[Phase](app); p != Waiting {
		t.Fatalf("phase %v after reuse; want waiting", p)
	}
	sc.Allocate(nil, nil)
	until(t, not("playing again"), func() bool { return glue.StateAfter[Phase](app) == Playing }, app)
	if n := glue.Resource[Room](app).Matches; n != 2 {
		t.Errorf("%d matches begun; want 2", n)
	}
}
