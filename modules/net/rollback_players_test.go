//go:build !js

package net

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// rbInputLog records, every tick a player's app runs (first runs and
// re-runs alike), what PlayerInputs and the old Inputs say, and checks
// that they agree.
type rbInputLog struct {
	mu       sync.Mutex
	bad      []string
	gone     map[Player]uint64 // the first tick each player's input was Gone, as last run
	own      int               // ticks in which this side's own input was not Confirmed
	ticks    int
	statuses map[InputStatus]int
}

func (l *rbInputLog) add(app *glue.App, me Player) {
	l.gone, l.statuses = map[Player]uint64{}, map[InputStatus]int{}
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Typed glue.Res[PlayerInputs[rbPad]]
		Old   glue.Res[Inputs]
	}) {
		l.mu.Lock()
		defer l.mu.Unlock()
		typed := p.Typed.Get()
		l.ticks++
		i := 0
		for client, v := range InputsOf[rbPad](p.Old.Get()) {
			if w, _ := typed.For(Player(client - 1)); w != v || int(client-1) != i {
				l.bad = append(l.bad, fmt.Sprintf("tick %d: Inputs has client %d's %v, PlayerInputs player %d's %v", typed.Tick, client, v, client-1, w))
			}
			i++
		}
		if i != typed.Len() {
			l.bad = append(l.bad, fmt.Sprintf("tick %d: Inputs has %d inputs, PlayerInputs %d players", typed.Tick, i, typed.Len()))
		}
		for pl := range Player(typed.Len()) {
			_, st := typed.For(pl)
			l.statuses[st]++
			if pl == me && st != Confirmed {
				l.own++
			}
			if st == Gone && (l.gone[pl] == 0 || typed.Tick < l.gone[pl]) {
				l.gone[pl] = typed.Tick
			}
			if st != Gone && l.gone[pl] != 0 && typed.Tick >= l.gone[pl] {
				l.bad = append(l.bad, fmt.Sprintf("tick %d: player %d's input is %v, after it was Gone in tick %d", typed.Tick, pl, st, l.gone[pl]))
			}
		}
	}).Named("logInputs"))
}

// runPlayers plays the test game of len(lags) players, each through its
// own lag proxy (lags[p] ± 30 ms each way), to tick n, and checks what
// every rollback test checks (the reference digests at the end, each own
// paddle after every tick), that every player compared digests with
// every other about every DigestEvery ticks with no desync, that
// predictions were rolled back, and that PlayerInputs and Inputs agreed
// in every tick run.
func runPlayers(t *testing.T, n uint64, lags []time.Duration, leave []uint64) {
	logs := make([]*rbInputLog, len(lags))
	r := rbRun{n: n, players: len(lags), lags: lags, compare: true, leave: leave,
		alter: func(p int, app *glue.App) {
			logs[p] = &rbInputLog{}
			logs[p].add(app, Player(p))
		}}
	st, desyncs := runRollbackWith(t, r)
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
	var rollbacks uint64
	for p := range lags {
		rollbacks += st[p].Rollbacks
		if leave != nil && leave[p] != 0 {
			continue
		}
		// Digests every 30 ticks, from tick 30 to n, with each other player
		// (those who left: until they left).
		if min := (n/30 - 1) * uint64(len(lags)-1-countLeavers(leave)); st[p].Digests < min {
			t.Errorf("player %d compared %d digests, want at least %d (every 30 ticks, with each other player)", p, st[p].Digests, min)
		}
		if st[p].Players != len(lags) || st[p].Player != Player(p) {
			t.Errorf("player %d's stats say player %d of %d, want %d of %d", p, st[p].Player, st[p].Players, p, len(lags))
		}
	}
	if rollbacks == 0 {
		t.Error("no rollback at all: the test tests nothing")
	}
	for p, l := range logs {
		l.mu.Lock()
		if len(l.bad) > 0 {
			t.Errorf("player %d: PlayerInputs and Inputs disagree: %v", p, l.bad[:min(len(l.bad), 5)])
		}
		if l.own > 0 {
			t.Errorf("player %d: its own input was not Confirmed in %d ticks", p, l.own)
		}
		if l.statuses[Predicted] == 0 && (leave == nil || leave[p] == 0) {
			t.Errorf("player %d: no input was ever Predicted: the test tests nothing", p)
		}
		t.Logf("player %d: %d ticks run, statuses %v", p, l.ticks, l.statuses)
		l.mu.Unlock()
	}
}

func countLeavers(leave []uint64) int {
	n := 0
	for _, l := range leave {
		if l != 0 {
			n++
		}
	}
	return n
}

// Issue #34, item 6: three players, each through its own lag proxy with
// a different latency (20, 80 and 150 ms ± 30 ms each way), play to tick
// 300: every player ends with the digests of the run with every input
// on time, the digests every player compared with every other every 30
// ticks agreed, and each player's own paddle answered in the tick of its
// key after every tick.
func TestRollbackThreePlayers(t *testing.T) {
	t.Parallel()
	runPlayers(t, 300, []time.Duration{20 * time.Millisecond, 80 * time.Millisecond, 150 * time.Millisecond}, nil)
}

// Four players, at 10, 50, 100 and 150 ms ± 30 ms each way: as
// TestRollbackThreePlayers.
func TestRollbackFourPlayers(t *testing.T) {
	t.Parallel()
	runPlayers(t, 300, []time.Duration{10 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond, 150 * time.Millisecond}, nil)
}

// A player who leaves a game of three is PeerLeft for that player, and
// the others play on: from the tick after its last input the game sees
// its input as zero with the status Gone — on both remaining sides from
// the same tick, re-run where it had been predicted — and both end with
// the digests of a run with its inputs zero from then on.
func TestRollbackPlayerLeavesThree(t *testing.T) {
	t.Parallel()
	const n, leaveAt = 300, 150
	evs := make([]*rbEvents, 3)
	logs := make([]*rbInputLog, 3)
	r := rbRun{n: n, players: 3, lags: []time.Duration{20 * time.Millisecond, 60 * time.Millisecond, 40 * time.Millisecond}, compare: true,
		leave: []uint64{0, 0, leaveAt},
		alter: func(p int, app *glue.App) {
			evs[p] = &rbEvents{}
			evs[p].addIn(app, glue.Update) // rbPlay draws nothing
			logs[p] = &rbInputLog{}
			logs[p].add(app, Player(p))
		}}
	st, desyncs := runRollbackWith(t, r)
	if len(desyncs) > 0 {
		t.Errorf("desyncs reported: %v", desyncs)
	}
	var gone [2]uint64
	for p := range 2 {
		e, _, ok := evs[p].last(PeerLeft)
		if !ok || e.Player != 2 {
			t.Errorf("player %d was told %+v, want PeerLeft for player 2", p, e)
		}
		if kinds := evs[p].kinds(); slices.Contains(kinds, Disconnected) {
			t.Errorf("player %d: events %v; the session must go on while another player is left", p, kinds)
		}
		logs[p].mu.Lock()
		gone[p] = logs[p].gone[2]
		if len(logs[p].bad) > 0 {
			t.Errorf("player %d: %v", p, logs[p].bad[:min(len(logs[p].bad), 5)])
		}
		logs[p].mu.Unlock()
		if st[p].Tick != n {
			t.Errorf("player %d ended at tick %d, want %d", p, st[p].Tick, n)
		}
	}
	if gone[0] == 0 || gone[0] != gone[1] || gone[0] <= leaveAt {
		t.Errorf("player 2's input was Gone from tick %d on player 0's side and %d on player 1's; want the same tick, after %d", gone[0], gone[1], leaveAt)
	}
}
