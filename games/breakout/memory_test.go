//go:build !js

package main

import (
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestHeapIsFlatOverManyGames plays game after game with the autopilot
// (R restarts every 1,500 ticks) and reads the live heap after a
// collection at the end of each: it must not grow round after round. A
// count test, not a timing one: the figures are bytes after the same
// number of ticks. (The browser's memory test is in
// web/test/memory.test.mjs.)
func TestHeapIsFlatOverManyGames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 12,000 ticks")
	}
	app, _ := hudApp(t)
	const rounds, ticksPerRound = 8, 1500
	live := make([]uint64, 0, rounds)
	var ms runtime.MemStats
	for r := range rounds {
		for range ticksPerRound {
			tick(t, "play", app)
		}
		press(t, app, ebiten.KeyR)
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&ms)
		live = append(live, ms.HeapAlloc)
		t.Logf("round %d: %d KiB live", r, ms.HeapAlloc/1024)
	}
	// Steady growth: every round above the one before, and the last well
	// above the second (the first round warms caches).
	grew := 0
	for i := 2; i < len(live); i++ {
		if live[i] > live[i-1] {
			grew++
		}
	}
	if last, base := live[len(live)-1], live[1]; grew == len(live)-2 && last > base+base/4 {
		t.Errorf("the live heap grew every round, from %d to %d KiB: %v", base/1024, last/1024, live)
	}
}
