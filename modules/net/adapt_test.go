//go:build !js

package net

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/lagproxy"
)

// With the default settings the input delay follows the round trip
// during the match: both links at 10 ms each way, then 150 ms from tick
// 200, then 10 ms again from tick 700. The delay rises after the link
// slows and falls after it speeds up again, and both players end with
// the digests of the game fed the inputs each tick had — the delay's
// changes are part of the input stream both sides see (runRollbackWith
// checks that each side's inputs by tick are those the other got).
// It asserts no speed.
func TestRollbackDelayFollowsTheLink(t *testing.T) {
	if testing.Short() {
		t.Skip("25 s of play; run without -short")
	}
	const n, slowAt, fastAt = 1300, 200, 700
	var proxy [2]*lagproxy.Proxy
	var before, most, after [2]int
	var changes [2]uint64
	var slowed, sped atomic.Bool
	st, desyncs := runRollbackWith(t, rbRun{n: n, lag: 10 * time.Millisecond, compare: true,
		config:  func(p int, c *RollbackConfig) { c.FixedDelay = false },
		proxies: func(p int, px *lagproxy.Proxy) { proxy[p] = px },
		alter: func(p int, app *glue.App) {
			app.AddSystems(glue.Last, glue.Func(func(struct{}) {
				s := glue.Resource[Session](app).s.(*session[rbPad])
				d, tk := s.cfg.InputDelay, app.Tick()+1
				changes[p] = s.delayChanges
				switch {
				case tk < slowAt:
					before[p] = d
				case tk < fastAt:
					if p == 0 && !slowed.Swap(true) {
						proxy[0].SetLatency(150 * time.Millisecond)
						proxy[1].SetLatency(150 * time.Millisecond)
					}
					most[p] = max(most[p], d)
				default:
					if p == 0 && !sped.Swap(true) {
						proxy[0].SetLatency(10 * time.Millisecond)
						proxy[1].SetLatency(10 * time.Millisecond)
					}
					after[p] = d
				}
			}).Named("link"))
		}})
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
	for p := range 2 {
		t.Logf("player %d: delay %d before tick %d, at most %d until tick %d, %d at the end; %d changes; round trip at the end %v",
			p+1, before[p], slowAt, most[p], fastAt, after[p], changes[p], st[p].RoundTrip)
		if most[p] <= before[p] {
			t.Errorf("player %d: input delay %d before the link slowed, at most %d after: it did not rise", p+1, before[p], most[p])
		}
		if after[p] >= most[p] {
			t.Errorf("player %d: input delay %d at the end, %d while the link was slow: it did not fall when the link sped up again", p+1, after[p], most[p])
		}
	}
}
