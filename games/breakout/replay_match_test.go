//go:build !js

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/replay"
)

// A networked match replays on any machine, offline, to the digest the
// live game reached (issue #34, item 8). Two players play breakout's
// -rollback game through a lag proxy of 60 ms plus up to 30 ms of
// jitter each way, with an outage of 500 ms in the middle; both record.
// Each recording holds every player's confirmed inputs and the match's
// seed, ends at the tick the match was held at, with the same final
// digest as the other's, and replays in a fresh app with no network to
// that digest and to the live game's state.
func TestReplayRollbackMatch(t *testing.T) {
	const n, seeds = 600, 11
	files := recordMatch(t, n, [2]uint64{seeds, 999})
	var finals [2]uint64
	for p, file := range files {
		rec, err := replay.Open(nil, file)
		if err != nil {
			t.Fatal(err)
		}
		m := rec.Match
		size := len(rec.Encode())
		t.Logf("player %d's recording: %d bytes, %d ticks, %d input changes, match %+v, final digest %016x", p, size, rec.Ticks, rec.Inputs(), m, rec.Final)
		if rec.Ticks != n || m.Players != 2 || m.Player != p || m.Seed != seeds || m.Input != "main.RollbackPad" {
			t.Errorf("player %d's recording: %d ticks of match %+v; want %d ticks of 2 players recorded by player %d, seed %d, input main.RollbackPad", p, rec.Ticks, m, n, p, seeds)
		}
		if rec.Inputs() < 20 {
			t.Errorf("player %d's recording holds %d input changes; both players steered", p, rec.Inputs())
		}
		finals[p] = rec.Final
	}
	if finals[0] != finals[1] {
		t.Errorf("the two sides' recordings end at final digests %016x and %016x: the same match", finals[0], finals[1])
	}
	for p, file := range files {
		app, err := replayMatch(t, file)
		if err != nil {
			t.Fatalf("replaying player %d's recording: %v", p, err)
		}
		if got, want := gameDigests(t, app), liveDigests; !slices.Equal(got, want) {
			t.Errorf("player %d's recording replays to\n%v\nthe live game ended at\n%v", p, got, want)
		}
	}
}

// liveDigests are the live game's digests at the end of recordMatch.
var liveDigests []glue.Digest

// recordMatch plays breakout's -rollback game of n ticks, the guest
// through a lag proxy with an outage of 500 ms, both players recording,
// and returns the two recordings' files.
func recordMatch(t *testing.T, n uint64, seeds [2]uint64) [2]string {
	t.Helper()
	dir := t.TempDir()
	files := [2]string{filepath.Join(dir, "host.replay"), filepath.Join(dir, "guest.replay")}
	addr := freeAddr(t)
	proxy, err := lagproxy.Start(lagproxy.Config{Target: addr, Latency: 60 * time.Millisecond, Jitter: 30 * time.Millisecond, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proxy.Close() })
	nets := [2]netflags.Flags{{Serve: addr}, {Peer: "ws://" + proxy.Addr() + "/net"}}
	var apps [2]*glue.App
	for p := range apps {
		cfg := Config{Seed: seeds[p], Settings: DefaultSettings(), Headless: true, Sequential: true, NoDiag: true, Net: nets[p], Rollback: true}
		cfg.Settings.Players = 2
		apps[p] = NewApp(cfg).AddPlugins(&replay.Plugin{Record: files[p], Seed: seeds[p], Logger: quietLog()})
	}
	var once sync.Once
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for p, app := range apps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[p] = playHeld(app, p, n, func(tick uint64) {
				if tick >= n/3 {
					once.Do(func() { proxy.Cut(lagproxy.Hold, 500*time.Millisecond) })
				}
			})
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if st := proxy.Stats(); st.Cuts != 1 {
		t.Fatalf("the link was cut %d times, want once: %+v", st.Cuts, st)
	}
	liveDigests = gameDigests(t, apps[0])
	if got := gameDigests(t, apps[1]); !slices.Equal(got, liveDigests) {
		t.Fatalf("the live players end apart:\n%v\n%v", liveDigests, got)
	}
	for p, app := range apps {
		st := glue.Resource[net.Session](app).Stats()
		t.Logf("player %d: rollbacks %d, re-run ticks %d, stalls %d, interruptions %d, desyncs %d", p, st.Rollbacks, st.Resimulated, st.Stalls, st.Interruptions, st.Desyncs)
		if st.Desyncs > 0 {
			t.Errorf("player %d: desync: %v", p, st.LastDesync)
		}
		app.Close() // writes the recording
	}
	return files
}

// playHeld runs one player's side at 60 frames a second, pressing its
// keys, until it has run tick n with every input to n (then it holds
// there); each is called with the tick after every frame.
func playHeld(app *glue.App, p int, n uint64, each func(uint64)) error {
	tk := time.NewTicker(time.Second / 60)
	defer tk.Stop()
	deadline := time.Now().Add(120 * time.Second)
	for {
		if st := glue.Resource[net.Session](app); st != nil {
			if s := st.Stats(); s.Tick >= n && s.Confirmed >= n {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("player %d: not at tick %d after 120 s: %+v", p, n, glue.Resource[net.Session](app).Stats())
		}
		<-tk.C
		if app.Tick() >= n {
			glue.Resource[net.Session](app).Hold(n)
		}
		rbPress(app, p, app.Tick()+1)
		if err := app.Update(); err != nil {
			return fmt.Errorf("player %d: %v", p, err)
		}
		each(app.Tick())
	}
}

// replayMatch replays a match's recording in a fresh app of the game's
// rollback mode, with no network, to its end; it returns the app
// (closed) and the replay's error.
func replayMatch(t *testing.T, file string) (*glue.App, error) {
	t.Helper()
	rec, err := replay.Open(nil, file)
	if err != nil {
		return nil, err
	}
	cfg := Config{Seed: rec.Seed, Settings: DefaultSettings(), Headless: true, Sequential: true, NoDiag: true, Rollback: true}
	cfg.Settings.Players = 2
	p := &replay.Plugin{Replay: file, Seed: rec.Seed, Logger: quietLog()}
	app := NewApp(cfg).AddPlugins(p)
	defer app.Close()
	for range rec.Ticks + 10 {
		if err := app.Update(); err != nil {
			if errors.Is(err, glue.ErrEnded) {
				break
			}
			return app, err
		}
	}
	if err := p.Err(); err != nil {
		return app, err
	}
	if st := glue.Resource[replay.Status](app); !st.Done || st.Tick != rec.Ticks || app.Tick() != rec.Ticks {
		return app, fmt.Errorf("the replay stopped at tick %d (app %d) of %d, done %v", st.Tick, app.Tick(), rec.Ticks, st.Done)
	}
	if s := glue.Resource[net.Session](app).Stats(); s.Tick != rec.Ticks || s.Rollbacks != 0 {
		return app, fmt.Errorf("the replay's session ran to tick %d with %d rollbacks; want %d and none", s.Tick, s.Rollbacks, rec.Ticks)
	}
	return app, nil
}

// -replay of a rollback match's recording plays it offline through the
// game's main — no server, no connection — and checks its final digest:
// exit 0 at the digest, exit 1 naming it otherwise (issue #34).
func TestReplayRollbackMatchFlags(t *testing.T) {
	const n = 240
	files := recordMatch(t, n, [2]uint64{21, 22})
	// The flags each side's -record keeps ("-seed" aside).
	flags := [2][]string{{"serve=127.0.0.1:1", "players=2", "rollback=true"}, {"join=ws://127.0.0.1:1/net", "rollback=true"}}
	for p, file := range files {
		rec, err := replay.Open(nil, file)
		if err != nil {
			t.Fatal(err)
		}
		rec.Flags = flags[p]
		if err := os.WriteFile(file, rec.Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errs bytes.Buffer
		if rc := run([]string{"-replay", file, "-headless"}, &out, &errs); rc != 0 || !strings.HasPrefix(out.String(), fmt.Sprintf("ticks %d ", n)) {
			t.Errorf("-replay of player %d's recording: exit %d, stdout %q, stderr %s; want exit 0 after tick %d", p, rc, out.String(), errs.String(), n)
		}
		rec.Final ^= 0x5a5a
		if err := os.WriteFile(file, rec.Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		errs.Reset()
		if rc := run([]string{"-replay", file, "-headless"}, &out, &errs); rc != 1 || !strings.Contains(errs.String(), "final digest") || !strings.Contains(errs.String(), fmt.Sprintf("tick %d", n)) {
			t.Errorf("-replay of player %d's recording with another final digest: exit %d, stderr %q; want exit 1 naming the final digest and tick %d", p, rc, errs.String(), n)
		}
	}
}

// quietLog is a logger that writes nothing.
func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
