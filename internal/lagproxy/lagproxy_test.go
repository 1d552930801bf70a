package lagproxy

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"slices"
	"strings"
	"testing"
	"time"
)

// echo serves an echo server on 127.0.0.1 until the test ends.
func echo(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				io.Copy(c, c)
			}()
		}
	}()
	return ln.Addr().String()
}

// TestDelaysInOrder sends numbered lines through the proxy to an echo
// server: each comes back after at least two latencies and at most two
// latencies plus two jitters (plus scheduling), and in order.
func TestDelaysInOrder(t *testing.T) {
	const latency, jitter = 40 * time.Millisecond, 20 * time.Millisecond
	p, err := Start(Config{Target: echo(t), Latency: latency, Jitter: jitter, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	const n = 30
	sent := make(chan time.Time, n)
	go func() {
		for i := range n {
			sent <- time.Now()
			fmt.Fprintf(c, "%d\n", i)
			time.Sleep(3 * time.Millisecond)
		}
	}()
	r := bufio.NewScanner(c)
	for i := range n {
		if !r.Scan() {
			t.Fatalf("line %d: %v", i, r.Err())
		}
		rtt := time.Since(<-sent)
		if got := r.Text(); got != fmt.Sprint(i) {
			t.Fatalf("line %d came back as %q: out of order", i, got)
		}
		if rtt < 2*latency {
			t.Errorf("line %d came back after %v, sooner than two latencies (%v)", i, rtt, 2*latency)
		}
		// No upper bound: how much later than the delays a line comes back
		// is the machine's speed, which a test does not assert.
		if rtt > 2*(latency+jitter)+200*time.Millisecond {
			t.Logf("line %d came back after %v (a busy machine)", i, rtt)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	for _, cfg := range []Config{
		{},
		{Target: "127.0.0.1:1", Latency: -1},
		{Target: "127.0.0.1:1", HoldBack: 1.5},
		{Target: "127.0.0.1:1", StallEvery: time.Second},
		{Target: "127.0.0.1:1", StallEvery: time.Second, StallFor: 2 * time.Second},
		{Target: "127.0.0.1:1", Cuts: []Cut{{At: time.Second}}},
		{Target: "127.0.0.1:1", Cuts: []Cut{{For: time.Second, Mode: 9}}},
	} {
		if p, err := Start(cfg); err == nil {
			p.Close()
			t.Errorf("%+v: no error", cfg)
		} else if !strings.HasPrefix(err.Error(), "lagproxy: ") {
			t.Errorf("%+v: error %q does not name the package", cfg, err)
		}
	}
}

// dial connects to the proxy, closing the connection when the test ends.
func dial(t *testing.T, p *Proxy) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// roundTrip sends a line and returns when it came back, failing the test
// if it did not within the (generous) deadline.
func roundTrip(t *testing.T, c net.Conn, line string) time.Time {
	t.Helper()
	c.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := fmt.Fprintln(c, line); err != nil {
		t.Fatal(err)
	}
	got, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		t.Fatalf("%q did not come back: %v", line, err)
	}
	if got != line+"\n" {
		t.Fatalf("sent %q, got back %q", line, got)
	}
	return time.Now()
}

// The held-back chunks are chosen by the seed: two proxies with the same
// seed choose the same chunks, in each direction of each connection, and
// about the fraction asked for.
func TestHoldBackIsSeeded(t *testing.T) {
	cfg := Config{Target: "127.0.0.1:1", Latency: time.Millisecond, Jitter: time.Millisecond, Seed: 5, HoldBack: 0.02, HoldBackBy: 250 * time.Millisecond}
	draw := func(stream uint64) (held []int, delays []time.Duration) {
		p := &Proxy{cfg: cfg}
		rng := rand.New(rand.NewPCG(cfg.Seed, stream))
		for i := range 10000 {
			d, h := p.delay(rng)
			if h {
				held = append(held, i)
				if d < cfg.Latency+cfg.HoldBackBy {
					t.Fatalf("chunk %d held back by only %v", i, d)
				}
			}
			delays = append(delays, d)
		}
		return held, delays
	}
	h1, d1 := draw(0)
	h2, d2 := draw(0)
	h3, _ := draw(1)
	if !slices.Equal(h1, h2) || !slices.Equal(d1, d2) {
		t.Error("the same seed and stream chose other chunks or delays")
	}
	if slices.Equal(h1, h3) {
		t.Error("the two directions hold back the same chunks")
	}
	if n := len(h1); n < 120 || n > 280 {
		t.Errorf("%d of 10000 chunks held back, want about 200 (2%%)", n)
	}
}

// With every chunk held back, a round trip takes at least twice the
// hold; the proxy counts them.
func TestHoldBackDelays(t *testing.T) {
	const by = 150 * time.Millisecond
	p, err := Start(Config{Target: echo(t), HoldBack: 1, HoldBackBy: by, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	c := dial(t, p)
	sent := time.Now()
	if rtt := roundTrip(t, c, "hello").Sub(sent); rtt < 2*by {
		t.Errorf("round trip %v with every chunk held back by %v", rtt, by)
	}
	if st := p.Stats(); st.HeldBack < 2 || st.HeldBack != st.Chunks {
		t.Errorf("stats %+v: want every chunk, at least 2, held back", st)
	}
}

// A Hold cut delivers nothing until it ends and keeps the connection:
// what was sent in it arrives after it.
func TestCutHold(t *testing.T) {
	p, err := Start(Config{Target: echo(t), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	c := dial(t, p)
	roundTrip(t, c, "before")
	const cut = 300 * time.Millisecond
	end := time.Now().Add(cut)
	p.Cut(Hold, cut)
	if got := roundTrip(t, c, "during"); got.Before(end) {
		t.Errorf("a line came back %v before the cut's end", end.Sub(got))
	}
	roundTrip(t, c, "after")
}

// A Blackhole cut loses what is sent in it and then closes the
// connection; a new connection works.
func TestCutBlackhole(t *testing.T) {
	p, err := Start(Config{Target: echo(t), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	c := dial(t, p)
	roundTrip(t, c, "before")
	p.Cut(Blackhole, 200*time.Millisecond)
	fmt.Fprintln(c, "lost")
	c.SetDeadline(time.Now().Add(20 * time.Second))
	if got, err := bufio.NewReader(c).ReadString('\n'); err == nil {
		t.Fatalf("%q came through a blackhole", got)
	}
	if st := p.Stats(); st.Lost == 0 || st.Cuts != 1 {
		t.Errorf("stats %+v: want a cut and a chunk lost", st)
	}
	roundTrip(t, dial(t, p), "after")
}

// A Close cut closes the connections at once and refuses new ones until
// it ends.
func TestCutClose(t *testing.T) {
	p, err := Start(Config{Target: echo(t), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	c := dial(t, p)
	roundTrip(t, c, "before")
	const cut = 400 * time.Millisecond
	end := time.Now().Add(cut)
	p.Cut(Close, cut)
	c.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := bufio.NewReader(c).ReadString('\n'); err == nil {
		t.Fatal("the connection outlived a Close cut")
	}
	for time.Now().Before(end.Add(-100 * time.Millisecond)) {
		d := dial(t, p)
		d.SetDeadline(time.Now().Add(20 * time.Second))
		fmt.Fprintln(d, "refused?")
		if _, err := bufio.NewReader(d).ReadString('\n'); err == nil && time.Now().Before(end) {
			t.Fatal("a connection made during a Close cut carried data before its end")
		}
		time.Sleep(50 * time.Millisecond)
	}
	for time.Now().Before(end) {
		time.Sleep(10 * time.Millisecond)
	}
	roundTrip(t, dial(t, p), "after")
	if st := p.Stats(); st.Refused == 0 {
		t.Errorf("stats %+v: no connection refused", st)
	}
}

// Scheduled cuts and periodic stalls hold what comes in them until they
// end.
func TestStallsAndScheduledCuts(t *testing.T) {
	const every, stall = 600 * time.Millisecond, 250 * time.Millisecond
	p, err := Start(Config{Target: echo(t), Seed: 1, StallEvery: every, StallFor: stall,
		Cuts: []Cut{{At: 1500 * time.Millisecond, For: 200 * time.Millisecond, Mode: Hold}}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	c := dial(t, p)
	for _, w := range []struct{ at, end time.Duration }{
		{every + 50*time.Millisecond, every + stall},       // the first stall
		{2*every + 50*time.Millisecond, 2*every + stall},   // the second
		{1550 * time.Millisecond, 1700 * time.Millisecond}, // the cut
	} {
		time.Sleep(time.Until(p.start.Add(w.at)))
		sent := time.Since(p.start)
		got := roundTrip(t, c, "x").Sub(p.start)
		switch {
		case sent >= w.end:
			t.Logf("sent at %v, after the window's end %v (a busy machine): nothing to check", sent, w.end)
		case got < w.end:
			t.Errorf("a line sent at %v came back at %v, before the window's end %v", sent, got, w.end)
		}
	}
}

// SetLatency changes the latency of what is read from then on: a line
// sent after it comes back after at least two of the new latency.
func TestSetLatency(t *testing.T) {
	p, err := Start(Config{Target: echo(t), Latency: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	c := dial(t, p)
	roundTrip(t, c, "fast")
	const slow = 150 * time.Millisecond
	p.SetLatency(slow)
	sent := time.Now()
	if took := roundTrip(t, c, "slow").Sub(sent); took < 2*slow {
		t.Errorf("after SetLatency(%v) a line came back in %v, want at least %v", slow, took, 2*slow)
	}
}
