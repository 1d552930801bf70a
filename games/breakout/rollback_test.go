//go:build !js

package main

import (
	"fmt"
	stdnet "net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/physics"
	"github.com/hajimehoshi/ebiten/v2"
)

// rbKeys is player p's keys in tick t of the test game: steering runs
// either way and rests, and Space (launch) now and then.
func rbKeys(p int, t uint64) RollbackPad {
	var pad RollbackPad
	switch (t/uint64(11+6*p) + uint64(p)) % 4 {
	case 0:
		pad.Axis = 1
	case 2:
		pad.Axis = -1
	}
	pad.Launch = t%97 == uint64(20+30*p)
	return pad
}

// rbPress writes player p's keys of tick t to the app's devices.
func rbPress(app *glue.App, p int, t uint64) {
	d := glue.Resource[input.Devices](app)
	clear(d.Keys[:])
	pad := rbKeys(p, t)
	d.Keys[ebiten.KeyRight] = pad.Axis > 0
	d.Keys[ebiten.KeyLeft] = pad.Axis < 0
	d.Keys[ebiten.KeySpace] = pad.Launch
}

// paddleXs returns the paddles' x by seat.
func paddleXs(app *glue.App) [maxPlayers]float64 {
	var xs [maxPlayers]float64
	for _, e := range app.Entities(nil) {
		if v, ok := app.Component(e, glue.TypeOf[Paddle]()); ok {
			b, _ := app.Component(e, glue.TypeOf[physics.Body]())
			xs[v.(Paddle).Seat] = b.(physics.Body).Pos.X
		}
	}
	return xs
}

// gameDigests returns the digests of the game's state: what both
// players' games hold, not their machines' own resources.
func gameDigests(t *testing.T, app *glue.App) []glue.Digest {
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	var out []glue.Digest
	for _, d := range c.Digest(nil) {
		if strings.HasPrefix(d.Name, "net.") || strings.HasPrefix(d.Name, "input.") || strings.HasPrefix(d.Name, "render.") || d.Name == "breakout.RollbackPad" || d.Name == "main.RollbackPad" {
			continue
		}
		out = append(out, d)
	}
	return out
}

// rbOnTime runs the two-player game to tick n with both players' inputs
// handed over on time, and returns its digests and the paddles' x after
// every tick.
func rbOnTime(t *testing.T, seed uint64, n uint64) ([]glue.Digest, [][maxPlayers]float64) {
	cfg := Config{Seed: seed, Settings: DefaultSettings(), Headless: true, Sequential: true, NoDiag: true}
	cfg.Settings.Players = 2
	app := NewApp(cfg)
	defer app.Close()
	glue.Resource[Seats](app).Clients = []net.ClientID{1, 2} // seated as a rollback game is (newSeats)
	app.InsertResource(net.PlayerInputs[RollbackPad]{})
	app.AddSystems(glue.PreUpdate, glue.Func(func(p struct {
		In   glue.ResMut[net.PlayerInputs[RollbackPad]]
		Tick glue.Local[uint64]
	}) {
		*p.Tick.Get()++
		tk := *p.Tick.Get()
		var pads [2]RollbackPad
		if tk >= 2 {
			pads = [2]RollbackPad{rbKeys(0, tk), rbKeys(1, tk)}
		}
		in := p.In.Get()
		in.Tick = tk
		in.Set(0, pads[0], net.Confirmed)
		in.Set(1, pads[1], net.Confirmed)
	}))
	xs := [][maxPlayers]float64{{}}
	for range n {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		xs = append(xs, paddleXs(app))
	}
	return gameDigests(t, app), xs
}

// freeAddr returns a free port of 127.0.0.1.
func freeAddr(t *testing.T) string {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestRollbackBreakout plays breakout's two-player game with -rollback:
// the host serves and plays paddle 1; the other player joins through a
// lag proxy of 100 ms plus up to 30 ms of jitter each way and plays
// paddle 2. Both end at tick 400 with the digests of the game played with
// every input on time, and after every tick each player's own paddle is
// where that game has it: it responds in the tick of its key. Each tone
// is heard once (audio.Heard), when its tick first runs, not again when
// a rollback runs the tick again.
func TestRollbackBreakout(t *testing.T) {
	const n, seed = 400, 11
	want, wantXs := rbOnTime(t, seed, n)
	addr := freeAddr(t)
	cfg := Config{Seed: seed, Settings: DefaultSettings(), Headless: true, Sequential: true, NoDiag: true, Net: netflags.Flags{Serve: addr}, Rollback: true}
	cfg.Settings.Players = 2
	host := NewApp(cfg)
	t.Cleanup(host.Close)
	proxy, err := lagproxy.Start(lagproxy.Config{Target: addr, Latency: 100 * time.Millisecond, Jitter: 30 * time.Millisecond, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proxy.Close() })
	cfg = Config{Seed: 999, Settings: DefaultSettings(), Headless: true, Sequential: true, NoDiag: true, Net: netflags.Flags{Peer: "ws://" + proxy.Addr() + "/net"}, Rollback: true}
	cfg.Settings.Players = 2
	guest := NewApp(cfg)
	t.Cleanup(guest.Close)

	apps := [2]*glue.App{host, guest}
	// The tones queued in each tick's first run, and in its re-runs.
	var firstTones, rerunTones [2]uint64
	for p, app := range apps {
		queued := func(s glue.Res[audio.Sounds]) uint64 { return uint64(len(s.Get().Queued()) + s.Get().QueuedSamples()) }
		app.AddSystems(glue.PostUpdate,
			glue.Func(func(s glue.Res[audio.Sounds]) { firstTones[p] += queued(s) }).Named("FirstRunTones").RunIf(glue.Not(net.Rerunning())),
			glue.Func(func(s glue.Res[audio.Sounds]) { rerunTones[p] += queued(s) }).Named("RerunTones").RunIf(net.Rerunning()))
	}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for p, app := range apps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[p] = rbPlayBreakout(app, p, n, wantXs)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for p, app := range apps {
		if got := gameDigests(t, app); !slices.Equal(got, want) {
			t.Errorf("player %d ends with digests\n%v\nwant those of the game with every input on time\n%v", p+1, got, want)
		}
		st := glue.Resource[net.Session](app).Stats()
		t.Logf("player %d: %+v", p+1, st)
		if st.Desyncs > 0 {
			t.Errorf("player %d: desync: %v", p+1, st.LastDesync)
		}
		// Each tone is heard once, when its tick first runs; the re-runs'
		// are counted in Sounds (the game's) but not played again.
		t.Logf("player %d: %d tones in first runs, %d in re-runs, %d heard, %d played", p+1, firstTones[p], rerunTones[p], audio.Heard(app), glue.Resource[audio.Sounds](app).Played())
		if got := audio.Heard(app); got != firstTones[p] {
			t.Errorf("player %d heard %d tones, want %d, those of the ticks' first runs (re-runs queued %d more)", p+1, got, firstTones[p], rerunTones[p])
		}
	}
	if rerunTones[0]+rerunTones[1] == 0 {
		t.Error("no tone queued in a re-run tick: the silencing is not tested")
	}
	if g := glue.Resource[Game](host); g.Hits == 0 && g.Lives == DefaultSettings().Lives {
		t.Errorf("nothing happened in the game: %+v", *g)
	}
}

// rbPlayBreakout runs one player's game at 60 frames a second, pressing
// its keys, until it has run tick n with the other's inputs to n; after
// every frame its own paddle must be where the on-time game had it.
func rbPlayBreakout(app *glue.App, p int, n uint64, wantXs [][maxPlayers]float64) error {
	tk := time.NewTicker(time.Second / 60)
	defer tk.Stop()
	deadline := time.Now().Add(90 * time.Second)
	for {
		st := glue.Resource[net.Session](app)
		if st != nil {
			if s := st.Stats(); s.Tick >= n && s.Confirmed >= n {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("player %d: not at tick %d after 90 s: %+v", p+1, n, st.Stats())
		}
		<-tk.C
		if app.Tick() >= n {
			// Hold at tick n: only take in the other's last inputs.
			glue.Resource[net.Session](app).Hold(n)
		}
		rbPress(app, p, app.Tick()+1)
		if err := app.Update(); err != nil {
			return fmt.Errorf("player %d: %v", p+1, err)
		}
		if tick := app.Tick(); tick > 0 && tick <= n {
			if got, want := paddleXs(app)[p], wantXs[tick][p]; got != want {
				return fmt.Errorf("player %d: after tick %d its paddle is at x %v, want %v (as in the game with every input on time)", p+1, tick, got, want)
			}
		}
	}
}
