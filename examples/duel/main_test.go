package main

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	stdnet "net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
	"github.com/gluekit/glue/modules/net"
)

// liveness bounds every wait: generous, for a loaded machine; the tests
// assert no speed.
const liveness = 120 * time.Second

// duel is a match of two players, each through its own lag proxy to the
// host's relay server, driven from the test's goroutine.
type duel struct {
	t          *testing.T
	apps       [2]*glue.App
	proxies    [2]*lagproxy.Proxy
	digests    [2]map[uint64]uint64 // the state's hash after each tick, last run (re-runs overwrite)
	errs       [2]error
	errAt      [2]time.Time
	toldAt     [2]time.Time // when the screen first said Disconnected
	serverAddr string
}

func freeAddr(t *testing.T) string {
	l, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// newDuel starts a match: latency and jitter each way on each player's
// link, timeout as Config.Timeout.
func newDuel(t *testing.T, latency, jitter, timeout time.Duration) *duel {
	d := &duel{t: t, serverAddr: freeAddr(t)}
	for i := range d.proxies {
		p, err := lagproxy.Start(lagproxy.Config{Target: d.serverAddr, Latency: latency, Jitter: jitter, Seed: uint64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		d.proxies[i] = p
		t.Cleanup(func() { p.Close() })
	}
	const key = "duel-test-key"
	cfgs := [2]Config{
		{Serve: d.serverAddr, URL: "ws://" + d.proxies[0].Addr() + "/net", Player: 0, Headless: true, Bot: true, Seed: 7, Key: key, Timeout: timeout},
		{URL: "ws://" + d.proxies[1].Addr() + "/net", Player: 1, Headless: true, Bot: true, Key: key, Timeout: timeout},
	}
	for i, cfg := range cfgs {
		app := NewApp(cfg)
		d.digests[i] = map[uint64]uint64{}
		digests := d.digests[i]
		app.AddSystems(glue.Last, glue.Func(func(p struct {
			In      glue.Res[net.PlayerInputs[Pad]]
			Paddles glue.Query1[Paddle]
			Balls   glue.Query1[Ball]
			Match   glue.Res[Match]
		}) {
			h := fnv.New64a()
			p.Paddles.Each(func(_ glue.Entity, pd Paddle) { fmt.Fprint(h, pd) })
			p.Balls.Each(func(_ glue.Entity, b Ball) { fmt.Fprint(h, b) })
			fmt.Fprint(h, *p.Match.Get())
			digests[p.In.Get().Tick] = h.Sum64()
		}).Named("test.Digest"))
		d.apps[i] = app
		t.Cleanup(app.Close)
	}
	return d
}

// frame updates both apps once; an app whose Update failed is not updated
// again.
func (d *duel) frame() {
	for i, app := range d.apps {
		if d.errs[i] != nil {
			continue
		}
		err := app.Update()
		if err == nil {
			err = app.Draw() // the draw stages show the session's events
		}
		if err != nil {
			d.errs[i], d.errAt[i] = err, time.Now()
		}
		if d.toldAt[i].IsZero() && glue.Resource[Notice](app).Told[net.Disconnected] > 0 {
			d.toldAt[i] = time.Now()
		}
	}
	time.Sleep(10 * time.Millisecond)
}

// until runs frames until done holds, failing the test past the liveness
// bound or when a game stops with an error (unless errorsOK).
func (d *duel) until(what string, errorsOK bool, done func() bool) {
	d.t.Helper()
	deadline := time.Now().Add(liveness)
	for !done() {
		if time.Now().After(deadline) {
			d.t.Fatalf("%s: not within %v: ticks %d and %d", what, liveness, d.apps[0].Tick(), d.apps[1].Tick())
		}
		if !errorsOK {
			for i, err := range d.errs {
				if err != nil {
					d.t.Fatalf("%s: player %d's game stopped: %v", what, i, err)
				}
			}
		}
		d.frame()
	}
}

func (d *duel) notice(i int) Notice        { return *glue.Resource[Notice](d.apps[i]) }
func (d *duel) stats(i int) net.Stats      { return *glue.Resource[net.Stats](d.apps[i]) }
func (d *duel) session(i int) *net.Session { return glue.Resource[net.Session](d.apps[i]) }

// finish holds both games at tick end, waits until both have run it with
// every input known, and checks that their states agree after every tick.
func (d *duel) finish(end uint64) {
	d.t.Helper()
	for i := range d.apps {
		d.session(i).Hold(end)
	}
	d.until("both games reach the end", false, func() bool {
		return d.stats(0).Confirmed >= end && d.stats(1).Confirmed >= end &&
			d.apps[0].Tick() == end && d.apps[1].Tick() == end
	})
	for tick := uint64(1); tick <= end; tick++ {
		a, okA := d.digests[0][tick]
		b, okB := d.digests[1][tick]
		if !okA || !okB || a != b {
			d.t.Fatalf("tick %d: digests %x (%v) and %x (%v) differ", tick, a, okA, b, okB)
		}
	}
	for i := range d.apps {
		if n := d.notice(i).Told[net.Desynced]; n != 0 {
			d.t.Fatalf("player %d was told of %d desyncs", i, n)
		}
	}
	d.t.Logf("rollbacks %d and %d, stalls %d and %d, resends %d and %d, delay %d and %d",
		d.stats(0).Rollbacks, d.stats(1).Rollbacks, d.stats(0).Stalls, d.stats(1).Stalls,
		d.stats(0).Resends, d.stats(1).Resends, d.stats(0).InputDelay, d.stats(1).InputDelay)
}

// TestDuelUnderLatency: two players at 100 ± 30 ms each way to the relay
// play to tick 300 with identical states after every tick.
func TestDuelUnderLatency(t *testing.T) {
	d := newDuel(t, 100*time.Millisecond, 30*time.Millisecond, 0)
	d.finish(300)
	if d.stats(0).Rollbacks+d.stats(1).Rollbacks == 0 {
		t.Log("no rollback: the autopilots never mispredicted")
	}
}

// TestDuelOutage: the joiner's link is cut for 3 s mid-match, everything
// sent in it lost; both games say "interrupted", then "back", and end
// with identical states after every tick.
func TestDuelOutage(t *testing.T) {
	d := newDuel(t, 100*time.Millisecond, 30*time.Millisecond, 0)
	d.until("tick 100", false, func() bool { return d.apps[0].Tick() >= 100 && d.apps[1].Tick() >= 100 })
	d.proxies[1].Cut(lagproxy.Blackhole, 3*time.Second)
	d.until("both told of the interruption and the return", false, func() bool {
		for i := range d.apps {
			n := d.notice(i)
			if n.Told[net.Interrupted] == 0 || n.Told[net.Resumed] == 0 {
				return false
			}
		}
		return true
	})
	for i := range d.apps {
		if text := d.notice(i).Text; text != "Connection back" {
			t.Errorf("player %d's screen says %q, want %q", i, text, "Connection back")
		}
	}
	d.finish(d.apps[0].Tick() + 200)
}

// TestDuelTimeout: the joiner's link is cut for longer than the timeout
// (3 s): both games stop with net.ErrDisconnected and a reason, and say
// so on screen.
func TestDuelTimeout(t *testing.T) {
	const timeout = 3 * time.Second
	d := newDuel(t, 100*time.Millisecond, 30*time.Millisecond, timeout)
	d.until("tick 100", false, func() bool { return d.apps[0].Tick() >= 100 && d.apps[1].Tick() >= 100 })
	cut := time.Now()
	d.proxies[1].Cut(lagproxy.Blackhole, time.Minute)
	d.until("both games stop", true, func() bool { return d.errs[0] != nil && d.errs[1] != nil })
	for i, err := range d.errs {
		if !errors.Is(err, net.ErrDisconnected) {
			t.Errorf("player %d's game stopped with %v, want net.ErrDisconnected", i, err)
		}
		n := d.notice(i)
		if n.Told[net.Interrupted] == 0 || n.Told[net.Disconnected] != 1 || !strings.HasPrefix(n.Text, "Disconnected: ") {
			t.Errorf("player %d was told %v, and its screen says %q; want interrupted, then disconnected", i, n.Told, n.Text)
		}
		// Logged, not asserted: the tests assert no speed (issue #34's
		// goal is timeout + 1 s).
		t.Logf("player %d told Disconnected %v after the cut (timeout %v), Update returned it %v later (ShowEnd): %v", i,
			d.toldAt[i].Sub(cut).Round(time.Millisecond), timeout, d.errAt[i].Sub(d.toldAt[i]).Round(time.Millisecond), err)
	}
}

// TestDuelReconnect: the joiner's connection is closed and new ones
// refused for 1.5 s; its client reconnects with its seat token and gets
// its seat back — the same client id on the relay server, no new seat —
// and the match goes on to identical states.
func TestDuelReconnect(t *testing.T) {
	d := newDuel(t, 50*time.Millisecond, 20*time.Millisecond, 0)
	srv := glue.Resource[net.Server](d.apps[0])
	d.until("tick 100", false, func() bool { return d.apps[0].Tick() >= 100 && d.apps[1].Tick() >= 100 })
	before := sortedIDs(srv.Clients())
	if len(before) != 2 {
		t.Fatalf("the relay server has clients %v, want the 2 players", before)
	}
	conns := d.proxies[1].Stats().Conns
	d.proxies[1].Cut(lagproxy.Close, 1500*time.Millisecond)
	d.until("the joiner reconnects", false, func() bool {
		return d.proxies[1].Stats().Conns > conns && srv.Stats().Away == 0 && len(srv.Clients()) == 2
	})
	if after := sortedIDs(srv.Clients()); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("clients %v after the reconnection, want the same as before, %v", after, before)
	}
	d.finish(d.apps[0].Tick() + 200)
}

func sortedIDs(ids []net.ClientID) []net.ClientID {
	ids = append([]net.ClientID(nil), ids...)
	slices.Sort(ids)
	return ids
}

// hostile is a raw WebSocket client of the relay server that speaks the
// wire format of docs/net.md ("Wire format in brief") to take a seat that
// is not its own and to disturb the players.
type hostile struct {
	c      *websocket.Conn
	closed chan error // the error that ended its reading
}

func dialHostile(t *testing.T, url string) *hostile {
	ctx, cancel := context.WithTimeout(context.Background(), liveness)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{"glue.net.v1"}})
	if err != nil {
		t.Fatal(err)
	}
	h := &hostile{c: c, closed: make(chan error, 1)}
	go func() {
		for {
			if _, _, err := c.Read(context.Background()); err != nil {
				h.closed <- err
				return
			}
		}
	}()
	t.Cleanup(func() { c.CloseNow() })
	return h
}

// send writes one message: "gn", version 1, the type, the body.
func (h *hostile) send(typ byte, body ...byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return h.c.Write(ctx, websocket.MessageBinary, append([]byte{'g', 'n', 1, typ}, body...))
}

// dropped waits until the server closes the connection and returns the
// close status and reason.
func (h *hostile) dropped(t *testing.T, d *duel) (websocket.StatusCode, string) {
	t.Helper()
	var err error
	d.until("the hostile client is dropped", false, func() bool {
		select {
		case err = <-h.closed:
			return true
		default:
			return false
		}
	})
	var ce websocket.CloseError
	if !errors.As(err, &ce) {
		t.Fatalf("the hostile client's connection ended with %v, not a close with a reason", err)
	}
	return ce.Code, ce.Reason
}

// expectDropped waits until h is dropped and checks that the server said
// why, naming want.
func expectDropped(t *testing.T, what string, h *hostile, d *duel, want string) {
	t.Helper()
	code, reason := h.dropped(t, d)
	if (code != 4001 && code != websocket.StatusPolicyViolation) || !strings.Contains(reason, want) {
		t.Fatalf("%s: dropped with %d %q, want 4001 or 1008 and a reason saying %q", what, code, reason, want)
	}
	t.Logf("%s: dropped with %d %q", what, code, reason)
}

const (
	msgRelay = 19 // a seated client's relay message (docs/net.md, "Wire format in brief")
	msgSeat  = 20 // a seat claim: the seat, then its key or nothing
)

// TestDuelHostileClient: a third client claims seat 2 (player 1) before
// the real player, again after it, and relays a flood of junk and
// far-future inputs without a seat. It never gets a seat, each
// connection is dropped with a reason, and the honest players play on to
// identical states.
func TestDuelHostileClient(t *testing.T) {
	d := newDuel(t, 20*time.Millisecond, 10*time.Millisecond, 0)
	url := "ws://" + d.serverAddr + "/net"
	// The host's startup starts the relay server: run one frame of it
	// only, so that the joiner has not claimed its seat yet.
	d.apps[0].Update()
	early := dialHostile(t, url)
	if err := early.send(msgSeat, 1, 0); err != nil { // seat 1, an empty key
		t.Fatal(err)
	}
	expectDropped(t, "a claim of seat 1 without its key, before the player", early, d, "seat 1 needs its key, and this client gave none")

	d.until("tick 60", false, func() bool { return d.apps[0].Tick() >= 60 && d.apps[1].Tick() >= 60 })
	late := dialHostile(t, url)
	late.send(msgSeat, 1, 3, 'b', 'a', 'd')
	expectDropped(t, "a claim of seat 1 with a wrong key, after the player", late, d, "wrong key for seat 1")

	flood := dialHostile(t, url)
	for i := range 200 {
		// relay messages (a length, then the payload): what could be an
		// input of player 1 for a tick far in the future, and junk
		if flood.send(msgRelay, 6, 1, 0xff, 0xff, 0xff, 0xff, byte(i)) != nil ||
			flood.send(msgRelay, 4, 0xde, 0xad, 0xbe, 0xef) != nil {
			break
		}
	}
	expectDropped(t, "a flood of relay messages without a seat", flood, d, "without a seat")

	// A seat the game does not use (a duel has players 0 and 1 of the
	// relay's 4 seats): a client that takes one must not reach the players.
	spare := dialHostile(t, url)
	spare.send(msgSeat, 2, 0)
	for i := range 100 {
		if spare.send(msgRelay, 6, 1, 0xff, 0xff, 0xff, 0xff, byte(i)) != nil ||
			spare.send(msgRelay, 4, 0xde, 0xad, 0xbe, 0xef) != nil {
			break
		}
	}
	expectDropped(t, "a claim of seat 2, past the duel's players", spare, d, "seat 2 is no player's")

	junk := dialHostile(t, url)
	junk.send(msgRelay, 0xde, 0xad, 0xbe, 0xef)
	expectDropped(t, "a malformed relay message", junk, d, "bad relay")
	d.finish(d.apps[0].Tick() + 120)
	if ids := glue.Resource[net.Server](d.apps[0]).Clients(); len(ids) != 2 {
		t.Fatalf("the relay server has clients %v at the end, want the 2 players", ids)
	}
}
