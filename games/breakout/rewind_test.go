package main

import (
	"runtime"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/diag"
)

// TestRewindMemory plays 20 s of breakout (the autopilot, a stress level
// of 1000 bricks and the thesis's 6x6) with the overlay shown, so that
// the rewind keeps its history, and checks that it holds the last 10 s
// in at most 32 MB — as the overlay counts it (snapshots and recorded
// input), and as the heap grows. Run with -v for the figures
// (docs/replay.md).
func TestRewindMemory(t *testing.T) {
	for _, bricks := range []int{0, 1000} {
		heap := func() uint64 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapAlloc
		}
		cfg := Config{Seed: 3, Headless: true, Diag: true, Settings: DefaultSettings()}
		cfg.Settings.Autopilot, cfg.Settings.Bricks, cfg.Settings.Lives = true, bricks, 100
		app := NewApp(cfg)
		for range 60 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		before := heap()
		for range 1200 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		grown := int64(heap()) - int64(before)
		first, last, _, bytes := glue.Resource[diag.Overlay](app).History()
		secs := float64(last-first+1) / 60
		t.Logf("bricks %d: the rewind holds ticks %d-%d (%.1f s) in %s (overlay's count); the heap grew %s over those 20 s", bricks, first, last, secs, diag.Bytes(uint64(bytes)), diag.Bytes(uint64(max(grown, 0))))
		if secs < 10 {
			t.Errorf("bricks %d: the rewind holds %.1f s, want the last 10 s", bricks, secs)
		}
		if bytes > 32<<20 || grown > 32<<20 {
			t.Errorf("bricks %d: the rewind takes %d bytes (heap +%d), more than 32 MB", bricks, bytes, grown)
		}
		app.Close()
	}
}

// TestRewindBudget: with a budget of 1 MB, the history of the 1000-brick
// level is cut to what fits, and the overlay's count stays under it.
func TestRewindBudget(t *testing.T) {
	cfg := Config{Seed: 3, Headless: true, NoDiag: true, Settings: DefaultSettings()}
	cfg.Settings.Autopilot, cfg.Settings.Bricks = true, 1000
	app := NewApp(cfg).AddPlugins(diag.Plugin{Show: true, RewindBytes: 1 << 20})
	defer app.Close()
	for range 600 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	first, last, _, bytes := glue.Resource[diag.Overlay](app).History()
	snaps := bytes - 620*232 // less the recorded input
	t.Logf("1 MB budget: ticks %d-%d in %s", first, last, diag.Bytes(uint64(bytes)))
	if snaps > 1<<20+120<<10 || last-first+1 >= 600 || last != 600 {
		t.Errorf("with a 1 MB budget the history is ticks %d-%d in %d bytes", first, last, bytes)
	}
}
