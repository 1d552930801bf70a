//go:build !js

package net

import (
	"slices"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// Issue #34, item 6: watchers of a rollback match receive the confirmed
// inputs only and run the same game without any effect on the players.
// Three players (20, 60 and 100 ms ± 30 ms each way) play to tick 300
// with no watcher, then with three (one from the start, two that connect
// 1 and 2 s in and catch up from the server's history): in both runs
// every player ends with the digests of the run with every input on time
// and compared digests with every other every 30 ticks without a
// desync, and each watcher ends with the same digests. The players' tick
// rates are logged (not asserted: the machine's load decides them).
func TestRollbackWatchers(t *testing.T) {
	const n = 300
	lags := []time.Duration{20 * time.Millisecond, 60 * time.Millisecond, 100 * time.Millisecond}
	want := rbReferenceN(t, n, 0, len(lags))
	for _, watchers := range []int{0, 3} {
		var watched [][]glue.Digest
		var start, end [3]time.Time
		st, desyncs := runRollbackWith(t, rbRun{n: n, players: len(lags), lags: lags, compare: true,
			watchers: watchers, watched: &watched,
			config: func(p int, c *RollbackConfig) { c.Watchers = true },
			alter: func(p int, app *glue.App) {
				app.AddSystems(glue.Last, glue.Func(func(struct{}) {
					switch app.Tick() + 1 {
					case 60:
						start[p] = time.Now()
					case n:
						end[p] = time.Now()
					}
				}).Named("measure"))
			}})
		if len(desyncs) > 0 {
			t.Errorf("%d watchers: desyncs reported: %v", watchers, desyncs)
		}
		for p := range lags {
			if min := uint64(n/30-1) * uint64(len(lags)-1); st[p].Digests < min {
				t.Errorf("%d watchers: player %d compared %d digests, want at least %d", watchers, p, st[p].Digests, min)
			}
			t.Logf("%d watchers: player %d ran ticks 60 to %d at %.1f ticks/s", watchers, p, n, float64(n-60)/end[p].Sub(start[p]).Seconds())
		}
		if len(watched) != watchers {
			t.Fatalf("%d watchers ended, want %d", len(watched), watchers)
		}
		for k, got := range watched {
			if !slices.Equal(got, want) {
				t.Errorf("watcher %d ends with digests %v, want the players', %v", k, got, want)
			}
		}
	}
}

// A watch message goes from a seated player to the connections without a
// seat only: the watcher gets it, another seated player does not, and a
// client without a seat that sends one is dropped at once with the
// reason, so a watcher has no path to the players. A watcher who
// connects later gets what was sent before in one message.
func TestWatchMessagesGoOnlyToWatchers(t *testing.T) {
	var logs logBuf
	server, srv := startServer(t, ServerConfig{Logger: logs.logger()}, nil)
	tickEvery(t, server)
	url := srv.URL()
	watcher := dialHostile(t, url)
	player0, player1 := dialHostile(t, url), dialHostile(t, url)
	if err := player0.send(appendSeat(nil, 0, "")); err != nil {
		t.Fatal(err)
	}
	if err := player1.send(appendSeat(nil, 1, "")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // the seats are granted
	payload := appendWatch(nil, make([]byte, 100))
	for range 3 {
		if err := player0.send(payload); err != nil {
			t.Fatal(err)
		}
	}
	sneak := dialHostile(t, url)
	if err := sneak.send(payload); err != nil {
		t.Fatal(err)
	}
	sneak.closedWith(t, "a watcher sending a watch message", closeSeatRefused, "without a seat")
	late := dialHostile(t, url)
	time.Sleep(300 * time.Millisecond) // anything sent has had time to arrive
	got := (*hostile).watchedBytes
	if n := got(watcher); n < 300 {
		t.Errorf("the watcher received %d bytes of watch messages, want the player's 3 of 100", n)
	}
	if n := got(late); n < 300 {
		t.Errorf("the late watcher received %d bytes of watch messages, want the 3 of 100 sent before it came", n)
	}
	for i, p := range []*hostile{player0, player1} {
		if n := got(p); n != 0 {
			t.Errorf("player %d received %d bytes of watch messages, want 0", i, n)
		}
		if n := p.relayedBytes(); n != 0 {
			t.Errorf("player %d received %d relayed bytes, want 0 (the sneak's message went nowhere)", i, n)
		}
		select {
		case err := <-p.closed:
			t.Errorf("player %d was dropped: %v", i, err)
		default:
		}
	}
}
