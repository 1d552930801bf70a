//go:build !js

package net

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	stdnet "net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// ServerConfig configures a [Server]. The zero value of every field means
// its default.
type ServerConfig struct {
	// Registry lists the types that may be sent and received. Required.
	Registry *codec.Registry
	// Addr is the TCP address to listen on. The default is
	// "127.0.0.1:7777". A missing host (":7777") also means 127.0.0.1: to
	// listen on every interface, say so with "0.0.0.0:7777" or "[::]:7777".
	// Port 0 picks a free port; [Server.Addr] tells which.
	Addr string
	// Path is the URL path of the WebSocket endpoint. The default is "/net".
	Path string
	// SendEvery is the number of ticks between two sends: the rate at
	// which Send systems record the world and clients get deltas. The
	// default is 3 (20 Hz at 60 ticks per second).
	SendEvery int
	// Heartbeat is the number of sends without a change after which an
	// empty delta is sent anyway, so that clients see the server tick
	// advance and know the connection is alive. The default is 20 (one
	// second at the default rate).
	Heartbeat int
	// MaxClients is the most clients connected at once; more are refused
	// with HTTP 503. The default is 64 ([DefaultMaxClients]).
	MaxClients int
	// MaxConnections is the most TCP connections open at once on the
	// server's listener: clients, handshakes and plain HTTP requests
	// together. One more is closed as soon as it is accepted. The default
	// is MaxClients + 64 ([DefaultExtraConnections]).
	MaxConnections int
	// MaxConnectionsPerAddr is the most TCP connections open at once from
	// one IP address, of every kind (clients, handshakes, HTTP requests);
	// one more is closed as soon as it is accepted, so that one address
	// cannot fill the room. The default is 16
	// ([DefaultMaxConnectionsPerAddr]). Players behind one NAT share an
	// address: raise it for such rooms.
	MaxConnectionsPerAddr int
	// MaxHandshakesPerAddr is the most connections from one IP address
	// that have not yet become WebSocket clients (or finished an HTTP
	// request); one more is closed as soon as it is accepted. The default
	// is 4 ([DefaultMaxHandshakesPerAddr]).
	MaxHandshakesPerAddr int
	// HandshakeTimeout bounds the time from accepting a connection to its
	// becoming a WebSocket client (or answering its first HTTP request);
	// a slower connection is closed. The default is 2 seconds
	// ([DefaultHandshakeTimeout]).
	HandshakeTimeout time.Duration
	// CloseTimeout bounds a close handshake: a client that has not
	// answered the server's close frame within it is cut off. A client
	// closed for breaking the protocol or the message rate is told why
	// but not waited for: its slot is free at once. The default is 1
	// second ([DefaultCloseTimeout]).
	CloseTimeout time.Duration
	// HTTPTimeout bounds the time a connection may take to send a
	// request's headers, and the time an idle HTTP keep-alive connection
	// is kept open. The default is 5 seconds ([DefaultHTTPTimeout]).
	HTTPTimeout time.Duration
	// MaxMessageSize is the largest message a client may send, in bytes;
	// a larger one closes its connection with the WebSocket status 1009
	// (message too big). The default is 4096 ([DefaultMaxMessageSize]).
	MaxMessageSize int64
	// MaxMessageRate is the most messages per second a client may send
	// on average, with bursts of as many in a row (a token bucket); a
	// client over it is disconnected with the status 1008 (policy
	// violation). The default is 240 ([DefaultMaxMessageRate]).
	MaxMessageRate int
	// MaxInputsPerTick is the most input messages kept per client per
	// tick; more are dropped and counted in [ServerStats.InputsDropped].
	// The default is 32.
	MaxInputsPerTick int
	// WriteTimeout bounds the time to send one message to a client; a
	// client that does not take it in time is disconnected. The default is
	// 5 seconds.
	WriteTimeout time.Duration
	// IdleTimeout bounds the time between two messages from a client
	// (clients send keepalives); a silent client is disconnected. The
	// default is 15 seconds.
	IdleTimeout time.Duration
	// MaxLag bounds how far behind the server a client may fall: the
	// server pings every client every MaxLag/2, and a client that has not
	// answered within MaxLag (its answer comes after everything sent
	// before the ping, however much the network buffers) is disconnected.
	// (While a write to the client blocks, WriteTimeout bounds it.) The
	// default is 10 seconds ([DefaultMaxLag]).
	MaxLag time.Duration
	// Inputs lists the types clients may send as inputs (with
	// [SendInput], [SendPeriodically] or [Predict]); each must be in the
	// Registry. An input of another type — a state type sent as an input —
	// closes the connection with the status 1008 (policy violation). Empty
	// means every registered type, which lets a client hand the game any
	// type it sends: list the inputs.
	Inputs []glue.Type
	// ReconnectGrace is how long a player whose connection was lost (not
	// closed by the client) keeps its [ClientID]: the server sends each
	// client a random token in its welcome, and a client that reconnects
	// with it within the grace period gets its id back (and a new token),
	// so that the game sees no Left and keeps its seat. The game gets the
	// Left (and OnLeave is called) when the grace period ends. Only a
	// player's slot is held: a client that holds a rollback seat, or one
	// of the game's [Seats] (Seats.Report), or — in a game that reports
	// no Seats — one that sent an input; a watcher's is freed at once. A
	// held slot counts against MaxClients and its address's
	// MaxConnectionsPerAddr until the client is back or the grace ends.
	// 0, the default, means no grace: Left comes as soon as the
	// connection ends.
	ReconnectGrace time.Duration
	// SeatKeys keeps rollback seats for invited players: a client claims
	// seat i (RollbackConfig.Player) only with the key SeatKeys[i]
	// (RollbackConfig.SeatKey), which whoever runs the server hands the
	// player out of band (an invitation, a matchmaker). A seat without a
	// key ("", or past the end) goes to the first client that claims it.
	// Either way a seat, once granted, is the holder's until it leaves (a
	// lost connection keeps it for ReconnectGrace): a claim for it from
	// any other client is refused and that client disconnected with the
	// reason. The default (nil) keys no seat.
	SeatKeys []string
	// RelaySeats is the number of rollback seats the server grants: the
	// game's players, 0 to RelaySeats-1. A claim of a seat past them is
	// refused and its client disconnected with the reason, so that no
	// third client takes a seat no player claims (seat 2 of a duel) and
	// relays to the players. A relay server in a Rollback player's own
	// app takes it from RollbackConfig.Players when it is not set; a
	// stand-alone relay server sets it to its game's players. The default
	// (zero) value is [MaxRelaySeats].
	RelaySeats int
	// OriginPatterns lists the browser origins allowed besides the
	// server's own host, as host patterns matched with path.Match (e.g.
	// "localhost:8080", "*.example.com"). Connections from other origins
	// are refused with HTTP 403. Native clients send no Origin and are
	// always allowed.
	OriginPatterns []string
	// AllowedHosts lists the names under which the server may be reached
	// besides the addresses it serves, as patterns matched with
	// path.Match against the request's Host header, with and without its
	// port (e.g. "game.example.com", "*.example.com:443"). A request for
	// another host is refused with HTTP 403, which defeats DNS rebinding.
	// The server always answers to its listening IP address, to
	// "localhost" and the loopback addresses when it listens on loopback,
	// and to any of the machine's addresses when it listens on all of
	// them. Before it listens (its [Server.Handler] mounted in another
	// HTTP server) it answers to IP addresses and "localhost"; name the
	// other server's host names here.
	AllowedHosts []string
	// MaxLogRate is the most warnings per second the server logs about
	// refused and dropped connections, and the most lines per second
	// about clients connecting and disconnecting; the number left out is
	// reported with the next line of its kind. The default is 10
	// ([DefaultMaxLogRate]).
	MaxLogRate int
	// TickInterval is the time the game loop means to take per tick: a
	// tick that begins later than 1.5 intervals after the previous one
	// counts the ticks it missed in [ServerStats.MissedTicks]. The default
	// is 1/60 s (timer.Plugin's fixed clock).
	TickInterval time.Duration
	// LivenessTimeout is how long the game loop may go without a tick
	// before [Server.Healthy] and the HealthPath endpoint report the
	// server unhealthy. The default is 5 seconds
	// ([DefaultLivenessTimeout]).
	LivenessTimeout time.Duration
	// Logger receives one line per connection, refusal and disconnection
	// with its reason. The default is slog.Default().
	Logger *slog.Logger

	// Agones, if set, connects the server to the Agones SDK sidecar of
	// its pod: Ready, Health, the clients as label and players, Shutdown
	// (see [AgonesConfig]). Nil, the default, means no Agones.
	Agones *AgonesConfig

	// Lifecycle hooks, for an orchestrator's SDK (for Agones, the
	// Agones field does it all). They are called from the server's
	// goroutines, not the game loop: they must be concurrent-safe and
	// quick.

	// OnListening is called once the server listens, with its URL: the
	// room is ready for players (Agones: SDK.Ready).
	OnListening func(url string)
	// OnJoin is called when a client has connected, with the number of
	// clients now connected: 1 for the first (Agones:
	// SDK.Alpha().PlayerConnect). Calls of OnJoin and OnLeave do not
	// overlap, and come in the order of the changes they report.
	OnJoin func(id ClientID, clients int)
	// OnLeave is called when a client has disconnected — for a lost
	// connection, once ReconnectGrace has passed without its coming back
	// — with the number of clients left: 0 when the last has gone
	// (Agones: SDK.Alpha().PlayerDisconnect). A client that comes back in
	// time is neither left nor joined again.
	OnLeave func(id ClientID, clients int)
	// OnShutdown is called once, when [Server.Shutdown] (or Close) has
	// closed every connection, with its reason (Agones: SDK.Shutdown).
	OnShutdown func(reason string)
}

func (cfg *ServerConfig) defaults() error {
	if cfg.Registry == nil {
		return errors.New("net: ServerConfig.Registry is nil; make one with codec.NewRegistry and register the types to send")
	}
	if cfg.RelaySeats < 0 || cfg.RelaySeats > MaxRelaySeats {
		return fmt.Errorf("net: ServerConfig.RelaySeats must be 1 to %d (0: %d), got %d", MaxRelaySeats, MaxRelaySeats, cfg.RelaySeats)
	}
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:7777"
	}
	host, port, err := stdnet.SplitHostPort(cfg.Addr)
	if err != nil {
		return fmt.Errorf("net: ServerConfig.Addr %q: %w", cfg.Addr, err)
	}
	if host == "" {
		cfg.Addr = stdnet.JoinHostPort("127.0.0.1", port)
	}
	if cfg.Path == "" {
		cfg.Path = "/net"
	}
	setDefault(&cfg.SendEvery, 3)
	setDefault(&cfg.Heartbeat, 20)
	setDefault(&cfg.MaxClients, DefaultMaxClients)
	setDefault(&cfg.MaxConnections, cfg.MaxClients+DefaultExtraConnections)
	setDefault(&cfg.HTTPTimeout, DefaultHTTPTimeout)
	setDefault(&cfg.MaxConnectionsPerAddr, DefaultMaxConnectionsPerAddr)
	setDefault(&cfg.MaxHandshakesPerAddr, DefaultMaxHandshakesPerAddr)
	setDefault(&cfg.HandshakeTimeout, DefaultHandshakeTimeout)
	setDefault(&cfg.CloseTimeout, DefaultCloseTimeout)
	setDefault(&cfg.MaxMessageSize, DefaultMaxMessageSize)
	setDefault(&cfg.MaxMessageRate, DefaultMaxMessageRate)
	setDefault(&cfg.MaxInputsPerTick, DefaultMaxInputsPerTick)
	setDefault(&cfg.WriteTimeout, DefaultWriteTimeout)
	setDefault(&cfg.IdleTimeout, DefaultIdleTimeout)
	setDefault(&cfg.MaxLag, DefaultMaxLag)
	setDefault(&cfg.MaxLogRate, DefaultMaxLogRate)
	setDefault(&cfg.LivenessTimeout, DefaultLivenessTimeout)
	setDefault(&cfg.TickInterval, time.Second/60)
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return nil
}

// Server is the resource of [ServerPlugin]: a WebSocket server that sends
// the entities picked by [Send] systems to every client, and collects the
// clients' inputs into [Inputs]. Its methods are concurrent-safe.
type Server struct {
	s *server
}

// ServerStats counts what a [Server] did since it started.
type ServerStats struct {
	Clients        int    // clients connected now
	Connecting     int    // connections whose handshake is under way, not yet in Clients (a drain waits for them too: they came before it)
	Away           int    // clients whose lost connection is held for ReconnectGrace (their slots count as taken)
	Tick           uint64 // the server's tick
	Published      uint64 // states published to clients
	Messages       uint64 // messages sent, all clients together
	Bytes          uint64 // bytes sent (WebSocket payloads), all clients together
	Snapshots      uint64 // snapshots sent
	SnapshotBytes  uint64 // bytes of those snapshots, included in Bytes
	Coalesced      uint64 // times a slow client skipped states and got one combined delta
	Inputs         uint64 // input messages received
	InputsDropped  uint64 // input messages dropped (over MaxInputsPerTick)
	Refused        uint64 // connections refused: server full, too many connections, bad host, origin or subprotocol
	ProtocolErrors uint64 // connections closed because of a bad message
	RateLimited    uint64 // connections closed for sending over MaxMessageRate
	Lagging        uint64 // connections closed for lagging more than MaxLag or timing out a write
	// MissedTicks counts the ticks the game loop missed: a tick that
	// began n intervals (ServerConfig.TickInterval) after the previous
	// one, n ≥ 1.5, missed n−1 rounded (a machine too busy to tick on
	// time starves the game, and watchers get fewer states).
	MissedTicks uint64
	// StateAge is the age of the newest state published: the time since
	// the tick that recorded it began. Watchers see it this old at best;
	// more than a few send intervals means the game loop is late.
	StateAge time.Duration
}

// server is the state behind a Server.
type server struct {
	cfg     ServerConfig
	reg     *codec.Registry
	log     *slog.Logger
	warn    *logLimiter           // warnings about refused and dropped connections
	info    *logLimiter           // connections and disconnections
	initErr error                 // a configuration mistake, reported by the Listen system
	inputs  map[*codec.Codec]bool // ServerConfig.Inputs, or nil for every type

	seatsTaken, seats atomic.Int64 // SetSeats

	// relaySeats holds the client in each rollback seat, 0 for a free one
	// (relay.go). Guarded by mu.
	relaySeats [MaxRelaySeats]ClientID
	// dropped holds, for each rollback seat, the client the other
	// players gave up on (relay.go), which may not claim it again.
	dropped [MaxRelaySeats]ClientID
	// lastInput holds, for each rollback seat, the last input message
	// its player relayed, and vacatedLog the seats' vacated notices, in
	// order, up to maxVacatedLog: a player whose connection is resumed is
	// sent them again (relay_server.go's resumeRelay), for what it
	// missed while away. Guarded by mu.
	lastInput  [MaxRelaySeats][]byte
	vacatedLog [][]byte
	// watchLog holds what a rollback match's player 0 sent for watchers,
	// for those who connect later, up to maxWatchLog bytes
	// (rollback_watch.go). Guarded by mu.
	watchLog      [][]byte
	watchLogBytes int
	watchLogFull  bool
	// gameSeated holds the clients in the game's Seats (Seats.Report;
	// reconnect.go). Guarded by mu.
	gameSeated map[ClientID]bool
	agones     *agones // ServerConfig.Agones, or nil

	tick       atomic.Uint64 // written by the game loop only
	lastTickAt atomic.Int64  // when the last tick began, in Unix nanoseconds
	stateAt    atomic.Int64  // when the tick of the newest published state began

	// Owned by the app's systems (the game loop).
	collecting bool
	rerun      bool          // the tick is a rollback's re-run: no tick of the server's (systems.go)
	sinceSend  int           // ticks since the last send tick
	lastSendAt int64         // when the last send tick began, in Unix nanoseconds
	sendTick   atomic.Uint64 // the last send tick
	recs       []rec
	buf        codec.Writer // payloads recorded this tick
	netIDs     map[glue.Entity]netID
	lastID     uint64
	prev       *state // last published state
	scratch    state  // the state being built
	deltaBuf   []byte
	quiet      int  // sends without a change since the last publish
	settled    bool // the last state published was unchanged

	latest atomic.Pointer[published]
	// fanout wakes the goroutine that wakes every connection's writer,
	// so that the game loop does not pay for 200 goroutine wake-ups.
	fanout chan struct{}

	mu       sync.Mutex
	conns    map[ClientID]*conn
	pending  int                    // connections being accepted: counted as clients by a drain
	away     map[string]*awayClient // clients in their ReconnectGrace, by token
	closed   bool
	draining bool          // Drain was called: no new clients
	stopped  chan struct{} // closed when Shutdown is done
	hookMu   sync.Mutex    // serializes OnJoin and OnLeave
	// accepted, when set (tests), is called after a connection's
	// WebSocket handshake and before it is counted in conns.
	accepted atomic.Pointer[func()]
	ln       stdnet.Listener
	listenIP stdnet.IP   // the IP address ln listens on
	localIPs []stdnet.IP // the machine's addresses, if listenIP is unspecified
	hosts    []string    // an orchestrator's addresses, answered to literally (setOrchestratorHosts)
	hs       *http.Server
	handler  http.Handler
	ctx      context.Context
	cancel   context.CancelFunc
	wg       sync.WaitGroup

	inMu    sync.Mutex
	inbox   []Input
	perTick map[ClientID]int
	joined  []ClientID
	left    []ClientID

	// Stamped inputs and their acks (predict.go), interest management
	// (interest.go).
	pred     serverPredict
	interest serverInterest

	stats struct {
		published, messages, bytes, snapshots, snapshotBytes, coalesced atomic.Uint64
		inputs, inputsDropped, refused, protocolErrors                  atomic.Uint64
		rateLimited, lagging, missedTicks                               atomic.Uint64
	}
}

// rec is one component recorded by a Send system this tick.
type rec struct {
	id     uint64
	c      *codec.Codec
	off, n int32
}

type netID struct {
	id   uint64
	tick uint64 // last tick the entity was recorded
}

// published is a state as handed to the connections' writers.
type published struct {
	state    *state
	prev     *state
	delta    []byte // prev → state
	snapOnce sync.Once
	snap     []byte
	// acks are the stamps of the last stamped input of each client handed
	// to the game by this state's tick (predict.go); shared between
	// states while they do not change.
	acks map[ClientID]uint64
	// view says which entities each client may see, or is nil when no
	// Interest system filters any (interest.go).
	view *interestView
}

func (p *published) snapshot() []byte {
	p.snapOnce.Do(func() { p.snap = appendSnapshot(nil, p.state) })
	return p.snap
}

func newServer(cfg ServerConfig) *server {
	err := cfg.defaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &server{
		cfg:     cfg,
		reg:     cfg.Registry,
		log:     cfg.Logger,
		netIDs:  map[glue.Entity]netID{},
		prev:    &state{},
		conns:   map[ClientID]*conn{},
		perTick: map[ClientID]int{},
		fanout:  make(chan struct{}, 1),
		stopped: make(chan struct{}),
		ctx:     ctx,
		cancel:  cancel,
		initErr: err,
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.warn = newLogLimiter(s.log, slog.LevelWarn, max(cfg.MaxLogRate, 1))
	s.info = newLogLimiter(s.log, slog.LevelInfo, max(cfg.MaxLogRate, 1))
	s.handler = http.HandlerFunc(s.serveWS)
	return s
}

// start checks the registry and starts listening.
func (s *server) start() error {
	if s.initErr != nil {
		return s.initErr
	}
	if err := s.reg.Seal(); err != nil {
		return err
	}
	for _, t := range s.cfg.Inputs {
		c := s.reg.ByType(t)
		if c == nil {
			return fmt.Errorf("net: ServerConfig.Inputs names %s, which the Registry does not have; register it with codec.Register or leave it out", t)
		}
		if s.inputs == nil {
			s.inputs = map[*codec.Codec]bool{}
		}
		s.inputs[c] = true
	}
	ln, err := stdnet.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("net: cannot listen on %s: %w; pick another address with ServerConfig.Addr", s.cfg.Addr, err)
	}
	ln = &limitListener{Listener: ln, max: s.cfg.MaxConnections, perAddr: s.cfg.MaxConnectionsPerAddr,
		handshakes: s.cfg.MaxHandshakesPerAddr, timeout: s.cfg.HandshakeTimeout,
		refused: func(remote, why string) {
			s.stats.refused.Add(1)
			s.warn.warn("net: connection refused: "+why, "remote", remote)
		},
		timedOut: func(remote string) {
			s.stats.refused.Add(1)
			s.warn.warn("net: connection closed: handshake slower than ServerConfig.HandshakeTimeout", "remote", remote, "handshake_timeout", s.cfg.HandshakeTimeout)
		}}
	mux := http.NewServeMux()
	mux.Handle(s.cfg.Path, s.handler)
	mux.HandleFunc("GET "+HealthPath, s.serveHealth)
	mux.HandleFunc("GET "+ReadyPath, s.serveReady)
	hs := &http.Server{
		Handler: mux,
		// Slow or idle HTTP connections are closed: they count against
		// MaxConnections. Hijacked WebSocket connections have their own
		// timeouts.
		ReadHeaderTimeout: s.cfg.HTTPTimeout,
		IdleTimeout:       s.cfg.HTTPTimeout,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
		ConnState:         connState, // ends handshakes (limits.go)
		// Lets Shutdown cut a connection that does not answer the close.
		ConnContext: func(ctx context.Context, c stdnet.Conn) context.Context {
			return context.WithValue(ctx, rawConnKey{}, c)
		},
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ln.Close()
		return errors.New("net: server already closed")
	}
	s.ln, s.hs = ln, hs
	s.listenIP = ln.Addr().(*stdnet.TCPAddr).IP
	if s.listenIP.IsUnspecified() {
		s.localIPs = interfaceIPs()
	}
	s.mu.Unlock()
	s.lastTickAt.Store(time.Now().UnixNano())
	if s.cfg.Agones != nil {
		s.agones = newAgones(*s.cfg.Agones, s.log)
	}
	go hs.Serve(ln)
	go s.wakeAll()
	go s.beatSeats() // relay_server.go
	s.log.Info("net: server listening", "url", s.url())
	if s.agones != nil {
		go s.agones.run(Server{s}, s.cfg.MaxClients)
	}
	if s.cfg.OnListening != nil {
		s.cfg.OnListening(s.url())
	}
	return nil
}

func (s *server) url() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln == nil {
		return ""
	}
	return "ws://" + s.ln.Addr().String() + s.cfg.Path
}

// Addr returns the address the server listens on, e.g. "127.0.0.1:7777",
// or "" before it started.
func (s Server) Addr() string {
	s.s.mu.Lock()
	defer s.s.mu.Unlock()
	if s.s.ln == nil {
		return ""
	}
	return s.s.ln.Addr().String()
}

// URL returns the WebSocket URL clients connect to, e.g.
// "ws://127.0.0.1:7777/net", or "" before the server started.
func (s Server) URL() string { return s.s.url() }

// Handler returns the server's WebSocket endpoint as an http.Handler, for
// mounting in another HTTP server (e.g. the one serving a browser build,
// so that the page and the socket share an origin). It works whether or
// not the server listens itself. It checks the request's Host as
// described at [ServerConfig.AllowedHosts]: list the other server's host
// names there.
func (s Server) Handler() http.Handler { return s.s.handler }

// Tick returns the server's tick: the number of ticks since the app
// started. Messages are stamped with it.
func (s Server) Tick() uint64 { return s.s.tick.Load() }

// Clients returns the ids of the connected clients, in increasing order.
func (s Server) Clients() []ClientID {
	s.s.mu.Lock()
	defer s.s.mu.Unlock()
	ids := make([]ClientID, 0, len(s.s.conns))
	for id := range s.s.conns {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// NetID returns the id under which entity e was last sent to clients
// (the [Remote] ID on their side), or ok == false if e has not been sent
// or was not sent last time. Call it from the game loop.
func (s Server) NetID(e glue.Entity) (id uint64, ok bool) {
	n, ok := s.s.netIDs[e]
	return n.id, ok
}

// Disconnect closes a client's connection with a reason, which the client
// logs. It reports whether the client was connected. The client has left,
// as if it had closed the connection itself: its slot and seat are not
// held for a reconnection (ServerConfig.ReconnectGrace).
func (s Server) Disconnect(id ClientID, reason string) bool {
	s.s.mu.Lock()
	c, ok := s.s.conns[id]
	s.s.mu.Unlock()
	if ok {
		c.expel()
		go c.close(websocket.StatusNormalClosure, "disconnected by the server: "+reason, true)
	}
	return ok
}

// expel marks the connection as closed by the server for good — it
// broke a rule (refuse) or the game disconnected it — which is a leave,
// not a drop: the client's slot and seat are freed as soon as the
// connection ends, not held for ReconnectGrace, and its token, which is
// forgotten at once, takes nothing back (reconnect.go). Connections the
// server closes for lag or silence (MaxLag, WriteTimeout, IdleTimeout,
// a full relay queue) are drops: a slow network is no misbehaviour.
func (c *conn) expel() {
	s := c.srv
	s.mu.Lock()
	c.expelled, c.token = true, ""
	s.mu.Unlock()
}

// Stats returns the server's counters.
func (s Server) Stats() ServerStats {
	st := &s.s.stats
	s.s.mu.Lock()
	n, away, pending := len(s.s.conns), len(s.s.away), s.s.pending
	s.s.mu.Unlock()
	return ServerStats{
		Clients:        n,
		Connecting:     pending,
		Away:           away,
		Tick:           s.Tick(),
		Published:      st.published.Load(),
		Messages:       st.messages.Load(),
		Bytes:          st.bytes.Load(),
		Snapshots:      st.snapshots.Load(),
		SnapshotBytes:  st.snapshotBytes.Load(),
		Coalesced:      st.coalesced.Load(),
		Inputs:         st.inputs.Load(),
		InputsDropped:  st.inputsDropped.Load(),
		Refused:        st.refused.Load(),
		ProtocolErrors: st.protocolErrors.Load(),
		RateLimited:    st.rateLimited.Load(),
		Lagging:        st.lagging.Load(),
		MissedTicks:    st.missedTicks.Load(),
		StateAge:       stateAge(s.s.stateAt.Load()),
	}
}

// stateAge is the time since at (Unix nanoseconds), or 0 if at is 0.
func stateAge(at int64) time.Duration {
	if at == 0 {
		return 0
	}
	return time.Since(time.Unix(0, at))
}

// Close stops listening, closes every connection (clients are told the
// server is going away) and waits for the connections' goroutines, at
// most about 10 seconds: Shutdown with the reason "server closing". The
// app keeps running; Send systems record into a server nobody can reach.
// Close is idempotent.
func (s Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := s.Shutdown(ctx, "server closing")
	if errors.Is(err, context.DeadlineExceeded) {
		return nil // the connections were closed at once
	}
	return err
}

// beginTick runs first in every tick (glue.PreUpdate): it advances the
// tick, decides whether this tick sends, and hands the inputs received
// since the last tick to the game.
//
// A client's Left is handed over in a later tick than its last inputs:
// a client that left with inputs in this tick's batch is kept in s.left
// for the next tick, so that a game reading Left before the inputs does
// not hand control back to a client that has gone. (Its inputs are all in
// the inbox before its Left, which its connection's goroutine appends
// after reading them.)
func (s *server) beginTick(in *Inputs) {
	tick := s.tick.Add(1)
	now := time.Now().UnixNano()
	var gap int64 // since the last tick, if this one is late
	if prev := s.lastTickAt.Swap(now); tick > 1 && prev != 0 {
		if late := float64(now-prev) / float64(s.cfg.TickInterval); late >= 1.5 {
			s.stats.missedTicks.Add(uint64(late - 0.5))
			gap = now - prev
		}
	}
	s.collecting = s.sendDue(tick, now, gap)
	clear(in.list)
	in.Joined, in.Left = in.Joined[:0], in.Left[:0]
	s.inMu.Lock()
	in.list, s.inbox = s.inbox, in.list[:0]
	in.Joined, s.joined = s.joined, in.Joined
	in.Left, s.left = s.left, in.Left
	s.handOverStamped(in) // predict.go
	kept := in.Left[:0]
	for _, id := range in.Left {
		if slices.ContainsFunc(in.list, func(x Input) bool { return x.Client == id }) {
			s.left = append(s.left, id) // next tick
		} else {
			kept = append(kept, id)
		}
	}
	in.Left = kept
	s.forgetAcks(in.Left) // predict.go
	clear(s.perTick)
	s.inMu.Unlock()
}

// sendDue reports whether tick, which began at now (gap after the
// previous tick if it is late, else 0), is a send tick: every SendEvery
// ticks, or sooner when ticks are late and waiting for the next tick would
// leave watchers longer than SendEvery intervals without a state. A game
// loop starved to 40 ticks a second thus still sends about 20 states a
// second, instead of 13; ticks on time keep the SendEvery schedule.
func (s *server) sendDue(tick uint64, now, gap int64) bool {
	s.sinceSend++
	every := int64(s.cfg.SendEvery) * int64(s.cfg.TickInterval)
	due := tick == 1 || s.sinceSend >= s.cfg.SendEvery || (gap > 0 && now-s.lastSendAt+gap/2 >= every)
	if due {
		s.sinceSend, s.lastSendAt = 0, now
		s.sendTick.Store(tick)
	}
	return due
}

// id returns e's network id, assigning a new one to entities not seen
// before. Ids are even: odd ids name resources.
func (s *server) id(e glue.Entity) uint64 {
	n, ok := s.netIDs[e]
	if !ok {
		s.lastID++
		n.id = s.lastID << 1
	}
	n.tick = s.tick.Load()
	s.netIDs[e] = n
	return n.id
}

// record encodes v for entity (or resource) id.
func record[T any](s *server, id uint64, c *codec.Codec, enc func(*T, *codec.Writer), v *T) {
	off := s.buf.Len()
	enc(v, &s.buf)
	s.recs = append(s.recs, rec{id: id, c: c, off: int32(off), n: int32(s.buf.Len() - off)})
}

// publish runs last in every tick (glue.Last). On a send tick it builds
// the state the Send systems recorded, and if it differs from the last
// published one (or a heartbeat is due) publishes it and has every
// connection's writer woken. It never waits for a connection.
func (s *server) publish() {
	if !s.collecting {
		return
	}
	s.collecting = false
	cur := s.build()
	var changed bool
	s.deltaBuf, changed = appendDelta(s.deltaBuf[:0], s.prev, cur)
	for e, n := range s.netIDs {
		if n.tick != cur.tick {
			delete(s.netIDs, e)
		}
	}
	view, viewChanged := s.buildView(cur) // interest.go
	changed = changed || viewChanged || s.pred.changed
	// An unchanged state is published once after a change, so that
	// clients know the change ended (Interpolate then holds values
	// instead of extrapolating them), and then as a heartbeat.
	if !changed && s.latest.Load() != nil && s.settled {
		s.quiet++
		if s.quiet < s.cfg.Heartbeat {
			return
		}
	}
	s.settled = !changed
	s.quiet = 0
	st := &state{
		tick:  cur.tick,
		ents:  slices.Clone(cur.ents),
		comps: slices.Clone(cur.comps),
		data:  slices.Clone(cur.data),
	}
	p := &published{state: st, prev: s.prev, delta: slices.Clone(s.deltaBuf), acks: s.publishAcks(), view: view}
	s.prev = st
	s.stateAt.Store(s.lastTickAt.Load())
	s.latest.Store(p)
	s.stats.published.Add(1)
	select {
	case s.fanout <- struct{}{}:
	default: // a wake-up is pending and will see this state
	}
}

// wakeAll wakes every connection's writer each time a state is published,
// until the server closes.
func (s *server) wakeAll() {
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-s.fanout:
		}
		s.mu.Lock()
		for _, c := range s.conns {
			c.wake()
		}
		s.mu.Unlock()
	}
}

// build turns this tick's records into s.scratch: sorted by entity and
// type, a component recorded twice keeping its last value.
func (s *server) build() *state {
	slices.SortStableFunc(s.recs, func(a, b rec) int {
		if c := cmp.Compare(a.id, b.id); c != 0 {
			return c
		}
		return cmp.Compare(a.c.ID(), b.c.ID())
	})
	st := &s.scratch
	st.tick = s.tick.Load()
	st.ents, st.comps = st.ents[:0], st.comps[:0]
	st.data = s.buf.Data()
	for i, r := range s.recs {
		if i+1 < len(s.recs) && s.recs[i+1].id == r.id && s.recs[i+1].c == r.c {
			continue // a later record of the same component wins
		}
		if n := len(st.ents); n == 0 || st.ents[n-1].id != r.id {
			st.ents = append(st.ents, stEnt{id: r.id, lo: int32(len(st.comps))})
		}
		st.comps = append(st.comps, stComp{c: r.c, off: r.off, n: r.n})
		st.ents[len(st.ents)-1].hi = int32(len(st.comps))
	}
	s.recs = s.recs[:0]
	s.buf.Reset()
	return st
}

// conn is one client connection.
type conn struct {
	id     ClientID
	srv    *server
	ws     *websocket.Conn
	remote string
	notify chan struct{}
	ctx    context.Context
	cancel context.CancelFunc
	once   sync.Once
	reason string
	// refused is closed when the client broke a rule (refuse): the
	// writer stops at once.
	refused chan struct{}
	raw     stdnet.Conn    // the TCP connection, if the server listens itself
	pong    chan struct{}  // a ping was answered
	pings   sync.WaitGroup // ping goroutines

	lastStamp uint64 // the last stamped input's tick (readLoop)

	relayMu    sync.Mutex    // guards relayQ and relayBytes (relay.go)
	relayQ     [][]byte      // relayed messages and seat grants waiting to be written
	relayBytes int           // their bytes
	relayed    chan struct{} // wakes the writer for relayQ
	lastRelay  atomic.Int64  // when the client last sent a relay message, in Unix nanoseconds

	token     string      // the reconnection token, if ReconnectGrace > 0
	sentInput atomic.Bool // the client sent an input (reconnect.go)
	left      bool        // the client closed the connection itself (readLoop)
	expelled  bool        // the server closed it for breaking a rule, or the game did (expel; guarded by srv.mu)
	resumed   bool        // a reconnection took the id over (guarded by srv.mu)

	wtimer   *time.Timer // the write timeout (write)
	timedOut atomic.Bool // a write timed out
}

// rawConnKey is the request context key of the TCP connection.
type rawConnKey struct{}

// cut closes the connection at once, even during a close handshake.
func (c *conn) cut() {
	if c.raw != nil {
		c.raw.Close()
	}
	c.ws.CloseNow()
}

func (c *conn) wake() {
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

// close closes the connection once, logging why. With handshake, the
// client is told the code and reason, and cut off if it does not answer
// within CloseTimeout (a client may have declared a frame of any size,
// which the WebSocket library's Close would otherwise read to the end);
// without, the socket is just closed.
func (c *conn) close(code websocket.StatusCode, reason string, handshake bool) {
	c.once.Do(func() {
		c.reason = reason
		if handshake {
			c.closeWithin(code, reason)
		} else {
			c.ws.CloseNow()
		}
		c.cancel()
	})
}

// closeWithin closes the connection with a close handshake that takes at
// most CloseTimeout.
func (c *conn) closeWithin(code websocket.StatusCode, reason string) {
	closeWithin(c.ws, c.raw, c.srv.cfg.CloseTimeout, code, reason)
}

// closeWithin closes ws with a close handshake that takes at most d: then
// it closes the TCP connection raw (if known) and ws at once.
func closeWithin(ws *websocket.Conn, raw stdnet.Conn, d time.Duration, code websocket.StatusCode, reason string) {
	cut := time.AfterFunc(d, func() {
		if raw != nil {
			raw.Close()
		}
		ws.CloseNow()
	})
	ws.Close(code, truncate(reason, 120))
	cut.Stop()
}

// refuse closes the connection of a client that broke a rule, from its
// read loop: the client is sent the code and reason, but the connection
// ends at once for the server (its writer stops and its slot is freed);
// the close handshake finishes in the background, within CloseTimeout.
//
// A refused client has left (expel): its slot is not held for a
// reconnection, and its token takes nothing back.
func (c *conn) refuse(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		c.reason = reason
		close(c.refused)
		s := c.srv
		c.expel()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			c.closeWithin(code, reason)
			c.cancel()
		}()
	})
}

// serveWS accepts one WebSocket connection and serves it until it closes.
func (s *server) serveWS(w http.ResponseWriter, r *http.Request) {
	if !s.hostAllowed(r.Host) {
		s.stats.refused.Add(1)
		s.warn.warn("net: connection refused: host not served here", "remote", r.RemoteAddr, "host", r.Host, "origin", r.Header.Get("Origin"))
		http.Error(w, fmt.Sprintf("net: host %q is not served here; add it to ServerConfig.AllowedHosts", r.Host), http.StatusForbidden)
		return
	}
	s.mu.Lock()
	// A client coming back within its ReconnectGrace is no new client:
	// its slot was kept, and a draining room takes it back.
	token := resumeToken(r) // reconnect.go
	back := s.isBack(token)
	switch {
	case s.closed || (s.draining && !back):
		s.mu.Unlock()
		http.Error(w, "net: server draining: it takes no new clients", http.StatusServiceUnavailable)
		return
	case len(s.conns)+s.pending+len(s.away) >= s.cfg.MaxClients && !back:
		s.mu.Unlock()
		s.stats.refused.Add(1)
		s.warn.warn("net: connection refused: server full", "remote", r.RemoteAddr, "max_clients", s.cfg.MaxClients)
		http.Error(w, fmt.Sprintf("net: server full (%d clients)", s.cfg.MaxClients), http.StatusServiceUnavailable)
		return
	}
	s.pending++
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.wg.Done()
	release := func() {
		s.mu.Lock()
		s.pending--
		s.mu.Unlock()
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		Subprotocols:   []string{subprotocol},
		OriginPatterns: s.cfg.OriginPatterns,
	})
	if err != nil {
		release()
		s.stats.refused.Add(1)
		s.warn.warn("net: connection refused", "remote", r.RemoteAddr, "origin", r.Header.Get("Origin"), "reason", err)
		return
	}
	raw, _ := r.Context().Value(rawConnKey{}).(stdnet.Conn)
	if ws.Subprotocol() != subprotocol {
		release()
		s.stats.refused.Add(1)
		s.warn.warn("net: connection refused: client does not speak "+subprotocol, "remote", r.RemoteAddr)
		closeWithin(ws, raw, s.cfg.CloseTimeout, websocket.StatusPolicyViolation, "net: speak subprotocol "+subprotocol)
		return
	}
	ws.SetReadLimit(-1) // readMessage applies MaxMessageSize, with its own reason
	if hook := s.accepted.Load(); hook != nil {
		(*hook)()
	}
	ctx, cancel := context.WithCancel(s.ctx)
	c := &conn{srv: s, ws: ws, remote: r.RemoteAddr, notify: make(chan struct{}, 1), relayed: make(chan struct{}, 1), refused: make(chan struct{}), pong: make(chan struct{}, 1), ctx: ctx, cancel: cancel}
	c.raw = raw
	s.hookMu.Lock()
	s.mu.Lock()
	s.pending--
	// A drain that began during the handshake keeps this client: it came
	// before the drain, and its handshake told it it was in (the drain
	// waits for pending connections, ServerStats.Connecting). Only a shut down server
	// turns it away now.
	if s.closed {
		s.mu.Unlock()
		s.hookMu.Unlock()
		cancel()
		closeWithin(ws, raw, s.cfg.CloseTimeout, websocket.StatusGoingAway, "net: server draining")
		return
	}
	resumed := s.resume(c, token) // sets c.id
	if !resumed {
		c.id = s.newClientID()
	}
	s.conns[c.id] = c
	n := len(s.conns)
	s.watchHistory(c) // rollback_watch.go
	if resumed {
		s.resumeRelay(c) // relay_server.go
	}
	s.mu.Unlock()
	if !resumed {
		if s.cfg.OnJoin != nil {
			s.cfg.OnJoin(c.id, n)
		}
		if s.agones != nil {
			s.agones.players(c.id, true, n)
		}
	}
	s.hookMu.Unlock()
	if !resumed {
		s.inMu.Lock()
		s.joined = append(s.joined, c.id)
		s.inMu.Unlock()
	}
	s.info.warn("net: client connected", "remote", c.remote, "client", c.id)

	done := make(chan struct{})
	go func() {
		defer close(done)
		c.writeLoop()
	}()
	c.readLoop()
	<-done
	c.pings.Wait()

	s.hookMu.Lock()
	s.mu.Lock()
	if s.conns[c.id] == c { // not taken over by a reconnection
		delete(s.conns, c.id)
	}
	n = len(s.conns)
	gone := !c.resumed && !s.keepAway(c)
	s.mu.Unlock()
	if gone {
		s.leave(c.id, n)
	}
	s.hookMu.Unlock()
	s.info.warn("net: client disconnected", "remote", c.remote, "client", c.id, "reason", c.reason)
}

// readLoop reads the client's messages until the connection fails or
// closes. A bad message closes the connection with its reason.
func (c *conn) readLoop() {
	s := c.srv
	var lastSeq uint64
	rate := newBucket(float64(s.cfg.MaxMessageRate), float64(s.cfg.MaxMessageRate), time.Now())
	fail := func(code websocket.StatusCode, reason string) {
		s.stats.protocolErrors.Add(1)
		s.warn.warn("net: closing connection: "+reason, "client", c.id, "remote", c.remote)
		c.refuse(code, reason)
	}
	var msg bytes.Buffer
	for {
		ctx, cancel := context.WithTimeout(c.ctx, s.cfg.IdleTimeout)
		typ, err := readMessage(ctx, c.ws, &msg, s.cfg.MaxMessageSize)
		timedOut := ctx.Err() != nil && c.ctx.Err() == nil
		cancel()
		if err != nil {
			switch {
			case c.ctx.Err() != nil:
				c.close(0, "", false) // closed by the server
			case errors.Is(err, errTooBig):
				fail(websocket.StatusMessageTooBig, fmt.Sprintf("net: message larger than %d bytes (ServerConfig.MaxMessageSize)", s.cfg.MaxMessageSize))
			case timedOut:
				c.close(0, fmt.Sprintf("no message for %v", s.cfg.IdleTimeout), false)
			default:
				e := classifyReadErr(err)
				c.left = e.left
				if e.protocol {
					fail(websocket.StatusProtocolError, e.reason)
				} else {
					c.close(0, e.reason, false)
				}
			}
			return
		}
		data := msg.Bytes()
		if !rate.take(time.Now()) {
			s.stats.rateLimited.Add(1)
			s.warn.warn("net: closing connection: client over ServerConfig.MaxMessageRate", "client", c.id, "remote", c.remote, "max_message_rate", s.cfg.MaxMessageRate)
			c.refuse(websocket.StatusPolicyViolation, fmt.Sprintf("net: more than %d messages per second", s.cfg.MaxMessageRate))
			return
		}
		if typ != websocket.MessageBinary {
			fail(websocket.StatusUnsupportedData, "text message; glue sends binary messages")
			return
		}
		f, err := parseFrame(data, s.reg, false)
		if err != nil {
			fail(websocket.StatusPolicyViolation, err.Error())
			return
		}
		if f.typ == msgKeepAlive {
			continue
		}
		if f.typ == msgRelay || f.typ == msgSeat || f.typ == msgWatch || f.typ == msgDrop { // relay.go, rollback_watch.go
			var err error
			switch f.typ {
			case msgSeat:
				err = s.claimSeat(c, f.seat, f.token)
			case msgWatch:
				err = s.forWatchers(c, f.token)
			case msgDrop:
				err = s.dropSeat(c, f.seat)
			default:
				err = s.relay(c, f.token)
			}
			if err != nil {
				s.stats.protocolErrors.Add(1)
				s.warn.warn("net: closing connection: "+err.Error(), "client", c.id, "remote", c.remote)
				code := websocket.StatusCode(closeSeatRefused)
				if errors.As(err, new(seatHeld)) {
					code = closeSeatHeld // the client tries again
				}
				c.refuse(code, err.Error())
				return
			}
			continue
		}
		if s.inputs != nil && !s.inputs[f.input.c] {
			fail(websocket.StatusPolicyViolation, fmt.Sprintf("net: %s is not an input (ServerConfig.Inputs)", f.input.c.Name()))
			return
		}
		if f.seq <= lastSeq {
			fail(websocket.StatusPolicyViolation, fmt.Sprintf("net: out of order: input %d after %d", f.seq, lastSeq))
			return
		}
		lastSeq = f.seq
		s.stats.inputs.Add(1)
		c.sentInput.Store(true) // reconnect.go: a player, not a watcher
		if f.typ == msgStamped {
			if err := c.queueStamped(f); err != nil { // predict.go
				fail(websocket.StatusPolicyViolation, err.Error())
				return
			}
			continue
		}
		s.inMu.Lock()
		if s.perTick[c.id] >= s.cfg.MaxInputsPerTick {
			s.stats.inputsDropped.Add(1)
		} else {
			s.perTick[c.id]++
			s.inbox = append(s.inbox, Input{Client: c.id, Value: f.input.v})
		}
		s.inMu.Unlock()
	}
}

// writeLoop sends the welcome, then whatever state is latest each time the
// game publishes: the shared delta if the client has the previous state,
// a delta computed for it if it fell further behind, a snapshot if it has
// nothing yet. A client that is slow therefore skips states instead of
// queueing them.
func (c *conn) writeLoop() {
	s := c.srv
	var last *state      // what the client has: a published state, or its view of one
	var lastP *published // the last published state sent
	var lastAck uint64   // the last ack sent (predict.go)
	var scratch []byte
	s.mu.Lock()
	token := c.token // expel may forget it at once (a refusal in readLoop)
	s.mu.Unlock()
	if !c.write(appendWelcome(nil, uint64(c.id), token)) {
		return
	}
	c.wake()
	ping := time.NewTimer(s.cfg.MaxLag / 2)
	defer ping.Stop()
	for {
		select {
		case <-c.ctx.Done():
			return
		case <-c.refused:
			return
		case <-ping.C:
			c.pings.Add(1)
			go c.ping()
			continue
		case <-c.pong:
			ping.Reset(s.cfg.MaxLag / 2)
			continue
		case <-c.relayed: // relay.go
			if !c.writeRelayed() {
				return
			}
			continue
		case <-c.notify:
		}
		p := s.latest.Load()
		if p == nil || p == lastP {
			continue
		}
		lastP = p
		// What this client may see (interest.go): the state itself unless
		// an Interest system hides some of its entities from the client.
		cur := p.state
		if p.view != nil {
			cur = p.view.stateFor(c.id, p.state)
		}
		// The client's inputs the state includes, before the state
		// (predict.go).
		if a := p.acks[c.id]; a != lastAck {
			scratch = appendAck(scratch[:0], p.state.tick, a)
			if !c.write(scratch) {
				return
			}
			lastAck = a
		}
		var msg []byte
		switch {
		case last == nil && cur == p.state:
			msg = p.snapshot()
		case last == nil:
			scratch = appendSnapshot(scratch[:0], cur)
			msg = scratch
		case last == p.prev && cur == p.state:
			msg = p.delta
		default:
			scratch, _ = appendDelta(scratch[:0], last, cur)
			msg = scratch
			if cur == p.state && p.view == nil {
				s.stats.coalesced.Add(1)
			}
		}
		if last == nil {
			s.stats.snapshots.Add(1)
			s.stats.snapshotBytes.Add(uint64(len(msg)))
		}
		if !c.write(msg) {
			return
		}
		last = cur
	}
}

// ping pings the client and disconnects it if the pong does not come
// within MaxLag; on a pong it has the writer schedule the next ping,
// MaxLag/2 later. A client answers a ping after reading everything sent
// before it, so the delay measures how far behind the client is, whatever
// the socket buffers hold; a client that never reads never answers. (A
// goroutine lives only for the round trip, not for the connection.)
func (c *conn) ping() {
	defer c.pings.Done()
	s := c.srv
	ctx, cancel := context.WithTimeout(c.ctx, s.cfg.MaxLag)
	err := c.ws.Ping(ctx)
	timedOut := ctx.Err() != nil && c.ctx.Err() == nil
	cancel()
	switch {
	case timedOut:
		// The timeout has closed the socket already.
		s.stats.lagging.Add(1)
		s.warn.warn("net: closing connection: client lags more than ServerConfig.MaxLag", "client", c.id, "remote", c.remote, "max_lag", s.cfg.MaxLag)
		c.close(0, fmt.Sprintf("client lags more than %v (ServerConfig.MaxLag)", s.cfg.MaxLag), false)
	case err == nil:
		select {
		case c.pong <- struct{}{}:
		default:
		}
	}
}

// write sends one message within the write timeout, or closes the
// connection.
//
// The write timeout is one timer per connection, reset for every write,
// and the write itself gets a context that is never done: a context with
// a deadline per write (and the websocket library's watch of it) cost a
// tenth of the server's CPU with 1,000 clients, and their garbage made
// the game loop pay for collections (BenchmarkSpectatorSeries). A write
// still ends when the connection is closed, which is how the server
// stops a connection.
func (c *conn) write(msg []byte) bool {
	s := c.srv
	if c.wtimer == nil {
		c.wtimer = time.AfterFunc(s.cfg.WriteTimeout, c.writeTimedOut)
	} else {
		c.wtimer.Reset(s.cfg.WriteTimeout)
	}
	err := c.ws.Write(context.Background(), websocket.MessageBinary, msg)
	c.wtimer.Stop()
	if err == nil && c.timedOut.Load() {
		err = errors.New("write timed out")
	}
	if err != nil {
		switch {
		case c.ctx.Err() != nil && !c.timedOut.Load():
		case c.timedOut.Load():
			s.stats.lagging.Add(1)
			s.warn.warn("net: closing connection: client too slow", "client", c.id, "remote", c.remote, "write_timeout", s.cfg.WriteTimeout)
			c.close(0, fmt.Sprintf("write timed out after %v: client too slow", s.cfg.WriteTimeout), false)
		default:
			c.close(0, fmt.Sprintf("write: %v", err), false)
		}
		return false
	}
	s.stats.messages.Add(1)
	s.stats.bytes.Add(uint64(len(msg)))
	return true
}

// writeTimedOut runs when a write took longer than WriteTimeout: it cuts
// the connection, which ends the write.
func (c *conn) writeTimedOut() {
	c.timedOut.Store(true)
	c.cut()
}
