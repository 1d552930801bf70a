//go:build !js

package net

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/replay"
	"github.com/gluekit/glue/modules/save"
)

// A rollback match of three players, through lag proxies of 20, 80 and
// 150 ms plus up to 30 ms of jitter, watched by a watcher: the three
// players and the watcher record it with replay.Plugin (the session
// hands the recording every player's confirmed inputs and the match's
// seed; issue #34, item 8). The four recordings end at the same final
// digest, and each replays offline — no server — in a fresh player's app
// to that digest and to the live game's state.
func TestRecordThreePlayersAndAWatcher(t *testing.T) {
	t.Parallel()
	const n = 300
	stores := make([]*save.Memory, 4) // players 0 to 2, the watcher
	apps := make([]*glue.App, 4)
	record := func(i int, app *glue.App) {
		stores[i], apps[i] = &save.Memory{}, app
		app.AddPlugins(&replay.Plugin{Record: "match", Store: stores[i], Logger: quiet()})
	}
	var watched [][]glue.Digest
	_, desyncs := runRollbackWith(t, rbRun{n: n, players: 3, lags: []time.Duration{20 * time.Millisecond, 80 * time.Millisecond, 150 * time.Millisecond},
		watchers: 1, watched: &watched, compare: true,
		config:     func(_ int, c *RollbackConfig) { c.Watchers = true },
		alter:      record,
		watchAlter: func(_ int, app *glue.App) { record(3, app) }})
	if len(desyncs) > 0 {
		t.Fatalf("desyncs: %v", desyncs)
	}
	live := gameDigests(t, apps[0])
	if len(watched) != 1 || !slices.Equal(watched[0], live) {
		t.Fatalf("the watcher ends at %v, the players at %v", watched, live)
	}
	for _, app := range apps {
		app.Close() // writes the recording
	}
	var final uint64
	for i, store := range stores {
		data, err := store.Read("match")
		if err != nil {
			t.Fatalf("recording %d: %v", i, err)
		}
		rec, err := replay.Decode(data)
		if err != nil {
			t.Fatalf("recording %d: %v", i, err)
		}
		side := i
		if i == 3 {
			side = -1 // the watcher
		}
		t.Logf("recording %d: %d bytes, %d ticks, %d input changes, match %+v, final %016x", i, len(data), rec.Ticks, rec.Inputs(), rec.Match, rec.Final)
		if m := rec.Match; rec.Ticks != n || m.Players != 3 || m.Player != side || m.Seed != 42 || !strings.HasSuffix(m.Input, "rbPad") {
			t.Errorf("recording %d: %d ticks of match %+v; want %d ticks of 3 players recorded by side %d, seed 42", i, rec.Ticks, m, n, side)
		}
		if i == 0 {
			final = rec.Final
		} else if rec.Final != final {
			t.Errorf("recording %d ends at final digest %016x, player 0's at %016x", i, rec.Final, final)
		}
		app, p := replayApp(t, 3, store)
		if err := runReplay(app, n); err != nil {
			t.Errorf("replaying recording %d: %v", i, err)
			continue
		}
		if err := p.Err(); err != nil {
			t.Errorf("replaying recording %d: %v", i, err)
		}
		if got := gameDigests(t, app); !slices.Equal(got, live) {
			t.Errorf("recording %d replays to %v, the live game ended at %v", i, got, live)
		}
		if st := glue.Resource[Session](app).Stats(); st.Tick != n || st.Rollbacks != 0 || st.BytesSent != 0 {
			t.Errorf("replaying recording %d: %+v; want tick %d, no rollback, nothing sent", i, st, n)
		}
	}
}

// replayApp is a fresh player's app of the test game of players players,
// with no server, replaying the recording "match" of store.
func replayApp(t *testing.T, players int, store *save.Memory) (*glue.App, *replay.Plugin) {
	app := glue.NewApp()
	rbGameN(app, players)
	app.AddPlugins(Rollback[rbPad]{Config: RollbackConfig{Players: players, Registry: rbRegistry(), Logger: quiet(),
		Start: func(app *glue.App, seed uint64) { glue.Resource[rbScore](app).Seed = seed }}})
	app.InsertResource(rbPad{})
	p := &replay.Plugin{Replay: "match", Store: store, Logger: quiet()}
	app.AddPlugins(p)
	t.Cleanup(app.Close)
	return app, p
}

// runReplay runs app until it ends, at most n+10 ticks.
func runReplay(app *glue.App, n uint64) error {
	for range n + 10 {
		if err := app.Update(); err != nil {
			if errors.Is(err, glue.ErrEnded) {
				return nil
			}
			return err
		}
	}
	return errors.New("the replay did not end")
}

// A match's recording replayed by a session of another number of players,
// or by an app with no session, is refused with the reason.
func TestReplayedMatchMisuse(t *testing.T) {
	store := &save.Memory{}
	var host *glue.App
	runRollbackWith(t, rbRun{n: 120, alter: func(p int, app *glue.App) {
		if p == 0 {
			host = app
			app.AddPlugins(&replay.Plugin{Record: "match", Store: store, Logger: quiet()})
		}
	}})
	host.Close()
	app, _ := replayApp(t, 3, store)
	if err := runReplay(app, 120); err == nil || !strings.Contains(err.Error(), "the replayed match has 2 players, and this session's RollbackConfig.Players is 3") {
		t.Errorf("a match of 2 replayed by a session of 3: %v", err)
	}
	app = glue.NewApp()
	rbGameN(app, 2)
	app.AddPlugins(&replay.Plugin{Replay: "match", Store: store, Logger: quiet()})
	t.Cleanup(app.Close)
	if err := runReplay(app, 120); err == nil || !strings.Contains(err.Error(), "is a networked match of 2 players (input net.rbPad), and no rollback session in this app plays it") {
		t.Errorf("a match replayed without a session: %v; want an error saying no session plays it", err)
	}
}
