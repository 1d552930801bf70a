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
