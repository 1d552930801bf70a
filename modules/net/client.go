package net

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// Peer is the resource that describes the server a [Client] connects to:
// the Connect startup system of [ClientPlugin] reads it. Insert it, or set
// [ClientPlugin.Peer].
type Peer struct {
	// URL is the server's WebSocket URL, e.g. "ws://127.0.0.1:7777/net".
	URL string
}

// ClientConfig configures a [Client]. The zero value of every field means
// its default.
type ClientConfig struct {
	// Registry lists the types that may be received and sent. It must
	// match the server's. Required.
	Registry *codec.Registry
	// MaxMessageSize is the largest message accepted from the server, in
	// bytes; it bounds the snapshot, and so the world, a client can
	// receive. The default is 1 MiB.
	MaxMessageSize int64
	// DialTimeout bounds one connection attempt. The default is 5 seconds.
	DialTimeout time.Duration
	// IdleTimeout bounds the time between two messages from the server
	// (which sends a heartbeat every second by default); after it the
	// client reconnects. The default is 15 seconds.
	IdleTimeout time.Duration
	// WriteTimeout bounds the time to send one message. The default is 5
	// seconds.
	WriteTimeout time.Duration
	// KeepAlive is the longest time the client stays silent: when it has
	// sent nothing for this long it sends a keepalive message, so that the
	// server's IdleTimeout does not close it. The default is 5 seconds.
	KeepAlive time.Duration
	// RetryMin and RetryMax bound the wait before reconnecting, which
	// doubles after each failed attempt. The defaults are 250 milliseconds
	// and 5 seconds.
	RetryMin, RetryMax time.Duration
	// NoReconnect makes the client give up when its connection fails
	// instead of reconnecting. The default (false) reconnects forever.
	NoReconnect bool
	// InputQueue is the most inputs queued for sending; [SendInput] fails
	// when it is full. The default is 64.
	InputQueue int
	// SendEvery is the number of ticks between two runs of the
	// [SendPeriodically] systems. The default is 1 (every tick).
	SendEvery int
	// InterpDelay is how far in the past, in server ticks, [Interpolate]
	// systems show their components. The default (0) is two send
	// intervals, as measured from the states received (6 ticks, 100 ms,
	// at the server's default 20 Hz): a state may come one interval late
	// without the client running out of states to blend.
	InterpDelay int
	// MaxExtrapolation is how far past the newest state, in server ticks,
	// Interpolate systems extrapolate a component that was changing before
	// they hold it. The default (0) is one send interval; negative: never
	// extrapolate.
	MaxExtrapolation int
	// CorrectionRate is the fraction of a misprediction that a [Predict]
	// system corrects each tick, in (0, 1]: 1 corrects at once. The default
	// is 0.25 (90 % corrected in 8 ticks).
	CorrectionRate float64
	// Logger receives connection and disconnection lines with reasons.
	// The default is slog.Default().
	Logger *slog.Logger
}

func (cfg *ClientConfig) defaults() error {
	if cfg.Registry == nil {
		return errors.New("net: ClientConfig.Registry is nil; use the same registry as the server")
	}
	setDefault(&cfg.MaxMessageSize, 1<<20)
	setDefault(&cfg.DialTimeout, 5*time.Second)
	setDefault(&cfg.IdleTimeout, 15*time.Second)
	setDefault(&cfg.WriteTimeout, 5*time.Second)
	setDefault(&cfg.KeepAlive, 5*time.Second)
	setDefault(&cfg.RetryMin, 250*time.Millisecond)
	setDefault(&cfg.RetryMax, 5*time.Second)
	setDefault(&cfg.InputQueue, 64)
	setDefault(&cfg.SendEvery, 1)
	if cfg.CorrectionRate <= 0 || cfg.CorrectionRate > 1 {
		if cfg.CorrectionRate != 0 {
			return fmt.Errorf("net: ClientConfig.CorrectionRate must be in (0, 1], got %v; 0 means the default 0.25", cfg.CorrectionRate)
		}
		cfg.CorrectionRate = 0.25
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return nil
}

// ErrNotConnected is returned by [SendInput] while the client has no
// connection. Check for it with errors.Is.
var ErrNotConnected = errors.New("net: not connected")

var errNoPeer = errors.New("net: ClientPlugin needs a net.Peer resource with the server's URL; set ClientPlugin.Peer or insert one with App.InsertResource")

// Client is the resource of [ClientPlugin]: a connection to a [Server]
// that mirrors the server's entities into the app's world and sends the
// app's inputs. It reconnects when the connection fails, and converges to
// the server's state from the snapshot it gets on every connection. Its
// methods are concurrent-safe, except that [Client.Local] must be called
// from the app's systems.
//
// Received entities are spawned with their components plus [Remote]{ID}
// through Commands, in glue.PreUpdate, so game systems see them from
// glue.Update on. Changed components are inserted again and
// removed entities despawned; an entity that gains or loses components is
// despawned and spawned again (see the package doc). Resources sent with
// [SendResource] are inserted as resources. An entity that a game system
// despawns is spawned again from the client's copy of the server state;
// game systems must not remove [Remote].
type Client struct {
	c *client
}

// ClientStats counts what a [Client] did since it started.
type ClientStats struct {
	Connected bool   // whether the client is connected now
	Connects  uint64 // successful connections
	Messages  uint64 // messages received
	Bytes     uint64 // bytes received (WebSocket payloads)
	Snapshots uint64 // snapshots received
	Inputs    uint64 // input messages sent
	// Reconciled counts the states a Predict system reconciled its
	// prediction with, Mispredicted those after which its prediction
	// changed (the server did not do what the client predicted).
	Reconciled, Mispredicted uint64
	// Resyncs counts the times the interpolation clock jumped instead of
	// drifting (a new connection, a stall of the stream).
	Resyncs uint64
}

type client struct {
	cfg     ClientConfig
	reg     *codec.Registry
	log     *slog.Logger
	initErr error // a configuration mistake, reported by the Connect system

	mu        sync.Mutex // guards mirror, id, connected, err, ws, closing
	mirror    *mirror
	id        ClientID
	token     string // the server's reconnection token (reconnect.go)
	seat      int    // the rollback seat the server granted this connection, or -1 (relay.go)
	seatErr   error  // why the server refused the seat claimed
	held      error  // the server's last refusal of a seat held for its player (closeSeatHeld)
	helds     int    // how many such refusals came
	connected bool
	err       error
	ws        wsConn        // the current connection, or nil (transport.go)
	closing   bool          // Close was called
	leaving   bool          // its rollback session is over (or said its bye): do not reconnect
	session   atomic.Uint64 // increments on every connection

	outMu    sync.Mutex
	events   []outMsg
	spare    [][]byte // buffers of written stamped inputs (predict.go)
	periodic map[*codec.Codec][]byte
	outReady chan struct{}

	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{}
	started bool

	stats struct {
		connects, messages, bytes, snapshots, inputs atomic.Uint64
	}

	// Owned by the app's Receive system.
	bind     map[uint64]binding
	byLocal  map[glue.Entity]uint64
	spawning []uint64
	applied  atomic.Uint64 // server tick of the state last applied to the world

	// Interpolation and prediction (interp.go, predict.go): history and
	// acks are recorded by the connection goroutine under mu; the clock
	// is the game loop's.
	interp clientInterp
	pred   clientPredict
	clock  renderClock

	// onRelayed, if set before start, gets the messages other clients
	// relayed through the server (relay.go), on the connection's
	// goroutine.
	onRelayed func(from ClientID, seat int, payload []byte)
	// onVacated, if set before start, gets the server's word that client
	// from no longer holds seat, dropped by the other players or gone
	// (relay.go), on the connection's goroutine.
	onVacated func(from ClientID, seat int, dropped bool)
	// onWatched, if set before start, gets the messages a rollback
	// match's player 0 sent for watchers (rollback_watch.go), on the
	// connection's goroutine.
	onWatched func(payload []byte)
	// claim, if set before start, is the rollback seat the client claims
	// first on every connection (relay.go).
	claim *seatClaim
}

type outMsg struct {
	c       *codec.Codec
	payload []byte
	stamp   uint64 // a stamped input's tick (predict.go), or 0
	relay   bool   // payload is a message for the other clients (relay.go)
	watch   bool   // payload is a message for the watchers (rollback_watch.go)
	drop    int    // the seat of a player to drop, plus one (relay.go), or 0
}

// numbered reports whether m takes the connection's next sequence
// number: inputs do, relay and watch messages do not.
func (m outMsg) numbered() bool { return !m.relay && !m.watch && m.drop == 0 }

// appendFrame appends m's wire message to dst, numbered seq if it is
// numbered.
func (m outMsg) appendFrame(dst []byte, seq uint64) []byte {
	switch {
	case m.relay:
		return appendRelay(dst, m.payload)
	case m.watch:
		return appendWatch(dst, m.payload)
	case m.drop != 0:
		return appendDrop(dst, m.drop-1)
	case m.stamp != 0:
		return appendStamped(dst, seq, m.stamp, m.c, m.payload)
	}
	return appendInput(dst, seq, m.c, m.payload)
}

type binding struct {
	local    glue.Entity // 0 while spawning
	spawning bool
}

func newClient(cfg ClientConfig) *client {
	err := cfg.defaults()
	ctx, cancel := context.WithCancel(context.Background())
	c := &client{
		cfg:      cfg,
		reg:      cfg.Registry,
		log:      cfg.Logger,
		mirror:   newMirror(),
		periodic: map[*codec.Codec][]byte{},
		outReady: make(chan struct{}, 1),
		ctx:      ctx,
		cancel:   cancel,
		done:     make(chan struct{}),
		bind:     map[uint64]binding{},
		byLocal:  map[glue.Entity]uint64{},
		initErr:  err,
		seat:     -1,
	}
	if c.log == nil {
		c.log = slog.Default()
	}
	return c
}

// start checks the registry and the URL and starts connecting in the
// background.
func (c *client) start(rawURL string) error {
	if c.initErr != nil {
		return c.initErr
	}
	if err := c.reg.Seal(); err != nil {
		return err
	}
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "ws" && u.Scheme != "wss") || u.Host == "" {
		return fmt.Errorf("net: peer URL %q is not a ws:// or wss:// URL, e.g. ws://127.0.0.1:7777/net", rawURL)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.started {
		return errors.New("net: client already started")
	}
	c.started = true
	go c.run(rawURL)
	return nil
}

// run connects, serves the connection and reconnects until closed.
func (c *client) run(url string) {
	defer close(c.done)
	wait := c.cfg.RetryMin
	for {
		synced, err := c.serve(url)
		c.mu.Lock()
		c.connected, c.err, c.ws = false, err, nil
		closing, leaving := c.closing, c.leaving
		c.mu.Unlock()
		if closing || c.ctx.Err() != nil {
			return
		}
		if leaving {
			// The match is over for this side (it said its bye, or its
			// session ended): nothing to reconnect for, nothing to warn of.
			c.log.Info("net: connection ended; the match is over, not reconnecting", "url", url)
			return
		}
		if refused := seatRefusal(err); refused != nil {
			c.mu.Lock()
			c.seatErr = refused
			c.mu.Unlock()
			c.log.Error("net: the server refused this client's seat; not reconnecting", "url", url, "reason", refused)
			return
		}
		if c.cfg.NoReconnect {
			c.log.Warn("net: connection ended; not reconnecting", "url", url, "reason", err)
			return
		}
		held := seatHeldFor(err)
		if synced && !held {
			wait = c.cfg.RetryMin
		}
		if held {
			// The seat is kept for its player, whose connection dropped:
			// it frees itself when the grace period ends (or the
			// refusal becomes final if that player comes back). A
			// rollback session tells its player (SeatHeld).
			c.mu.Lock()
			c.held, c.helds = err, c.helds+1
			c.mu.Unlock()
			c.log.Warn("net: the seat is held for a player away; claiming it again", "url", url, "reason", err, "in", wait)
		} else {
			c.log.Warn("net: connection ended; reconnecting", "url", url, "reason", err, "in", wait)
		}
		select {
		case <-c.ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, c.cfg.RetryMax)
	}
}

// serve runs one connection: it reads the welcome, then applies the
// snapshot and the deltas that follow to the mirror, while a second
// goroutine sends inputs and keepalives. synced reports whether a snapshot
// arrived.
func (c *client) serve(url string) (synced bool, err error) {
	dctx, cancel := context.WithTimeout(c.ctx, c.cfg.DialTimeout)
	ws, err := dialWS(dctx, url, c.subprotocols(), c.cfg.MaxMessageSize)
	cancel()
	if err != nil {
		return false, fmt.Errorf("net: dial %s: %w", url, err)
	}
	defer ws.CloseNow()
	c.mu.Lock()
	closing := c.closing
	c.ws, c.seat = ws, -1
	c.mu.Unlock()
	if closing {
		return false, errors.New("net: client closed")
	}
	if ws.Subprotocol() != subprotocol {
		ws.Close(statusPolicyViolation, "net: speak subprotocol "+subprotocol)
		return false, fmt.Errorf("net: %s does not speak %s; is it a glue server?", url, subprotocol)
	}
	c.stats.connects.Add(1)
	c.session.Add(1)
	c.outMu.Lock()
	c.events = c.events[:0]
	c.outMu.Unlock()
	c.log.Info("net: connected", "url", url)

	sctx, scancel := context.WithCancel(c.ctx)
	wdone := make(chan struct{})
	go func() {
		defer close(wdone)
		c.writeLoop(sctx, ws)
	}()
	defer func() {
		scancel()
		<-wdone
	}()

	fail := func(e error) (bool, error) {
		ws.Close(statusPolicyViolation, truncate(e.Error(), 120))
		return synced, e
	}
	phase := msgWelcome // what must come next
	for {
		rctx, rcancel := context.WithTimeout(sctx, c.cfg.IdleTimeout)
		binary, data, err := ws.Read(rctx)
		timedOut := rctx.Err() != nil && sctx.Err() == nil
		rcancel()
		if err != nil {
			if timedOut {
				return synced, fmt.Errorf("net: no message from the server for %v", c.cfg.IdleTimeout)
			}
			if isTooBig(err) {
				return synced, fmt.Errorf("net: server sent a message larger than ClientConfig.MaxMessageSize (%d bytes)", c.cfg.MaxMessageSize)
			}
			if code, reason, ok := closedWith(err); ok {
				return synced, serverClosed{code: code, reason: reason, err: err}
			}
			return synced, fmt.Errorf("net: read: %w", err)
		}
		c.stats.messages.Add(1)
		c.stats.bytes.Add(uint64(len(data)))
		if !binary {
			return fail(errors.New("net: text message; glue sends binary messages"))
		}
		f, err := parseFrame(data, c.reg, true)
		if err != nil {
			return fail(err)
		}
		switch {
		case f.typ == msgWelcome && phase == msgWelcome:
			c.mu.Lock()
			c.id, c.connected, c.err = ClientID(f.client), true, nil
			c.token = f.token
			c.mu.Unlock()
			phase = msgSnapshot
			continue
		case f.typ == msgSnapshot && phase != msgWelcome:
			phase = msgDelta
			synced = true
			c.stats.snapshots.Add(1)
		case f.typ == msgDelta && phase == msgDelta:
		case f.typ == msgRelayed:
			c.relayedIn(f) // relay.go: to a rollback session, if any
			continue
		case f.typ == msgWatched:
			c.watchedIn(f) // rollback_watch.go: to a watcher of a rollback match, if any
			continue
		case f.typ == msgVacated:
			c.vacatedIn(f) // relay.go: to a rollback session, if any
			continue
		case f.typ == msgSeated && c.claim != nil && f.seat == c.claim.seat:
			c.mu.Lock()
			c.seat = f.seat
			c.mu.Unlock()
			continue
		case f.typ == msgAck && phase == msgDelta:
			c.mu.Lock()
			c.pred.pending = f
			c.mu.Unlock()
			continue
		default:
			return fail(fmt.Errorf("net: out of order: %v before %v", f.typ, phase))
		}
		c.mu.Lock()
		err = c.mirror.apply(f)
		if err == nil {
			c.received(f)
		}
		c.mu.Unlock()
		if err != nil {
			return fail(err)
		}
	}
}

// writeLoop sends queued inputs as they come and a keepalive whenever the
// client has been silent for KeepAlive.
func (c *client) writeLoop(ctx context.Context, ws wsConn) {
	var seq uint64
	var buf []byte
	var out []outMsg
	keep := time.NewTicker(c.cfg.KeepAlive)
	defer keep.Stop()
	sent := false
	write := func(msg []byte) bool {
		wctx, cancel := context.WithTimeout(ctx, c.cfg.WriteTimeout)
		defer cancel()
		if err := ws.Write(wctx, msg); err != nil {
			if ctx.Err() == nil {
				ws.CloseNow()
			}
			return false
		}
		sent = true
		return true
	}
	if c.claim != nil && !write(appendSeat(nil, c.claim.seat, c.claim.key)) { // relay.go: first
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-keep.C:
			if !sent && !write(appendHeader(buf[:0], msgKeepAlive)) {
				return
			}
			sent = false
			continue
		case <-c.outReady:
		}
		out = c.takeOut(out[:0])
		for _, m := range out {
			if m.numbered() {
				seq++
			}
			if buf = m.appendFrame(buf[:0], seq); !write(buf) {
				return
			}
			c.stats.inputs.Add(1)
		}
		c.recycle(out)
		clear(out)
	}
}

// takeOut moves the queued events, then the pending periodic values, to
// out.
func (c *client) takeOut(out []outMsg) []outMsg {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	out = append(out, c.events...)
	clear(c.events)
	c.events = c.events[:0]
	for cd, p := range c.periodic {
		out = append(out, outMsg{c: cd, payload: p})
	}
	clear(c.periodic)
	return out
}

func (c *client) signalOut() {
	select {
	case c.outReady <- struct{}{}:
	default:
	}
}

// SendInput queues v for sending to the server, which hands it to the game
// in its [Inputs]. T must be registered. It fails with [ErrNotConnected]
// while the client is not connected, and when the queue is full
// ([ClientConfig.InputQueue]). Inputs queued when a connection ends are
// dropped. SendInput is concurrent-safe.
func SendInput[T any](cl *Client, v T) error {
	c := cl.c
	cd, enc, err := codec.Of[T](c.reg)
	if err != nil {
		return err
	}
	c.mu.Lock()
	connected := c.connected
	c.mu.Unlock()
	if !connected {
		return ErrNotConnected
	}
	var w codec.Writer
	enc(&v, &w)
	c.outMu.Lock()
	if len(c.events) >= c.cfg.InputQueue {
		c.outMu.Unlock()
		return fmt.Errorf("net: input queue full (%d inputs); the connection is too slow, or raise ClientConfig.InputQueue", c.cfg.InputQueue)
	}
	c.events = append(c.events, outMsg{c: cd, payload: w.Data()})
	c.outMu.Unlock()
	c.signalOut()
	return nil
}

// setPeriodic makes payload the next value of cd to send, replacing one
// not sent yet.
func (c *client) setPeriodic(cd *codec.Codec, payload []byte) {
	c.outMu.Lock()
	c.periodic[cd] = payload
	c.outMu.Unlock()
	c.signalOut()
}

// ID returns the id the server gave the current connection, or 0 before
// the first connection.
func (cl Client) ID() ClientID {
	cl.c.mu.Lock()
	defer cl.c.mu.Unlock()
	return cl.c.id
}

// Connected reports whether the client is connected.
func (cl Client) Connected() bool {
	cl.c.mu.Lock()
	defer cl.c.mu.Unlock()
	return cl.c.connected
}

// Err returns why the last connection ended or failed, or nil while
// connected.
func (cl Client) Err() error {
	cl.c.mu.Lock()
	defer cl.c.mu.Unlock()
	return cl.c.err
}

// Tick returns the server tick of the state last applied to the world (by
// the Receive system), or 0 before the first.
func (cl Client) Tick() uint64 { return cl.c.applied.Load() }

// Local returns the local entity the client spawned for the server's
// entity with network id id, or ok == false if there is none (yet). Call
// it from systems, not from other goroutines.
func (cl Client) Local(id uint64) (e glue.Entity, ok bool) {
	b, ok := cl.c.bind[id]
	return b.local, ok && !b.spawning
}

// Stats returns the client's counters.
func (cl Client) Stats() ClientStats {
	c := cl.c
	c.mu.Lock()
	reconciled, mispredicted := c.pred.reconciled, c.pred.mispredicted
	c.mu.Unlock()
	return ClientStats{
		Reconciled:   reconciled,
		Mispredicted: mispredicted,
		Resyncs:      c.clock.resyncs.Load(),
		Connected:    cl.Connected(),
		Connects:     c.stats.connects.Load(),
		Messages:     c.stats.messages.Load(),
		Bytes:        c.stats.bytes.Load(),
		Snapshots:    c.stats.snapshots.Load(),
		Inputs:       c.stats.inputs.Load(),
	}
}

// leave marks the client as leaving: its rollback session said its bye
// or is over, so a connection that ends from now on is not reconnected.
func (c *client) leave() {
	c.mu.Lock()
	c.leaving = true
	c.mu.Unlock()
}

// Close closes the connection and stops reconnecting, waiting for the
// client's goroutines. The server is told the client is leaving (the
// WebSocket status 1000), which takes a round trip, at most a few seconds
// if the server does not answer. The world keeps what it received. Close
// is idempotent.
func (cl Client) Close() error {
	c := cl.c
	c.mu.Lock()
	c.closing = true
	ws := c.ws
	c.mu.Unlock()
	if ws != nil {
		ws.Close(statusNormalClosure, "client closing")
	}
	c.cancel()
	c.mu.Lock()
	started := c.started
	c.mu.Unlock()
	if started {
		<-c.done
	}
	return nil
}

// apply brings the world in line with the mirror (the Receive system).
// First it learns the local entities of last tick's spawns from
// Added[Remote], and notes local entities that game systems despawned
// (Removed[Remote]); then it turns every change since the last apply into
// commands.
func (c *client) apply(cmds glue.Commands, added []glue.Entity, removed []glue.Entity, remote func(glue.Entity) (uint64, bool)) {
	for _, e := range added {
		id, ok := remote(e)
		if !ok {
			continue
		}
		if b, ok := c.bind[id]; ok && b.spawning {
			c.bind[id] = binding{local: e}
			c.byLocal[e] = id
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.mirror
	for _, id := range c.spawning {
		if b, ok := c.bind[id]; ok && b.spawning {
			// Spawned last tick, but gone before this system saw it.
			delete(c.bind, id)
			m.respawn(id)
		}
	}
	c.spawning = c.spawning[:0]
	for _, e := range removed {
		if id, ok := c.byLocal[e]; ok {
			delete(c.byLocal, e)
			if b := c.bind[id]; b.local == e {
				delete(c.bind, id)
				m.respawn(id)
			}
		}
	}
	for _, id := range m.dirty {
		e := m.ents[id]
		if isResourceID(id) {
			c.applyResource(cmds, id, e)
			continue
		}
		b, bound := c.bind[id]
		// An entity whose set of components changed is despawned and
		// spawned again rather than given Insert and Remove commands (a
		// workaround for donburi v1.15.8, which glue no longer uses; see the
		// package doc), so the client only ever spawns, overwrites and
		// despawns.
		if e == nil || e.fresh || e.reshaped {
			if bound {
				cmds.Despawn(b.local)
				delete(c.byLocal, b.local)
				delete(c.bind, id)
				bound = false
			}
			if e == nil {
				continue
			}
		}
		if !e.dirty {
			continue // listed twice
		}
		if !bound {
			vals := make([]any, 0, 1+len(e.comps))
			vals = append(vals, Remote{ID: id})
			for _, cv := range e.comps {
				vals = append(vals, cv.v)
			}
			cmds.Spawn(vals...)
			c.bind[id] = binding{spawning: true}
			c.spawning = append(c.spawning, id)
		} else if len(e.changed) > 0 {
			// Components that Interpolate or Predict systems drive are
			// left to them: they write the world's copy every tick.
			vals := make([]any, 0, len(e.changed))
			for _, cd := range e.changed {
				if !c.driven(id, cd) {
					vals = append(vals, e.value(cd))
				}
			}
			if len(vals) > 0 {
				cmds.Insert(b.local, vals...)
			}
		}
		e.clean()
	}
	m.dirty = m.dirty[:0]
	c.applied.Store(m.tick)
}

// applyResource inserts or removes the resources of a resource id.
func (c *client) applyResource(cmds glue.Commands, id uint64, e *mEnt) {
	if e == nil {
		if cd := c.reg.ByID(uint16(id >> 1)); cd != nil {
			cmds.RemoveResource(cd.Type())
		}
		return
	}
	if !e.dirty {
		return
	}
	if e.fresh {
		for _, cv := range e.comps {
			cmds.InsertResource(cv.v)
		}
	} else {
		for _, cd := range e.changed {
			cmds.InsertResource(e.value(cd))
		}
		for _, cd := range e.removed {
			cmds.RemoveResource(cd.Type())
		}
	}
	e.clean()
}

// serverClosed is the error of a connection the server closed with a
// close frame: it says the code and reason, and unwraps to the
// transport's error (natively a websocket.CloseError).
type serverClosed struct {
	code   statusCode
	reason string
	err    error
}

func (e serverClosed) Error() string {
	return fmt.Sprintf("net: the server closed the connection (%v): %s", e.code, e.reason)
}

func (e serverClosed) Unwrap() error { return e.err }

// seatRefusal returns err as the server's refusal of the client's seat
// (relay.go), or nil if it is not one.
func seatRefusal(err error) error {
	var sc serverClosed
	if errors.As(err, &sc) && sc.code == closeSeatRefused {
		return fmt.Errorf("net: the server refused this player's seat: %s", sc.reason)
	}
	return nil
}

// seatHeldFor reports whether err is the server's refusal of a seat held
// for its player, whose connection dropped, in its grace period
// (closeSeatHeld): the client tries again.
func seatHeldFor(err error) bool {
	var sc serverClosed
	return errors.As(err, &sc) && sc.code == closeSeatHeld
}

// subprotocols returns the WebSocket subprotocols to offer: glue's own
// and, if the server gave the last connection a reconnection token, the
// token's (resumeProtocol).
func (c *client) subprotocols() []string {
	c.mu.Lock()
	token := c.token
	c.mu.Unlock()
	if token == "" {
		return []string{subprotocol}
	}
	return []string{subprotocol, resumeProtocol + hex.EncodeToString([]byte(token))}
}
