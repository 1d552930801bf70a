//go:build !js

package net

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	attackWatchers = flag.Int("net.attack.watchers", 200, "BenchmarkAttacksBesideWatchers: honest watchers")
	attackDuration = flag.Duration("net.attack.duration", 20*time.Second, "BenchmarkAttacksBesideWatchers: how long each round measures")
	attackRounds   = flag.Int("net.attack.rounds", 2, "BenchmarkAttacksBesideWatchers: pairs of rounds (alone, attacked), interleaved")
	attackScale    = flag.Int("net.attack.scale", 2, "BenchmarkAttacksBesideWatchers: parallelism of each attack (startAttacks)")
	attackInProc   = flag.Bool("net.attack.inprocess", false, "BenchmarkAttacksBesideWatchers: run the attackers in the server's process instead of a child process")
)

// BenchmarkAttacksBesideWatchers is issue 26's second goal: -net.attack.watchers
// (200) honest watchers and one seated honest player steering through a
// script, while every network attack of the issue runs at once
// (startAttacks, -net.attack.scale 2), against the same without the
// attack, in -net.attack.rounds interleaved pairs of rounds of
// -net.attack.duration (20 s) each. The server and the player each tick
// 60 times a second in their own goroutine; watchers are the load
// series' light readers. The goals: every honest watcher receives at
// least 19 updates a second, and the player's paddle moves exactly as
// without the attack (the same positions after the same inputs on the
// server, and on the player's screen tick by tick). It prints the CPU
// model and the load average. About 2 minutes:
//
//	go test ./modules/net -run '^$' -bench AttacksBesideWatchers -benchtime 1x -timeout 20m
func BenchmarkAttacksBesideWatchers(b *testing.B) {
	b.Logf("CPU %s, GOMAXPROCS %d", cpuModel(), runtime.GOMAXPROCS(0))
	for round := range *attackRounds {
		for _, attacked := range []bool{false, true} {
			name := fmt.Sprintf("watchers=%d/round=%d/alone", *attackWatchers, round+1)
			if attacked {
				name = fmt.Sprintf("watchers=%d/round=%d/attacked", *attackWatchers, round+1)
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					cpu0 := processCPU()
					r := runSiege(b, siegeConfig{
						watchers: *attackWatchers, late: 5, ticks: int(attackDuration.Seconds() * 60),
						attack: attacked, process: !*attackInProc, scale: *attackScale, warmup: 2 * time.Second,
					})
					cpu := processCPU() - cpu0
					reportSiege(b, r, cpu)
				}
			})
		}
	}
}

// reportSiege logs and reports a siege's figures, its paddle compared
// with the path its inputs give when each is applied once, in order
// (exactPath: what a run alone takes, TestAttacksBesideWatchers).
func reportSiege(b *testing.B, r siegeResult, cpu time.Duration) {
	pct := func(xs []float64, p float64) float64 { return xs[int(p*float64(len(xs)-1))] }
	var mean float64
	for _, x := range r.rates {
		mean += x
	}
	mean /= float64(len(r.rates))
	below := 0
	for _, x := range r.rates {
		if x < 19 {
			below++
		}
	}
	path, shown := exactPath(siegeScript(len(r.shown)))
	samePath := slices.Equal(r.rec.xs, path)
	sameShown := slices.Equal(r.shown, shown)
	lost := len(path) - len(r.rec.xs) // inputs the server dropped (a backlog of more than maxStampedQueue)
	diverged := -1
	for i := range min(len(r.shown), len(shown)) {
		if r.shown[i] != shown[i] {
			diverged = i
			break
		}
	}
	ticks := slices.Clone(r.ticks)
	slices.Sort(ticks)
	tickPct := func(p float64) time.Duration { return ticks[int(p*float64(len(ticks)-1))] }
	b.ReportMetric(pct(r.rates, 0), "min-updates/s")
	b.ReportMetric(mean, "mean-updates/s")
	b.ReportMetric(float64(r.dropped), "dropped")
	b.ReportMetric(float64(len(path)-len(r.rec.xs)), "inputs-lost")
	verdict := map[bool]string{true: "met", false: "MISSED"}
	b.Logf("%d honest watchers, %v measured, load average %s before, %s after, process CPU %.2f cores: "+
		"updates/s per watcher min %.2f, p1 %.2f, median %.2f, mean %.2f (%d below 19: goal %s); "+
		"paddle: %d of %d inputs applied (%d lost), exact path on the server: %v, on the player's screen tick by tick: %v (first tick off: %d) (goal %s); "+
		"player connected %d times, %d states reconciled, %d mispredicted; %d watchers dropped; %d of 5 late watchers admitted",
		len(r.rates), r.elapsed.Round(time.Millisecond), r.load[0], r.load[1], cpu.Seconds()/r.elapsed.Seconds(),
		pct(r.rates, 0), pct(r.rates, 0.01), pct(r.rates, 0.5), mean, below, verdict[below == 0],
		len(r.rec.xs), len(path), lost, samePath, sameShown, diverged, verdict[samePath && sameShown],
		r.player.Connects, r.player.Reconciled, r.player.Mispredicted, r.dropped, r.lateIn)
	b.Logf("server: tick p50 %v, p99 %v, max %v, %d ticks missed (%d by ServerStats.MissedTicks); %d refused, %d protocol errors, %d rate-limited, %d inputs dropped, %d lagging; %d log lines (%.1f a second)",
		tickPct(0.5), tickPct(0.99), ticks[len(ticks)-1], r.missed, r.srv.MissedTicks,
		r.srv.Refused, r.srv.ProtocolErrors, r.srv.RateLimited, r.srv.InputsDropped, r.srv.Lagging,
		r.logLines, float64(r.logLines)/r.elapsed.Seconds())
	if len(r.attacks) > 0 {
		b.Logf("attacks: %s", strings.Join(r.attacks, "; "))
	}
	if r.rec.attackMost > 1 {
		b.Errorf("a bursting attacker's paddle took %d inputs in one tick", r.rec.attackMost)
	}
}

// cpuModel returns /proc/cpuinfo's first model name, or "?".
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "?"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}
