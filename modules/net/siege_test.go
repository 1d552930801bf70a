//go:build !js

package net

import (
	"context"
	"fmt"
	"log/slog"
	stdnet "net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
)

// A siege is issue 26's second goal on real sockets: honest light
// watchers and one seated honest player, who steers its paddle with
// stamped inputs (Predict) through a script, while attackers from other
// addresses do every network attack of the issue at once. It records the
// honest player's paddle, input by input on the server and tick by tick
// on the player's own screen, to be compared with a run without the
// attackers, and the honest watchers' update rates.
//
// Addresses: the player dials from 127.0.0.1, honest watcher i from
// 127.0.1.(i+1) (and 127.0.4.x, 127.0.5.x… past 250), watchers who join
// during the attack from 127.0.3.x, and attack k from 127.0.2.(k+1): one
// address per attack, each within the server's per-address limits (which
// are the defence), so that no attack throttles another.

// siegeSeats is the number of steered paddles: the honest player's (seat
// 0) and one for each of the two bursting attackers.
const siegeSeats = 3

// seatNo is a steered paddle's seat (local to the server, not sent).
type seatNo struct{ N int }

// siegeRecord is what the siege game records on the server.
type siegeRecord struct {
	honest ClientID // seat 0's client; set before the game ticks

	// Seat 0: the stamp of each honest stamped input the game applied,
	// and the paddle's X after it, in order.
	stamps []uint64
	xs     []float32
	// Seats 1 and 2 (the bursting attackers): the most inputs applied in
	// one tick, and the inputs applied.
	attackMost, attackApplied int
	honestLeft                bool
}

// siegeGame is the server's game: the breakout-shaped world of the load
// series plus siegeSeats paddles at X 100, moved by their owners' stamped
// steer inputs with stepPos, one applied per tick as the server hands
// them over. Seat 0 belongs to rec.honest; the other seats go to the first
// other clients that send stamped steering.
func siegeGame(rec *siegeRecord) func(app *glue.App) {
	return func(app *glue.App) {
		breakoutGame(app)
		replicated := glue.TypeOf[Replicated]()
		app.AddStartup(glue.Func(func(cmds glue.Commands) {
			for i := range siegeSeats {
				cmds.Spawn(Replicated{}, pos{100, float32(200 + 20*i)}, own{}, seatNo{i})
			}
		}).Named("spawnSeats"))
		app.AddSystems(update, glue.Func(func(p struct {
			In glue.Res[Inputs]
			Q  glue.Query3[*seatNo, *own, *pos]
		}) {
			in := p.In.Get()
			var applied [siegeSeats]int
			p.Q.Each(func(_ glue.Entity, n *seatNo, o *own, _ *pos) {
				if n.N == 0 && o.Client == 0 && !rec.honestLeft {
					o.Client = rec.honest
				}
			})
			for _, x := range in.All() {
				s, isSteer := x.Value.(steer)
				if !isSteer || x.Tick == 0 {
					continue
				}
				done := false
				p.Q.Each(func(_ glue.Entity, n *seatNo, o *own, ps *pos) {
					if done {
						return
					}
					if o.Client == 0 && n.N != 0 && x.Client != rec.honest {
						o.Client = x.Client
					}
					if o.Client != x.Client {
						return
					}
					done = true
					stepPos(ps, o, s)
					applied[n.N]++
					if n.N == 0 {
						rec.stamps = append(rec.stamps, x.Tick)
						rec.xs = append(rec.xs, ps.X)
					}
				})
			}
			for _, n := range applied[1:] {
				rec.attackMost = max(rec.attackMost, n)
				rec.attackApplied += n
			}
			for _, c := range in.Left {
				rec.honestLeft = rec.honestLeft || c == rec.honest
				p.Q.Each(func(_ glue.Entity, _ *seatNo, o *own, _ *pos) {
					if o.Client == c {
						o.Client = 0
					}
				})
			}
		}).Named("steerSeats"))
		app.AddSystems(glue.PostUpdate, Send[own]().With(replicated).Named("net.Send[own]"))
	}
}

// stampedWaiting returns the stamped inputs of client id waiting on the
// server.
func stampedWaiting(srv Server, id ClientID) int {
	s := srv.s
	s.inMu.Lock()
	defer s.inMu.Unlock()
	return len(s.pred.queues[id])
}

// siegeConfig sizes a siege.
type siegeConfig struct {
	watchers int           // honest watchers connected before the attack
	late     int           // honest watchers who join during the attack
	ticks    int           // ticks of the honest player's script
	attack   bool          // run the attackers
	process  bool          // run them in a child process (attackProcess)
	lockstep bool          // see runSiege
	scale    int           // parallelism of each attack (1: a test's)
	warmup   time.Duration // attack time before measuring
}

// siegeResult is what a siege saw.
type siegeResult struct {
	rec      siegeRecord
	shown    []float32 // the player's paddle on its own screen, each script tick
	player   ClientStats
	rates    []float64   // honest watchers' messages per second while measuring, sorted
	dropped  int         // honest watchers whose connection ended
	lateIn   int         // late watchers admitted (lateWatcher)
	attacks  []string    // what each attack did
	srv      ServerStats // the change while measuring
	elapsed  time.Duration
	ticks    []time.Duration // server tick times (free-running runs)
	missed   int             // ticks the server's ticker dropped (free-running runs)
	logLines int64
	load     [2]string
}

// siegeScript is the honest player's input in each of n ticks: right,
// still, left, a long right, left, still, repeated.
func siegeScript(n int) []int8 {
	pattern := script([2]int{1, 40}, [2]int{0, 20}, [2]int{-1, 30}, [2]int{1, 60}, [2]int{-1, 50}, [2]int{0, 10})
	out := make([]int8, n)
	for i := range out {
		out[i] = pattern[i%len(pattern)]
	}
	return out
}

// exactPath returns where the honest player's paddle is after each of
// its non-zero inputs (the server's path) and after each tick of the
// script (the player's screen), when every input is applied once, in
// order, as without any attack (TestAttacksBesideWatchers checks that a
// run alone takes this path).
func exactPath(script []int8) (path, shown []float32) {
	p := pos{100, 200}
	for _, dir := range script {
		if dir != 0 {
			stepPos(&p, nil, steer{dir})
			path = append(path, p.X)
		}
		shown = append(shown, p.X)
	}
	return path, shown
}

// lineCounter counts the lines written to it.
type lineCounter struct{ n atomic.Int64 }

func (l *lineCounter) Write(p []byte) (int, error) {
	l.n.Add(int64(strings.Count(string(p), "\n")))
	return len(p), nil
}

// watcherAddr is honest watcher i's address: 127.0.1.1 to 127.0.1.250,
// then 127.0.4.x, 127.0.5.x, …
func watcherAddr(i int) string {
	if i < 250 {
		return fmt.Sprintf("127.0.1.%d", i+1)
	}
	return fmt.Sprintf("127.0.%d.%d", 4+(i-250)/250, (i-250)%250+1)
}

// runSiege runs one siege. The server allows the honest clients plus 40
// (room for the attackers' clients: a deployment's headroom), with every
// other limit at its default, and only steer as an input type. Lockstep
// (tests) ticks the player and then the server in one loop, the server
// only once the player's input of the tick has arrived, so that the
// paddle's path cannot depend on the machine's speed; otherwise (the
// benchmark) the server and the player tick 60 times a second each in
// their own goroutine, as separate processes would.
func runSiege(t testing.TB, cfg siegeConfig) siegeResult {
	var res siegeResult
	res.load[0] = loadAvg()
	var lines lineCounter
	rec := &res.rec
	server, srv := startServer(t, ServerConfig{
		Registry:   predictRegistry(),
		SendEvery:  3,
		MaxClients: cfg.watchers + cfg.late + 1 + 40,
		Inputs:     []glue.Type{glue.TypeOf[steer]()},
		Logger:     slog.New(slog.NewTextHandler(&lines, nil)),
	}, siegeGame(rec))
	var v predicted
	player, cl := startClient(t, srv.URL(), ClientConfig{Registry: predictRegistry()}, nil, func(app *glue.App) {
		app.InsertResource(steer{})
		app.AddSystems(glue.PostUpdate, Predict(stepPos, lerpPos))
		app.AddSystems(glue.Last, watchOwn(&v))
	})
	lights := dialLights(t, srv.URL(), cfg.watchers, watcherAddr)
	both := func() {
		if err := server.Update(); err != nil {
			t.Fatal(err)
		}
		if err := player.Update(); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the player to connect", 10*time.Second, both, func() bool { return cl.ID() != 0 })
	rec.honest = cl.ID()
	waitFor(t, "the player's seat and every watcher's snapshot", 30*time.Second, both, func() bool {
		for _, w := range lights {
			if w.msgs.Load() < 2 {
				return false
			}
		}
		return v.mine
	})

	ctx, stop := context.WithCancel(context.Background())
	var attackers sync.WaitGroup
	var attacks []*attackStats
	endProcess := func() []string { return nil }
	switch {
	case cfg.attack && cfg.process:
		endProcess = attackProcess(t, srv.URL(), cfg.scale)
	case cfg.attack:
		attacks = startAttacks(ctx, &attackers, srv.URL(), cfg.scale)
	}
	defer func() { stop(); attackers.Wait() }()

	// Server ticks at 60 Hz from here on (free-running), or with the
	// player (lockstep).
	var serverLoop sync.WaitGroup
	serverStop := make(chan struct{})
	var taken tickCount
	if !cfg.lockstep {
		serverLoop.Add(1)
		go func() {
			defer serverLoop.Done()
			tk := time.NewTicker(time.Second / 60)
			defer tk.Stop()
			for {
				select {
				case <-serverStop:
					return
				case at := <-tk.C:
					t0 := time.Now()
					if err := server.Update(); err != nil {
						t.Error(err)
						return
					}
					res.ticks = append(res.ticks, time.Since(t0))
					taken.add(at)
				}
			}
		}()
	}
	ticker := time.NewTicker(time.Second / 60)
	defer ticker.Stop()
	in := glue.Resource[steer](player)
	step := func(dir int8) {
		<-ticker.C
		in.Dir = dir
		if err := player.Update(); err != nil {
			t.Fatal(err)
		}
		if cfg.lockstep {
			if dir != 0 {
				waitFor(t, "the player's input to reach the server", 30*time.Second, nil, func() bool { return stampedWaiting(srv, rec.honest) > 0 })
			}
			if err := server.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	for deadline := time.Now().Add(cfg.warmup); time.Now().Before(deadline); {
		step(0)
	}

	// Measure: the script, the late watchers, the honest watchers' rates.
	before := make([]uint64, len(lights))
	for i, w := range lights {
		before[i] = w.msgs.Load()
	}
	s0, start := srv.Stats(), time.Now()
	lateDone := make(chan bool, cfg.late)
	script := siegeScript(cfg.ticks)
	for i, dir := range script {
		if cfg.late > 0 && i%(len(script)/cfg.late) == 0 && i/(len(script)/cfg.late) < cfg.late {
			go func() { lateDone <- lateWatcher(srv.URL(), fmt.Sprintf("127.0.3.%d", i/(len(script)/cfg.late)+1)) }()
		}
		step(dir)
		res.shown = append(res.shown, v.x)
	}
	res.elapsed = time.Since(start)
	res.srv = srv.Stats()
	for i, w := range lights {
		res.rates = append(res.rates, float64(w.msgs.Load()-before[i])/res.elapsed.Seconds())
	}
	slices.Sort(res.rates)
	for range cfg.late {
		if <-lateDone {
			res.lateIn++
		}
	}
	stop()
	attackers.Wait()
	for _, a := range attacks {
		res.attacks = append(res.attacks, a.String())
	}
	res.attacks = append(res.attacks, endProcess()...)
	res.load[1] = loadAvg()
	// The last inputs reach the game.
	for range 30 {
		step(0)
	}
	if !cfg.lockstep {
		close(serverStop)
		serverLoop.Wait()
		res.missed = taken.missed(time.Second / 60)
	}
	res.srv = statsSince(s0, res.srv)
	for _, w := range lights {
		select {
		case <-w.done:
			res.dropped++
		default:
		}
	}
	res.player = cl.Stats()
	res.logLines = lines.n.Load()
	return res
}

// statsSince returns the counters of s1 less those of s0 (Clients and
// StateAge as in s1).
func statsSince(s0, s1 ServerStats) ServerStats {
	d := s1
	d.Messages -= s0.Messages
	d.Bytes -= s0.Bytes
	d.Coalesced -= s0.Coalesced
	d.Inputs -= s0.Inputs
	d.InputsDropped -= s0.InputsDropped
	d.Refused -= s0.Refused
	d.ProtocolErrors -= s0.ProtocolErrors
	d.RateLimited -= s0.RateLimited
	d.Lagging -= s0.Lagging
	d.MissedTicks -= s0.MissedTicks
	return d
}

// lateWatcher reports whether a watcher dialing url from the address from
// gets its welcome and snapshot (within 30 seconds: a bound for a starved
// machine, not a speed).
func lateWatcher(url, from string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	w, ws, err := dialLight(ctx, url, from)
	if err != nil {
		return false
	}
	defer func() { ws.CloseNow(); <-w.done }()
	for w.msgs.Load() < 2 {
		if ctx.Err() != nil {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// attackStats counts what one attack did.
type attackStats struct {
	name     string
	from     string
	accepted atomic.Int64 // connections the server took (WebSocket clients, or TCP for the slow ones)
	refused  atomic.Int64 // connections refused or closed at once
	msgs     atomic.Int64 // messages sent
}

func (a *attackStats) String() string {
	return fmt.Sprintf("%s (%s): %d connections taken, %d refused, %d messages", a.name, a.from, a.accepted.Load(), a.refused.Load(), a.msgs.Load())
}

// startAttacks starts every attack of issue 26 against the server at url, each from its
// own address and with scale × its base parallelism, until ctx ends:
//
//   - oversized: frames declaring 2^62 + 5,000 bytes, half sent, held
//     (4 × scale connections at once)
//   - slow handshakes: "GET /net HTTP/1.1" and nothing more, and plain
//     HTTP keep-alive connections left idle (8 × scale)
//   - keep-alive fill: as many WebSocket clients as the address may open,
//     which never read nor send (24 × scale try)
//   - connect and abort: WebSocket handshakes reset at once, every third
//     with a foreign Host, every fifth a foreign Origin, every seventh a
//     made-up reconnection token (2 × scale, 100 × scale a second)
//   - message flood: keepalives as fast as the socket takes them, again
//     after each close (1)
//   - bad messages: a state type as an input, unknown type ids, bad
//     values, text, truncated and complete oversized messages, stamps out
//     of order, a server's message (1)
//   - bursts: two seated players, one sending 3 stamped inputs a tick
//     (180 a second), the other 64 stamped and 64 plain inputs at once
//     every 2 s
//
// Breakout's griefing (restart, pause, holding the serve) are rules of
// the game, not of the module; its own tests cover them.
func startAttacks(ctx context.Context, wg *sync.WaitGroup, url string, scale int) []*attackStats {
	addr := hostPort(url)
	reg := predictRegistry()
	reg.Seal()
	var all []*attackStats
	attack := func(name string, par int, loop func(a *attackStats, i int)) {
		a := &attackStats{name: name, from: fmt.Sprintf("127.0.2.%d", len(all)+1)}
		all = append(all, a)
		for i := range par {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					loop(a, i)
				}
			}()
		}
	}
	pause := func(d time.Duration) {
		select {
		case <-ctx.Done():
		case <-time.After(d):
		}
	}
	// hold reads c until it fails or ctx ends, and reports whether it
	// lasted less than 50 ms (closed at once).
	hold := func(c stdnet.Conn) bool {
		defer context.AfterFunc(ctx, func() { c.Close() })()
		t0 := time.Now()
		buf := make([]byte, 4096)
		for {
			if _, err := c.Read(buf); err != nil {
				c.Close()
				return time.Since(t0) < 50*time.Millisecond
			}
		}
	}
	// enter opens a WebSocket connection from a's address, or counts the
	// refusal and waits before the next try.
	enter := func(a *attackStats, wait time.Duration) stdnet.Conn {
		c, _, code, err := upgrade(addr, "/net", a.from, addr, "")
		if err != nil || code != http.StatusSwitchingProtocols {
			a.refused.Add(1)
			if c != nil {
				c.Close()
			}
			pause(wait)
			return nil
		}
		a.accepted.Add(1)
		return c
	}
	attack("oversized frames", 4*scale, func(a *attackStats, _ int) {
		c := enter(a, 20*time.Millisecond)
		if c == nil {
			return
		}
		c.Write(halfFrame(1<<62+5000, 5000))
		a.msgs.Add(1)
		hold(c)
	})
	attack("slow handshakes", 8*scale, func(a *attackStats, i int) {
		d := stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP(a.from)}}
		c, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			pause(20 * time.Millisecond)
			return
		}
		if i%2 == 0 {
			c.Write([]byte("GET /net HTTP/1.1\r\n")) // and nothing more
		} else {
			fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", ReadyPath, addr) // then idle
		}
		if hold(c) {
			a.refused.Add(1)
			pause(20 * time.Millisecond)
		} else {
			a.accepted.Add(1)
		}
	})
	attack("keep-alive fill", 24*scale, func(a *attackStats, _ int) {
		c := enter(a, 100*time.Millisecond)
		if c == nil {
			return
		}
		// Never reads, never sends: held until the server drops it.
		stop := context.AfterFunc(ctx, func() { c.Close() })
		pause(20 * time.Second)
		stop()
		c.Close()
	})
	churn := time.NewTicker(time.Second / time.Duration(100*scale))
	wg.Add(1)
	go func() { defer wg.Done(); <-ctx.Done(); churn.Stop() }()
	var cycle atomic.Int64
	attack("connect and abort", 2*scale, func(a *attackStats, _ int) {
		select {
		case <-ctx.Done():
			return
		case <-churn.C:
		}
		n := cycle.Add(1)
		host, origin, path := addr, "", "/net"
		switch {
		case n%3 == 0:
			host = "evil.example"
		case n%5 == 0:
			origin = "http://evil.example"
		case n%7 == 0:
			path = "/net?resume=00112233445566778899aabbccddeeff" // tokens travel in a header now: an old client's URL
		}
		c, _, code, err := upgrade(addr, path, a.from, host, origin)
		if err == nil && code == http.StatusSwitchingProtocols {
			a.accepted.Add(1)
		} else {
			a.refused.Add(1)
		}
		if c != nil {
			c.(*stdnet.TCPConn).SetLinger(0) // a reset, as an aborting client sends
			c.Close()
		}
	})
	dialWS := func(a *attackStats) *websocket.Conn {
		d := &stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP(a.from)}}
		ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{
			Subprotocols: []string{subprotocol},
			HTTPClient:   &http.Client{Transport: &http.Transport{DialContext: d.DialContext}},
		})
		if err != nil {
			a.refused.Add(1)
			pause(50 * time.Millisecond)
			return nil
		}
		a.accepted.Add(1)
		return ws
	}
	// drain reads ws until it is closed, in the background.
	drain := func(ws *websocket.Conn) <-chan struct{} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			for {
				if _, _, err := ws.Read(ctx); err != nil {
					return
				}
			}
		}()
		return done
	}
	attack("message flood", 1, func(a *attackStats, _ int) {
		ws := dialWS(a)
		if ws == nil {
			return
		}
		closed := drain(ws)
		ka := appendHeader(nil, msgKeepAlive)
		for ws.Write(ctx, websocket.MessageBinary, ka) == nil {
			a.msgs.Add(1)
		}
		ws.CloseNow()
		<-closed
		pause(100 * time.Millisecond)
	})
	sc, sp := encodeValue(reg, steer{1})
	pc, pp := encodeValue(reg, pos{1, 2})
	bad := []struct {
		typ websocket.MessageType
		msg [][]byte
	}{
		{websocket.MessageBinary, [][]byte{appendInput(nil, 1, pc, pp)}}, // a state type as an input
		{websocket.MessageBinary, [][]byte{append(appendHeader(nil, msgInput), 1, 99, 1, 0)}},
		{websocket.MessageBinary, [][]byte{append(append(appendHeader(nil, msgInput), 1), wireComp(reg, 6, 1, 7)...)}},
		{websocket.MessageText, [][]byte{[]byte("hello")}},
		{websocket.MessageBinary, [][]byte{appendInput(nil, 1, sc, sp)[:7]}},
		{websocket.MessageBinary, [][]byte{make([]byte, 5000)}},
		{websocket.MessageBinary, [][]byte{appendStamped(nil, 1, 5, sc, sp), appendStamped(nil, 2, 5, sc, sp)}},
		{websocket.MessageBinary, [][]byte{appendWelcome(nil, 1, "")}},
		{websocket.MessageBinary, [][]byte{{0xde, 0xad, 0xbe, 0xef, 0x01}}},
	}
	attack("bad messages", 1, func(a *attackStats, i int) {
		b := bad[(a.accepted.Load()+a.refused.Load())%int64(len(bad))]
		ws := dialWS(a)
		if ws == nil {
			return
		}
		closed := drain(ws)
		for _, m := range b.msg {
			if ws.Write(ctx, b.typ, m) == nil {
				a.msgs.Add(1)
			}
		}
		<-closed
		ws.CloseNow()
		pause(20 * time.Millisecond)
	})
	bursts := func(a *attackStats, every time.Duration, send func(ws *websocket.Conn, seq *uint64)) {
		ws := dialWS(a)
		if ws == nil {
			return
		}
		closed := drain(ws)
		var seq uint64
		tk := time.NewTicker(every)
		defer tk.Stop()
		for {
			select {
			case <-closed:
				ws.CloseNow()
				return
			case <-tk.C:
				send(ws, &seq)
			}
		}
	}
	stamped := func(ws *websocket.Conn, a *attackStats, seq *uint64) {
		*seq++
		if ws.Write(ctx, websocket.MessageBinary, appendStamped(nil, *seq, *seq, sc, sp)) == nil {
			a.msgs.Add(1)
		}
	}
	attack("stamped 3 a tick", 1, func(a *attackStats, _ int) {
		bursts(a, time.Second/60, func(ws *websocket.Conn, seq *uint64) {
			for range 3 {
				stamped(ws, a, seq)
			}
		})
	})
	attack("stamped 64 at once", 1, func(a *attackStats, _ int) {
		bursts(a, 2*time.Second, func(ws *websocket.Conn, seq *uint64) {
			for range 64 {
				stamped(ws, a, seq)
			}
			for range 64 {
				*seq++
				if ws.Write(ctx, websocket.MessageBinary, appendInput(nil, *seq, sc, sp)) == nil {
					a.msgs.Add(1)
				}
			}
		})
	})
	return all
}

// TestAttacksBesideWatchers is issue 26's second goal at a small scale,
// as a behaviour test (speed is the benchmark's,
// BenchmarkAttacksBesideWatchers): 20 honest watchers and a seated
// player who steers through a script, once alone and once while every
// attack of startAttacks runs, ticked in lockstep. Under the attacks the
// player's paddle takes exactly the same path — on the server, input by
// input, and on the player's screen, tick by tick — no honest client is
// dropped, the watchers who join during the attack are admitted, the
// bursting attackers' paddles move at most one input a tick, and the
// attacks did happen (refusals, protocol errors, rate limits).
func TestAttacksBesideWatchers(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("real time: about 25 s")
	}
	if c, err := stdnet.DialTCP("tcp", &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.2.1")}, &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.0.1"), Port: 9}); err != nil && strings.Contains(err.Error(), "assign requested address") {
		t.Skip("this machine does not route 127.0.0.0/8 to loopback")
	} else if c != nil {
		c.Close()
	}
	cfg := siegeConfig{watchers: 20, late: 3, ticks: 300, scale: 1, lockstep: true, warmup: time.Second}
	calm := runSiege(t, cfg)
	cfg.attack = true
	siege := runSiege(t, cfg)
	for _, a := range siege.attacks {
		t.Log(a)
	}
	t.Logf("server: %+v; %d log lines", siege.srv, siege.logLines)
	if len(calm.rec.xs) == 0 {
		t.Fatal("the player's inputs never moved its paddle")
	}
	path, shown := exactPath(siegeScript(cfg.ticks))
	if !slices.Equal(calm.rec.xs, path) || !slices.Equal(calm.shown, shown) {
		t.Errorf("alone, the paddle took another path than its inputs give: %d inputs applied %v…, %d given %v…", len(calm.rec.xs), head(calm.rec.xs), len(path), head(path))
	}
	if !slices.Equal(siege.rec.xs, calm.rec.xs) || !slices.Equal(relative(siege.rec.stamps), relative(calm.rec.stamps)) {
		t.Errorf("under attack the server moved the paddle through %d inputs %v…; alone through %d %v…",
			len(siege.rec.xs), head(siege.rec.xs), len(calm.rec.xs), head(calm.rec.xs))
	}
	if !slices.Equal(siege.shown, calm.shown) {
		i := firstDiff(siege.shown, calm.shown)
		t.Errorf("under attack the player saw its paddle at %v in script tick %d; alone at %v", siege.shown[i], i, calm.shown[i])
	}
	for _, r := range []siegeResult{calm, siege} {
		if r.dropped != 0 || r.rec.honestLeft || r.player.Connects != 1 || !r.player.Connected || r.player.Mispredicted != 0 {
			t.Errorf("honest clients: %d watchers dropped, player left %v, player %+v; want none dropped, connected once, never mispredicted", r.dropped, r.rec.honestLeft, r.player)
		}
		if r.lateIn != cfg.late {
			t.Errorf("%d of %d watchers joining during the run admitted", r.lateIn, cfg.late)
		}
	}
	if siege.rec.attackMost > 1 || siege.rec.attackApplied == 0 {
		t.Errorf("the bursting attackers' paddles: %d inputs applied, up to %d in a tick; want some, at most one a tick", siege.rec.attackApplied, siege.rec.attackMost)
	}
	if st := siege.srv; st.Refused == 0 || st.ProtocolErrors == 0 || st.RateLimited == 0 || st.InputsDropped == 0 {
		t.Errorf("the attacks did not happen: %+v", st)
	}
}

// relative returns stamps less the first.
func relative(stamps []uint64) []uint64 {
	out := make([]uint64, len(stamps))
	for i, s := range stamps {
		out[i] = s - stamps[0]
	}
	return out
}

func head(xs []float32) []float32 { return xs[:min(len(xs), 8)] }

func firstDiff(a, b []float32) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b)) - 1
}
