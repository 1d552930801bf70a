//go:build !js

package net

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/internal/lagproxy"
)

// The rollback tests' game: a paddle for each player (two, or up to
// four), steered by its player's input, a ball that bounces off the walls and, at the bottom, off a
// paddle or not, and a score that sums the paddles' positions every tick
// — so that any input applied in another tick changes the end.

type rbPad struct{ Axis int8 }

type rbPaddle struct {
	Player int32
	X      int32
}

type rbBall struct{ X, Y, VX, VY int32 }

type rbScore struct {
	Hits, Misses int32
	Sum          int64
	Seed         uint64
}

func rbRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[rbPad](reg)
	return reg
}

// rbGame adds the game of two players to app.
func rbGame(app *glue.App) { rbGameN(app, 2) }

// rbStartX is where player p's paddle starts.
func rbStartX(p int) int32 {
	if p < 2 {
		return int32(100 + 200*p)
	}
	return int32(100*p - 50)
}

// rbGameN adds the game of n players to app: it reads their inputs from
// PlayerInputs.
func rbGameN(app *glue.App, n int) {
	app.Configure(glue.Options{Sequential: true})
	app.InsertResource(rbScore{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for p := range n {
			c.Spawn(rbPaddle{Player: int32(p), X: rbStartX(p)})
		}
		c.Spawn(rbBall{X: 50, Y: 10, VX: 7, VY: 5})
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		In      glue.Res[PlayerInputs[rbPad]]
		Paddles glue.Query1[*rbPaddle]
		Balls   glue.Query1[*rbBall]
		Score   glue.ResMut[rbScore]
	}) {
		var axis [MaxPlayers]int32
		for pl, v := range p.In.Get().All() {
			axis[pl] = int32(v.Axis)
		}
		sc := p.Score.Get()
		p.Paddles.Each(func(_ glue.Entity, pd *rbPaddle) {
			pd.X = max(0, min(400, pd.X+axis[pd.Player]*3))
			sc.Sum += int64(pd.X) * int64(pd.Player+1)
		})
		p.Balls.Each(func(_ glue.Entity, b *rbBall) {
			b.X, b.Y = b.X+b.VX, b.Y+b.VY
			if b.X < 0 || b.X > 400 {
				b.VX = -b.VX
			}
			if b.Y < 0 {
				b.VY = -b.VY
			}
			if b.Y > 300 {
				hit := false
				p.Paddles.Each(func(_ glue.Entity, pd *rbPaddle) {
					hit = hit || (b.X > pd.X-40 && b.X < pd.X+40)
				})
				if hit {
					sc.Hits++
					b.VY = -b.VY
					b.VX += int32(sc.Sum%5) - 2
				} else {
					sc.Misses++
					b.Y, b.VY = 10, 5
				}
			}
		})
	}))
}

// rbScript is player p's input in tick t: runs of steering either way
// and rests, different for each player.
func rbScript(p int, t uint64) int8 {
	switch (t/uint64(9+7*p) + uint64(p)) % 4 {
	case 0:
		return 1
	case 2:
		return -1
	}
	return 0
}

// rbReference runs the game of two players to tick n with every input
// on time.
func rbReference(t *testing.T, n uint64, delay int) []glue.Digest {
	return rbReferenceN(t, n, delay, 2)
}

// rbReferenceN runs the game of players players to tick n with every
// input on time.
func rbReferenceN(t *testing.T, n uint64, delay, players int) []glue.Digest {
	return rbReferenceGone(t, n, delay, players, nil)
}

// rbReferenceGone runs the game of players players to tick n with every
// input on time, but for those of the players who left: zero after tick
// gone[p] (if set and not 0).
func rbReferenceGone(t *testing.T, n uint64, delay, players int, gone []uint64) []glue.Digest {
	return rbReferenceOf(t, n, players, gone, func(pl int, tk uint64) int8 {
		if tk >= 2+uint64(delay) {
			return rbScript(pl, tk-uint64(delay))
		}
		return 0
	})
}

// rbReferenceOf runs the game of players players to tick n with player
// pl's input of tick tk axis(pl, tk), but for those who left: zero after
// tick gone[pl] (if set and not 0).
func rbReferenceOf(t *testing.T, n uint64, players int, gone []uint64, axis func(pl int, tk uint64) int8) []glue.Digest {
	app := glue.NewApp()
	app.InsertResource(PlayerInputs[rbPad]{})
	rbGameN(app, players)
	app.AddSystems(glue.PreUpdate, glue.Func(func(p struct {
		In   glue.ResMut[PlayerInputs[rbPad]]
		Tick glue.Local[uint64]
	}) {
		*p.Tick.Get()++
		tk := *p.Tick.Get()
		in := p.In.Get()
		in.Tick = tk
		for pl := range players {
			var v rbPad
			st := Confirmed
			if gone != nil && gone[pl] != 0 && tk > gone[pl] {
				st = Gone
			} else {
				v.Axis = axis(pl, tk)
			}
			in.Set(Player(pl), v, st)
		}
	}))
	defer app.Close()
	for range n {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	glue.Resource[rbScore](app).Seed = 42
	return gameDigests(t, app)
}

// gameDigests returns the digests of the game's own state.
func gameDigests(t *testing.T, app *glue.App) []glue.Digest {
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	var out []glue.Digest
	for _, d := range c.Digest(nil) {
		switch d.Name {
		case "entities", "net.rbPaddle", "net.rbBall", "net.rbScore":
			out = append(out, d)
		}
	}
	return out
}

// rbPeerWith is one player's app, connected to url.
// alter, if set, changes the session's configuration.
func rbPeerWith(t *testing.T, url string, player int, delay int, desyncs *[]Desync, mu *sync.Mutex, alter func(*RollbackConfig)) (*glue.App, *session[rbPad]) {
	app := glue.NewApp()
	cfg := RollbackConfig{
		URL: url, Player: Player(player), Registry: rbRegistry(), Seed: 42, InputDelay: delay, FixedDelay: true, Logger: quiet(), DigestEvery: 30,
		Start: func(app *glue.App, seed uint64) { glue.Resource[rbScore](app).Seed = seed },
		OnDesync: func(d Desync) {
			mu.Lock()
			*desyncs = append(*desyncs, d)
			mu.Unlock()
		},
	}
	if alter != nil {
		alter(&cfg)
	}
	rbGameN(app, max(cfg.Players, 2))
	app.AddPlugins(Rollback[rbPad]{Config: cfg})
	app.InsertResource(rbPad{})
	t.Cleanup(app.Close)
	return app, glue.Resource[Session](app).s.(*session[rbPad])
}

// TestRollbackUnderLatency plays the game between two rollback clients,
// each through a lag proxy of 100 ms plus up to 30 ms of jitter each way,
// to tick 300: both end with the digests of a run with every input on
// time, each player's own paddle is where its own inputs put it after
// every tick it runs (it responds in the tick of its key), predictions
// were wrong and rolled back, and the digests they compared agreed.
func TestRollbackUnderLatency(t *testing.T) {
	t.Parallel()
	st, desyncs := runRollback(t, 300, 0, 100*time.Millisecond, nil)
	if st[0].Rollbacks+st[1].Rollbacks == 0 {
		t.Error("no rollback at all: the test tests nothing")
	}
	if st[0].Digests == 0 || st[1].Digests == 0 {
		t.Error("no digests compared")
	}
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
}

// Rerunning holds in the ticks a rollback runs again, and only in them:
// each side runs every tick once with it false and, with it true, as
// many ticks as its session counts re-run. Systems that only observe it
// leave the game as with every input on time. Without a session it never
// holds.
func TestRollbackRerunningCondition(t *testing.T) {
	t.Parallel()
	const n = 300
	var apps [2]*glue.App
	var first, again [2]uint64
	st, desyncs := runRollback(t, n, 0, 100*time.Millisecond, func(p int, app *glue.App) {
		apps[p] = app
		app.AddSystems(glue.First,
			glue.Func(func(struct{}) { first[p]++ }).Named("FirstRun").RunIf(glue.Not(Rerunning())),
			glue.Func(func(struct{}) { again[p]++ }).Named("ReRun").RunIf(Rerunning()))
	})
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
	want := rbReference(t, n, 0)
	for p := range 2 {
		if first[p] != n || again[p] != st[p].Resimulated {
			t.Errorf("player %d: Rerunning false in %d ticks and true in %d; want %d and %d (the ticks re-run)", p+1, first[p], again[p], n, st[p].Resimulated)
		}
		if got := gameDigests(t, apps[p]); !slices.Equal(got, want) {
			t.Errorf("player %d ends with digests %v, want those of the run with every input on time, %v", p+1, got, want)
		}
	}
	if st[0].Resimulated+st[1].Resimulated == 0 {
		t.Error("no tick re-run: the test tests nothing")
	}

	app := glue.NewApp()
	t.Cleanup(app.Close)
	ran := 0
	app.AddSystems(glue.Update, glue.Func(func(struct{}) { ran++ }).RunIf(Rerunning()))
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if ran != 0 {
		t.Errorf("without a session Rerunning held in %d ticks, want 0", ran)
	}
}

// With an input delay of 3 ticks, each input takes effect 3 ticks after
// its key, on both sides, and the game still ends as with every input on
// time.
func TestRollbackInputDelay(t *testing.T) {
	t.Parallel()
	_, desyncs := runRollback(t, 200, 3, 30*time.Millisecond, nil)
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
}

// A game that is not deterministic — player 2's game adds to the score
// in tick 100 — is reported at the first digest tick after it, naming the
// score as what differs and nothing else.
func TestRollbackReportsDesync(t *testing.T) {
	t.Parallel()
	_, desyncs := runRollback(t, 200, 0, 0, func(p int, app *glue.App) {
		if p == 1 {
			app.AddSystems(glue.PostUpdate, glue.Func(func(p struct {
				Score glue.ResMut[rbScore]
				Ticks glue.Local[int]
			}) {
				if *p.Ticks.Get()++; *p.Ticks.Get() == 100 {
					p.Score.Get().Sum++
				}
			}).Named("cheat"))
		}
	})
	if len(desyncs) == 0 {
		t.Fatal("no desync reported")
	}
	d := desyncs[0]
	if d.Tick != 120 || len(d.Parts) != 1 || d.Parts[0].Name != "net.rbScore" || d.Parts[0].Local == d.Parts[0].Remote {
		t.Fatalf("first desync %+v; want tick 120 (the first digest after tick 100), in net.rbScore only", d)
	}
	if msg := d.Error(); !strings.Contains(msg, "tick 120") || !strings.Contains(msg, "net.rbScore differs") {
		t.Errorf("the report says %q; want the tick and what differs", msg)
	}
}

// runRollback plays the test game between two rollback clients to tick
// n, each through a lag proxy of lag plus up to 30 ms of jitter each way
// (none if lag is 0), with the input delay given; alter may change each
// player's app. It checks that each player's own paddle is where its
// inputs put it after every tick and, unless alter is set, that both end
// with the digests of the run with every input on time. It returns the
// sessions' counters and the desyncs reported.
func runRollback(t *testing.T, n uint64, delay int, lag time.Duration, alter func(p int, app *glue.App)) ([]RollbackStats, []Desync) {
	return runRollbackWith(t, rbRun{n: n, delay: delay, lag: lag, alter: alter, compare: alter == nil})
}

// rbRun says how runRollbackWith plays.
type rbRun struct {
	n       uint64
	delay   int
	lag     time.Duration
	alter   func(p int, app *glue.App)
	compare bool // check the end's digests against the reference
	// server changes the relay server's configuration; proxies, if set,
	// is handed each player's lag proxy (lag must be set).
	server  func(cfg *ServerConfig)
	proxies func(p int, proxy *lagproxy.Proxy)
	faults  func(cfg *lagproxy.Config) // the proxies' faults
	config  func(p int, cfg *RollbackConfig)
	// players is the number of players (0: 2); lags, if set, is each
	// player's own latency each way, instead of lag.
	players int
	lags    []time.Duration
	// leave, if set, is the tick after which each player closes its game
	// (0: it plays to n); gone, filled in, is the last tick of a leaver's
	// inputs as player 0 learnt it from its bye.
	leave []uint64
	gone  []uint64
	// stall makes the leavers stop at their tick without closing their
	// game (no bye): a game that froze, its link up; stopped, if set, is
	// called as each stops.
	stall   bool
	stopped func(p int)
	// watchers is the number of RollbackWatch apps connected to the relay
	// server (player 0 sets Watchers): watcher k connects k seconds after
	// the players start. watched, if set, gets their digests at tick n.
	watchers int
	watched  *[][]glue.Digest
	// longest, if set, gets each player's longest time without a tick.
	longest *[]time.Duration
	// watchAlter, if set, changes watcher k's app before it is built.
	watchAlter func(k int, app *glue.App)
}

// runRollbackWith plays the test game as r says (see runRollback).
func runRollbackWith(t *testing.T, r rbRun) ([]RollbackStats, []Desync) {
	n, delay, players := r.n, r.delay, max(r.players, 2)
	scfg := ServerConfig{Registry: rbRegistry()}
	if r.server != nil {
		r.server(&scfg)
	}
	server, srv := startServer(t, scfg, nil)
	apps := make([]*glue.App, players)
	sess := make([]*session[rbPad], players)
	var mu sync.Mutex
	var desyncs []Desync
	for p := range players {
		addr := srv.Addr()
		lag := r.lag
		if r.lags != nil {
			lag = r.lags[p]
		}
		if lag > 0 {
			pc := lagproxy.Config{Target: srv.Addr(), Latency: lag, Jitter: 30 * time.Millisecond, Seed: uint64(p + 1)}
			if r.faults != nil {
				r.faults(&pc)
			}
			proxy, err := lagproxy.Start(pc)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { proxy.Close() })
			addr = proxy.Addr()
			if r.proxies != nil {
				r.proxies(p, proxy)
			}
		}
		cfg := func(c *RollbackConfig) {
			c.Players = players
			if r.config != nil {
				r.config(p, c)
			}
		}
		apps[p], sess[p] = rbPeerWith(t, "ws://"+addr+"/net", p, delay, &desyncs, &mu, cfg)
		if r.alter != nil {
			r.alter(p, apps[p])
		}
		sess[p].holdAt = n
		if r.leaves(p) {
			sess[p].holdAt = r.leave[p]
		}
	}
	errs := make(chan error, players+r.watchers)
	var wg sync.WaitGroup
	recs := make([]rbRecord, players)
	for p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r.leaves(p) {
				err := rbPlay(apps[p], sess[p], p, r.leave[p], &recs[p])
				if !r.stall {
					apps[p].Close() // its bye
				} else if r.stopped != nil {
					r.stopped(p)
				}
				errs <- err
				return
			}
			errs <- rbPlay(apps[p], sess[p], p, n, &recs[p])
		}()
	}
	stop := stepServer(t, server) // the relay server ticks too (its heartbeat)
	watchers := make([]*glue.App, r.watchers)
	for k := range r.watchers {
		watchers[k] = rbWatcherApp(t, "ws://"+srv.Addr()+"/net", players, n, func(app *glue.App) {
			if r.watchAlter != nil {
				r.watchAlter(k, app)
			}
		})
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(k) * time.Second)
			if err := rbWatch(watchers[k], n); err != nil {
				errs <- fmt.Errorf("watcher %d: %v", k, err)
			}
		}()
	}
	wg.Wait()
	stop()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if r.leave != nil {
		r.gone = make([]uint64, players)
		for p := range players {
			if r.leaves(p) {
				r.gone[p] = sess[0].peers[p].leftAt
			}
		}
	}
	if r.compare {
		want := rbReferenceGone(t, n, int(sess[0].delay0), players, r.gone) // the delay the session chose
		if !r.fixedDelays(sess) {
			// Delays that changed during the match: the inputs each tick
			// had, as the sides recorded them, are the reference's.
			for p := range players {
				for o := range players {
					if o == p || r.leaves(p) || r.leaves(o) {
						continue
					}
					if mine, got := recs[p].own[:n+1], recs[o].theirs[p][:n+1]; !slices.Equal(mine, got) {
						t.Errorf("player %d's inputs by tick differ from those player %d got:\n%v\n%v", p+1, o+1, mine, got)
					}
				}
			}
			want = rbReferenceOf(t, n, players, r.gone, func(pl int, tk uint64) int8 {
				return recs[0].input(pl, tk)
			})
		}
		for p := range players {
			if r.leaves(p) {
				continue
			}
			if got := gameDigests(t, apps[p]); !slices.Equal(got, want) {
				t.Errorf("player %d ends with digests %v, want those of the run with every input on time, %v", p+1, got, want)
			}
		}
	}
	if r.watched != nil {
		for _, w := range watchers {
			*r.watched = append(*r.watched, gameDigests(t, w))
		}
	}
	if r.longest != nil {
		*r.longest = make([]time.Duration, players)
		for p := range players {
			(*r.longest)[p] = recs[p].longest
		}
	}
	st := make([]RollbackStats, players)
	for p := range players {
		st[p] = glue.Resource[Session](apps[p]).Stats()
		t.Logf("player %d: %+v", p, st[p])
	}
	mu.Lock()
	defer mu.Unlock()
	return st, slices.Clone(desyncs)
}

// rbWatcherApp is a watcher's app of the test game of players players,
// held at tick n.
func rbWatcherApp(t *testing.T, url string, players int, n uint64, alter ...func(*glue.App)) *glue.App {
	app := glue.NewApp()
	rbGameN(app, players)
	app.AddPlugins(RollbackWatch[rbPad]{Config: WatchConfig{URL: url, Registry: rbRegistry(), Logger: quiet(),
		Start: func(app *glue.App, seed uint64) { glue.Resource[rbScore](app).Seed = seed }}})
	for _, f := range alter {
		f(app)
	}
	t.Cleanup(app.Close)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	glue.Resource[Session](app).Hold(n)
	return app
}

// rbWatch runs a watcher's app at 60 frames a second until it has run
// tick n.
func rbWatch(app *glue.App, n uint64) error {
	tk := time.NewTicker(time.Second / 60)
	defer tk.Stop()
	deadline := time.Now().Add(60 * time.Second)
	for app.Tick() < n {
		if time.Now().After(deadline) {
			return fmt.Errorf("at tick %d after 60 s, want %d", app.Tick(), n)
		}
		<-tk.C
		if err := app.Update(); err != nil {
			return err
		}
	}
	return nil
}

// leaves reports whether player p leaves before the end.
func (r *rbRun) leaves(p int) bool { return r.leave != nil && r.leave[p] != 0 }

// stepServer runs the relay server's app at 60 ticks a second (its
// heartbeat) until stop is called or the test ends.
func stepServer(t *testing.T, server *glue.App) (stop func()) {
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tk := time.NewTicker(time.Second / 60)
		defer tk.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tk.C:
				server.Update()
			}
		}
	}()
	var once sync.Once
	stop = func() { once.Do(func() { close(quit); <-done }) }
	t.Cleanup(stop)
	return stop
}

// rbRecord is what the inputs were, tick by tick, as one player saw
// them: its own (as stamped by its session) and every other player's (as
// received), by player.
type rbRecord struct {
	own     []int8
	theirs  [][]int8      // by player; this side's nil
	longest time.Duration // the longest time between two frames that ran a tick
}

// take records the inputs stamped and received since the last frame.
func (r *rbRecord) take(s *session[rbPad]) {
	if r.own == nil {
		r.own = []int8{0} // tick 0
		r.theirs = make([][]int8, len(s.peers))
		for p := range s.peers {
			if Player(p) != s.me {
				r.theirs[p] = []int8{0}
			}
		}
	}
	for tk := uint64(len(r.own)); tk <= s.lastAt; tk++ {
		r.own = append(r.own, rbAxisOf(s.local[:], tk, s.delay0))
	}
	for p := range s.peers {
		if q := &s.peers[p]; Player(p) != s.me {
			for tk := uint64(len(r.theirs[p])); tk <= q.confirmed; tk++ {
				r.theirs[p] = append(r.theirs[p], rbAxisOf(q.remote[:], tk, s.delay0))
			}
		}
	}
}

// input returns player pl's input of tick tk as recorded (0 if not).
func (r *rbRecord) input(pl int, tk uint64) int8 {
	in := r.own
	if r.theirs[pl] != nil {
		in = r.theirs[pl]
	}
	if tk >= uint64(len(in)) {
		return 0
	}
	return in[tk]
}

// rbAxisOf returns the input of tick tk in ring (0 before 2+delay0).
func rbAxisOf(ring []tickIn[rbPad], tk, delay0 uint64) int8 {
	if tk < 2+delay0 || ring[tk%rbRing].tick != tk {
		return 0
	}
	return ring[tk%rbRing].v.Axis
}

// ownX is where player p's paddle is after tick t, by its inputs.
func (r *rbRecord) ownX(p int, t uint64) int32 {
	x := rbStartX(p)
	for k := uint64(2); k <= t && k < uint64(len(r.own)); k++ {
		x = max(0, min(400, x+int32(r.own[k])*3))
	}
	return x
}

// rbPlay runs one player's app at 60 frames a second until it has run
// tick n with the other's inputs of every tick, checking after every
// frame that its own paddle is where its inputs put it, and records the
// inputs in rec.
func rbPlay(app *glue.App, s *session[rbPad], p int, n uint64, rec *rbRecord) error {
	tk := time.NewTicker(time.Second / 60)
	defer tk.Stop()
	deadline := time.Now().Add(60*time.Second + time.Duration(n)*time.Second/30) // twice the game's time, and a minute
	last, lastAt := app.Tick(), time.Now()
	for !(s.simulated == n && s.confirmed >= n && s.firstBad == 0) {
		if time.Now().After(deadline) {
			return fmt.Errorf("player %d: tick %d, other's inputs to %d after 60 s", p+1, s.simulated, s.confirmed)
		}
		<-tk.C
		next := app.Tick() + 1
		glue.Resource[rbPad](app).Axis = rbScript(p, next)
		if err := app.Update(); err != nil {
			return fmt.Errorf("player %d: %v", p+1, err)
		}
		if s.started {
			rec.take(s)
		}
		if now := time.Now(); app.Tick() != last {
			rec.longest = max(rec.longest, now.Sub(lastAt))
			last, lastAt = app.Tick(), now
		}
		if app.Tick() == 0 {
			continue
		}
		var x int32 = -1
		for _, e := range app.Entities(nil) {
			if v, ok := app.Component(e, glue.TypeOf[rbPaddle]()); ok && v.(rbPaddle).Player == int32(p) {
				x = v.(rbPaddle).X
			}
		}
		if want := rec.ownX(p, app.Tick()); x != want { // the inputs as the session stamped them
			return fmt.Errorf("player %d: after tick %d its paddle is at %d, want %d (its own inputs applied in their ticks)", p+1, app.Tick(), x, want)
		}
	}
	return nil
}

// fixedDelays reports whether every session kept its input delay
// (RollbackConfig.FixedDelay), so that the inputs are those of the
// script delayed by it.
func (r *rbRun) fixedDelays(sess []*session[rbPad]) bool {
	for _, s := range sess {
		if !s.cfg.FixedDelay {
			return false
		}
	}
	return true
}
