//go:build !js

package net

import (
	"context"
	"flag"
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
)

var (
	loadClients  = flag.Int("net.load.clients", 200, "BenchmarkBreakoutSpectators: number of spectating clients")
	loadDuration = flag.Duration("net.load.duration", 30*time.Second, "BenchmarkBreakoutSpectators and BenchmarkSpectatorSeries: how long to measure")
	loadSeries   = flag.String("net.load.series", "200,500,1000,2000", "BenchmarkSpectatorSeries: the numbers of watchers, comma-separated")
	loadFull     = flag.Bool("net.load.full", false, "BenchmarkSpectatorSeries: watch with full Clients (decoding into a mirror) instead of light readers")
)

// Breakout-shaped world: a ball (pos, vel), a paddle (pos), 36 bricks
// (pos, hp) and a score resource, all sent.
type ballTag struct{}
type paddleTag struct{}

func breakoutGame(app *glue.App) {
	app.InsertResource(score{})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Replicated{}, ballTag{}, pos{320, 400}, vel{3, -4})
		cmds.Spawn(Replicated{}, paddleTag{}, pos{320, 460})
	}).Named("spawnBallAndPaddle"))
	// Ball: moves every tick, bounces off the walls.
	app.AddSystems(update, glue.Each3(func(_ glue.Entity, _ *ballTag, p *pos, v *vel) {
		p.X += v.DX
		p.Y += v.DY
		if p.X < 0 || p.X > 640 {
			v.DX = -v.DX
		}
		if p.Y < 0 || p.Y > 460 {
			v.DY = -v.DY
		}
	}).Named("moveBall"))
	// Paddle: follows the ball.
	app.AddSystems(update, glue.Func(func(p struct {
		Balls   glue.Query2[*ballTag, *pos]
		Paddles glue.Query2[*paddleTag, *pos]
	}) {
		balls, paddles := p.Balls, p.Paddles
		_, _, b, ok := balls.First()
		if !ok {
			return
		}
		paddles.Each(func(_ glue.Entity, _ *paddleTag, p *pos) { p.X = b.X })
	}).Named("movePaddle"))
	// Bricks: one breaks every second and scores; a new wall of 36 comes
	// when the last is gone.
	tick := 0
	app.AddSystems(update, glue.Func(func(p struct {
		Cmds   glue.Commands
		Bricks glue.Query2[*hp, *pos]
		Score  glue.ResMut[score]
	}) {
		cmds, bricks, sc := p.Cmds, p.Bricks, p.Score
		tick++
		if bricks.Len() == 0 {
			for i := range 36 {
				cmds.Spawn(Replicated{}, pos{float32(40 + 60*(i%9)), float32(40 + 20*(i/9))}, hp{1})
			}
			return
		}
		if tick%60 == 0 {
			e, _, _, _ := bricks.First()
			cmds.Despawn(e)
			sc.Get().Points += 10
		}
	}).Named("breakBricks"))
}

// BenchmarkBreakoutSpectators runs a headless breakout-shaped server at 60
// ticks per second for -net.load.duration (default 30 s) with
// -net.load.clients (default 200) clients on loopback receiving at 20 Hz,
// and reports the server's tick time, the bytes sent per client per
// second after the first snapshot, and memory. It is a load test, run
// once:
//
//	go test ./modules/net -run '^$' -bench BreakoutSpectators -benchtime 1x
func BenchmarkBreakoutSpectators(b *testing.B) {
	for range b.N {
		runSpectators(b, *loadClients, *loadDuration, true)
	}
}

// BenchmarkSpectatorSeries is the load test of issue #15: the
// breakout-shaped server of BenchmarkBreakoutSpectators with 200, 500,
// 1,000 and 2,000 watchers (-net.load.series) on loopback, each for
// -net.load.duration (30 s). The watchers are light readers — they read
// and count every message, answer pings and send keepalives, but decode
// nothing — so that the process's two cores go to the server rather than
// to thousands of decoding clients, which would sit on other machines
// (-net.load.full watches with full Clients instead). The goals: tick
// p99 at most 4 ms, at most 1 KB/s per watcher after the snapshot, no
// watcher dropped. About 2.5 minutes:
//
//	go test ./modules/net -run '^$' -bench SpectatorSeries -benchtime 1x -timeout 30m
func BenchmarkSpectatorSeries(b *testing.B) {
	for _, f := range strings.Split(*loadSeries, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			b.Fatalf("-net.load.series: %q is not a number of watchers", f)
		}
		b.Run(fmt.Sprintf("watchers=%d", n), func(b *testing.B) {
			for range b.N {
				runSpectators(b, n, *loadDuration, *loadFull)
			}
		})
	}
}

// lightWatcher is a watcher that reads and counts the server's messages
// without decoding them (BenchmarkSpectatorSeries).
type lightWatcher struct {
	msgs, bytes atomic.Uint64
	done        chan struct{}
	err         error // why reading stopped, once done is closed
}

// dialLight connects a light watcher to url from the local IP address
// from ("" for any).
func dialLight(ctx context.Context, url, from string) (*lightWatcher, *websocket.Conn, error) {
	opts := &websocket.DialOptions{Subprotocols: []string{subprotocol}}
	if from != "" {
		d := &stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP(from)}}
		opts.HTTPClient = &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	}
	ws, _, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		return nil, nil, err
	}
	ws.SetReadLimit(1 << 20)
	w := &lightWatcher{done: make(chan struct{})}
	rctx, cancel := context.WithCancel(context.Background())
	go func() { // keepalives, as a Client sends them
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-rctx.Done():
				return
			case <-t.C:
				ws.Write(rctx, websocket.MessageBinary, appendHeader(nil, msgKeepAlive))
			}
		}
	}()
	go func() {
		defer close(w.done)
		defer cancel()
		for {
			// A context that is never done: a deadline per read would cost
			// the process (which also runs the server) more than the
			// reading. Closing the connection ends the read.
			_, r, err := ws.Reader(context.Background())
			if err != nil {
				w.err = err
				return
			}
			n, err := io.Copy(io.Discard, r)
			if err != nil {
				w.err = err
				return
			}
			w.msgs.Add(1)
			w.bytes.Add(uint64(n))
		}
	}()
	return w, ws, nil
}

// dialLights connects n light watchers to url, 16 at a time, the i-th
// from the local IP address from(i) ("" for any); they are closed when
// the test ends.
func dialLights(t testing.TB, url string, n int, from func(i int) string) []*lightWatcher {
	t.Helper()
	lights := make([]*lightWatcher, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var dialErr error
	sem := make(chan struct{}, 16)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			w, ws, err := dialLight(ctx, url, from(i))
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				dialErr = err
				return
			}
			lights[i] = w
			t.Cleanup(func() { ws.CloseNow(); <-w.done })
		}()
	}
	wg.Wait()
	if dialErr != nil {
		t.Fatalf("dialing %d watchers: %v", n, dialErr)
	}
	return lights
}

// loadAvg returns the first field of /proc/loadavg, or "?".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

func runSpectators(b *testing.B, nClients int, d time.Duration, full bool) {
	load0 := loadAvg()
	runtime.GC()
	var m0 runtime.MemStats
	runtime.ReadMemStats(&m0)
	app, srv := startServer(b, ServerConfig{SendEvery: 3, MaxClients: nClients + 8, MaxConnectionsPerAddr: nClients + 8, MaxHandshakesPerAddr: nClients + 8}, breakoutGame)
	reg := testRegistry()
	var clients []*client
	var lights []*lightWatcher
	if full {
		clients = make([]*client, nClients)
		for i := range clients {
			c := newClient(ClientConfig{Registry: reg, Logger: quiet()})
			if err := c.start(srv.URL()); err != nil {
				b.Fatal(err)
			}
			clients[i] = c
			defer Client{c}.Close()
		}
	} else {
		lights = dialLights(b, srv.URL(), nClients, func(int) string { return "" })
	}
	synced := func() int {
		n := 0
		for _, c := range clients {
			if c.stats.snapshots.Load() > 0 {
				n++
			}
		}
		for _, w := range lights {
			if w.msgs.Load() >= 2 { // the welcome, then the snapshot
				n++
			}
		}
		return n
	}
	// Tick at 60 Hz until every client has its snapshot.
	ticker := time.NewTicker(time.Second / 60)
	defer ticker.Stop()
	deadline := time.Now().Add(30 * time.Second)
	for {
		<-ticker.C
		if err := app.Update(); err != nil {
			b.Fatal(err)
		}
		if n := synced(); n == nClients {
			break
		} else if time.Now().After(deadline) {
			b.Fatalf("only %d of %d clients synced in 30 s", n, nClients)
		}
	}
	// Measure.
	s0 := srv.Stats()
	var read0 uint64
	for _, w := range lights {
		read0 += w.bytes.Load()
	}
	cpu0 := processCPU()
	times := make([]time.Duration, 0, int(d.Seconds()*60)+60)
	var sendTimes []time.Duration
	start := time.Now()
	lastDrain := start
	var taken tickCount
	for time.Since(start) < d {
		taken.add(<-ticker.C)
		t0 := time.Now()
		if err := app.Update(); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
		if (srv.Tick()-1)%3 == 0 {
			sendTimes = append(sendTimes, times[len(times)-1])
		}
		if time.Since(lastDrain) > time.Second {
			lastDrain = time.Now()
			for _, c := range clients { // what an app's Receive system would do
				c.mu.Lock()
				for _, id := range c.mirror.dirty {
					if e := c.mirror.ents[id]; e != nil {
						e.clean()
					}
				}
				c.mirror.dirty = c.mirror.dirty[:0]
				c.mu.Unlock()
			}
		}
	}
	elapsed := time.Since(start)
	cpu := processCPU() - cpu0
	missed := taken.missed(time.Second / 60) // ticks the ticker dropped because the loop was late
	s1 := srv.Stats()
	var read1 uint64
	dropped := 0
	for _, w := range lights {
		read1 += w.bytes.Load()
		select {
		case <-w.done:
			dropped++
		default:
		}
	}
	for _, c := range clients {
		if !(Client{c}).Connected() || c.stats.connects.Load() != 1 {
			dropped++
		}
	}
	load1 := loadAvg()
	runtime.GC()
	var m1 runtime.MemStats
	runtime.ReadMemStats(&m1)
	b.StopTimer()

	slices.Sort(times)
	slices.Sort(sendTimes)
	pct := func(p float64) time.Duration { return times[int(p*float64(len(times)-1))] }
	sendPct := func(p float64) time.Duration { return sendTimes[int(p*float64(len(sendTimes)-1))] }
	snapshots := s1.Snapshots - s0.Snapshots
	payload := float64(s1.Bytes-s0.Bytes-(s1.SnapshotBytes-s0.SnapshotBytes)) / float64(nClients) / elapsed.Seconds()
	msgs := float64(s1.Messages-s0.Messages) / float64(nClients) / elapsed.Seconds()
	framed := payload + 2*msgs // server→client WebSocket frame header: 2 bytes below 126 bytes
	heap := float64(m1.HeapAlloc-min(m0.HeapAlloc, m1.HeapAlloc)) / (1 << 20)
	b.ReportMetric(float64(pct(0.5).Microseconds()), "tick-p50-µs")
	b.ReportMetric(float64(pct(0.99).Microseconds()), "tick-p99-µs")
	b.ReportMetric(payload, "B/client/s")
	b.ReportMetric(heap, "heap-MB")
	b.ReportMetric(float64(dropped), "dropped")
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "MISSED"
	}
	readRate := float64(read1-read0) / float64(max(1, len(lights))) / elapsed.Seconds()
	b.Logf("%d watchers (%s): goals — tick p99 ≤ 4 ms: %s (%v); ≤ 1 KB/s per watcher after the snapshot: %s (%.0f B/s); none dropped: %s (%d dropped, %d server clients at the end, %d lagging); "+
		"process CPU %.2f cores; load average %s before, %s after; light watchers read %.0f B/s each",
		nClients, map[bool]string{true: "full Clients", false: "light readers"}[full],
		verdict(pct(0.99) <= 4*time.Millisecond), pct(0.99), verdict(payload <= 1024), payload,
		verdict(dropped == 0 && s1.Clients == nClients && s1.Lagging == 0), dropped, s1.Clients, s1.Lagging-s0.Lagging,
		cpu.Seconds()/elapsed.Seconds(), load0, load1, readRate)
	b.Logf("%d clients, %d ticks in %v: tick p50 %v, p99 %v, max %v (send ticks: p50 %v, p99 %v), %d ticks missed (%d by ServerStats.MissedTicks); "+
		"per client %.0f B/s payload (%.0f B/s with WebSocket framing, %.1f messages/s), %d snapshots during the run, %d coalesced; "+
		"heap %.1f MiB more than before (server and %d clients in one process), %.1f KiB per client, sys %.1f MiB, %d goroutines",
		nClients, len(times), elapsed.Round(time.Millisecond), pct(0.5), pct(0.99), times[len(times)-1], sendPct(0.5), sendPct(0.99), missed, s1.MissedTicks-s0.MissedTicks,
		payload, framed, msgs, snapshots, s1.Coalesced-s0.Coalesced,
		heap, nClients, heap*1024/float64(nClients), float64(m1.Sys)/(1<<20), runtime.NumGoroutine())
}

// BenchmarkPublish200 measures the game-loop cost of serving 200 clients
// without the network: three ticks of the breakout-shaped world (one of
// them a send tick that encodes, diffs and publishes the state and wakes
// 200 connection writers) per iteration.
func BenchmarkPublish200(b *testing.B) {
	app, srv := startServer(b, ServerConfig{SendEvery: 3}, breakoutGame)
	s := srv.s
	s.mu.Lock()
	for i := range 200 {
		id := ClientID(1000 + i)
		s.conns[id] = &conn{id: id, srv: s, notify: make(chan struct{}, 1)}
	}
	s.mu.Unlock()
	for range 120 { // past the first wall of bricks
		app.Update()
	}
	b.ReportAllocs()
	for b.Loop() {
		for range 3 {
			if err := app.Update(); err != nil {
				b.Fatal(err)
			}
		}
	}
	s.mu.Lock()
	clear(s.conns)
	s.mu.Unlock()
}
