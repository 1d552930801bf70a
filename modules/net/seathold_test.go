//go:build !js

package net

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
)

// rawSeat is a raw client that took a rollback seat: its connection,
// id and reconnection token.
type rawSeat struct {
	ws    *websocket.Conn
	id    ClientID
	token string
}

// claimRaw dials url, claims seat with key and waits for the grant; it
// fails the test if the server refuses it.
func claimRaw(t *testing.T, url string, seat int, key string) rawSeat {
	t.Helper()
	ws, err := rawDial(t, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := readWelcome(t, ws)
	c := rawSeat{ws: ws, id: ClientID(f.client), token: f.token}
	if err := ws.Write(context.Background(), websocket.MessageBinary, appendSeat(nil, seat, key)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), minLiveness)
	defer cancel()
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("client claiming seat %d: %v; want the seat", seat, err)
		}
		if len(data) >= headerSize && msgType(data[3]) == msgSeated {
			return c
		}
	}
}

// seatState returns the seat client id holds on the server, whether it
// is connected and whether it is away in its grace period.
func seatState(srv Server, id ClientID) (seat int, connected, away bool) {
	s := srv.s
	s.mu.Lock()
	defer s.mu.Unlock()
	_, connected = s.conns[id]
	return s.seatOf(id), connected, s.isAway(id)
}

// TestExpelledPlayersHoldNoSeat: a seated player the server closes for
// breaking a rule — a bad message, more than MaxMessageRate — or that the
// game disconnects has left: its seat is free at once, not held for
// ReconnectGrace, and its token takes nothing back. (Issue 34, the
// stranger's kickresume: two kicked attackers held both seats of a duel
// for the grace period and took them back with their tokens.)
func TestExpelledPlayersHoldNoSeat(t *testing.T) {
	for _, tc := range []struct {
		name string
		kick func(t *testing.T, srv Server, c rawSeat)
	}{
		{"bad message", func(t *testing.T, _ Server, c rawSeat) {
			c.ws.Write(context.Background(), websocket.MessageText, []byte("hello"))
		}},
		{"over MaxMessageRate", func(t *testing.T, _ Server, c rawSeat) {
			for range 200 {
				if c.ws.Write(context.Background(), websocket.MessageBinary, appendHeader(nil, msgKeepAlive)) != nil {
					return
				}
			}
		}},
		{"Disconnect", func(t *testing.T, srv Server, c rawSeat) {
			if !srv.Disconnect(c.id, "cheating") {
				t.Errorf("Disconnect(%d) = false; want the client connected", c.id)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			server, srv := startServer(t, ServerConfig{Registry: rbRegistry(), RelaySeats: 2, ReconnectGrace: 10 * time.Minute, MaxMessageRate: 50}, nil)
			tickEvery(t, server)
			url := srv.URL()
			kicked := claimRaw(t, url, 1, "")
			tc.kick(t, srv, kicked)
			waitFor(t, "the server to close the kicked client", 15*time.Second, nil, func() bool {
				_, connected, _ := seatState(srv, kicked.id)
				return !connected
			})
			waitFor(t, "the kicked client's seat to be free", 15*time.Second, nil, func() bool {
				seat, _, _ := seatState(srv, kicked.id)
				return seat < 0
			})
			if _, _, away := seatState(srv, kicked.id); away || srv.Stats().Away != 0 {
				t.Errorf("the kicked client is held for a reconnection (away %d); want it gone", srv.Stats().Away)
			}
			if id := dialWithToken(t, url, kicked.token); id == kicked.id {
				t.Errorf("the kicked client's token took its id %d back; want a new id", id)
			}
			next := claimRaw(t, url, 1, "") // fails the test if refused
			if seat, _, _ := seatState(srv, next.id); seat != 1 {
				t.Errorf("the next claimant holds seat %d, want 1", seat)
			}
		})
	}
}

// TestDroppedPlayersKeepTheirSeat: a player whose connection drops (no
// close frame: a network failure) still has its seat held, and its token
// takes it back — the hold TestExpelledPlayersHoldNoSeat must not lose.
func TestDroppedPlayersKeepTheirSeat(t *testing.T) {
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry(), RelaySeats: 2, ReconnectGrace: time.Minute}, nil)
	tickEvery(t, server)
	url := srv.URL()
	p := claimRaw(t, url, 1, "")
	dropRaw(t, srv, p, "the dropped player to be away")
	if seat, _, _ := seatState(srv, p.id); seat != 1 {
		t.Errorf("the dropped player's seat is %d, want 1 held", seat)
	}
	if id := dialWithToken(t, url, p.token); id != p.id {
		t.Errorf("the dropped player came back as %d, want its id %d", id, p.id)
	}
}

// TestRestartedPlayerTakesItsKeyedSeat: a player whose game restarted
// (its connection dropped, and a new client claims its seat with the
// seat's key) gets the seat at once; the client away is gone (the game
// is told it left) and its token takes nothing back. (Issue 34, the
// stranger's kill -9 and restart of a joiner: refused "seat 1 is taken
// by another client" for the whole grace period, and the client gave up
// for good.)
func TestRestartedPlayerTakesItsKeyedSeat(t *testing.T) {
	var mu sync.Mutex
	var left []ClientID
	server, srv := startServer(t, ServerConfig{
		Registry: rbRegistry(), RelaySeats: 2, ReconnectGrace: time.Minute, SeatKeys: []string{"", "key-1"},
		OnLeave: func(id ClientID, _ int) { mu.Lock(); left = append(left, id); mu.Unlock() },
	}, nil)
	tickEvery(t, server)
	url := srv.URL()
	old := claimRaw(t, url, 1, "key-1")
	dropRaw(t, srv, old, "the first client to be away")
	restarted := claimRaw(t, url, 1, "key-1") // fails the test if refused
	if seat, _, _ := seatState(srv, restarted.id); seat != 1 {
		t.Errorf("the restarted player holds seat %d, want 1", seat)
	}
	if _, _, away := seatState(srv, old.id); away {
		t.Error("the client away is still held; want it gone")
	}
	// The server reports the leave after it grants the seat, on the
	// claim's goroutine: the claimant can hear its grant first.
	waitFor(t, fmt.Sprintf("OnLeave for the client away (%d): want its leave reported", old.id), 15*time.Second, nil, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return slices.Contains(left, old.id)
	})
	if id := dialWithToken(t, url, old.token); id == old.id {
		t.Error("the old token took the id back after its seat went to the restarted player")
	}
}

// TestHeldSeatRefusalIsNotFinal: without a key nothing proves a claimant
// is the player away, so its seat stays held — but the refusal says so
// (held for its player, whose connection dropped, and for how long), and
// a session's client keeps claiming it and takes it when the grace
// period ends instead of giving up. (Issue 34: "seat 1 is taken by
// another client", and "not reconnecting".)
func TestHeldSeatRefusalIsNotFinal(t *testing.T) {
	const grace = 3 * time.Second
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry(), RelaySeats: 2, ReconnectGrace: grace}, nil)
	tickEvery(t, server)
	url := srv.URL()
	old := claimRaw(t, url, 1, "")
	dropRaw(t, srv, old, "the first client to be away")

	watcher := dialHostile(t, url)
	watcher.send(appendSeat(nil, 1, ""))
	watcher.closedWith(t, "a claimant of the held seat", closeSeatHeld, "held for its player, whose connection dropped")

	app, s := rbSeatPeer(t, url, 1, "")
	var err error
	waitFor(t, "the restarted player's session to get seat 1", minLiveness, func() { err = app.Update() }, func() bool {
		return err != nil || s.link.seated() == 1
	})
	if err != nil {
		t.Fatalf("the session stopped with %v; want it to claim the seat again until the grace period ends", err)
	}
	// Meanwhile its player was told why it waited (SeatHeld), not left
	// looking at "waiting for the other player".
	told := false
	for _, e := range s.events {
		told = told || e.Kind == SeatHeld && e.Reason != nil && strings.Contains(e.Reason.Error(), "held for its player, whose connection dropped")
	}
	if !told {
		t.Errorf("the session told %v while the seat was held; want a SeatHeld with the server's reason", s.events)
	}
	var n SessionNotice
	n.Note(SessionEvent{Kind: SeatHeld})
	if n.Text != "Seat held for a player\nwho dropped; trying\nagain…" {
		t.Errorf("SeatHeld's notice is %q", n.Text)
	}
}

// TestRestartedJoinerPlaysBeforeItsFirstInput: a joiner whose game
// restarts after its hello but before any input (the match started
// without it) takes its keyed seat back, and the host follows the new
// client: it sends it the start, and both play to the end with the
// digests of a run with every input on time. Before, the host kept
// following the first client that spoke in the seat and waited for it.
func TestRestartedJoinerPlaysBeforeItsFirstInput(t *testing.T) {
	const n = 120
	want := rbReference(t, n, 0)
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry(), RelaySeats: 2, ReconnectGrace: time.Minute, SeatKeys: []string{"", "key-1"}}, nil)
	tickEvery(t, server)
	url := srv.URL()

	host, hs := rbSeatPeer(t, url, 0, "")
	hs.holdAt, hs.cfg.FixedDelay = n, true
	errs := make(chan error, 2)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); errs <- rbPlay(host, hs, 0, n, &rbRecord{}) }()
	waitFor(t, "the host to hold seat 0", 10*time.Second, nil, func() bool { return hs.link.seated() == 0 })

	// The first joiner says hello (the host starts) and dies.
	first := claimRaw(t, url, 1, "key-1")
	if err := first.ws.Write(context.Background(), websocket.MessageBinary, appendRelay(nil, []byte{rbHello, 1})); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), minLiveness)
	for { // the host's start, relayed
		_, data, err := first.ws.Read(ctx)
		if err != nil {
			cancel()
			t.Fatalf("the first joiner got no start: %v", err)
		}
		if len(data) >= headerSize && msgType(data[3]) == msgRelayed {
			break
		}
	}
	cancel()
	dropRaw(t, srv, first, "the first joiner to be away")

	playGuestAndCompare(t, url, "key-1", n, host, want, &wg, errs)
}

// TestRestartedJoinerEndsTheMatchWithTheReason: a joiner whose game
// restarts mid-match takes its keyed seat back, but a restarted game has
// lost the match: the host ends at once saying so, not after
// DisconnectAfter with "its game or its link is down" (issue 34, the
// stranger's kill -9 and restart of a joiner); and the restarted joiner
// is told so, and ends (it waited for a start that never came).
func TestRestartedJoinerEndsTheMatchWithTheReason(t *testing.T) {
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry(), RelaySeats: 2, ReconnectGrace: time.Minute, SeatKeys: []string{"", "key-1"}}, nil)
	tickEvery(t, server)
	url := srv.URL()
	// The first joiner's link goes through a proxy, closed to kill it:
	// its connection drops without a word, as a killed process's does.
	px, err := lagproxy.Start(lagproxy.Config{Target: srv.Addr(), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { px.Close() })
	var desyncs []Desync
	var mu sync.Mutex
	const disconnectAfter = 20 * time.Second
	host, _ := rbPeerWith(t, url, 0, 0, &desyncs, &mu, func(c *RollbackConfig) { c.DisconnectAfter = disconnectAfter })
	first, _ := rbPeerWith(t, "ws://"+px.Addr()+"/net", 1, 0, &desyncs, &mu, func(c *RollbackConfig) { c.SeatKey, c.DisconnectAfter = "key-1", disconnectAfter })
	ev := &rbEvents{}
	ev.add(host)

	var hostDone atomic.Bool
	hostErr := make(chan error, 1)
	go func() {
		defer hostDone.Store(true)
		err := rbPlayUntilEnd(host, 0, 2*minLiveness, nil)
		// Closed at once, as a game that shows no end (ShowEnd 0)
		// is: the word to the restarted game goes before its link
		// closes (a stranger's kill -9 and restart, 30 Nov: the
		// restarted game waited for ever).
		host.Close()
		hostErr <- err
	}()
	if err := rbPlayUntilEnd(first, 1, minLiveness, func() bool { return first.Tick() >= 60 }); err != nil {
		t.Fatal(err)
	}
	px.Close() // killed: it runs no more

	// The restarted player is told the match began without it, rather
	// than waiting for a start that will not come (the host ends).
	restarted, _ := rbPeerWith(t, url, 1, 0, &desyncs, &mu, func(c *RollbackConfig) { c.SeatKey = "key-1" })
	err = rbPlayUntilEnd(restarted, 1, 2*minLiveness, nil)
	if !errors.Is(err, ErrDisconnected) || !errors.Is(err, errTooLate) {
		t.Errorf("the restarted player ended with %v; want told that the match began without it", err)
	}
	if got, want := ReasonLine(err), "the match began\nwithout this game"; got != want {
		t.Errorf("the restarted player's ReasonLine %q, want %q", got, want)
	}
	err = <-hostErr
	if !errors.Is(err, ErrDisconnected) || !strings.Contains(err.Error(), "game restarted") {
		t.Errorf("the host ended with %v; want the other player's game restarted", err)
	}
	if got, want := ReasonLine(err), "the other player's\ngame restarted"; got != want {
		t.Errorf("the host's ReasonLine %q, want %q", got, want)
	}
	if e, _, ok := ev.last(PeerLeft); !ok || e.Player != 1 {
		t.Errorf("the host's PeerLeft event: %+v (told %v); want one about player 1", e, ok)
	}
}

// TestResumedNamesThePlayer: Resumed names the player whose inputs come
// again, as Interrupted names the one waited for — on each side, the
// other player. (Issue 34: Resumed left Player at 0, a real player.)
func TestResumedNamesThePlayer(t *testing.T) {
	apps, proxies, evs := rbPair(t, 10*time.Second, nil)
	cutAt(apps[1], &proxies[1], 60, lagproxy.Blackhole, 2*time.Second)
	errs := make(chan error, 2)
	for p := range 2 {
		go func() {
			errs <- rbPlayUntilEnd(apps[p], p, 2*minLiveness, func() bool { return apps[p].Tick() >= 300 })
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if proxies[1].Stats().Cuts != 1 {
		t.Fatal("the link was never cut: the test tests nothing")
	}
	for p := range 2 {
		other := Player(1 - p)
		in, _, ok := evs[p].last(Interrupted)
		if !ok {
			t.Errorf("player %d was not told Interrupted", p+1)
			continue
		}
		back, _, ok := evs[p].last(Resumed)
		if !ok {
			t.Errorf("player %d was not told Resumed", p+1)
			continue
		}
		if in.Player != other || back.Player != other {
			t.Errorf("player %d: Interrupted names player %d and Resumed player %d; want both %d", p+1, in.Player, back.Player, other)
		}
	}
}

// dropRaw drops c's connection (no close frame: a network failure) and
// waits until the server holds c away.
func dropRaw(t *testing.T, srv Server, c rawSeat, what string) {
	t.Helper()
	c.ws.CloseNow()
	waitFor(t, what, 15*time.Second, nil, func() bool {
		_, _, away := seatState(srv, c.id)
		return away
	})
}

// playGuestAndCompare plays player 2 with key to tick n beside host,
// whose rbPlay runs in wg and reports to errs, and checks both end with
// the digests want (the run with every input on time). It returns the
// guest's session.
func playGuestAndCompare(t *testing.T, url, key string, n uint64, host *glue.App, want []glue.Digest, wg *sync.WaitGroup, errs chan error) *session[rbPad] {
	t.Helper()
	guest, gs := rbSeatPeer(t, url, 1, key)
	gs.holdAt, gs.cfg.FixedDelay = n, true
	wg.Add(1)
	go func() { defer wg.Done(); errs <- rbPlay(guest, gs, 1, n, &rbRecord{}) }()
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for p, app := range []*glue.App{host, guest} {
		if got := gameDigests(t, app); !slices.Equal(got, want) {
			t.Errorf("player %d ends with digests %v, want %v", p+1, got, want)
		}
	}
	return gs
}

// TestRelayRestartSaysTheServerForgot: a relay server killed and started
// again on its address mid-match knows neither client: both come back as
// new clients. Each side said something false — one "the other player's
// game restarted", the other "no input … its game or its link is down"
// after DisconnectAfter (a stranger's kill -9 of the relay, 30 Nov).
// Now a side whose link comes back as a new client ends at once saying
// the server forgot it; one that first hears the other's new client says
// that the other's game restarted, or the relay server did.
func TestRelayRestartSaysTheServerForgot(t *testing.T) {
	cfg := ServerConfig{Registry: rbRegistry(), RelaySeats: 2, ReconnectGrace: time.Minute}
	first, srv := startServer(t, cfg, nil)
	stop := stepServer(t, first)
	addr := srv.Addr()
	var desyncs []Desync
	var mu sync.Mutex
	var apps [2]*glue.App
	for p := range 2 {
		apps[p], _ = rbPeerWith(t, srv.URL(), p, 0, &desyncs, &mu, func(c *RollbackConfig) { c.DisconnectAfter = time.Minute })
	}
	errs := make(chan error, 2)
	for p := range 2 { // to tick 60
		go func() { errs <- rbPlayUntilEnd(apps[p], p, minLiveness, func() bool { return apps[p].Tick() >= 60 }) }()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	stop()
	srv.Close()
	first.Close()
	cfg.Addr = addr
	second, _ := startServer(t, cfg, nil)
	stepServer(t, second)
	for p := range 2 { // on through the restart, to the end
		go func() { errs <- rbPlayUntilEnd(apps[p], p, 2*minLiveness, nil) }()
	}
	forgot := 0
	for range 2 {
		err := <-errs
		switch {
		case !errors.Is(err, ErrDisconnected):
			t.Errorf("a player ended with %v; want ErrDisconnected", err)
		case errors.Is(err, errForgotten):
			forgot++
			if got := ReasonLine(err); got != "the server forgot\nthe match" {
				t.Errorf("ReasonLine %q for %v", got, err)
			}
		case !strings.Contains(err.Error(), "or the relay server did"):
			t.Errorf("a player ended with %v; want the server forgot it, or the other's game or the relay server restarted", err)
		}
	}
	if forgot == 0 {
		t.Error("no side said the relay server forgot it")
	}
}
