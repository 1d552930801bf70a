//go:build !js

package net

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	stdnet "net"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coder/websocket"
)

// The server's limits and their defaults, in one place. A zero field of
// [ServerConfig] takes the default below; docs/net.md has the same table.
const (
	// DefaultMaxClients is the default [ServerConfig.MaxClients]: WebSocket
	// clients connected at once.
	DefaultMaxClients = 64
	// DefaultExtraConnections is what the default
	// [ServerConfig.MaxConnections] adds to MaxClients: room for HTTP
	// requests and handshakes besides the clients.
	DefaultExtraConnections = 64
	// DefaultMaxConnectionsPerAddr is the default
	// [ServerConfig.MaxConnectionsPerAddr].
	DefaultMaxConnectionsPerAddr = 16
	// DefaultMaxHandshakesPerAddr is the default
	// [ServerConfig.MaxHandshakesPerAddr].
	DefaultMaxHandshakesPerAddr = 4
	// DefaultHandshakeTimeout is the default
	// [ServerConfig.HandshakeTimeout].
	DefaultHandshakeTimeout = 2 * time.Second
	// DefaultCloseTimeout is the default [ServerConfig.CloseTimeout].
	DefaultCloseTimeout = time.Second
	// DefaultHTTPTimeout is the default [ServerConfig.HTTPTimeout]: the
	// time to send a request's headers, and the time an idle HTTP
	// keep-alive connection is kept.
	DefaultHTTPTimeout = 5 * time.Second
	// DefaultMaxMessageSize is the default [ServerConfig.MaxMessageSize],
	// in bytes.
	DefaultMaxMessageSize = 4096
	// DefaultMaxMessageRate is the default [ServerConfig.MaxMessageRate]:
	// messages per second from one client. A glue client sends at most
	// one input per type per tick (60 per second) plus events and
	// keepalives.
	DefaultMaxMessageRate = 240
	// DefaultMaxInputsPerTick is the default
	// [ServerConfig.MaxInputsPerTick].
	DefaultMaxInputsPerTick = 32
	// DefaultWriteTimeout is the default [ServerConfig.WriteTimeout].
	DefaultWriteTimeout = 5 * time.Second
	// DefaultIdleTimeout is the default [ServerConfig.IdleTimeout].
	DefaultIdleTimeout = 15 * time.Second
	// DefaultMaxLag is the default [ServerConfig.MaxLag].
	DefaultMaxLag = 10 * time.Second
	// DefaultMaxLogRate is the default [ServerConfig.MaxLogRate]: warnings
	// per second about refused and dropped connections.
	DefaultMaxLogRate = 10
	// DefaultLivenessTimeout is the default
	// [ServerConfig.LivenessTimeout].
	DefaultLivenessTimeout = 5 * time.Second
)

// bucket is a token bucket: rate tokens per second, at most burst saved.
// It is not concurrent-safe.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate float64, burst float64, now time.Time) bucket {
	return bucket{rate: rate, burst: burst, tokens: burst, last: now}
}

// take takes one token, reporting false if there is none.
func (b *bucket) take(now time.Time) bool {
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// logLimiter lets at most a rate of log lines per second through, at one
// level. The number it suppressed is added to the next line it lets
// through.
type logLimiter struct {
	log        *slog.Logger
	level      slog.Level
	mu         sync.Mutex
	b          bucket
	suppressed uint64
}

func newLogLimiter(log *slog.Logger, level slog.Level, rate int) *logLimiter {
	return &logLimiter{log: log, level: level, b: newBucket(float64(rate), float64(rate), time.Now())}
}

// warn logs msg at the limiter's level unless over the rate.
func (w *logLimiter) warn(msg string, args ...any) {
	w.mu.Lock()
	if !w.b.take(time.Now()) {
		w.suppressed++
		w.mu.Unlock()
		return
	}
	n := w.suppressed
	w.suppressed = 0
	w.mu.Unlock()
	if n > 0 {
		args = append(args, "suppressed", n)
	}
	w.log.Log(context.Background(), w.level, msg, args...)
}

// limitListener accepts at most max connections open at once, perAddr of
// them from one IP address, and handshakes of them not yet settled from
// one address: it closes one more at once, calling refused. A connection
// is settled when it becomes a WebSocket client (hijacked) or has
// answered an HTTP request (idle); one not settled within timeout is
// closed. Connections count until closed, hijacked WebSocket connections
// included.
type limitListener struct {
	stdnet.Listener
	max, perAddr, handshakes int
	timeout                  time.Duration
	refused                  func(remote, why string)
	timedOut                 func(remote string)

	mu    sync.Mutex
	open  int
	addrs map[string]*addrUse // by IP address
}

// addrUse is what one IP address has open.
type addrUse struct{ conns, handshakes int }

func (l *limitListener) Accept() (stdnet.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		remote := c.RemoteAddr().String()
		ip := remote
		if h, _, err := stdnet.SplitHostPort(remote); err == nil {
			ip = h
		}
		if why := l.admit(ip); why != "" {
			c.Close()
			l.refused(remote, why)
			continue
		}
		cc := &countedConn{Conn: c, l: l, ip: ip, handshaking: true}
		// Under l.mu, which the timer's func takes before it reads the
		// timer (settleLocked): else nothing orders the two when no other
		// connection comes before the timeout.
		l.mu.Lock()
		cc.timer = time.AfterFunc(l.timeout, cc.handshakeTimedOut)
		l.mu.Unlock()
		return cc, nil
	}
}

// admit counts a new connection from ip, or says why it is refused.
func (l *limitListener) admit(ip string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.addrs == nil {
		l.addrs = map[string]*addrUse{}
	}
	u := l.addrs[ip]
	if u == nil {
		u = &addrUse{}
	}
	switch {
	case l.open >= l.max:
		return "too many connections open (ServerConfig.MaxConnections)"
	case u.conns >= l.perAddr:
		return "too many connections from one address (ServerConfig.MaxConnectionsPerAddr)"
	case u.handshakes >= l.handshakes:
		return "too many handshakes from one address (ServerConfig.MaxHandshakesPerAddr)"
	}
	l.open++
	u.conns++
	u.handshakes++
	l.addrs[ip] = u
	return ""
}

// hold counts a slot held for a client of remote (ip:port) whose
// connection was lost, as one connection of its address, until release
// is called (reconnect.go): one address cannot fill the room by
// connecting and dropping.
func (l *limitListener) hold(remote string) (release func()) {
	ip := remote
	if h, _, err := stdnet.SplitHostPort(remote); err == nil {
		ip = h
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.addrs == nil {
		l.addrs = map[string]*addrUse{}
	}
	u := l.addrs[ip]
	if u == nil {
		u = &addrUse{}
		l.addrs[ip] = u
	}
	u.conns++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if u := l.addrs[ip]; u != nil {
			if u.conns--; u.conns == 0 {
				delete(l.addrs, ip)
			}
		}
	}
}

// countedConn is a connection of a limitListener.
type countedConn struct {
	stdnet.Conn
	l           *limitListener
	ip          string
	timer       *time.Timer // set and read with l.mu held
	handshaking bool        // guarded by l.mu
	closed      bool        // guarded by l.mu
}

// settle ends the connection's handshake: it became a WebSocket client
// or answered an HTTP request.
func (c *countedConn) settle() {
	c.l.mu.Lock()
	defer c.l.mu.Unlock()
	c.settleLocked()
}

func (c *countedConn) settleLocked() {
	if c.handshaking {
		c.handshaking = false
		c.timer.Stop()
		c.l.addrs[c.ip].handshakes--
	}
}

// handshakeTimedOut closes the connection if its handshake is not done.
func (c *countedConn) handshakeTimedOut() {
	c.l.mu.Lock()
	late := c.handshaking && !c.closed
	c.l.mu.Unlock()
	if late {
		c.l.timedOut(c.RemoteAddr().String())
		c.Close()
	}
}

func (c *countedConn) Close() error {
	l := c.l
	l.mu.Lock()
	if !c.closed {
		c.closed = true
		c.settleLocked()
		l.open--
		u := l.addrs[c.ip]
		if u.conns--; u.conns == 0 {
			delete(l.addrs, c.ip)
		}
	}
	l.mu.Unlock()
	return c.Conn.Close()
}

// connState settles a connection of a limitListener when the HTTP server
// hijacks it for a WebSocket or has answered a request on it.
func connState(c stdnet.Conn, st http.ConnState) {
	if cc, ok := c.(*countedConn); ok && (st == http.StateHijacked || st == http.StateIdle) {
		cc.settle()
	}
}

// hostAllowed reports whether a request's Host header names this server:
// one of ServerConfig.AllowedHosts, or an address it serves (see
// ServerConfig.AllowedHosts). Checking it defeats DNS rebinding, where a
// page of a hostile name that resolves to the server's address passes
// the Origin check, since Origin and Host then agree.
func (s *server) hostAllowed(hostport string) bool {
	hostport = strings.ToLower(hostport)
	host := hostport
	if h, _, err := stdnet.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	for _, p := range s.cfg.AllowedHosts {
		p = strings.ToLower(p)
		if ok, _ := path.Match(p, hostport); ok {
			return true
		}
		if ok, _ := path.Match(p, host); ok {
			return true
		}
	}
	// An orchestrator's addresses are data, not patterns: "*" from a
	// sidecar names no host.
	for _, h := range s.orchestratorHosts() {
		if h = strings.TrimSuffix(strings.Trim(strings.ToLower(h), "[]"), "."); h != "" && (h == host || h == hostport) {
			return true
		}
	}
	s.mu.Lock()
	lip, local := s.listenIP, s.localIPs
	s.mu.Unlock()
	ip := stdnet.ParseIP(host)
	switch {
	case lip == nil: // mounted in another server: IP addresses and localhost
		return ip != nil || host == "localhost"
	case host == "localhost":
		return lip.IsLoopback() || lip.IsUnspecified()
	case ip == nil:
		return false
	case ip.Equal(lip), ip.IsLoopback() && lip.IsLoopback():
		return true
	case lip.IsUnspecified():
		return ip.IsLoopback() || slices.ContainsFunc(local, ip.Equal)
	}
	return false
}

// setOrchestratorHosts sets the hosts the server answers to besides
// ServerConfig.AllowedHosts: the addresses an orchestrator gave the room
// (Agones' status.address and status.addresses), compared literally.
func (s *server) setOrchestratorHosts(hosts []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hosts = slices.Clone(hosts)
}

// orchestratorHosts returns the hosts set by setOrchestratorHosts.
func (s *server) orchestratorHosts() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hosts
}

// interfaceIPs returns the machine's IP addresses.
func interfaceIPs() []stdnet.IP {
	addrs, err := stdnet.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var ips []stdnet.IP
	for _, a := range addrs {
		if n, ok := a.(*stdnet.IPNet); ok {
			ips = append(ips, n.IP)
		}
	}
	return ips
}

// errTooBig is readMessage's error for a message over the limit.
var errTooBig = errors.New("net: message too big")

// readMessage reads one message of at most max bytes into buf. A larger
// message returns errTooBig, leaving the rest unread, so that the caller
// closes the connection with its own reason. (The WebSocket library's own
// limit closes the connection first, with a reason of its own that names
// one byte more than the limit.)
func readMessage(ctx context.Context, ws *websocket.Conn, buf *bytes.Buffer, max int64) (websocket.MessageType, error) {
	buf.Reset()
	typ, r, err := ws.Reader(ctx)
	if err != nil {
		return 0, err
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, max+1)); err != nil {
		return 0, err
	}
	if int64(buf.Len()) > max {
		return 0, errTooBig
	}
	return typ, nil
}

// ending is how reading from a client ended, as far as the error tells.
type ending struct {
	reason   string
	protocol bool // a protocol error: counted, warned about, closed with 1002
	left     bool // the client closed the connection itself
}

// classifyReadErr classifies the error that ended reading from a client:
// a close frame (1000 or 1001: the client left; another code: the client
// closed, with its code and reason; no code at all: the client dropped
// the connection), a reset or an end of the TCP stream (the connection
// was lost, which is not the client's fault), or anything else, a
// protocol error.
//
// A close frame without a status is how a page drops a link it will
// dial again: the browser's WebSocket.close() with no code, which glue's
// client in a page calls where a native one closes its socket (a server
// silent too long, a cancelled read). It keeps the client's place for
// ReconnectGrace like a lost connection; a glue client that leaves says
// so with 1000 or 1001.
func classifyReadErr(err error) ending {
	var ce websocket.CloseError
	switch {
	case errors.As(err, &ce) && (ce.Code == websocket.StatusNormalClosure || ce.Code == websocket.StatusGoingAway):
		return ending{reason: "client left", left: true}
	case errors.As(err, &ce) && ce.Code == websocket.StatusNoStatusRcvd:
		return ending{reason: "connection dropped by the client (a close without a status)"}
	case errors.As(err, &ce):
		return ending{reason: fmt.Sprintf("client closed: %v %q", ce.Code, ce.Reason), left: true}
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNABORTED):
		return ending{reason: "connection reset by the client"}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, stdnet.ErrClosed):
		return ending{reason: "connection lost"}
	}
	return ending{reason: fmt.Sprintf("read: %v", err), protocol: true}
}
