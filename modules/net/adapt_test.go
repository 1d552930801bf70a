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
// 200, then 10 ms again from tick 700. The delay reaches its cap (10)
// while the link is slow (a round trip of at least 600 ms asks for more
// than the cap, whatever the machine's load adds) and changes during the
// match, and both players end with the digests of the game fed the
// inputs each tick had — the delay's changes are part of the input
// stream both sides see (runRollbackWith checks that each side's inputs
// by tick are those the other got). How far it falls again depends on
// the round trip the load leaves: TestAdaptiveDelay checks the rule
// itself. It asserts no speed.
func TestRollbackDelayFollowsTheLink(t *testing.T) {
	t.Parallel()
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
		if most[p] != maxAdaptiveDelay {
			t.Errorf("player %d: input delay at most %d while the link was slow, want the cap %d", p+1, most[p], maxAdaptiveDelay)
		}
		if changes[p] == 0 {
			t.Errorf("player %d: the input delay never changed during the match", p+1)
		}
	}
}

// In a game of three the delay follows the slowest player: all three
// links at 10 ms each way, then player 3's at 150 ms from tick 200.
// Players 1 and 2, whose link to each other stays fast, raise their
// delay too (an input's round trip is timed when every other player has
// acknowledged it: the longest over the players; at least 320 ms asks
// for 5 ticks or more over the default window of 8), Stats shows that
// round trip, and the three end with the digests of the game fed the
// inputs each tick had, each player's inputs by tick those each other
// player got (runRollbackWith). It asserts no speed.
func TestRollbackDelayFollowsTheSlowestPlayer(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("15 s of play; run without -short")
	}
	const n, slowAt = 700, 200
	var proxy [3]*lagproxy.Proxy
	var most [3]int
	var slowed atomic.Bool
	var apps [3]*glue.App
	_, desyncs := runRollbackWith(t, rbRun{n: n, players: 3, lag: 10 * time.Millisecond, compare: true,
		config:  func(p int, c *RollbackConfig) { c.FixedDelay = false },
		proxies: func(p int, px *lagproxy.Proxy) { proxy[p] = px },
		alter: func(p int, app *glue.App) {
			apps[p] = app
			app.AddSystems(glue.Last, glue.Func(func(struct{}) {
				s := glue.Resource[Session](app).s.(*session[rbPad])
				if tk := app.Tick() + 1; tk >= slowAt {
					if p == 0 && !slowed.Swap(true) {
						proxy[2].SetLatency(150 * time.Millisecond)
					}
					if tk >= slowAt+200 {
						most[p] = max(most[p], s.cfg.InputDelay)
					}
				}
			}).Named("link"))
		}})
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
	for p := range 3 {
		st := *glue.Resource[Stats](apps[p])
		t.Logf("player %d: delay at most %d from tick %d; Stats: round trip %v, delay %d, prediction %d, %d changes",
			p+1, most[p], slowAt+200, st.RoundTrip, st.InputDelay, st.Prediction, st.DelayChanges)
		if st.RoundTrip < 300*time.Millisecond {
			t.Errorf("player %d: Stats.RoundTrip %v, want at least 300 ms (player 3's link, 150 ms each way, on the way to it and back)", p+1, st.RoundTrip)
		}
		if most[p] < 4 {
			t.Errorf("player %d: input delay at most %d while player 3's link was slow, want 4 or more (the slowest player's round trip)", p+1, most[p])
		}
	}
}

// The rule itself, on one session with a round trip set by hand (no
// link): at 50 ms the delay stays at the floor 0; at 600 ms it rises by
// a tick per tick to the cap and the prediction widens; at 50 ms again it
// falls back to 0 and the prediction to 8. Whatever it does, every tick
// gets exactly one input and every sample is in the stream in order: a
// rise stamps the sample for two ticks, a fall drops only a sample equal
// to the input already stamped.
func TestAdaptiveDelay(t *testing.T) {
	s := &session[rbPad]{
		cfg:     RollbackConfig{Registry: rbRegistry(), MaxPrediction: 8, Logger: quiet()},
		link:    newClient(ClientConfig{Registry: rbRegistry(), Logger: quiet()}),
		started: true,
	}
	s.predFloor = 8
	stream := map[uint64]int8{}
	var most, changes int
	for tk := uint64(2); tk <= 1000; tk++ {
		switch tk {
		case 2, 601:
			s.st.RoundTrip, s.rttVar = 50*time.Millisecond, 0
		case 201:
			s.st.RoundTrip = 600 * time.Millisecond
		}
		v := rbPad{Axis: rbScript(0, tk)}
		was, d0 := s.lastAt, s.cfg.InputDelay
		s.stamp(tk, v)
		for k := max(was+1, 2); k <= s.lastAt; k++ { // no input takes effect before tick 2
			if got := s.local[k%rbRing]; got.tick != k {
				t.Fatalf("tick %d: tick %d of the stream has no input (the ring holds tick %d)", tk, k, got.tick)
			}
			stream[k] = s.local[k%rbRing].v.Axis
		}
		switch n := s.lastAt - was; {
		case tk == 2:
		case n == 0 && stream[s.lastAt] != v.Axis:
			t.Fatalf("tick %d: the sample %d was dropped, but the input stamped for tick %d is %d: a key lost", tk, v.Axis, s.lastAt, stream[s.lastAt])
		case n == 2 && (stream[s.lastAt-1] != v.Axis || stream[s.lastAt] != v.Axis):
			t.Fatalf("tick %d: the delay rose; ticks %d and %d have %d and %d, want the sample %d in both", tk, s.lastAt-1, s.lastAt, stream[s.lastAt-1], stream[s.lastAt], v.Axis)
		case n == 1 && stream[s.lastAt] != v.Axis, n > 2:
			t.Fatalf("tick %d: the stream moved %d ticks to %d holding %d, want the sample %d", tk, n, s.lastAt, stream[s.lastAt], v.Axis)
		}
		if d := s.cfg.InputDelay; d != d0 {
			changes++
			if d-d0 != 1 && d0-d != 1 {
				t.Fatalf("tick %d: the delay moved from %d to %d, more than a tick", tk, d0, d)
			}
		}
		if s.lastAt != tk+uint64(s.cfg.InputDelay) {
			t.Fatalf("tick %d: the last input stamped is for tick %d, want the tick plus the delay %d", tk, s.lastAt, s.cfg.InputDelay)
		}
		switch tk {
		case 200:
			if s.cfg.InputDelay != 0 || s.cfg.MaxPrediction != 8 {
				t.Errorf("at 50 ms: delay %d, prediction %d; want 0 and 8", s.cfg.InputDelay, s.cfg.MaxPrediction)
			}
		case 600:
			most = s.cfg.InputDelay
			if most != maxAdaptiveDelay || s.cfg.MaxPrediction <= 8 {
				t.Errorf("at 600 ms: delay %d, prediction %d; want %d and more than 8", most, s.cfg.MaxPrediction, maxAdaptiveDelay)
			}
		}
	}
	if s.cfg.InputDelay != 0 || s.cfg.MaxPrediction != 8 {
		t.Errorf("back at 50 ms: delay %d, prediction %d after 400 ticks; want 0 and 8", s.cfg.InputDelay, s.cfg.MaxPrediction)
	}
	if s.delayChanges != uint64(changes) || changes != 2*maxAdaptiveDelay {
		t.Errorf("%d changes counted, %d seen; want %d (up to the cap and down again)", s.delayChanges, changes, 2*maxAdaptiveDelay)
	}
}
