package lagproxy

import (
	"bufio"
	"fmt"
	"io"
	"net"
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
	if _, err := Start(Config{}); err == nil {
		t.Error("no target: no error")
	}
	if _, err := Start(Config{Target: "127.0.0.1:1", Latency: -1}); err == nil {
		t.Error("negative latency: no error")
	}
}
