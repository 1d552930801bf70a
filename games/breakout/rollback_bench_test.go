package main

import (
	"slices"
	"testing"

	"github.com/gluekit/glue"
)

// rollbackApp is a headless breakout on one worker that has played
// ticks ticks with the autopilot (served, the ball in flight, bricks
// broken).
func rollbackApp(tb testing.TB, ticks int) *glue.App {
	cfg := Config{Seed: 1, Settings: DefaultSettings(), Scale: 2, Headless: true, Sequential: true, NoDiag: true}
	cfg.Settings.Autopilot = true
	app := NewApp(cfg)
	for range ticks {
		if err := app.Update(); err != nil {
			tb.Fatal(err)
		}
	}
	return app
}

// BenchmarkRollback8 measures one rollback of issue #28's goal: restore
// the checkpoint of 8 ticks ago and run the 8 ticks again (breakout,
// one worker, no window; goal 2 ms, 0 allocations):
//
//	go test -run '^$' -bench Rollback8 -benchtime 2000x ./games/breakout
func BenchmarkRollback8(b *testing.B) {
	app := rollbackApp(b, 200)
	defer app.Close()
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Restore(app); err != nil {
			b.Fatal(err)
		}
		for range 8 {
			if err := app.Update(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCheckpointSave measures what a rollback game pays every tick
// besides the tick: saving its checkpoint (breakout in play, 40
// entities):
//
//	go test -run '^$' -bench CheckpointSave ./games/breakout
func BenchmarkCheckpointSave(b *testing.B) {
	app := rollbackApp(b, 200)
	defer app.Close()
	var c glue.Checkpoint
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Save(app); err != nil {
			b.Fatal(err)
		}
	}
}

// A rollback re-runs breakout exactly: the checkpoint of a game in play,
// restored and run again for 400 ticks (bricks break, balls are lost and
// served again), ends with the game and the digests of the first run.
func TestRollbackRerunsBreakout(t *testing.T) {
	app := rollbackApp(t, 100)
	defer app.Close()
	var c, end glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	play := func() ([]glue.Digest, Game) {
		for range 400 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if err := end.Save(app); err != nil {
			t.Fatal(err)
		}
		return end.Digest(nil), *glue.Resource[Game](app)
	}
	want, wantGame := play()
	if wantGame.Hits == 0 {
		t.Fatal("no brick broken: the test tests nothing")
	}
	if err := c.Restore(app); err != nil {
		t.Fatal(err)
	}
	if got, game := play(); !slices.Equal(got, want) || game != wantGame {
		t.Fatalf("the re-run ends with %+v and digests\n%v\nwant %+v and\n%v", game, got, wantGame, want)
	}
}
