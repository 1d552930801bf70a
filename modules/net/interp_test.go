//go:build !js

package net

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// lerpPos blends two positions: the lerp of the test's Interpolate.
func lerpPos(a, b pos, t float64) pos {
	return pos{a.X + (b.X-a.X)*float32(t), a.Y + (b.Y-a.Y)*float32(t)}
}

// mover is a server world of one replicated entity whose X grows by
// speed each tick while moving is set.
type mover struct {
	speed  float32
	moving bool
	x      float32 // the server's X after the last tick
}

func (m *mover) game(app *glue.App) {
	app.AddStartup(glue.Func(func(cmds glue.Commands) { cmds.Spawn(Replicated{}, pos{0, 10}) }).Named("spawnMover"))
	app.AddSystems(update, glue.Each1(func(_ glue.Entity, p *pos) {
		if m.moving {
			p.X += m.speed
		}
		m.x = p.X
	}).Named("move"))
}

// feed hands a server message to a client as its connection goroutine
// would, without a socket: the tests decide when each arrives.
func feed(t testing.TB, c *client, msg []byte) {
	t.Helper()
	f, err := parseFrame(msg, c.reg, true)
	if err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if f.typ == msgAck {
		c.pred.pending = f
		return
	}
	if err := c.mirror.apply(f); err != nil {
		t.Fatal(err)
	}
	c.received(f)
}

// stream records the messages a server publishes, as a client that reads
// everything gets them: the first state as a snapshot, then deltas.
type stream struct {
	last *published
}

func (s *stream) next(srv Server) []byte {
	p := srv.s.latest.Load()
	if p == nil || p == s.last {
		return nil
	}
	defer func() { s.last = p }()
	if s.last == nil {
		return p.snapshot()
	}
	if p.prev != s.last.state {
		panic("stream skipped a state")
	}
	return p.delta
}

// offlineClient returns a client app whose connection never succeeds:
// the test feeds it. game adds its systems.
func offlineClient(t *testing.T, cfg ClientConfig, game func(*glue.App)) (*glue.App, *client) {
	cfg.NoReconnect = true
	app, cl := startClient(t, "ws://127.0.0.1:1/net", cfg, nil, game)
	return app, cl.c
}

// posOf returns a system that stores the X of the one received entity
// with a pos into *x after each tick (glue.Last).
func posOf(x *float32, seen *bool) *glue.System {
	return glue.Func(func(q glue.Query2[*Remote, *pos]) {
		_, _, p, ok := q.First()
		*seen = ok
		if ok {
			*x = p.X
		}
	}).Named("test.posOf")
}

// interpRun is what runInterp saw, per tick.
type interpRun struct {
	xs       []float32 // the client's X after each tick (NaN before the entity came)
	serverXs []float32 // the server's X after each tick
	render   []float64 // the client's render tick
	c        *client
}

// runInterp runs a server moving at speed 2 per tick for moveTicks ticks
// and then standing still, and a client receiving each state latency
// ticks after it was sent plus up to jitter more (in order, as over TCP;
// stall ticks from stallFrom on deliver nothing), ticking in step with
// the server.
func runInterp(t *testing.T, interpolate bool, cfg ClientConfig, ticks, moveTicks, latency, jitter int, stall [2]int, seed uint64) interpRun {
	m := &mover{speed: 2, moving: true}
	// The loop ticks as fast as it can: with an hour per tick no tick is
	// ever late by the wall clock, so the server sends exactly every third
	// tick even when the machine pauses the test for longer than a tick
	// (a late tick sends early, which broke the stream's rhythm beside a
	// CPU hog).
	server, srv := startServer(t, ServerConfig{SendEvery: 3, TickInterval: time.Hour}, m.game)
	var x float32
	var seen bool
	clientApp, c := offlineClient(t, cfg, func(app *glue.App) {
		if interpolate {
			app.AddSystems(glue.PostUpdate, Interpolate(lerpPos))
		}
		app.AddSystems(glue.Last, posOf(&x, &seen))
	})
	rng := rand.New(rand.NewPCG(seed, 2))
	type pending struct {
		at  int
		msg []byte
	}
	var queue []pending
	var st stream
	lastAt := 0
	run := interpRun{c: c}
	for i := range ticks {
		if i == moveTicks {
			m.moving = false
		}
		if err := server.Update(); err != nil {
			t.Fatal(err)
		}
		run.serverXs = append(run.serverXs, m.x)
		if msg := st.next(srv); msg != nil {
			at := max(lastAt, i+latency+rng.IntN(jitter+1))
			if i >= stall[0] && i < stall[1] {
				at = max(at, stall[1]+latency)
			}
			lastAt = at
			queue = append(queue, pending{at, msg})
		}
		for len(queue) > 0 && queue[0].at <= i {
			feed(t, c, queue[0].msg)
			queue = queue[1:]
		}
		if err := clientApp.Update(); err != nil {
			t.Fatal(err)
		}
		if seen {
			run.xs = append(run.xs, x)
		} else {
			run.xs = append(run.xs, float32(math.NaN()))
		}
		run.render = append(run.render, Client{c}.RenderTick())
	}
	return run
}

// steps returns the largest and smallest tick-to-tick change of xs[from:to].
func steps(xs []float32, from, to int) (lo, hi float32) {
	lo, hi = float32(math.Inf(1)), float32(math.Inf(-1))
	for i := from + 1; i < to; i++ {
		d := xs[i] - xs[i-1]
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// TestInterpolationIsSmooth feeds a client a 20 Hz stream of an entity
// moving 2 px per tick (120 px/s), with 100 ms of latency and up to 50 ms
// (3 ticks) of jitter, and checks what the client shows at 60 ticks per
// second: without interpolation the entity jumps 6 px every third tick
// (or more, after late states); with it, every tick moves it within 10 %
// of its 2 px, it trails the server by the render delay, and once the
// server's entity stops it comes to rest exactly where the server's did.
func TestInterpolationIsSmooth(t *testing.T) {
	const ticks, move, latency, jitter = 300, 200, 6, 3
	raw := runInterp(t, false, ClientConfig{}, ticks, move, latency, jitter, [2]int{}, 1)
	lo, hi := steps(raw.xs, 60, move)
	t.Logf("without interpolation: steps from %.2f to %.2f px", lo, hi)
	if lo != 0 || hi < 6 {
		t.Errorf("without interpolation, steps from %.2f to %.2f px; the test expects 0 and at least 6 (20 Hz at 60 ticks per second)", lo, hi)
	}

	run := runInterp(t, true, ClientConfig{}, ticks, move, latency, jitter, [2]int{}, 1)
	lo, hi = steps(run.xs, 60, move)
	t.Logf("with interpolation: steps from %.3f to %.3f px; %d resyncs", lo, hi, Client{run.c}.Stats().Resyncs)
	if lo < 1.9 || hi > 2.1 {
		t.Errorf("with interpolation, steps from %.3f to %.3f px; want every step within 5 %% of 2 px", lo, hi)
	}
	// The client shows the server's entity as it was at the render tick,
	// about two send intervals (6 ticks) before the newest state.
	for i := 60; i < move; i += 20 {
		// The server's X after its tick n is 2n.
		want := 2 * float32(run.render[i])
		if d := run.xs[i] - want; math.Abs(float64(d)) > 0.01 {
			t.Errorf("tick %d: client at %.2f, the server's entity was at %.2f at render tick %.2f", i, run.xs[i], want, run.render[i])
		}
		if lag := run.serverXs[i] - run.xs[i]; lag < 2*(latency+6) || lag > 2*(latency+jitter+6+3) {
			t.Errorf("tick %d: client %.1f px behind the server; want the latency plus the render delay", i, lag)
		}
	}
	last := run.xs[ticks-1]
	if final := run.serverXs[ticks-1]; last != final {
		t.Errorf("after the server's entity stopped at %v, the client shows %v", final, last)
	}
	// It comes to rest without overshooting: the render delay covers
	// the jitter, so the client never runs out of states to blend.
	for i := move; i < ticks; i++ {
		if run.xs[i] > run.serverXs[ticks-1] {
			t.Fatalf("tick %d: client at %v, past where the server's entity stopped (%v)", i, run.xs[i], run.serverXs[ticks-1])
		}
	}
}

// TestInterpolationExtrapolatesBoundedly stalls the stream for half a
// second: the client extrapolates the moving entity one send interval (3
// ticks, 6 px) past the newest state and holds it there; when the stream
// resumes it follows again, and converges.
func TestInterpolationExtrapolatesBoundedly(t *testing.T) {
	const ticks, move, latency = 400, 300, 6
	stall := [2]int{120, 150}
	run := runInterp(t, true, ClientConfig{}, ticks, move, latency, 0, stall, 2)
	// The newest state the client had during the stall was sent before
	// tick 120: its X was at most 2×121.
	newest := float32(2 * 121)
	var peak float32
	for i := stall[0]; i < stall[1]+latency; i++ {
		peak = max(peak, run.xs[i])
	}
	if peak > newest+6 {
		t.Errorf("during the stall the client showed X up to %.1f, more than one send interval (6 px) past the newest state (%.0f)", peak, newest)
	}
	if peak < newest {
		t.Errorf("during the stall the client showed X up to %.1f; want it to reach the newest state (%.0f)", peak, newest)
	}
	if last, final := run.xs[ticks-1], run.serverXs[ticks-1]; last != final {
		t.Errorf("after the stream resumed and the entity stopped at %v, the client shows %v", final, last)
	}
	lo, hi := steps(run.xs, stall[1]+latency+60, move)
	if lo < 1.9 || hi > 2.1 {
		t.Errorf("a second after the stall, steps from %.3f to %.3f px; want smooth again", lo, hi)
	}
	t.Logf("peak %.1f during the stall (newest %v); %d resyncs", peak, newest, Client{run.c}.Stats().Resyncs)
}

// TestInterpolationNoExtrapolation: with MaxExtrapolation negative the
// client holds the newest state during a stall.
func TestInterpolationNoExtrapolation(t *testing.T) {
	stall := [2]int{120, 150}
	run := runInterp(t, true, ClientConfig{MaxExtrapolation: -1}, 200, 200, 6, 0, stall, 3)
	var peak float32
	for i := stall[0]; i < stall[1]+6; i++ {
		peak = max(peak, run.xs[i])
	}
	if newest := float32(2 * 121); peak > newest {
		t.Errorf("the client showed X up to %v during the stall, past the newest state %v", peak, newest)
	}
}

func TestInterpolationAllocations(t *testing.T) {
	m := &mover{speed: 2, moving: true}
	server, srv := startServer(t, ServerConfig{SendEvery: 3, TickInterval: time.Hour}, m.game) // every tick on time, as in runInterp
	clientApp, c := offlineClient(t, ClientConfig{}, func(app *glue.App) {
		app.AddSystems(glue.PostUpdate, Interpolate(lerpPos))
	})
	var st stream
	step := func() {
		server.Update()
		if msg := st.next(srv); msg != nil {
			feed(t, c, msg)
		}
		clientApp.Update()
	}
	for range 60 {
		step()
	}
	// Count the client's tick alone: a tick that receives nothing.
	if n := leastAllocs(100, func() { clientApp.Update() }); n > 0 {
		t.Errorf("a client tick with Interpolate allocates %v times", n)
	}
}
