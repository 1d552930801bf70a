//go:build !js

package net

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue/internal/lagproxy"
)

// TestRollbackSoakFiveMinutes is issue #34's soak: five minutes of play
// (18,000 ticks) with the default settings through links of 50 ms
// (+ up to 30 ms) each way on which 2 % of the chunks are held back by a
// further 250 ms (TCP's answer to a lost packet) and everything stalls
// for 1 s every 30 s. Both players end with the digests of the game fed
// the inputs each tick had, no desync is reported, and neither goes
// without a tick for longer than 10 s (DisconnectAfter would end it
// sooner). It runs only with GLUE_SOAK=1 (make test does not run it):
//
//	GLUE_SOAK=1 go test -count=1 -run TestRollbackSoakFiveMinutes -v -timeout 20m ./modules/net/
//
// TestRollbackSoakHeldBackAndStalls is its short form, in make test.
func TestRollbackSoakFiveMinutes(t *testing.T) {
	if os.Getenv("GLUE_SOAK") != "1" {
		t.Skip("a 5-minute soak; run with GLUE_SOAK=1")
	}
	const n = 5 * 60 * 60
	start := time.Now()
	var longest []time.Duration
	var proxy [2]*lagproxy.Proxy
	st, desyncs := runRollbackWith(t, rbRun{n: n, lag: 50 * time.Millisecond, compare: true,
		config:  func(p int, c *RollbackConfig) { c.FixedDelay = false },
		proxies: func(p int, px *lagproxy.Proxy) { proxy[p] = px },
		longest: &longest,
		faults: func(c *lagproxy.Config) {
			c.HoldBack, c.HoldBackBy = 0.02, 250*time.Millisecond
			c.StallEvery, c.StallFor = 30*time.Second, time.Second
		}})
	if len(desyncs) > 0 {
		t.Errorf("desyncs: %v", desyncs)
	}
	wall := time.Since(start)
	for p := range 2 {
		ps := proxy[p].Stats()
		t.Logf("player %d: %d ticks in %v (%.1f ticks/s), longest without a tick %v; %d rollbacks (%d ticks re-run, at most %d), %d stalls, %d interruptions, %d resends, %d digests compared; proxy: %d chunks, %d held back",
			p+1, n, wall.Round(time.Second), float64(n)/wall.Seconds(), longest[p].Round(time.Millisecond),
			st[p].Rollbacks, st[p].Resimulated, st[p].MaxDepth, st[p].Stalls, st[p].Interruptions, st[p].Resends, st[p].Digests, ps.Chunks, ps.HeldBack)
		if longest[p] > 10*time.Second {
			t.Errorf("player %d went %v without a tick: a freeze", p+1, longest[p])
		}
		if st[p].Digests < n/30-10 {
			t.Errorf("player %d compared %d digests, want about %d (one every 30 ticks)", p+1, st[p].Digests, n/30)
		}
	}
	if out, err := exec.Command("uptime").Output(); err == nil {
		t.Logf("load: %s", strings.TrimSpace(string(out)))
	}
}
