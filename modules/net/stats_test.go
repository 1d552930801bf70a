//go:build !js

package net

import (
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// The Stats resource follows the session through lag proxies of 100 ms
// (+ up to 30 ms) each way: its round trip is at least the four links'
// latency between the players (through the relay), bytes went both
// ways, the ticks re-run and the delay in use are the session's, and
// refreshing it allocates nothing. Its overlay lines say so.
func TestStatsFollowTheLink(t *testing.T) {
	const lag = 100 * time.Millisecond
	var apps [2]*glue.App
	st, desyncs := runRollbackWith(t, rbRun{n: 300, lag: lag, compare: true,
		alter: func(p int, app *glue.App) { apps[p] = app }})
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
	for p := range 2 {
		s := glue.Resource[Session](apps[p]).s.(*session[rbPad])
		ns := *glue.Resource[Stats](apps[p])
		if !ns.Running || ns.Player != Player(p) || ns.Players != 2 || ns.Tick != 300 || ns.Confirmed < 300 {
			t.Errorf("player %d: Stats %+v; want running, player %d of 2, at tick 300 with the other's inputs to 300", p+1, ns, p)
		}
		if ns.RoundTrip < 4*lag {
			t.Errorf("player %d: round trip %v, want at least %v (two links each way between the players)", p+1, ns.RoundTrip, 4*lag)
		}
		if ns.BytesSent == 0 || ns.BytesReceived == 0 || ns.BytesSent != st[p].BytesSent {
			t.Errorf("player %d: %d bytes sent and %d received (session: %d sent); want both above 0, as the session counts", p+1, ns.BytesSent, ns.BytesReceived, st[p].BytesSent)
		}
		if ns.SentPerSecond <= 0 || ns.ReceivedPerSecond <= 0 {
			t.Errorf("player %d: %.0f B/s up, %.0f down; want both above 0 after 5 s of play", p+1, ns.SentPerSecond, ns.ReceivedPerSecond)
		}
		if ns.Rollbacks != st[p].Rollbacks || ns.Resimulated != st[p].Resimulated || ns.Stalls != st[p].Stalls {
			t.Errorf("player %d: Stats has %d rollbacks, %d ticks re-run, %d stalls; the session %d, %d, %d", p+1, ns.Rollbacks, ns.Resimulated, ns.Stalls, st[p].Rollbacks, st[p].Resimulated, st[p].Stalls)
		}
		if ns.InputDelay != s.cfg.InputDelay || ns.Prediction != s.cfg.MaxPrediction {
			t.Errorf("player %d: Stats says delay %d, prediction %d; the session uses %d, %d", p+1, ns.InputDelay, ns.Prediction, s.cfg.InputDelay, s.cfg.MaxPrediction)
		}
		lines := ns.OverlayLines(nil)
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "net rtt ") || !strings.HasPrefix(lines[1], "rollbacks ") {
			t.Errorf("player %d: overlay lines %q; want two, the round trip's and the rollbacks'", p+1, lines)
		}
		if n := leastAllocs(100, s.publish); n != 0 {
			t.Errorf("player %d: refreshing Stats allocates %.0f times, want 0", p+1, n)
		}
	}
	if st[0].Resimulated+st[1].Resimulated == 0 {
		t.Error("no tick re-run: the test tests nothing")
	}
	if lines := (Stats{}).OverlayLines(nil); len(lines) != 0 {
		t.Errorf("Stats of no session running gives lines %q, want none", lines)
	}
}
