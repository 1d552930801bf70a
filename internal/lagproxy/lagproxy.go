// Package lagproxy is a TCP proxy on 127.0.0.1 that delays what it
// forwards and, on request, does to it what real networks do, for tests of
// networked games on real sockets: point a client at [Proxy.Addr] instead
// of the server's address.
//
// Every chunk of bytes read from one side is written to the other after
// the latency plus a random part of the jitter, and never before the
// chunk read before it (TCP keeps order: jitter delays data, it does not
// reorder it). Both directions are delayed independently, so a round
// trip takes twice the latency plus up to twice the jitter.
//
// The faults of a real link, each off by default:
//
//   - held-back chunks ([Config.HoldBack], [Config.HoldBackBy]): over TCP a
//     lost packet is sent again and arrives late, holding back everything
//     behind it; e.g. 2 % of the chunks 250 ms later;
//   - periodic stalls ([Config.StallEvery], [Config.StallFor]): nothing is
//     delivered for a while, then everything held at once; e.g. 1 s every
//     30 s (a Wi-Fi scan, a mobile handover);
//   - outages ([Proxy.Cut], [Config.Cuts]): for a duration the link holds
//     everything ([Hold]), loses everything and then drops its connections
//     ([Blackhole]), or drops its connections at once and refuses new ones
//     ([Close]).
//
// Random choices come from [Config.Seed], one generator for each direction
// of each connection (numbered in the order they were accepted), so a run
// with the same seed and the same traffic makes the same choices.
package lagproxy

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// CutMode is what a cut ([Proxy.Cut]) does to the link.
type CutMode uint8

const (
	// Hold delivers nothing during the cut and everything held at its
	// end: a link that stops and comes back, the connections surviving.
	Hold CutMode = iota
	// Blackhole loses everything sent during the cut, then closes the
	// connections that were open in it at its end: a link that died
	// silently, noticed only by a timeout or a close.
	Blackhole
	// Close closes every connection when the cut starts and refuses new
	// ones (accepts and closes them at once) until it ends.
	Close
)

// String names the mode.
func (m CutMode) String() string {
	switch m {
	case Hold:
		return "hold"
	case Blackhole:
		return "blackhole"
	case Close:
		return "close"
	}
	return fmt.Sprintf("CutMode(%d)", uint8(m))
}

// Cut is an outage scheduled in [Config.Cuts].
type Cut struct {
	At   time.Duration // after Start
	For  time.Duration
	Mode CutMode
}

// Config says where to forward, how much to delay and which faults to
// cause. The zero value of every fault field means none.
type Config struct {
	// Target is the server's host:port.
	Target string
	// Latency is the one-way delay, in each direction.
	Latency time.Duration
	// Jitter is the most extra one-way delay; each chunk gets a uniform
	// random part of it.
	Jitter time.Duration
	// Seed seeds every random choice: the jitter and the held-back chunks.
	Seed uint64
	// HoldBack is the fraction of chunks, in [0, 1], delivered HoldBackBy
	// later than their latency and jitter say (and so the chunks behind
	// them too): TCP's answer to a lost packet.
	HoldBack float64
	// HoldBackBy is how much later a held-back chunk is delivered.
	HoldBackBy time.Duration
	// StallEvery and StallFor make a periodic stall: from StallEvery after
	// Start, every StallEvery, nothing is delivered for StallFor (what
	// comes in the meantime is delivered at the stall's end). Both must
	// be set, StallFor shorter than StallEvery.
	StallEvery, StallFor time.Duration
	// Cuts are outages at fixed times after Start; [Proxy.Cut] starts one
	// at any time.
	Cuts []Cut
}

// Stats counts what a proxy did, both directions together.
type Stats struct {
	Chunks uint64 // chunks read and forwarded (or lost)
	Bytes  uint64 // bytes read
	// Up and Down split Bytes by direction: from the clients to the
	// target, and back.
	Up, Down uint64
	HeldBack uint64 // chunks held back (Config.HoldBack)
	Lost     uint64 // chunks lost in a Blackhole cut
	Cuts     uint64 // cuts started
	Refused  uint64 // connections refused in a Close cut
	Conns    uint64 // connections accepted and forwarded
}

// Proxy is a running proxy. Its methods are concurrent-safe.
type Proxy struct {
	cfg   Config
	ln    net.Listener
	start time.Time

	mu      sync.Mutex
	conns   map[net.Conn]struct{}
	closed  bool
	cuts    []window // outages now or to come, with the stalls apart
	accepts uint64
	st      Stats
	wg      sync.WaitGroup
	timers  []*time.Timer
	latency atomic.Int64 // SetLatency's latency plus 1; 0: Config.Latency
}

// window is a cut in absolute time.
type window struct {
	from, to time.Time
	mode     CutMode
}

// Start listens on a free port of 127.0.0.1 and forwards every
// connection to cfg.Target.
func Start(cfg Config) (*Proxy, error) {
	switch {
	case cfg.Target == "":
		return nil, errors.New("lagproxy: Config.Target is empty; set it to the server's host:port")
	case cfg.Latency < 0 || cfg.Jitter < 0:
		return nil, fmt.Errorf("lagproxy: latency %v and jitter %v must not be negative", cfg.Latency, cfg.Jitter)
	case cfg.HoldBack < 0 || cfg.HoldBack > 1 || cfg.HoldBackBy < 0:
		return nil, fmt.Errorf("lagproxy: HoldBack %v must be in [0, 1] and HoldBackBy %v not negative", cfg.HoldBack, cfg.HoldBackBy)
	case (cfg.StallEvery > 0) != (cfg.StallFor > 0) || cfg.StallFor < 0 || cfg.StallFor >= cfg.StallEvery && cfg.StallEvery > 0:
		return nil, fmt.Errorf("lagproxy: StallEvery %v and StallFor %v must both be set, StallFor the shorter", cfg.StallEvery, cfg.StallFor)
	}
	for _, c := range cfg.Cuts {
		if c.At < 0 || c.For <= 0 || c.Mode > Close {
			return nil, fmt.Errorf("lagproxy: cut %+v: At must not be negative, For must be positive and Mode one of Hold, Blackhole, Close", c)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("lagproxy: %w", err)
	}
	p := &Proxy{cfg: cfg, ln: ln, start: time.Now(), conns: map[net.Conn]struct{}{}}
	for _, c := range cfg.Cuts {
		p.schedule(p.start.Add(c.At), c.For, c.Mode)
	}
	p.wg.Add(1)
	go p.accept()
	return p, nil
}

// SetLatency changes the one-way latency of the chunks read from now on
// (Config.Latency), in each direction: a link that slows down or speeds
// up mid-match. Chunks are still delivered in order, so a lower latency
// holds the next chunks behind the ones already in flight.
func (p *Proxy) SetLatency(d time.Duration) {
	p.latency.Store(int64(max(d, 0)) + 1)
}

// Addr returns the proxy's address, host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Stats returns the proxy's counters.
func (p *Proxy) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.st
}

// Cut starts an outage of the link now, for d (see [CutMode]).
func (p *Proxy) Cut(mode CutMode, d time.Duration) {
	p.schedule(time.Now(), d, mode)
}

// schedule records a cut from at for d, with the timers that close
// connections at its start (Close) or end (Blackhole).
func (p *Proxy) schedule(at time.Time, d time.Duration, mode CutMode) {
	w := window{from: at, to: at.Add(d), mode: mode}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.cuts = append(p.cuts, w)
	p.timers = append(p.timers, time.AfterFunc(time.Until(at), func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.st.Cuts++
		if mode == Close {
			p.closeAll()
		}
	}))
	if mode == Blackhole {
		p.timers = append(p.timers, time.AfterFunc(time.Until(w.to), func() {
			p.mu.Lock()
			defer p.mu.Unlock()
			p.closeAll()
		}))
	}
}

// closeAll closes every connection (p.mu held).
func (p *Proxy) closeAll() {
	for c := range p.conns {
		c.Close()
	}
}

// cutAt returns the cut in force at t, if any, and forgets those over.
func (p *Proxy) cutAt(t time.Time) (window, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	p.cuts = slices.DeleteFunc(p.cuts, func(w window) bool { return !w.to.After(now) && !w.to.After(t) })
	for _, w := range p.cuts {
		if !t.Before(w.from) && t.Before(w.to) {
			return w, true
		}
	}
	return window{}, false
}

// stallEnd returns the end of the periodic stall in force at t, or the
// zero time.
func (p *Proxy) stallEnd(t time.Time) time.Time {
	if p.cfg.StallEvery <= 0 {
		return time.Time{}
	}
	since := t.Sub(p.start)
	if since < p.cfg.StallEvery {
		return time.Time{}
	}
	n := since / p.cfg.StallEvery
	from := p.start.Add(n * p.cfg.StallEvery)
	if end := from.Add(p.cfg.StallFor); t.Before(end) {
		return end
	}
	return time.Time{}
}

// Close stops listening, closes every connection and waits for the
// proxy's goroutines.
func (p *Proxy) Close() error {
	p.mu.Lock()
	p.closed = true
	p.closeAll()
	for _, t := range p.timers {
		t.Stop()
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
		if w, ok := p.cutAt(time.Now()); ok && w.mode == Close {
			p.mu.Lock()
			p.st.Refused++
			p.mu.Unlock()
			in.Close()
			continue
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
		p.mu.Lock()
		n := p.accepts
		p.accepts++
		p.st.Conns++
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(in, out, rand.New(rand.NewPCG(p.cfg.Seed, 2*n)), &p.st.Up)
		go p.pipe(out, in, rand.New(rand.NewPCG(p.cfg.Seed, 2*n+1)), &p.st.Down)
	}
}

// delay returns one chunk's delay from its direction's generator, and
// whether it was held back.
func (p *Proxy) delay(rng *rand.Rand) (time.Duration, bool) {
	d := p.cfg.Latency
	if set := p.latency.Load(); set > 0 {
		d = time.Duration(set - 1)
	}
	if p.cfg.Jitter > 0 {
		d += time.Duration(rng.Int64N(int64(p.cfg.Jitter) + 1))
	}
	if p.cfg.HoldBack > 0 && rng.Float64() < p.cfg.HoldBack {
		return d + p.cfg.HoldBackBy, true
	}
	return d, false
}

type chunk struct {
	due  time.Time
	data []byte
}

// pipe forwards src to dst, delaying each chunk and counting its bytes
// in *way (under p.mu); it closes both when either side ends.
func (p *Proxy) pipe(src, dst net.Conn, rng *rand.Rand, way *uint64) {
	defer p.wg.Done()
	q := make(chan chunk, 4096)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for c := range q {
			if !p.deliver(dst, c) {
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
			now := time.Now()
			d, held := p.delay(rng)
			due := now.Add(d)
			if due.Before(last) {
				due = last
			}
			last = due
			p.mu.Lock()
			p.st.Chunks++
			p.st.Bytes += uint64(n)
			*way += uint64(n) // p.mu held
			if held {
				p.st.HeldBack++
			}
			p.mu.Unlock()
			if w, ok := p.cutAt(now); ok && w.mode != Hold {
				p.lost()
			} else {
				q <- chunk{due: due, data: append([]byte(nil), buf[:n]...)}
			}
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

func (p *Proxy) lost() {
	p.mu.Lock()
	p.st.Lost++
	p.mu.Unlock()
}

// deliver writes c to dst when it is due and no stall or cut holds it,
// and reports whether the connection is still usable.
func (p *Proxy) deliver(dst net.Conn, c chunk) bool {
	for {
		if d := time.Until(c.due); d > 0 {
			time.Sleep(d)
		}
		now := time.Now()
		if end := p.stallEnd(now); !end.IsZero() {
			c.due = end
			continue
		}
		if w, ok := p.cutAt(now); ok {
			if w.mode != Hold {
				p.lost()
				return true
			}
			c.due = w.to
			continue
		}
		_, err := dst.Write(c.data)
		return err == nil
	}
}
