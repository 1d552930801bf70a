//go:build !js

package net

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
)

// dropRun plays a game of len(lags) players in which player quits at
// tick quitAt without a bye (the test's alter stops it there), and checks
// that the others play to tick n, each told PeerLeft for it with a reason
// that says want and no Disconnected, with the digests of the run with
// its inputs zero (Gone) from the same tick on every side. It returns the
// apps.
func dropRun(t *testing.T, r rbRun, player int, want string) []*glue.App {
	t.Helper()
	players := len(r.lags)
	evs := make([]*rbEvents, players)
	logs := make([]*rbInputLog, players)
	apps := make([]*glue.App, players)
	alter := r.alter
	r.players, r.compare, r.stall = players, true, true
	r.alter = func(p int, app *glue.App) {
		apps[p] = app
		evs[p] = &rbEvents{}
		evs[p].addIn(app, glue.Update) // rbPlay draws nothing
		logs[p] = &rbInputLog{}
		logs[p].add(app, Player(p))
		if alter != nil {
			alter(p, app)
		}
	}
	st, desyncs := runRollbackWith(t, r)
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
	var gone []uint64
	for p := range players {
		if p == player {
			continue
		}
		e, _, ok := evs[p].last(PeerLeft)
		if !ok || e.Player != Player(player) || e.Reason == nil || !strings.Contains(e.Reason.Error(), want) {
			t.Errorf("player %d was told %+v, want PeerLeft for player %d saying %q", p, e, player, want)
		}
		if kinds := evs[p].kinds(); slices.Contains(kinds, Disconnected) {
			t.Errorf("player %d: events %v; the session must go on while another player is left", p, kinds)
		}
		logs[p].mu.Lock()
		gone = append(gone, logs[p].gone[Player(player)])
		if len(logs[p].bad) > 0 {
			t.Errorf("player %d: %v", p, logs[p].bad[:min(len(logs[p].bad), 5)])
		}
		logs[p].mu.Unlock()
		if st[p].Tick != r.n {
			t.Errorf("player %d ended at tick %d, want %d", p, st[p].Tick, r.n)
		}
	}
	if gone[0] <= r.leave[player] || slices.ContainsFunc(gone, func(g uint64) bool { return g != gone[0] }) {
		t.Errorf("player %d's input was Gone from ticks %v on the other sides; want the same tick on every side, after %d", player, gone, r.leave[player])
	}
	return apps
}

// A player whose game stalls (frozen, its link up: no bye, no input) in
// a game of three is dropped by the relay server at the others' request
// once their DisconnectAfter passes, and the others play on: from the
// tick after its last input each sees its input as zero (Gone), re-run
// where predicted, and both end with the digests of a run with its
// inputs zero from then on. The stalled game, when it runs again, ends
// with the reason. (Before, every player's session ended after
// DisconnectAfter: one frozen game ended the match for all.)
func TestRollbackStalledPlayerIsDroppedThree(t *testing.T) {
	t.Parallel()
	const n, stallAt = 300, 120
	r := rbRun{n: n, lags: []time.Duration{20 * time.Millisecond, 60 * time.Millisecond, 40 * time.Millisecond},
		leave:  []uint64{0, 0, stallAt},
		config: func(p int, c *RollbackConfig) { c.DisconnectAfter = time.Second }}
	apps := dropRun(t, r, 2, "the relay server dropped it")
	var err error
	for range 30 {
		if err = apps[2].Update(); err != nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !errors.Is(err, ErrDisconnected) || !errors.Is(err, errDropped) {
		t.Errorf("the stalled player's Update returned %v when it ran again; want that the others dropped it", err)
	}
	if line := ReasonLine(err); line != "the others went on\nwithout this game" {
		t.Errorf("its ReasonLine %q", line)
	}
}

// A player whose link is lost for good (its connection ends, without a
// bye, and it does not come back within the server's ReconnectGrace) in
// a game of four is gone for the other three when the grace ends, long
// before their DisconnectAfter (the default, 10 s), at the same tick on
// every side, and they play on.
func TestRollbackLostPlayerIsGoneFour(t *testing.T) {
	t.Parallel()
	const n, lostAt = 300, 120
	proxies := make([]*lagproxy.Proxy, 4)
	r := rbRun{n: n, lags: []time.Duration{10 * time.Millisecond, 50 * time.Millisecond, 30 * time.Millisecond, 70 * time.Millisecond},
		leave:   []uint64{0, 0, 0, lostAt},
		server:  func(cfg *ServerConfig) { cfg.ReconnectGrace = 500 * time.Millisecond },
		proxies: func(p int, proxy *lagproxy.Proxy) { proxies[p] = proxy },
		stopped: func(p int) { proxies[p].Close() }, // its link, and every way back
	}
	dropRun(t, r, 3, "connection to the relay server ended")
}

// A player whose link is lost while a frozen player's last inputs are
// relayed (its connection resumed 1.5 s later, ReconnectGrace) gets them
// from the relay server when it resumes, which keeps each seat's last
// input message for it: when the frozen player is dropped, its input is
// Gone from the same tick on both sides that play on. Before, the
// player that was away held an earlier tick of the frozen one than the
// third player, and the two marked it gone at different ticks.
func TestRollbackDropAfterAPlayerWasAway(t *testing.T) {
	t.Parallel()
	const n, stallAt = 300, 120
	var proxies [3]*lagproxy.Proxy
	r := rbRun{n: n,
		// Player 2's inputs take 160 ms to reach player 1, which has
		// sent its own up to tick 120 long before they come.
		lags:    []time.Duration{10 * time.Millisecond, 10 * time.Millisecond, 150 * time.Millisecond},
		leave:   []uint64{0, 0, stallAt},
		server:  func(cfg *ServerConfig) { cfg.ReconnectGrace = 10 * time.Second },
		proxies: func(p int, px *lagproxy.Proxy) { proxies[p] = px },
		config: func(p int, c *RollbackConfig) {
			// Long enough for player 1 to come back before anyone is
			// dropped.
			c.DisconnectAfter = 3 * time.Second
			c.InputDelay, c.MaxPrediction, c.FixedDelay = 2, 8, true
		},
		alter: func(p int, app *glue.App) {
			if p == 1 { // player 2's last inputs are relayed into its cut
				cutAt(app, &proxies[1], stallAt+1, lagproxy.Blackhole, 1500*time.Millisecond)
			}
		},
	}
	dropRun(t, r, 2, "the relay server dropped it")
	if proxies[1].Stats().Lost == 0 {
		t.Fatal("nothing was lost in player 1's cut: the test tests nothing")
	}
}

// The relay server drops a player at another's request only when that
// player relayed nothing for dropQuiet, and only while two other players
// keep their seats; it tells every seated client, the dropped one too,
// and refuses the dropped client its seat from then on.
func TestRelayDropsOnlyASilentPlayer(t *testing.T) {
	t.Parallel()
	server, srv := startServer(t, ServerConfig{}, nil)
	tickEvery(t, server)
	url := srv.URL()
	seat := func(h *hostile, n int) {
		t.Helper()
		if err := h.send(appendSeat(nil, n, "")); err != nil {
			t.Fatal(err)
		}
		select {
		case <-h.seated:
		case <-time.After(minLiveness):
			t.Fatalf("seat %d: no grant", n)
		}
	}
	noNotice := func(who string, h *hostile) {
		t.Helper()
		select {
		case f := <-h.vacated:
			t.Errorf("%s was told seat %d was vacated; want nothing", who, f.seat)
		case <-time.After(300 * time.Millisecond):
		}
	}
	a, b := dialHostile(t, url), dialHostile(t, url)
	seat(a, 0)
	seat(b, 1)
	time.Sleep(dropQuiet + 100*time.Millisecond)
	// A game of two: not dropped, though b is silent.
	if err := a.send(appendDrop(nil, 1)); err != nil {
		t.Fatal(err)
	}
	noNotice("a, in a game of two,", a)

	c := dialHostile(t, url)
	seat(c, 2)
	stop := make(chan struct{})
	defer close(stop)
	go func() { // b plays: a message every 100 ms
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if b.send(appendRelay(nil, []byte{rbHello, 1})) != nil {
					return
				}
			}
		}
	}()
	time.Sleep(dropQuiet + 100*time.Millisecond)
	if err := a.send(appendDrop(nil, 1)); err != nil {
		t.Fatal(err)
	}
	noNotice("a, asking to drop b who plays,", a)
	noNotice("c", c)

	// c has been silent: dropped, and everyone told.
	if err := a.send(appendDrop(nil, 2)); err != nil {
		t.Fatal(err)
	}
	for _, h := range []*hostile{a, b, c} {
		select {
		case f := <-h.vacated:
			if f.seat != 2 || f.why != vacatedDropped || f.client == 0 {
				t.Errorf("vacated notice %+v; want seat 2, dropped", f)
			}
		case <-time.After(minLiveness):
			t.Fatal("no vacated notice for seat 2")
		}
	}
	// c may not take it back; it is told why.
	if err := c.send(appendSeat(nil, 2, "")); err != nil {
		t.Fatal(err)
	}
	c.closedWith(t, "the dropped client claiming its seat again", closeSeatRefused, "gave up waiting")
	select {
	case err := <-b.closed:
		t.Errorf("b was closed: %v", err)
	default:
	}
}
