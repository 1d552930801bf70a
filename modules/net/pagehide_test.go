//go:build !js

package net

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
)

// rbDirectPair starts two players of the test game on a relay server,
// with no proxy between, the session configuration changed by cfg: their
// apps, player 2's session and each one's events (read in glue.Draw).
// The test fails at its end if a digest differed.
func rbDirectPair(t *testing.T, cfg func(*RollbackConfig)) ([2]*glue.App, *session[rbPad], [2]*rbEvents) {
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry()}, nil)
	stepServer(t, server)
	var mu sync.Mutex
	var desyncs []Desync
	url := "ws://" + srv.Addr() + "/net"
	var apps [2]*glue.App
	var s1 *session[rbPad]
	var evs [2]*rbEvents
	apps[0], _ = rbPeerWith(t, url, 0, 0, &desyncs, &mu, cfg)
	apps[1], s1 = rbPeerWith(t, url, 1, 0, &desyncs, &mu, cfg)
	for p := range 2 {
		evs[p] = &rbEvents{}
		evs[p].add(apps[p])
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		if len(desyncs) != 0 {
			t.Errorf("desyncs: %v", desyncs)
		}
	})
	return apps, s1, evs
}

// rbAwayMatch plays both apps until tick end (0: until Update fails):
// player 2 to tick 100, then through away — its page hidden, and what
// else befalls it meanwhile — then on. It returns what each app's Update
// returned (nil at end).
func rbAwayMatch(apps [2]*glue.App, end uint64, away func() error) (err0, err1 error) {
	until := func(app *glue.App, tick uint64) func() bool {
		if tick == 0 {
			return nil
		}
		return func() bool { return app.Tick() >= tick }
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		err0 = rbPlayUntilEnd(apps[0], 0, 30*time.Second, until(apps[0], end))
	}()
	go func() {
		defer wg.Done()
		if err1 = rbPlayUntilEnd(apps[1], 1, 30*time.Second, until(apps[1], 100)); err1 != nil {
			return
		}
		if err1 = away(); err1 != nil {
			return
		}
		err1 = rbPlayUntilEnd(apps[1], 1, 30*time.Second, until(apps[1], end))
	}()
	wg.Wait()
	return err0, err1
}

// A page closed mid-match cannot close its app (App.OnClose does not
// run): its session says its bye at once, on the page's event loop
// (pagehide_js.go calls pageHidden), and the other player is told it
// left — not, as before, after DisconnectAfter (here a minute) that its
// link was down. web/test/rollback.test.mjs closes a real page.
func TestRollbackPageHidden(t *testing.T) {
	apps, s1, evs := rbDirectPair(t, func(c *RollbackConfig) { c.DisconnectAfter = time.Minute })
	app0, app1, ev0 := apps[0], apps[1], evs[0]
	var wg sync.WaitGroup
	var err0, err1 error
	wg.Add(2)
	go func() {
		defer wg.Done()
		err0 = rbPlayUntilEnd(app0, 0, 30*time.Second, nil)
	}()
	go func() {
		defer wg.Done()
		rbPlayUntilEnd(app1, 1, 30*time.Second, func() bool { return app1.Tick() >= 100 })
		// In a page nothing else runs during pagehide; here the writer
		// goroutine does, so let it write what it has first.
		time.Sleep(200 * time.Millisecond)
		s1.pageHidden()
		err1 = app1.Update()
	}()
	wg.Wait()
	if !errors.Is(err0, ErrDisconnected) || !errors.Is(err0, errLeft) {
		t.Fatalf("player 1: Update returned %v; want that the other player left", err0)
	}
	if kinds := ev0.kinds(); !slices.Equal(kinds, []SessionEventKind{PeerLeft, Disconnected}) {
		t.Errorf("player 1: events %v, want [PeerLeft Disconnected]", kinds)
	}
	if !errors.Is(err1, ErrDisconnected) || !errors.Is(err1, errPageClosed) {
		t.Errorf("player 2, whose page closed: Update returned %v; want %v", err1, errPageClosed)
	}
}

// A page hidden mid-match runs no frame (its browser tab in the
// background): its session tells the other players (pagehide_js.go's
// visibilitychange calls pageAway), who wait for it for
// DisconnectAwayAfter instead of DisconnectAfter, and the match goes on
// when it is shown again. Before, the other player gave up after
// DisconnectAfter, saying that its game or its link was down.
// web/test/rollback.test.mjs hides a real page.
func TestRollbackPeerAway(t *testing.T) {
	apps, s1, evs := rbDirectPair(t, func(c *RollbackConfig) {
		c.DisconnectAfter, c.InterruptAfter, c.DisconnectAwayAfter = 300*time.Millisecond, 100*time.Millisecond, time.Minute
	})
	app1, ev0, ev1 := apps[1], evs[0], evs[1]
	err0, err1 := rbAwayMatch(apps, 240, func() error {
		s1.pageAway(true)
		// A frame under way as the page is hidden may still run ticks:
		// their inputs must wait for the page's return, or the others
		// take them for it (web/test/rollback.test.mjs, under CI's load).
		hiddenAt := app1.Tick()
		if err := rbPlayUntilEnd(app1, 1, 30*time.Second, func() bool { return app1.Tick() >= hiddenAt+2 }); err != nil {
			return err
		}
		time.Sleep(2 * time.Second) // hidden: no frame, for more than 6 DisconnectAfters
		s1.pageAway(false)
		return nil
	})
	if err0 != nil || err1 != nil {
		t.Logf("events: %v / %v", ev0.kinds(), ev1.kinds())
		t.Fatalf("a page hidden for 2s, DisconnectAfter 300ms: players' Update returned %v and %v; want the match to go on", err0, err1)
	}
	kinds := ev0.kinds()
	if i := slices.Index(kinds, PeerAway); i < 0 || !slices.Contains(kinds[i:], PeerBack) || slices.Contains(kinds, Disconnected) {
		t.Errorf("player 1: events %v; want PeerAway, then PeerBack, and no Disconnected", kinds)
	}
	ev0.mu.Lock()
	away := false
	for _, e := range ev0.list {
		away = away || e.Kind == PeerAway
		if away && e.Kind == Interrupted {
			if e.DisconnectIn < 50*time.Second {
				t.Errorf("player 1: the Interrupted after PeerAway says it gives up in %v; want DisconnectAwayAfter's minute less the wait", e.DisconnectIn)
			}
			break
		}
	}
	ev0.mu.Unlock()
	if kinds := ev1.kinds(); slices.Contains(kinds, Disconnected) {
		t.Errorf("player 2, whose page was hidden: events %v", kinds)
	}
}

// A page that stays hidden past DisconnectAwayAfter: the other player
// gives up then, not after DisconnectAfter, says why, and says its bye,
// so the hidden player, when it comes back, hears that the other left
// instead of waiting DisconnectAfter in turn.
func TestRollbackPeerAwayTooLong(t *testing.T) {
	const away = 1500 * time.Millisecond
	apps, s1, evs := rbDirectPair(t, func(c *RollbackConfig) {
		c.DisconnectAfter, c.InterruptAfter, c.DisconnectAwayAfter = 300*time.Millisecond, 100*time.Millisecond, away
	})
	var hidden time.Time
	err0, err1 := rbAwayMatch(apps, 0, func() error {
		hidden = time.Now()
		s1.pageAway(true)
		time.Sleep(away + time.Second)
		s1.pageAway(false)
		return nil
	})
	if !errors.Is(err0, ErrDisconnected) || !errors.Is(err0, errAway) {
		t.Fatalf("player 1: Update returned %v; want that the other player's page stayed hidden", err0)
	}
	_, gaveUp, _ := evs[0].last(Disconnected)
	// Its wait began with its last tick, a frame or two before the other
	// page was hidden: a quarter second of slack, against DisconnectAfter's
	// 300ms, which it gave up after before.
	if waited := gaveUp.Sub(hidden); waited < away-250*time.Millisecond {
		t.Errorf("player 1 gave up %v after the other page was hidden; want DisconnectAwayAfter, %v", waited, away)
	}
	if !errors.Is(err1, ErrDisconnected) || !errors.Is(err1, errLeft) {
		t.Errorf("player 2, back after %v: Update returned %v; want that the other player left", away+time.Second, err1)
	}
}

// A phone's page hidden mid-match may also lose its link (the system
// closes a background page's sockets), so that its "shown again" cannot
// go: the other player takes its inputs coming again for its return,
// and the match goes on. Before, the other side went on taking the
// player for away: its notice said so until another event, and its next
// stall waited DisconnectAwayAfter instead of DisconnectAfter.
func TestRollbackPeerAwayLinkLost(t *testing.T) {
	apps, proxies, evs := rbPair(t, 30*time.Second, func(c *RollbackConfig) {
		c.DisconnectAfter, c.InterruptAfter, c.DisconnectAwayAfter = 500*time.Millisecond, 100*time.Millisecond, time.Minute
	})
	s1 := glue.Resource[Session](apps[1]).s.(*session[rbPad])
	err0, err1 := rbAwayMatch(apps, 240, func() error {
		time.Sleep(100 * time.Millisecond) // let the writer send what it has
		s1.pageAway(true)
		time.Sleep(200 * time.Millisecond)
		proxies[1].Cut(lagproxy.Close, 2*time.Second) // the socket closed, none for 2s
		time.Sleep(time.Second)
		s1.pageAway(false) // while the link is down: it cannot go
		time.Sleep(2 * time.Second)
		return nil
	})
	if err0 != nil || err1 != nil {
		t.Fatalf("players' Update returned %v and %v; want the match to go on", err0, err1)
	}
	kinds := evs[0].kinds()
	if i := slices.Index(kinds, PeerAway); i < 0 || !slices.Contains(kinds[i:], PeerBack) {
		t.Errorf("player 1: events %v; want PeerAway, then PeerBack when the inputs came again", kinds)
	}
	if n := glue.Resource[Session](apps[0]).s.(*session[rbPad]).peers[1].away; n {
		t.Errorf("player 1 still takes player 2 for away")
	}
}

// A page that comes back while it waits for the others' inputs (its
// link lost before it was hidden, still down at its return) counts
// DisconnectAfter from its return, not from when it began to wait: the
// time hidden ran no frame. Before, its first frame back gave up at once
// ("no input from the other player"), though the link came back soon
// after.
func TestRollbackBackFromAwayWaitsAgain(t *testing.T) {
	apps, proxies, _ := rbPair(t, 30*time.Second, func(c *RollbackConfig) {
		c.InterruptAfter, c.DisconnectAwayAfter = 100*time.Millisecond, time.Minute
		c.DisconnectAfter = 10 * time.Second // player 1: the other side's word of its page is lost in the cut
		if c.Player == 1 {
			c.DisconnectAfter = 1500 * time.Millisecond
		}
	})
	s1 := glue.Resource[Session](apps[1]).s.(*session[rbPad])
	err0, err1 := rbAwayMatch(apps, 240, func() error {
		proxies[1].Cut(lagproxy.Blackhole, 2500*time.Millisecond) // its link lost, for 2.5s
		cut := time.Now()
		// It plays on until it waits for the other's inputs, then its
		// page is hidden.
		if err := rbPlayUntilEnd(apps[1], 1, 30*time.Second, func() bool { return time.Since(cut) > 200*time.Millisecond }); err != nil {
			return err
		}
		s1.pageAway(true)
		time.Sleep(time.Until(cut.Add(2200 * time.Millisecond))) // hidden: more than its DisconnectAfter
		s1.pageAway(false)
		return nil
	})
	if err0 != nil || err1 != nil {
		t.Fatalf("players' Update returned %v and %v; want the match to go on once the link is back", err0, err1)
	}
}
