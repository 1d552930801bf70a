//go:build unix

package net

import (
	"flag"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"
)

var roomsDuration = flag.Duration("net.rooms.duration", 10*time.Second, "BenchmarkRooms: how long to measure")

// cpuTime returns the process's user plus system CPU time.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRooms runs several rooms in one process, as an orchestrator
// would run several room processes on one machine: each room is a
// breakout-shaped server ticking at 60 Hz in its own goroutine with two
// watchers on loopback. It reports the CPU the process used per room (the
// server and its two watchers' connections; percent of one core) and the
// rooms' tick times. Rooms per core is about 100 / cpu-%-per-room, while
// the tick p99 stays far below a tick (16.7 ms).
//
//	go test ./modules/net -run '^$' -bench Rooms -benchtime 1x
func BenchmarkRooms(b *testing.B) {
	for _, n := range []int{1, 8, 32} {
		b.Run(fmt.Sprintf("rooms=%d", n), func(b *testing.B) {
			for range b.N {
				runRooms(b, n, *roomsDuration)
			}
		})
	}
}

func runRooms(b *testing.B, nRooms int, d time.Duration) {
	const watchers = 2
	type room struct {
		srv   Server
		times []time.Duration
		taken tickCount
	}
	rooms := make([]*room, nRooms)
	var wg sync.WaitGroup
	start := make(chan struct{})
	stop := make(chan struct{})
	reg := testRegistry()
	for i := range rooms {
		app, srv := startServer(b, ServerConfig{SendEvery: 3}, breakoutGame)
		r := &room{srv: srv}
		rooms[i] = r
		for range watchers {
			c := newClient(ClientConfig{Registry: reg, Logger: quiet()})
			if err := c.start(srv.URL()); err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { Client{c}.Close() })
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ticker := time.NewTicker(time.Second / 60)
			defer ticker.Stop()
			measuring := false
			for {
				select {
				case <-stop:
					return
				case <-start:
					measuring, start = true, nil
				case tk := <-ticker.C:
					t0 := time.Now()
					if err := app.Update(); err != nil {
						b.Error(err)
						return
					}
					if measuring {
						r.times = append(r.times, time.Since(t0))
						r.taken.add(tk)
					}
				}
			}
		}()
	}
	// Let every watcher get its snapshot.
	deadline := time.Now().Add(30 * time.Second)
	for _, r := range rooms {
		for r.srv.Stats().Snapshots < watchers {
			if time.Now().After(deadline) {
				b.Fatalf("watchers not synced after 30 s")
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	b.ResetTimer()
	cpu0, t0 := cpuTime(b), time.Now()
	close(start)
	time.Sleep(d)
	close(stop)
	wg.Wait()
	cpu, elapsed := cpuTime(b)-cpu0, time.Since(t0)
	b.StopTimer()

	var all []time.Duration
	missed := 0
	for _, r := range rooms {
		all = append(all, r.times...)
		missed += r.taken.missed(time.Second / 60)
	}
	slices.Sort(all)
	pct := func(p float64) time.Duration { return all[int(p*float64(len(all)-1))] }
	perRoom := 100 * cpu.Seconds() / elapsed.Seconds() / float64(nRooms)
	b.ReportMetric(perRoom, "cpu-%-per-room")
	b.ReportMetric(float64(pct(0.99).Microseconds()), "tick-p99-µs")
	b.Logf("%d rooms × %d watchers for %v: process CPU %.2f cores, %.2f%% of a core per room; ticks p50 %v, p99 %v, max %v; %d of %d ticks missed; GOMAXPROCS %d",
		nRooms, watchers, elapsed.Round(time.Millisecond), cpu.Seconds()/elapsed.Seconds(), perRoom, pct(0.5), pct(0.99), all[len(all)-1], missed, len(all)+missed, runtime.GOMAXPROCS(0))
}
