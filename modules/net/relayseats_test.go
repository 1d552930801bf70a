//go:build !js

package net

import (
	"context"
	"errors"
	stdnet "net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
)

// rbSeatPeer is one player's app of the rollback test game, connected to
// url, claiming its seat with key.
func rbSeatPeer(t *testing.T, url string, player int, key string) (*glue.App, *session[rbPad]) {
	app := glue.NewApp()
	rbGame(app)
	app.AddPlugins(Rollback[rbPad]{Config: RollbackConfig{
		URL: url, Player: Player(player), SeatKey: key, Registry: rbRegistry(), Seed: 42, Logger: quiet(), DigestEvery: 30,
		Start:    func(app *glue.App, seed uint64) { glue.Resource[rbScore](app).Seed = seed },
		OnDesync: func(d Desync) { t.Errorf("player %d: %v", player+1, d) },
	}})
	app.InsertResource(rbPad{})
	t.Cleanup(app.Close)
	return app, glue.Resource[Session](app).s.(*session[rbPad])
}

// tickEvery runs app.Update every 1/60 s until the test ends (the relay
// server's game loop).
func tickEvery(t *testing.T, app *glue.App) {
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tk := time.NewTicker(time.Second / 60)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
				app.Update()
			}
		}
	}()
	t.Cleanup(func() { close(stop); <-done })
}

// hostile is a raw connection to the relay server that the test drives
// message by message; closed receives how the server closed it.
type hostile struct {
	ws     *websocket.Conn
	closed chan error
	relay  chan int      // bytes of relayed messages received
	watch  chan int      // bytes of watch messages received (rollback_watch.go)
	seated chan struct{} // a seat grant arrived
	// vacated receives the seat vacated notices (relay.go) that arrived.
	vacated chan *frame
}

func dialHostile(t *testing.T, url string) *hostile {
	t.Helper()
	ws, err := rawDial(t, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(-1)
	h := &hostile{ws: ws, closed: make(chan error, 1), relay: make(chan int, 1<<16), watch: make(chan int, 1<<16), seated: make(chan struct{}, 1), vacated: make(chan *frame, 16)}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				h.closed <- err
				return
			}
			if len(data) >= headerSize && msgType(data[3]) == msgRelayed {
				select {
				case h.relay <- len(data):
				default:
				}
			}
			if len(data) >= headerSize && msgType(data[3]) == msgSeated {
				select {
				case h.seated <- struct{}{}:
				default:
				}
			}
			if len(data) >= headerSize && msgType(data[3]) == msgVacated {
				if f, err := parseFrame(data, nil, true); err == nil {
					h.vacated <- f
				}
			}
			if len(data) >= headerSize && msgType(data[3]) == msgWatched {
				select {
				case h.watch <- len(data):
				default:
				}
			}
		}
	}()
	return h
}

func (h *hostile) send(msg []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return h.ws.Write(ctx, websocket.MessageBinary, msg)
}

// closedWith waits for the server to close the connection and checks the
// close status and that the reason says want.
func (h *hostile) closedWith(t *testing.T, who string, code websocket.StatusCode, want string) {
	t.Helper()
	select {
	case err := <-h.closed:
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != code || !strings.Contains(ce.Reason, want) {
			t.Errorf("%s: closed with %v; want status %v and a reason saying %q", who, err, code, want)
		}
	case <-time.After(minLiveness):
		t.Errorf("%s: still connected after %v; want it dropped with a reason saying %q", who, minLiveness, want)
	}
}

// TestSeatSquattersAreDropped: a hostile client that says hello as player
// 2 before the real one — relaying a rollback hello without a seat, or
// claiming seat 1 without its key — is dropped with the reason, and the
// host and the real player 2 (invited with the seat's key) play on to
// tick 120 with the digests of the run with every input on time. (Issue
// 34: a squatter became the host's partner; the host stalled at tick 9
// and the real player 2 never started, nobody told.)
func TestSeatSquattersAreDropped(t *testing.T) {
	const n = 120
	want := rbReference(t, n, 0)
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry(), SeatKeys: []string{"", "invite-2"}}, nil)
	tickEvery(t, server)
	url := srv.URL()

	host, hs := rbSeatPeer(t, url, 0, "")
	hs.holdAt = n
	// The digests are compared with the run of input delay 0: keep it
	// (FixedDelay). Adaptive, the host raises the delay from the round
	// trip it measures (adaptDelay: past ~133 ms), which a loaded machine
	// gives even on loopback, and the inputs take effect later than the
	// reference's: "rbScore digest differs" at load 20 (ci39's note).
	hs.cfg.FixedDelay = true
	errs := make(chan error, 2)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); errs <- rbPlay(host, hs, 0, n, &rbRecord{}) }()
	waitFor(t, "the host to hold seat 0", 10*time.Second, nil, func() bool { return hs.link.seated() == 0 })

	// Squatter 1 speaks as player 2 without a seat; squatter 2 claims
	// seat 1 with a wrong key, then speaks as player 2.
	hello := appendRelay(nil, []byte{rbHello, 1})
	sq1 := dialHostile(t, url)
	sq1.send(hello)
	sq2 := dialHostile(t, url)
	sq2.send(appendSeat(nil, 1, "guess"))
	sq2.send(hello)
	sq1.closedWith(t, "the squatter without a seat", closeSeatRefused, "without a seat")
	sq2.closedWith(t, "the squatter with a wrong key", closeSeatRefused, "wrong key for seat 1")

	gs := playGuestAndCompare(t, url, "invite-2", n, host, want, &wg, errs)
	if hs.peers[1].id != gs.link.id {
		t.Errorf("the host's partner is client %d, want the real player 2, %d", hs.peers[1].id, gs.link.id)
	}
}

// TestTakenSeatStopsTheSession: without seat keys the first client to
// claim a seat holds it; a second player claiming it is refused, and its
// session stops with the reason instead of waiting for ever.
func TestTakenSeatStopsTheSession(t *testing.T) {
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry()}, nil)
	tickEvery(t, server)
	first := dialHostile(t, srv.URL())
	first.send(appendSeat(nil, 1, ""))
	// The holder's claim must reach the server first: the session's own
	// claim, sent as it connects, would otherwise win the seat (the
	// failure CI met at load, 29 Nov).
	select {
	case <-first.seated:
	case err := <-first.closed:
		t.Fatalf("the first claimant was dropped: %v", err)
	case <-time.After(minLiveness):
		t.Fatalf("the first claimant was not granted seat 1 within %v", minLiveness)
	}
	app, _ := rbSeatPeer(t, srv.URL(), 1, "")
	var err error
	waitFor(t, "the second claimant's session to stop", 20*time.Second, func() { err = app.Update() }, func() bool { return err != nil })
	if !strings.Contains(err.Error(), "seat 1 is taken by another client") {
		t.Errorf("the session stopped with %v; want the server's reason, seat 1 taken", err)
	}
	select {
	case e := <-first.closed:
		t.Errorf("the seat's holder was dropped: %v", e)
	default:
	}
}

// relayedBytes drains h's count of relayed bytes received so far.
func (h *hostile) relayedBytes() int { return drainBytes(h.relay) }

// watchedBytes returns the bytes of watch messages received since the
// last call.
func (h *hostile) watchedBytes() int { return drainBytes(h.watch) }

// drainBytes sums the byte counts waiting in ch.
func drainBytes(ch chan int) int {
	n := 0
	for {
		select {
		case b := <-ch:
			n += b
		default:
			return n
		}
	}
}

// TestRelayReachesOnlyPeers: relay messages go to the other seated
// clients only. A flooding client without a seat is dropped at its first
// relay message with the reason; a seated one that floods is dropped for
// its message rate; a watcher receives no relayed byte from either, while
// a seated peer receives the seated one's messages. (Issue 34: one client
// within the limits made every watcher receive ~650 KB/s.)
func TestRelayReachesOnlyPeers(t *testing.T) {
	t.Parallel()
	var logs logBuf
	server, srv := startServer(t, ServerConfig{MaxMessageRate: 100, Logger: logs.logger()}, nil)
	tickEvery(t, server)
	url := srv.URL()
	watcher := dialHostile(t, url)
	peer := dialHostile(t, url)
	if err := peer.send(appendSeat(nil, 1, "")); err != nil {
		t.Fatal(err)
	}
	payload := appendRelay(nil, make([]byte, 4000))

	unseated := dialHostile(t, url)
	for range 50 {
		if unseated.send(payload) != nil {
			break
		}
	}
	unseated.closedWith(t, "the flooder without a seat", closeSeatRefused, "without a seat")

	seated := dialHostile(t, url)
	if err := seated.send(appendSeat(nil, 0, "")); err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		if seated.send(payload) != nil {
			break
		}
	}
	seated.closedWith(t, "the seated flooder", websocket.StatusPolicyViolation, "100 messages per second")
	time.Sleep(200 * time.Millisecond) // anything relayed has had time to arrive
	if n := watcher.relayedBytes(); n != 0 {
		t.Errorf("the watcher received %d relayed bytes, want 0", n)
	}
	if n := peer.relayedBytes(); n < 4000 {
		t.Errorf("the seated peer received %d relayed bytes, want the seated flooder's messages (4,000 bytes each)", n)
	}
	if st := srv.Stats(); st.RateLimited != 1 || st.ProtocolErrors != 1 {
		t.Errorf("RateLimited %d, ProtocolErrors %d; want 1 and 1 (the two flooders)", st.RateLimited, st.ProtocolErrors)
	}
	select {
	case err := <-watcher.closed:
		t.Errorf("the watcher was dropped: %v", err)
	default:
	}
}

// TestRelayQueueIsBoundedInBytes: a connection's queue of relayed
// messages takes at most 1 MiB: of 4,000-byte messages it refuses the
// 263rd, far below the 1,024 messages it also allows (before, it took
// 1,024 of them, 4 MB; with the largest messages a client may send,
// MaxMessageSize, more).
func TestRelayQueueIsBoundedInBytes(t *testing.T) {
	c := &conn{relayed: make(chan struct{}, 1)}
	msg := make([]byte, 4000)
	n := 0
	for c.queue(msg) {
		n++
		if n > maxRelayQueue {
			break
		}
	}
	if n != maxRelayBytes/len(msg) || c.relayBytes > maxRelayBytes {
		t.Errorf("the queue took %d messages, %d bytes; want %d messages, at most %d bytes", n, c.relayBytes, maxRelayBytes/len(msg), maxRelayBytes)
	}
}

// TestRollbackHostPublishesEachTickOnce: a rollback host that serves
// watchers, playing through 100 ms of lag so that it rolls back, counts
// and publishes each tick once: after tick 240 the server's tick is the
// session's, and the ticks a watcher receives rise strictly, never past
// the session's. (Issue 34: the host published the ticks it re-ran as new
// ticks; its watchers' clock ran at 69.9 ticks a second against 60.)
func TestRollbackHostPublishesEachTickOnce(t *testing.T) {
	t.Parallel()
	const n = 240
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	host := glue.NewApp()
	rbGame(host)
	host.AddPlugins(ServerPlugin{Config: ServerConfig{Registry: rbRegistry(), Addr: addr, Logger: quiet()}})
	host.AddPlugins(Rollback[rbPad]{Config: RollbackConfig{
		URL: "ws://" + addr + "/net", Player: 0, Registry: rbRegistry(), Seed: 42, Logger: quiet(), DigestEvery: 30,
		Start: func(app *glue.App, seed uint64) { glue.Resource[rbScore](app).Seed = seed },
	}})
	host.InsertResource(rbPad{})
	t.Cleanup(host.Close)
	hs := glue.Resource[Session](host).s.(*session[rbPad])
	hs.holdAt = n
	errs := make(chan error, 2)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); errs <- rbPlay(host, hs, 0, n, &rbRecord{}) }()
	waitFor(t, "the host to hold seat 0", 10*time.Second, nil, func() bool { return hs.link.seated() == 0 })

	var ticks []uint64
	watcher, err := rawDial(t, "ws://"+addr+"/net", nil)
	if err != nil {
		t.Fatal(err)
	}
	watcher.SetReadLimit(-1)
	wdone := make(chan struct{})
	go func() {
		defer close(wdone)
		for {
			_, data, err := watcher.Read(context.Background())
			if err != nil {
				return
			}
			if f, err := parseFrame(data, rbRegistry(), true); err == nil && (f.typ == msgSnapshot || f.typ == msgDelta) {
				ticks = append(ticks, f.tick)
			}
		}
	}()

	proxy, err := lagproxy.Start(lagproxy.Config{Target: addr, Latency: 100 * time.Millisecond, Jitter: 30 * time.Millisecond, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proxy.Close() })
	guest, gs := rbSeatPeer(t, "ws://"+proxy.Addr()+"/net", 1, "")
	gs.holdAt = n
	wg.Add(1)
	go func() { defer wg.Done(); errs <- rbPlay(guest, gs, 1, n, &rbRecord{}) }()
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	srv := glue.Resource[Server](host)
	st := glue.Resource[Session](host).Stats()
	watcher.CloseNow()
	<-wdone
	if st.Resimulated == 0 {
		t.Error("the host re-ran no tick: the test tests nothing")
	}
	if srv.Tick() != st.Tick {
		t.Errorf("the server's tick is %d, the session's %d (re-run %d): want them equal", srv.Tick(), st.Tick, st.Resimulated)
	}
	if len(ticks) == 0 {
		t.Fatal("the watcher received no state")
	}
	for i, tk := range ticks {
		if tk > st.Tick || i > 0 && tk <= ticks[i-1] {
			t.Fatalf("the watcher received ticks %v; want them rising, up to the session's tick %d", ticks, st.Tick)
		}
	}
}
