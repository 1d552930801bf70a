//go:build !js

package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/render"
)

// syncTestTicks is how many ticks the sync test of breakout runs:
// issue #34's 10,000 without the race detector, 1,500 with it (each tick
// is 9 ticks, 9 checkpoints and 9 digests: the race detector's tenfold
// cost on 2 shared cores is minutes), and 1,500 with -short.
func syncTestTicks() int {
	if raceEnabled || testing.Short() {
		return 1500
	}
	return 10000
}

// The two-player rollback game of breakout passes the sync test: every
// tick, the 8 ticks before it are run again from their checkpoint with
// the same inputs (player 0 from the keys through SampleRollback, player
// 1 scripted) and every re-run tick's digests are its first run's.
func TestSyncTestBreakout(t *testing.T) {
	n := syncTestTicks()
	cfg := Config{Seed: 7, Settings: DefaultSettings(), Headless: true, Sequential: true, NoDiag: true}
	cfg.Settings.Players = 2
	app := NewApp(cfg)
	defer app.Close()
	glue.Resource[Seats](app).Clients = []net.ClientID{1, 2} // seated as a rollback game is (newSeats)
	app.AddPlugins(net.SyncTest[RollbackPad]{Config: net.SyncTestConfig{
		Seed:   cfg.Seed,
		Start:  func(app *glue.App, seed uint64) { *glue.Resource[Rng](app) = NewRng(seed) },
		Remote: func(t uint64, _ int) any { return rbKeys(1, t) },
		// As rollbackPlugin keeps them: the machine's own.
		Keep: append([]glue.Type{glue.TypeOf[input.Devices](), glue.TypeOf[input.State](),
			glue.TypeOf[render.Screen](), glue.TypeOf[render.Camera](), glue.TypeOf[render.DrawList]()}, audio.Machine()...),
	}})
	app.InsertResource(RollbackPad{})
	app.AddSystems(glue.PreUpdate, glue.Func(SampleRollback).After(input.MapSystem))
	app.AddSystems(glue.First, audio.SilenceWhile(net.Rerunning()))
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	var launches, phases int
	last := Phase(-1)
	for i := range n {
		tk := uint64(i + 1)
		rbPress(app, 0, tk)
		if err := app.Update(); err != nil {
			t.Fatalf("tick %d: %v", tk, err)
		}
		if rbKeys(0, tk).Launch || rbKeys(1, tk).Launch {
			launches++
		}
		if p := glue.StateAfter[Phase](app); p != last {
			phases++
			last = p
		}
	}
	st := glue.Resource[net.Session](app).Stats()
	want := uint64(n - net.DefaultSyncCheck)
	if st.Tick != uint64(n) || st.Rollbacks != want || st.Resimulated != want*net.DefaultSyncCheck || st.Desyncs != 0 {
		t.Errorf("after %d ticks: %+v; want %d rollbacks of %d ticks, no desync", n, st, want, net.DefaultSyncCheck)
	}
	// The test is worth something only if the game was played: the
	// paddles moved, the ball was launched and the game changed phase.
	g := glue.Resource[Game](app)
	if launches == 0 || phases < 2 || g.Hits == 0 {
		t.Errorf("the game was hardly played: %d launches pressed, %d phases, %d bricks hit", launches, phases, g.Hits)
	}
	t.Logf("%d ticks, %d re-run; phase %s, score %d, lives %d, bricks hit %d", n, st.Resimulated, glue.StateAfter[Phase](app), g.Score, g.Lives, g.Hits)
}
