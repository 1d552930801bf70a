//go:build !js

package net

import (
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
)

// cutAt makes player p's app cut its link through proxy (mode, for d)
// when it first runs tick at.
func cutAt(app *glue.App, proxy **lagproxy.Proxy, at uint64, mode lagproxy.CutMode, d time.Duration) {
	var once sync.Once
	app.AddSystems(glue.Last, glue.Func(func(struct{}) {
		if app.Tick()+1 >= at { // Tick counts the ticks ended; this one is Tick()+1
			once.Do(func() { (*proxy).Cut(mode, d) })
		}
	}).Named("cutLink"))
}

// Issue #34: a connection outage of about 130 ms froze both sides for
// good: a stalled session sent its inputs only when it ran a new tick, so
// inputs lost while the connection was down were never sent again. Here
// player 2's link closes for 130 ms at tick 100 (the client reconnects
// with its token and keeps its id, ReconnectGrace): both sides go on to
// tick 300 with the digests of a run with every input on time. Before
// the fix, both stalled at the cut until the test's 60 s liveness
// deadline.
func TestRollbackSurvivesShortOutage(t *testing.T) {
	var proxy [2]*lagproxy.Proxy
	runRollbackWith(t, rbRun{n: 300, lag: 20 * time.Millisecond, compare: true,
		server:  func(cfg *ServerConfig) { cfg.ReconnectGrace = 10 * time.Second },
		proxies: func(p int, px *lagproxy.Proxy) { proxy[p] = px },
		alter: func(p int, app *glue.App) {
			if p == 1 {
				cutAt(app, &proxy[1], 100, lagproxy.Close, 130*time.Millisecond)
			}
		}})
	if proxy[1].Stats().Cuts != 1 {
		t.Fatal("the link was never cut: the test tests nothing")
	}
}

// A link cut for 3 s mid-match, everything sent in it lost, then
// restored (lagproxy.Blackhole closes the connections at its end): both
// sides resume and finish with the digests of a run with every input on
// time. The relay server keeps the lost player's seat (ReconnectGrace,
// which a server in a rollback player's app gets by default).
func TestRollbackSurvivesThreeSecondCut(t *testing.T) {
	var proxy [2]*lagproxy.Proxy
	runRollbackWith(t, rbRun{n: 360, lag: 50 * time.Millisecond, compare: true,
		server:  func(cfg *ServerConfig) { cfg.ReconnectGrace = 10 * time.Second },
		proxies: func(p int, px *lagproxy.Proxy) { proxy[p] = px },
		alter: func(p int, app *glue.App) {
			if p == 0 {
				cutAt(app, &proxy[0], 120, lagproxy.Blackhole, 3*time.Second)
			}
		}})
	if proxy[0].Stats().Lost == 0 {
		t.Fatal("nothing was lost in the cut: the test tests nothing")
	}
}

// A relay server in a rollback player's app keeps a lost player's seat
// for the session's DisconnectAfter by default; one configured keeps its
// own grace.
func TestRollbackHostKeepsSeats(t *testing.T) {
	for _, c := range []struct{ set, want time.Duration }{{0, 10 * time.Second}, {3 * time.Second, 3 * time.Second}} {
		app := glue.NewApp()
		app.AddPlugins(ServerPlugin{Config: ServerConfig{Registry: rbRegistry(), Addr: "127.0.0.1:0", ReconnectGrace: c.set, Logger: quiet()}})
		app.AddPlugins(Rollback[rbPad]{Config: RollbackConfig{URL: "ws://127.0.0.1:1/net", Registry: rbRegistry(), Logger: quiet()}})
		if err := app.Build(); err != nil {
			t.Fatal(err)
		}
		if got := glue.Resource[Server](app).s.cfg.ReconnectGrace; got != c.want {
			t.Errorf("ReconnectGrace %v set: the server keeps seats for %v, want %v", c.set, got, c.want)
		}
		app.Close()
	}
}
