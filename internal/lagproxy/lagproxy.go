// Package lagproxy is a TCP proxy on 127.0.0.1 that delays what it
// forwards, for tests of networked games under latency and jitter on real
// sockets: point a client at [Proxy.Addr] instead of the server's address.
//
// Every chunk of bytes read from one side is written to the other after
// the latency plus a random part of the jitter, and never before the
// chunk read before it (TCP keeps order: jitter delays data, it does not
// reorder it). Both directions are delayed independently, so a round
// trip takes twice the latency plus up to twice the jitter.
package lagproxy

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"sync"
	"time"
)

// Config says where to forward and how much to delay.
type Config struct {
	// Target is the server's host:port.
	Target string
	// Latency is the one-way delay, in each direction.
	Latency time.Duration
	// Jitter is the most extra one-way delay; each chunk gets a uniform
	// random part of it.
	Jitter time.Duration
	// Seed seeds the jitter.
	Seed uint64
}

// Proxy is a running proxy. Its methods are concurrent-safe.
type Proxy struct {
	cfg Config
	ln  net.Listener

	mu     sync.Mutex
	rng    *rand.Rand
	conns  map[net.Conn]struct{}
	closed bool
	wg     sync.WaitGroup
}

// Start listens on a free port of 127.0.0.1 and forwards every
// connection to cfg.Target.
func Start(cfg Config) (*Proxy, error) {
	if cfg.Target == "" {
		return nil, errors.New("lagproxy: Config.Target is empty; set it to the server's host:port")
	}
	if cfg.Latency < 0 || cfg.Jitter < 0 {
		return nil, fmt.Errorf("lagproxy: latency %v and jitter %v must not be negative", cfg.Latency, cfg.Jitter)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("lagproxy: %w", err)
	}
	p := &Proxy{cfg: cfg, ln: ln, rng: rand.New(rand.NewPCG(cfg.Seed, 0x1a9)), conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.accept()
	return p, nil
}

// Addr returns the proxy's address, host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Close stops listening, closes every connection and waits for the
// proxy's goroutines.
func (p *Proxy) Close() error {
	p.mu.Lock()
	p.closed = true
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	err := p.ln.Close()
	p.wg.Wait()
	return err
}

func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		c.Close()
		return false
	}
	p.conns[c] = struct{}{}
	return true
}

func (p *Proxy) untrack(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
	c.Close()
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		in, err := p.ln.Accept()
		if err != nil {
			return
		}
		if !p.track(in) {
			continue
		}
		out, err := net.Dial("tcp", p.cfg.Target)
		if err != nil {
			p.untrack(in)
			continue
		}
		if !p.track(out) {
			p.untrack(in)
			continue
		}
		p.wg.Add(2)
		go p.pipe(in, out)
		go p.pipe(out, in)
	}
}

// delay returns one chunk's delay.
func (p *Proxy) delay() time.Duration {
	d := p.cfg.Latency
	if p.cfg.Jitter > 0 {
		p.mu.Lock()
		d += time.Duration(p.rng.Int64N(int64(p.cfg.Jitter) + 1))
		p.mu.Unlock()
	}
	return d
}

type chunk struct {
	due  time.Time
	data []byte
}

// pipe forwards src to dst, delaying each chunk; it closes both when
// either side ends.
func (p *Proxy) pipe(src, dst net.Conn) {
	defer p.wg.Done()
	q := make(chan chunk, 4096)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for c := range q {
			if d := time.Until(c.due); d > 0 {
				time.Sleep(d)
			}
			if _, err := dst.Write(c.data); err != nil {
				break
			}
		}
		for range q { // drain after a failed write
		}
	}()
	var last time.Time
	buf := make([]byte, 64<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			due := time.Now().Add(p.delay())
			if due.Before(last) {
				due = last
			}
			last = due
			q <- chunk{due: due, data: append([]byte(nil), buf[:n]...)}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				dst.Close()
			}
			break
		}
	}
	close(q)
	<-done
	p.untrack(src)
	p.untrack(dst)
}
