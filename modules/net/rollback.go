package net

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// Rollback netcode for 2 to 4 players (issues #28, #34; docs/net.md,
// "Rollback").
//
// Each player's app runs the whole game. Every tick it samples its own
// player's input, stamps it with the tick it is for (the tick plus the
// input delay) and sends it to the other players, relayed by a server
// (relay.go); it hands the game every player's input of the tick in
// PlayerInputs (and Inputs), another player's as predicted when it has
// not come yet: the last one that came from that player, repeated. When
// a player's input of a tick arrives and differs from what was
// predicted, the session restores the glue.Checkpoint of the tick before
// the earliest wrong prediction of any player and runs the ticks since
// again with the real inputs, before the frame is drawn. Every
// DigestEvery ticks, once every player's input of a tick is known, each
// side sends the digests of its checkpoint of that tick to the others;
// digests that differ are a desync, reported with the tick, the other
// player and what differs.

// Rollback message kinds, inside relayed payloads.
const (
	rbPing   = 6 // player, nanoseconds (player 0 measures the round trip before the start)
	rbPong   = 7 // player, the ping's nanoseconds
	rbHello  = 1 // player
	rbStart  = 2 // player, seed, input delay, prediction, players
	rbInput  = 3 // player, last tick, each other player's ack, count, inputs (the ticks up to the last)
	rbDigest = 4 // player, tick, count, names?, ([name], sum)...: names only when they changed
	rbLate   = 9 // player, the player whose new client came after the match started (restarted)
	// rbVacated is the server's word that a seat's client no longer holds
	// it (relay.go), queued in order with the relayed messages; never
	// sent between players.
	rbVacated = 100
)

// rbRing is the length of the rings of inputs by tick; prediction is
// bounded well below it (MaxPrediction at most 64).
const rbRing = 256

// rbWindow bounds the ticks the other player's messages may name: no
// honest side sends inputs, acknowledgements or digests for a tick more
// than its prediction (at most 64) and input delay (at most 30) past
// the inputs it has from this side. A message past it ends the session
// with the reason: the sender does not follow the protocol.
const rbWindow = 128

// maxDigestParts is the most digests one report may carry (a game's
// component and resource types; glue has far fewer).
const maxDigestParts = 4096

// RollbackStage is the stage, after glue.PreUpdate, in which a rollback
// session hands the game the tick's inputs: the game samples its player's
// input into its input resource before it (in glue.PreUpdate, after
// modules/input reads the devices) and reads [Inputs] after it.
const RollbackStage glue.Stage = "net.Rollback"

// RollbackConfig configures a [Rollback] session.
type RollbackConfig struct {
	// URL is the WebSocket URL of the server that relays the players'
	// messages (a [ServerPlugin]; it runs no game of theirs), e.g.
	// ws://127.0.0.1:8090/net. Required, unless the app replays a
	// recorded match (modules/replay): the session then connects to
	// nothing.
	URL string
	// Player is this side's player: 0 to Players-1. The game sees its
	// input as [PlayerInputs.For](Player), and in [Inputs] as client
	// Player+1's ([Input.Client]). Player 0 starts the game.
	Player Player
	// Players is the number of players, 2 to [MaxPlayers]; every
	// player's session must say the same (player 0's start tells the
	// others, and a session that says otherwise stops with the reason).
	// The default (zero) value is 2.
	Players int
	// Registry lists the types the server knows, the input type among
	// them. Required.
	Registry *codec.Registry
	// InputDelay is how many ticks after it is sampled an input takes
	// effect, on every side: more delay, fewer rollbacks and waits, later
	// response. Unless FixedDelay is set it is the least delay: player 0
	// measures the round trip to every other player when the game starts
	// and raises it for all (from the longest) so that the others' inputs
	// come within MaxPrediction (at most to 10 ticks), and during the
	// match each side moves its own delay, and the prediction window,
	// with the longest round trip it measures (adapt.go; docs/net.md,
	// "Input delay"). The default 0 applies the player's own input in the
	// tick of its key where the link allows.
	InputDelay int
	// FixedDelay keeps InputDelay and MaxPrediction as set, whatever the
	// round trip.
	FixedDelay bool
	// MaxPrediction is how many ticks a side may run past the last tick
	// of any other player's input it has: beyond, it waits (and so a
	// rollback re-runs at most this many ticks). The default is 8; at
	// most 64.
	MaxPrediction int
	// DigestEvery is how often, in ticks, the players compare digests of
	// their states. The default is 60; negative: never.
	DigestEvery int
	// SeatKey is the key of this player's seat, if the relay server keeps
	// it for an invited player (ServerConfig.SeatKeys): the session claims
	// seat Player from the server with it before saying hello. The server
	// grants each seat to one client, and stops a session whose seat it
	// refuses (taken by another client, or a wrong key) with the reason.
	// The default ("") claims a seat the server keeps for nobody.
	SeatKey string
	// Seed is player 0's choice of the game's seed, sent to the others
	// when the game starts; Start hands it to every player's game.
	Seed uint64
	// Start, if set, is called on every side once all players are
	// connected, before the first tick, with player 0's Seed: it seeds
	// the game (sets its random generator resource). The app is built
	// then: change resources, do not insert them.
	Start func(app *glue.App, seed uint64)
	// Keep lists resources of the machine rather than of the game that a
	// rollback neither restores nor compares, and that are set back to
	// their value of before a re-run after it. Resources whose type is
	// marked glue.MachineLocal — the input devices and their state, the
	// screen, camera and draw list, the audio device and mixer, a
	// diagnostics overlay — are kept without being listed, and so are the
	// input resource I, [PlayerInputs], the Session, a Server and a
	// Drain: Keep is for a game's own types that it cannot mark.
	Keep []glue.Type
	// OnDesync, if set, is told of every desync found (on the app's
	// goroutine); by default it is logged as an error. The game goes on.
	OnDesync func(Desync)
	// Logger receives the session's lines. The default is slog.Default().
	Logger *slog.Logger
	// Watchers, on player 0's side, sends the relay server the inputs of
	// every tick once all are confirmed, for watchers of the match
	// ([RollbackWatch]): some 60 bytes every tenth of a second on player
	// 0's link, the same whether watchers connect or not. The other
	// players' setting is ignored. The default (false) sends nothing.
	Watchers bool
	// DisconnectAfter is how long the session waits for another
	// player's inputs, running no tick, before it gives up: the game gets
	// a Disconnected event and App.Update returns the reason
	// ([ErrDisconnected]). In a game of three or four the session first
	// asks the relay server to drop that player, and the others play on
	// without it (a PeerLeft event; its input is Gone from the tick after
	// its last) — the server drops a player only if it has relayed
	// nothing of its for a second — and gives up itself if the server has
	// not dropped it 5 seconds later. It, or DisconnectAwayAfter if longer, is also
	// the grace period in which a relay server run by the same app keeps
	// a lost player's seat (ServerConfig.ReconnectGrace, when that is not
	// set). The default is 10 seconds.
	DisconnectAfter time.Duration
	// DisconnectAwayAfter is how long the session waits for a player
	// whose page is hidden — its browser tab in the background or the
	// browser minimised, where a page runs no frame and so its game no
	// tick — before it gives up, instead of DisconnectAfter: the player's
	// session says so when its page is hidden (a PeerAway
	// [SessionEvent]), and its game goes on from where it stopped when it
	// is shown again (PeerBack). Less than DisconnectAfter means
	// DisconnectAfter. The default is 60 seconds.
	DisconnectAwayAfter time.Duration
	// InterruptAfter is how long the session waits for another
	// player's inputs, running no tick, before it tells the game
	// (an Interrupted [SessionEvent]). The default is 500 milliseconds.
	InterruptAfter time.Duration
	// ShowEnd is how long App.Update goes on after the session is over,
	// running no tick and returning nil, so that the game's draw stages
	// show its player why (the Disconnected event, written in
	// glue.PreDraw) before Update returns the reason: a window's loop
	// (render.Run) ends at Update's first error, drawing nothing more.
	// Negative: until the app ends (a game that lets its player close the
	// window or go back to a menu). The default (zero) value returns the
	// reason at once, in the frame the session ends.
	ShowEnd time.Duration
}

// resendEvery is how often a session sends again the inputs (and the
// acknowledgement) the other side has not acknowledged while it runs no
// tick: a message lost with a connection is sent again when the
// connection is back, even while both sides wait for each other.
const resendEvery = 50 * time.Millisecond

// batchEvery is how long a session may hold back new inputs equal to
// the last one sent, and acknowledgements, to send several ticks in one
// message: about two ticks. An input that differs goes at once.
const batchEvery = 30 * time.Millisecond

// Rollback is the plugin of a rollback session for 2 to [MaxPlayers]
// players (Config.Players), each with input I (a comparable value type
// registered in Config.Registry; its zero value is "no input"). It makes
// the app's ticks its own (glue.App.Drive): App.Update waits for every
// player to connect, then runs a tick when the others' inputs are not
// too far behind, after re-running the ticks whose predicted input was
// wrong. It inserts the [Session] resource, [PlayerInputs] of I and
// [Inputs] (unless a [ServerPlugin] added before it did), and adds
// [RollbackStage] with the system that fills them every tick: each
// player's input of the tick with its [InputStatus] in PlayerInputs —
// the form to read — and the same values in Inputs, in player order, as
// Input{Client: ClientID(player+1), Value: I, Tick: tick}, and nothing
// else (a ServerPlugin's own inputs are dropped: they are not a
// player's). The game must be deterministic (docs/net.md, "Rollback").
//
// The game samples its player's input into the resource I each tick, in
// glue.PreUpdate. The plugin does not insert I: the game does
// (app.InsertResource(Pad{})), or the system that samples it fails at the
// first Update (without the resource, the session sends the zero input).
// During a re-run the sample is ignored: the inputs come from the
// session's record.
//
// With a modules/replay Plugin in the app, the session records the match
// (every player's confirmed input of each tick, the seed) or replays a
// recording of one offline (rollback_replay.go; docs/net.md, "Record a
// networked match").
type Rollback[I comparable] struct {
	Config RollbackConfig
}

// Session is the resource of a [Rollback] session: its state and
// counters.
type Session struct {
	s sessionAPI
}

type sessionAPI interface {
	stats() RollbackStats
}

// RollbackStats counts what a rollback session did.
type RollbackStats struct {
	Started   bool   // every player is connected and the game runs
	Player    Player // this side's player
	Players   int    // the number of players
	Tick      uint64 // the last tick run
	Confirmed uint64 // the last tick of which every player's input is known
	// Rollbacks counts the restores of a checkpoint, Resimulated the
	// ticks run again, MaxDepth the most ticks one rollback ran again.
	Rollbacks, Resimulated, MaxDepth uint64
	// Stalls counts the frames in which the session ran no tick to wait
	// for the other player.
	Stalls uint64
	// RoundTrip is the time from sending an input to its
	// acknowledgement, smoothed: the link's round trip through the relay
	// plus up to a frame on the other side.
	RoundTrip time.Duration
	// Ahead is how many ticks this side runs past the last tick of which
	// it has every other player's input (negative: behind).
	Ahead int
	// BytesSent and BytesReceived count the session's messages to and
	// from the other players (relayed payloads; the WebSocket and relay
	// headers add about 10 bytes to each).
	BytesSent, BytesReceived uint64
	// RollbacksPerSecond is the rate of rollbacks over the last whole
	// second: a few a second is rollback doing its work; dozens, with a
	// high MaxDepth, cost frames.
	RollbacksPerSecond float64
	// Interruptions counts the Interrupted events.
	Interruptions uint64
	// Resends counts the messages of inputs sent again by the timer
	// (every 50 ms while another player has not acknowledged them and
	// nothing new is to go).
	Resends uint64
	// Digests counts the digests compared, Desyncs those that differed;
	// LastDesync is the last one.
	Digests, Desyncs uint64
	LastDesync       *Desync
}

// Stats returns the session's counters.
func (s Session) Stats() RollbackStats {
	if s.s == nil {
		return RollbackStats{}
	}
	return s.s.stats()
}

// Rerunning reports whether the tick being run is a re-run after a
// rollback: a game may leave out effects (sounds) it already played.
// [Rerunning] is the condition of systems that do.
func (s Session) Rerunning() bool {
	if r, ok := s.s.(interface{ rerunning() bool }); ok {
		return r.rerunning()
	}
	return false
}

// Rerunning is a condition that holds while a [Rollback] session re-runs
// ticks after a rollback ([Session.Rerunning]), and never without a
// session: a game leaves out there the effects it already had when the
// ticks first ran, and which no rollback takes back — sounds heard:
//
//	audio.Plugin{SilenceWhile: net.Rerunning()}
//	app.AddSystems(glue.First, audio.SilenceWhile(net.Rerunning())) // where the session is added
//
// A game's state must not depend on it: both players run a tick once or
// more, each its own number of times.
func Rerunning() glue.Condition { return glue.If(rerunning) }

// rerunning is the predicate of Rerunning.
func rerunning(s glue.Opt[Session]) bool { return s.Get() != nil && s.Get().Rerunning() }

// Hold makes the session run no tick past tick (and send its watchers
// every tick up to it at once): it goes on taking in
// the other player's inputs and re-running what they change, so that the
// game settles at tick with every input known once every side is held
// at the same tick (Stats().Confirmed reaches it). A test ends a game at
// a known tick this way, then closes the apps; 0 lets it run on. A side
// held while the others' inputs up to its tick are still owed gives up
// after RollbackConfig.DisconnectAfter, as a playing side does.
func (s Session) Hold(tick uint64) {
	if h, ok := s.s.(interface{ hold(uint64) }); ok {
		h.hold(tick)
	}
}

// ProvidedBy returns "net.Rollback", the plugin that inserts the Session.
func (Session) ProvidedBy() string { return "net.Rollback" }

// Desync is a difference between this side's state and another
// player's at one tick: their games are not deterministic, or not fed
// the same way.
type Desync struct {
	Tick   uint64
	Player Player       // the other player
	Parts  []DesyncPart // the parts whose digests differ, by name
}

// DesyncPart is one part of the state whose digests differ (see
// glue.Digest): Local or Remote is 0 when that side has no such part.
type DesyncPart struct {
	Name          string
	Local, Remote uint64
}

// Error says what differs.
func (d Desync) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "net: rollback desync at tick %d with %v:", d.Tick, d.Player)
	for i, p := range d.Parts {
		if i > 0 {
			b.WriteString(";")
		}
		switch {
		case p.Local == 0:
			fmt.Fprintf(&b, " %s only on that side", p.Name)
		case p.Remote == 0:
			fmt.Fprintf(&b, " %s only on this side", p.Name)
		default:
			fmt.Fprintf(&b, " %s differs (%016x here, %016x there)", p.Name, p.Local, p.Remote)
		}
	}
	b.WriteString("; the game is not deterministic, or the players run different builds or settings: see docs/net.md, \"Rollback\"")
	return b.String()
}

// errUnsetURL: RollbackConfig.URL is empty, and the app replays no match.
var errUnsetURL = errors.New("net: Rollback.Config.URL is required; set it to the relay server's WebSocket URL, e.g. ws://127.0.0.1:8090/net")

func (cfg *RollbackConfig) defaults() error {
	switch {
	case cfg.Registry == nil:
		return errors.New("net: Rollback.Config.Registry is required; set it to the server's registry, with the input type registered")
	case cfg.Players != 0 && (cfg.Players < 2 || cfg.Players > MaxPlayers):
		return fmt.Errorf("net: Rollback.Config.Players must be 2 to %d (0: the default 2), got %d", MaxPlayers, cfg.Players)
	case cfg.Player < 0 || int(cfg.Player) >= max(cfg.Players, 2):
		return fmt.Errorf("net: Rollback.Config.Player must be 0 to %d (Players-1), got %d", max(cfg.Players, 2)-1, int(cfg.Player))
	case cfg.InputDelay < 0 || cfg.InputDelay > 30:
		return fmt.Errorf("net: Rollback.Config.InputDelay must be 0 to 30 ticks, got %d", cfg.InputDelay)
	case cfg.MaxPrediction < 0 || cfg.MaxPrediction > 64:
		return fmt.Errorf("net: Rollback.Config.MaxPrediction must be 0 to 64 ticks (0: the default 8), got %d", cfg.MaxPrediction)
	}
	setDefault(&cfg.Players, 2)
	setDefault(&cfg.MaxPrediction, 8)
	setDefault(&cfg.DigestEvery, 60)
	setDefault(&cfg.DisconnectAfter, 10*time.Second)
	setDefault(&cfg.DisconnectAwayAfter, time.Minute)
	cfg.DisconnectAwayAfter = max(cfg.DisconnectAwayAfter, cfg.DisconnectAfter) // less means DisconnectAfter
	setDefault(&cfg.InterruptAfter, defaultInterruptAfter)
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return nil
}

// Build adds the session to app.
func (p Rollback[I]) Build(app *glue.App) {
	cfg := p.Config
	err := cfg.defaults()
	if err == nil {
		if _, _, err = codec.Of[I](cfg.Registry); err != nil {
			err = fmt.Errorf("net: Rollback's input type %s is not registered: %v; register it with codec.Register", reflect.TypeFor[I](), err)
		}
	}
	if err != nil {
		app.AddError(err)
		return
	}
	registryAtBuild(app, cfg.Registry)
	// The input resource is the machine's sample, not the game's state.
	// So are the session and a relay server the app runs, and its drain
	// state: one side's own.
	// So are the statuses of PlayerInputs (one side's Predicted is
	// another's Confirmed), which the session sets in every tick.
	cfg.Keep = append(slices.Clip(cfg.Keep), glue.TypeOf[I](), glue.TypeOf[PlayerInputs[I]](), glue.TypeOf[Session]())
	cfg.Keep = append(cfg.Keep, serverResources()...) // rollback_server.go
	s := &session[I]{cfg: cfg, app: app, me: cfg.Player, now: time.Now, peers: make([]rbPeer[I], cfg.Players)}
	s.delayFloor, s.predFloor = cfg.InputDelay, cfg.MaxPrediction // adapt.go
	// A rollback match wants its link back soon: retry at least every
	// second, and take a second without the server's heartbeat for a
	// dead connection (the server sends one every second by default).
	s.link = newClient(ClientConfig{Registry: cfg.Registry, Logger: cfg.Logger, RetryMax: time.Second, IdleTimeout: 3 * time.Second})
	s.link.onRelayed = s.received
	s.link.onVacated = s.vacatedSeat
	s.link.claim = &seatClaim{seat: int(cfg.Player), key: cfg.SeatKey} // relay.go
	for i := range s.ckpts {
		s.ckpts[i].Keep(cfg.Keep...)
	}
	app.InsertResource(Session{s: s})
	app.InsertResource(PlayerInputs[I]{})
	app.InsertResource(Stats{}) // stats.go
	if !app.HasPlugin(serverPluginName) {
		app.InsertResource(Inputs{})
	}
	app.AddStagesAfter(glue.PreUpdate, RollbackStage)
	app.AddSystems(RollbackStage, glue.Func(func(p struct {
		Local  glue.Opt[I]
		Inputs glue.ResMut[Inputs]
		Typed  glue.ResMut[PlayerInputs[I]]
		Events glue.Writer[SessionEvent]
	}) {
		s.handOver(p.Local.Get(), p.Inputs.Get(), p.Typed.Get())
		if !s.resim {
			s.flush(p.Events)
		}
	}).Named("net.Rollback.handOver"))
	// Events that come while no tick runs (rollback_events.go).
	app.AddSystems(glue.PreDraw, glue.Func(func(p struct{ Events glue.Writer[SessionEvent] }) {
		s.flush(p.Events)
	}).Named("net.Rollback.tell"))
	removePageHide := onPageHide(s.pageHidden)   // a page closed mid-match
	removeVisibility := onVisibility(s.pageAway) // a page hidden mid-match
	app.OnClose(func() {
		removePageHide()
		removeVisibility()
		s.bye()
		Client{c: s.link}.Close()
	})
	app.OnBuild(func() error {
		if s.cfg.URL == "" && !replayTap(app) { // a replayed match needs no server (rollback_replay.go)
			return errUnsetURL
		}
		holdSeats(app, cfg.DisconnectAwayAfter, cfg.Players) // rollback_server.go
		return nil
	})
	app.Drive(s.driveAndPublish) // stats.go
}

// session is a rollback session's state: the app's goroutine's, except
// inbox (guarded by mu, filled by the connection's goroutine).
type session[I comparable] struct {
	cfg  RollbackConfig
	app  *glue.App
	link *client
	me   Player

	mu    sync.Mutex
	inbox []rbMsg[I]

	dialed, seeded, started bool
	hidden                  bool // this page is hidden (pageAway): its inputs wait
	hellos                  int  // frames since the last hello sent
	err                     error

	simulated uint64 // the last tick run
	holdAt    uint64 // tests: run no tick past this one (0: no limit)
	running   uint64 // the tick being run
	resim     bool   // the ticks run are a re-run
	confirmed uint64 // the last tick of which every other player's input is known
	firstBad  uint64 // the first tick run with a wrong prediction, or 0

	peers []rbPeer[I] // by player; this side's unused
	local [rbRing]tickIn[I]
	boxes map[I]any // boxed inputs, so that handing over allocates nothing

	ckpts   [66]glue.Checkpoint // by tick, ring
	machine []glue.Type         // Config.Keep and the app's glue.MachineLocal types
	kept    []any               // their values during a re-run

	nextDigest uint64
	mine       map[uint64][]glue.Digest
	dbuf       []glue.Digest
	sentNames  []string // the names of the parts last sent with a report
	namedOn    uint64   // the link's connection they were sent on
	reports    uint64   // digest reports sent
	w, enc     codec.Writer

	now      func() time.Time // time.Now; tests set a fake
	lastAt   uint64           // the last tick of the local inputs stamped
	lastSent time.Time        // when inputs were last sent
	sentUpTo uint64           // the last tick of the local inputs sent
	msgs     uint64           // messages sent (tests: the wire's figures)

	pingAt    uint64           // the last ping's time (UnixNano), before the start
	firstPing uint64           // the first's
	rtt       time.Duration    // the longest round trip to another player measured before the start
	sentAt    [rbRing]tickTime // when each tick's input was first sent
	rttTick   uint64           // the last tick whose acknowledgement was timed
	bytesIn   atomic.Uint64    // received (the connection's goroutine)
	rateAt    time.Time        // the start of RollbacksPerSecond's second
	rateFrom  uint64           // Rollbacks then

	watchStarted, watchLost bool      // the watchers were sent the start; their inputs were lost
	watchSent               uint64    // the last tick whose inputs the watchers were sent
	watchAt                 time.Time // when they were last sent some

	events      []SessionEvent // for the game, not yet written
	progress    time.Time      // when another's inputs last came (or no tick waited for them)
	interrupted bool           // Interrupted was told, Resumed not yet
	dropAsked   int            // the player this side asked the server to drop, plus one (watch)
	dropAskedAt time.Time      // when it first asked
	dropAgain   time.Time      // when it asks again
	waitedFor   Player         // the player Interrupted named (Resumed names it too)
	endAt       time.Time      // when drive first saw the session over (ShowEnd)
	waitTold    uint64         // the tick of the last WaitRecommended
	toldLate    bool           // an rbLate was sent: bye lets it go before the link closes
	helds       int            // the link's refusals of a held seat told (SeatHeld)
	myID        ClientID       // this side's client when the match started

	st RollbackStats

	tuning // stats.go, adapt.go: Stats, the adaptive delay and time sync

	tap sessionTap[I] // rollback_replay.go: a match recorded or replayed
}

// rbPeer is a session's view of another player.
type rbPeer[I comparable] struct {
	id        ClientID      // the client that speaks in its seat: the first one (0: none yet)
	pong      time.Duration // its round trip, measured by player 0 before the start (0: none yet)
	confirmed uint64        // the last tick of its input received
	lastIn    I             // its input of tick confirmed (the prediction)
	adv       int           // how far it runs ahead of this side's inputs it has
	ack       uint64        // the last tick of this side's inputs it has
	ackSent   uint64        // confirmed, as last sent to it
	left      bool          // it left the game (its bye)
	away      bool          // its page is hidden (pageAway)
	leftAt    uint64        // the last tick of its inputs, when it left

	remote, used [rbRing]tickIn[I] // its inputs received, and those a tick was run with
	theirs       map[uint64][]glue.Digest
	names        []string // the names of its digests' parts (the connection's goroutine)
}

// follow makes client id the player's before the match starts (0: none
// yet, the seat free): what the client before it said is forgotten.
func (q *rbPeer[I]) follow(id ClientID) {
	q.id, q.pong, q.ack, q.adv, q.theirs = id, 0, 0, 0, nil
}

// known reports whether player q's input of every tick up to t is known:
// received, or zero after it left.
func (q *rbPeer[I]) known(t uint64) bool {
	return q.confirmed >= t || q.left && q.confirmed >= q.leftAt
}

// tickTime is when a tick's input was sent.
type tickTime struct {
	tick uint64
	at   time.Time
}

// timeAck measures the round trip from the acknowledgement of the
// input of tick ack, by every other player still in the game, the first
// time it comes.
func (s *session[I]) timeAck() {
	ack := s.acked()
	if ack <= s.rttTick {
		return
	}
	s.rttTick = ack
	sent := s.sentAt[ack%rbRing]
	if sent.tick != ack {
		return
	}
	rtt := s.clock().Sub(sent.at)
	s.sampleRTT(rtt) // adapt.go
	if s.st.RoundTrip == 0 {
		s.st.RoundTrip = rtt
	} else {
		s.st.RoundTrip += (rtt - s.st.RoundTrip) / 8
	}
}

// acked returns the last tick of this side's inputs that every other
// player still in the game has.
func (s *session[I]) acked() uint64 {
	a := uint64(1<<63 - 1)
	for p := range s.peers {
		if q := &s.peers[p]; Player(p) != s.me && !q.left {
			a = min(a, q.ack)
		}
	}
	if a == 1<<63-1 {
		return s.lastAt // nobody left to send to
	}
	return a
}

// tickIn is an input of one tick.
type tickIn[I any] struct {
	tick uint64
	v    I
}

// rbMsg is a decoded relayed message.
type rbMsg[I any] struct {
	kind     int
	player   Player
	tick     uint64
	ack      uint64 // this side's inputs acknowledged (rbInput); the input delay (rbStart)
	players  uint64 // the players (rbStart)
	seed     uint64
	ins      []I // of ticks tick-len(ins)+1 to tick
	digests  []glue.Digest
	from     ClientID
	hidden   bool   // its page is hidden (rbAway)
	about    Player // the player a restarted client plays (rbLate)
	dropped  bool   // the other players gave the player up (rbVacated)
	badInput error
}

func (s *session[I]) hold(tick uint64) { s.holdAt = tick }

func (s *session[I]) rerunning() bool { return s.resim }

func (s *session[I]) stats() RollbackStats {
	st := s.st
	st.Started, st.Player, st.Players, st.Tick, st.Confirmed = s.started, s.me, s.cfg.Players, s.simulated, s.confirmed
	st.Ahead = int(s.simulated) - int(s.confirmed)
	st.BytesReceived = s.bytesIn.Load()
	return st
}

// received decodes a relayed message from the client in seat (the
// connection's goroutine). The sender's player is its seat, which the
// server granted it, whatever the payload says.
func (s *session[I]) received(from ClientID, seat int, payload []byte) {
	s.bytesIn.Add(uint64(len(payload)))
	r := codec.NewReader(payload)
	m := rbMsg[I]{kind: int(r.Uint8()), from: from}
	if said := int(r.Uvarint()); said != seat {
		return // a sender whose message names another seat than its own
	}
	if seat < 0 || seat >= len(s.peers) || Player(seat) == s.me {
		return // a seat no player of this game's has, or this side's own
	}
	m.player = Player(seat)
	q := &s.peers[seat]
	switch m.kind {
	case rbHello:
	case rbStart:
		m.seed = r.Uint64()
		m.ack = r.Uvarint()  // the input delay
		m.tick = r.Uvarint() // the prediction window
		m.players = r.Uvarint()
	case rbPing, rbPong:
		m.tick = r.Uint64()
	case rbInput:
		m.tick = r.Uvarint()
		for p := range len(s.peers) {
			if p == seat {
				continue // no acknowledgement of its own inputs
			}
			if ack := r.Uvarint(); Player(p) == s.me {
				m.ack = ack
			}
		}
		m.ins, m.badInput = readInputs[I](r, s.cfg.Registry)
		if uint64(len(m.ins)) > m.tick {
			m.badInput = fmt.Errorf("%d inputs up to tick %d", len(m.ins), m.tick)
		}
	case rbBye:
		m.tick = r.Uvarint() // the last tick of its inputs
	case rbAway:
		m.hidden = r.Bool()
	case rbLate:
		m.about = Player(r.Uvarint())
	case rbDigest:
		m.tick = r.Uvarint()
		n := r.Count(8)
		named := r.Uint8() == 1
		if !named && len(q.names) != n {
			return // names this side never got (lost with a connection): the next report brings them
		}
		for i := range n {
			var name string
			if named {
				name = r.Text()
			} else {
				name = q.names[i]
			}
			m.digests = append(m.digests, glue.Digest{Name: name, Sum: r.Uint64()})
		}
		if named && r.Err() == nil {
			q.names = q.names[:0]
			for _, d := range m.digests {
				q.names = append(q.names, d.Name)
			}
		}
	default:
		return // a message of a later version: ignored
	}
	if r.Err() != nil {
		return // cut short
	}
	s.mu.Lock()
	s.inbox = append(s.inbox, m)
	s.mu.Unlock()
}

// vacatedSeat queues the server's word that client from no longer holds
// seat (the connection's goroutine), after the messages relayed before it.
func (s *session[I]) vacatedSeat(from ClientID, seat int, dropped bool) {
	if seat < 0 || seat >= len(s.peers) {
		return
	}
	s.mu.Lock()
	s.inbox = append(s.inbox, rbMsg[I]{kind: rbVacated, from: from, player: Player(seat), dropped: dropped})
	s.mu.Unlock()
}

// send relays a message to the other player.
func (s *session[I]) send(kind int, fill func(w *codec.Writer)) {
	s.w.Reset()
	s.w.Uint8(uint8(kind))
	s.w.Uvarint(uint64(s.me))
	if fill != nil {
		fill(&s.w)
	}
	s.st.BytesSent += uint64(len(s.w.Data()))
	s.msgs++
	_ = s.link.sendRelay(append([]byte(nil), s.w.Data()...)) // a lost hello is sent again; inputs need the connection
}

// poll takes in what arrived.
func (s *session[I]) poll() {
	if s.myID != 0 && s.forgotten() {
		return
	}
	s.mu.Lock()
	msgs := s.inbox
	s.inbox = nil
	s.mu.Unlock()
	for _, m := range msgs {
		q := &s.peers[m.player]
		if m.kind == rbVacated {
			s.vacated(m)
			continue
		}
		if q.id == 0 {
			q.id = m.from // the player is the first client that speaks in its seat
		}
		if m.from != q.id {
			// The server stamps the seat, and gives a seat to another
			// client only once the one before has gone: the player's
			// game restarted (with the seat's key, or after its grace).
			switch {
			case q.left:
				continue
			case !s.started || s.me == 0 && q.confirmed <= 1+s.delay0:
				// Before the match, or before any input of the one
				// before (start): the new client plays from the start
				// (player 0 sends it the start again when it says
				// hello). What this side ran with its predictions
				// (used) stays: the new client's inputs correct them.
				s.cfg.Logger.Info("net: rollback: a new client speaks for a player before its first input; following it", "player", int(m.player), "client", m.from, "before", q.id)
				q.follow(m.from)
			default:
				s.restarted(m.player, m.from)
				continue
			}
		}
		switch m.kind {
		case rbHello:
			switch {
			case s.me == 0 && s.started:
				s.sendStart() // it missed the start
			case s.me == 0 && s.allHere():
				if !s.cfg.FixedDelay {
					s.ping()
					break
				}
				s.start(s.cfg.Seed)
				s.sendStart()
			case m.player == 0 && !s.started:
				s.send(rbHello, nil)
			}
		case rbPing:
			if m.player == 0 {
				s.send(rbPong, func(w *codec.Writer) { w.Uint64(m.tick) })
			}
		case rbPong:
			if s.me == 0 && !s.started && s.firstPing != 0 && m.tick >= s.firstPing && m.tick <= s.pingAt { // one of its pings
				rtt := s.clock().Sub(time.Unix(0, int64(m.tick)))
				if q.pong == 0 {
					q.pong = max(rtt, 1)
				}
				s.rtt = max(s.rtt, rtt)
				if s.allPonged() {
					s.adaptDelay(s.rtt)
					s.start(s.cfg.Seed)
					s.sendStart()
				}
			}
		case rbStart:
			if s.me != 0 && m.player == 0 && !s.started {
				if m.ack > 30 || m.tick > 64 {
					s.fail(fmt.Errorf("net: rollback: player 0 starts the game with an input delay of %d ticks and a prediction of %d, more than 30 and 64; it does not follow the protocol (or runs another build)", m.ack, m.tick))
					return
				}
				if m.players != uint64(s.cfg.Players) {
					s.fail(fmt.Errorf("net: rollback: player 0 starts a game of %d players, and this side's RollbackConfig.Players is %d; give every player's session the same Players", m.players, s.cfg.Players))
					return
				}
				s.cfg.InputDelay = int(m.ack)
				if !s.cfg.FixedDelay {
					s.cfg.MaxPrediction = max(s.cfg.MaxPrediction, int(m.tick))
				}
				s.start(m.seed)
			}
		case rbInput:
			if q.away && m.tick > q.confirmed {
				// A hidden page runs no tick: new inputs mean it is back,
				// whether or not its word came (a link lost meanwhile).
				s.peerAway(m.player, false)
			}
			if s.started {
				s.takeInput(m) // before the start: sent again, unacknowledged
			}
		case rbBye:
			s.leftGame(m.player, m.tick)
		case rbAway:
			s.peerAway(m.player, m.hidden)
		case rbLate:
			s.tooLate(m.player, m.about)
		case rbDigest:
			s.takeDigests(m)
		}
	}
}

// allHere reports whether every other player said hello (player 0,
// before the start).
func (s *session[I]) allHere() bool {
	for p := range s.peers {
		if Player(p) != s.me && s.peers[p].id == 0 {
			return false
		}
	}
	return true
}

// allPonged reports whether every other player answered a ping (player
// 0, before the start).
func (s *session[I]) allPonged() bool {
	for p := range s.peers {
		if Player(p) != s.me && s.peers[p].pong == 0 {
			return false
		}
	}
	return true
}

// ping asks the other players for a pong, to measure the round trips
// (player 0, before the start, at most every resendEvery).
func (s *session[I]) ping() {
	now := s.clock()
	if s.pingAt != 0 && now.Sub(time.Unix(0, int64(s.pingAt))) < resendEvery {
		return
	}
	s.pingAt = uint64(now.UnixNano())
	if s.firstPing == 0 {
		s.firstPing = s.pingAt
	}
	s.send(rbPing, func(w *codec.Writer) { w.Uint64(s.pingAt) })
}

// maxAdaptiveDelay and maxAdaptivePrediction bound the input delay and
// the prediction the session picks from the round trip.
const maxAdaptiveDelay, maxAdaptivePrediction = 10, 32

// adaptDelay raises the input delay, then the prediction window, to
// what a round trip of rtt needs: the other's inputs come within the
// prediction (with 4 ticks to spare, for jitter and a slow frame), at 60
// ticks a second. The delay is paid in response to the keys, the
// prediction in ticks run again: each takes part of it.
func (s *session[I]) adaptDelay(rtt time.Duration) {
	const tick = time.Second / 60
	need := int((rtt/2+tick-1)/tick) + 4
	d := min(max(s.cfg.InputDelay, need-s.cfg.MaxPrediction), max(s.cfg.InputDelay, maxAdaptiveDelay))
	p := min(max(s.cfg.MaxPrediction, need-d), max(s.cfg.MaxPrediction, maxAdaptivePrediction))
	s.cfg.Logger.Info("net: rollback: input delay and prediction from the round trip", "rtt", rtt, "delay", d, "prediction", p)
	s.cfg.InputDelay, s.cfg.MaxPrediction = d, p
	s.st.RoundTrip = rtt
}

// sendStart tells the other players the seed, the input delay, the
// prediction window and the number of players (player 0).
func (s *session[I]) sendStart() {
	s.send(rbStart, func(w *codec.Writer) {
		w.Uint64(s.cfg.Seed)
		w.Uvarint(uint64(s.cfg.InputDelay))
		w.Uvarint(uint64(s.cfg.MaxPrediction))
		w.Uvarint(uint64(s.cfg.Players))
	})
}

// start starts the game, once: both players are there.
func (s *session[I]) start(seed uint64) {
	if s.started {
		return
	}
	s.seed(seed)
	s.started = true
	if s.link != nil {
		s.myID = Client{c: s.link}.ID()
	}
	s.startTap(seed) // rollback_replay.go
	s.delay0 = uint64(s.cfg.InputDelay)
	s.confirmed = 1 + s.delay0 // nobody's input takes effect before
	for p := range s.peers {
		s.peers[p].confirmed = s.confirmed
	}
	if s.cfg.DigestEvery > 0 {
		s.nextDigest = uint64(s.cfg.DigestEvery)
	}
	s.cfg.Logger.Info("net: rollback game starts", "player", int(s.me), "players", s.cfg.Players, "seed", seed)
}

// seed hands the game its seed (Config.Start), once.
func (s *session[I]) seed(seed uint64) {
	if !s.seeded && s.cfg.Start != nil {
		s.cfg.Start(s.app, seed)
	}
	s.seeded = true
}

// takeInput records the other player's inputs of a message: each
// message repeats those the other side has not acknowledged, so that one
// lost while a connection was down is sent again.
func (s *session[I]) takeInput(m rbMsg[I]) {
	who := s.who(m.player)
	if m.badInput != nil {
		s.fail(fmt.Errorf("net: rollback: %s sent a bad input for tick %d: %v", who, m.tick, m.badInput))
		return
	}
	if err := s.inWindow(m.player, "inputs up to tick", m.tick); err != nil {
		s.fail(err)
		return
	}
	if sent := max(s.lastAt, 1+30); m.ack > sent { // 30: the largest InputDelay, whose ticks are acknowledged at the start
		s.fail(fmt.Errorf("net: rollback: %s acknowledged this side's input of tick %d, which sent them only up to tick %d; it does not follow the protocol (or runs another build)", who, m.ack, s.lastAt))
		return
	}
	q := &s.peers[m.player]
	q.ack = max(q.ack, m.ack)
	s.timeAck()
	first := m.tick - uint64(len(m.ins)) + 1
	for k, in := range m.ins {
		t := first + uint64(k)
		if t <= q.confirmed || q.left && t > q.leftAt {
			continue // known already, or past its leaving
		}
		if t != q.confirmed+1 {
			s.fail(fmt.Errorf("net: rollback: %s sent its input of tick %d without those of ticks %d to %d, which it has not had acknowledged; it does not follow the protocol (or runs another build)", who, t, q.confirmed+1, t-1))
			return
		}
		i := t % rbRing
		q.remote[i] = tickIn[I]{tick: t, v: in}
		q.confirmed, q.lastIn = t, in
		if u := q.used[i]; t <= s.simulated && u.tick == t && u.v != in {
			s.mispredicted(t)
		}
	}
	q.adv = int(m.tick) - s.cfg.InputDelay - int(m.ack)
	s.confirm()
}

// who names player p in the session's messages: "the other player" in
// a game of two.
func (s *session[I]) who(p Player) string {
	if s.cfg.Players == 2 {
		return "the other player"
	}
	return p.String()
}

// mispredicted notes that tick t ran with a wrong prediction: the next
// rollback goes back to the earliest such tick of any player.
func (s *session[I]) mispredicted(t uint64) {
	if s.firstBad == 0 || t < s.firstBad {
		s.firstBad = t
	}
}

// confirm sets confirmed to the last tick of which every other player's
// input is known, and notes progress when it rises.
func (s *session[I]) confirm() {
	c := uint64(1<<63 - 1)
	for p := range s.peers {
		if q := &s.peers[p]; Player(p) != s.me && !(q.left && q.confirmed >= q.leftAt) {
			c = min(c, q.confirmed)
		}
	}
	if c == 1<<63-1 {
		c = max(s.confirmed, s.simulated) // nobody else is left: nothing to wait for
	}
	if c > s.confirmed {
		s.confirmed = c
		s.heard()
	}
}

// inWindow checks a tick player p's message names: no honest side names
// one more than rbWindow past this side's.
func (s *session[I]) inWindow(p Player, what string, tick uint64) error {
	if mine := max(s.simulated, s.lastAt); tick > mine+rbWindow {
		return fmt.Errorf("net: rollback: %s sent %s %d, more than %d ticks past this side's tick %d; it does not follow the protocol (or runs another build)", s.who(p), what, tick, rbWindow, mine)
	}
	return nil
}

// takeDigests keeps the other player's digests of a tick until this
// side's are there: only for ticks this side will digest too, not long
// past, within the window; so their number is bounded.
func (s *session[I]) takeDigests(m rbMsg[I]) {
	if err := s.inWindow(m.player, "digests of tick", m.tick); err != nil {
		s.fail(err)
		return
	}
	if len(m.digests) > maxDigestParts {
		s.fail(fmt.Errorf("net: rollback: %s sent %d digests of tick %d, more than the %d a state has at most; it does not follow the protocol", s.who(m.player), len(m.digests), m.tick, maxDigestParts))
		return
	}
	every := uint64(max(s.cfg.DigestEvery, 0))
	if every == 0 || m.tick%every != 0 || m.tick+s.digestHorizon() < s.nextDigest {
		return // a tick this side does not digest, or long past
	}
	q := &s.peers[m.player]
	if q.theirs == nil {
		q.theirs = map[uint64][]glue.Digest{}
	}
	q.theirs[m.tick] = m.digests
	s.compare(m.player, m.tick)
}

// digestHorizon is how long digests wait for the other side's of the
// same tick.
func (s *session[I]) digestHorizon() uint64 { return uint64(10 * s.cfg.DigestEvery) }

// fail stops the session with err, which every App.Update from now on
// returns (wrapping ErrDisconnected), and tells the game.
func (s *session[I]) fail(err error) { s.stop(err, slog.LevelError) }

// end stops the session as fail does, for a game that ended as games
// do (the others left): logged as information, not as an error.
func (s *session[I]) end(err error) { s.stop(err, slog.LevelInfo) }

// stop stops the session with err, logged at level.
func (s *session[I]) stop(err error, level slog.Level) {
	if s.err == nil {
		s.err = disconnected{err}
		s.cfg.Logger.Log(context.Background(), level, "net: rollback session over", "reason", err)
		if s.link != nil {
			s.link.leave() // a session does not start again: no reconnecting
		}
		s.tell(SessionEvent{Kind: Disconnected, Reason: s.err})
	}
}

// ended is what drive returns once the session is over: nil while
// RollbackConfig.ShowEnd lets the game show why, then the reason.
func (s *session[I]) ended() error {
	if s.cfg.ShowEnd == 0 {
		return s.err
	}
	now := s.clock()
	if s.endAt.IsZero() {
		s.endAt = now
	}
	if s.cfg.ShowEnd < 0 || now.Sub(s.endAt) < s.cfg.ShowEnd {
		return nil
	}
	return s.err
}

// inputOf returns player p's input of tick t: recorded, or predicted.
func (s *session[I]) inputOf(p Player, t uint64) (I, InputStatus) {
	var zero I
	i := t % rbRing
	if p == s.me {
		if s.local[i].tick == t {
			return s.local[i].v, Confirmed
		}
		return zero, Confirmed
	}
	q := &s.peers[p]
	switch {
	case t <= 1+s.delay0:
		return zero, Confirmed
	case q.left && t > q.leftAt:
		return zero, Gone
	case q.remote[i].tick == t:
		return q.remote[i].v, Confirmed
	}
	return q.lastIn, Predicted // repeat the last one that came
}

// handOver fills PlayerInputs and Inputs with every player's input of
// the tick being run, recording and sending the local player's sample
// first in a tick run for the first time (the system in RollbackStage).
func (s *session[I]) handOver(sample *I, in *Inputs, typed *PlayerInputs[I]) {
	if s.tap.src != nil {
		s.handOverReplay(in, typed) // rollback_replay.go
		return
	}
	t := s.running
	if !s.resim && t >= 2 {
		var v I
		if sample != nil {
			v = *sample
		}
		s.stamp(t, v) // adapt.go: sent at the frame's end (flushInputs)
	}
	clear(in.list)
	in.list, in.Joined, in.Left = in.list[:0], in.Joined[:0], in.Left[:0]
	typed.reset(t, len(s.peers))
	for p := range Player(len(s.peers)) {
		v, st := s.inputOf(p, t)
		if p != s.me {
			s.peers[p].used[t%rbRing] = tickIn[I]{tick: t, v: v}
		}
		typed.in[p], typed.status[p] = v, st
		in.list = append(in.list, Input{Client: ClientID(p + 1), Value: s.box(v), Tick: t})
	}
}

// box returns v in an interface, from a cache of the values seen.
func (s *session[I]) box(v I) any {
	return cachedBox(&s.boxes, v)
}

// cachedBox returns v in an interface from *cache, the values seen
// (at most 1,024, then it starts again), so that handing a tick's inputs
// over allocates nothing in steady state.
func cachedBox[I comparable](cache *map[I]any, v I) any {
	if b, ok := (*cache)[v]; ok {
		return b
	}
	if *cache == nil || len(*cache) >= 1024 {
		*cache = map[I]any{}
	}
	b := any(v)
	(*cache)[v] = b
	return b
}

// maxResend is the most inputs one message carries: those the other
// side has not acknowledged, up to this many.
const maxResend = 64

// sendInput sends the local player's inputs up to tick at that some
// other player has not acknowledged, with this side's acknowledgement of
// each other player's inputs.
func (s *session[I]) sendInput(at uint64) {
	s.lastSent = s.clock()
	for t := max(s.sentUpTo+1, at-min(at, rbRing/2)); t <= at; t++ {
		s.sentAt[t%rbRing] = tickTime{tick: t, at: s.lastSent} // first sent now
	}
	s.sentUpTo = max(s.sentUpTo, at)
	first := min(at, max(s.acked()+1, 2+s.delay0, at-min(at, maxResend-1)))
	s.send(rbInput, func(w *codec.Writer) {
		w.Uvarint(at)
		for p := range s.peers {
			if Player(p) != s.me {
				q := &s.peers[p]
				q.ackSent = q.confirmed
				w.Uvarint(q.confirmed)
			}
		}
		s.writeInputs(w, first, at)
	})
}

// writeInputs writes the local inputs of ticks first to last compactly:
// their count, the input type's id and version once, then runs of equal
// inputs, each its length and one encoding. A player holding a key for a
// second costs a few bytes, not 60 headers.
func (s *session[I]) writeInputs(w *codec.Writer, first, last uint64) {
	cd, enc, _ := codec.Of[I](s.cfg.Registry)
	w.Uvarint(last - first + 1)
	w.Uvarint(uint64(cd.ID()))
	w.Uint8(cd.Version())
	for t := first; t <= last; {
		v := s.local[t%rbRing].v
		run := uint64(1)
		for t+run <= last && s.local[(t+run)%rbRing].v == v {
			run++
		}
		s.enc.Reset()
		enc(&v, &s.enc)
		w.Uvarint(run)
		w.Blob(s.enc.Data())
		t += run
	}
}

// readInputs reads what writeInputs wrote.
func readInputs[I comparable](r *codec.Reader, reg *codec.Registry) ([]I, error) {
	n64, tid, ver := r.Uvarint(), r.Uvarint(), r.Uint8()
	if r.Err() != nil {
		return nil, r.Err()
	}
	if n64 > maxResend {
		return nil, fmt.Errorf("%d inputs in one message, more than the %d sent at most", n64, maxResend)
	}
	n := int(n64)
	if tid > 0xffff {
		return nil, fmt.Errorf("type id %d out of range", tid)
	}
	c, err := reg.ByWire(uint16(tid), ver)
	if err != nil {
		return nil, err
	}
	ins := make([]I, 0, min(n, maxResend))
	for len(ins) < n {
		run := r.Uvarint()
		v, err := c.Decode(codec.NewReader(r.BlobView()))
		if err == nil && r.Err() != nil {
			err = r.Err()
		}
		if err != nil {
			return nil, err
		}
		in, ok := v.(I)
		if !ok {
			return nil, fmt.Errorf("input of type %s, want %s", c.Name(), reflect.TypeFor[I]())
		}
		if run == 0 || run > uint64(n-len(ins)) {
			return nil, fmt.Errorf("a run of %d inputs where %d are left", run, n-len(ins))
		}
		for range run {
			ins = append(ins, in)
		}
	}
	return ins, nil
}

// drive is the app's driver (glue.App.Drive): one frame.
func (s *session[I]) drive(tick func() error) error {
	if err := s.app.Build(); err != nil {
		return err
	}
	if !s.tap.tapped {
		if err := s.useTap(); err != nil { // rollback_replay.go
			s.err = err
			return err
		}
	}
	if s.tap.src != nil {
		return s.driveReplay(tick) // a recorded match, offline
	}
	if s.me == 0 && s.simulated == 0 {
		// Player 0 runs the first tick, in which no input takes effect,
		// at once: its startup systems may start the relay server.
		s.seed(s.cfg.Seed)
		if err := s.run(tick); err != nil {
			return err
		}
	}
	if !s.dialed {
		s.dialed = true
		if err := s.link.start(s.cfg.URL); err != nil {
			return err
		}
	}
	s.poll()
	if err := s.link.seatRefused(); err != nil { // relay.go
		s.fail(err)
	}
	if n, err := s.link.seatHeld(); n != s.helds { // relay.go
		s.helds = n
		s.tell(SessionEvent{Kind: SeatHeld, Reason: err})
	}
	if s.err != nil {
		return s.ended()
	}
	if !s.started {
		if s.hellos--; s.hellos <= 0 && s.link.seated() == int(s.me) {
			s.send(rbHello, nil)
			s.hellos = 30
		}
		return nil
	}
	s.rate()
	err := s.frame(tick)
	s.flushInputs()
	return err
}

// frame runs the frame's ticks, once the game started: the re-run of a
// rollback, then the next tick unless the session waits.
func (s *session[I]) frame(tick func() error) error {
	if s.app.Paused() {
		s.watch(false)
		return nil // glue.App.Pause: no tick, no re-run until it resumes
	}
	if err := s.rollback(tick); err != nil {
		return err
	}
	s.digests()
	if err := s.recordTicks(); err != nil { // rollback_replay.go
		s.fail(err)
		return s.err
	}
	s.feedWatchers() // rollback_watch.go
	if s.holdAt != 0 && s.simulated >= s.holdAt {
		// Held: no tick past holdAt, but the others' inputs up to it are
		// still awaited, and given up on after DisconnectAfter as when
		// playing (a side held short of this tick sends no more).
		s.watch(s.confirmed < s.simulated)
		if s.err != nil {
			return s.ended()
		}
		return nil
	}
	ahead := int(s.simulated) - int(s.confirmed)
	waiting := ahead >= s.cfg.MaxPrediction && s.simulated > 0
	s.watch(waiting)
	if s.err != nil {
		return s.ended()
	}
	if waiting {
		s.st.Stalls++
		return nil // wait for the other player
	}
	if s.evenOut() { // adapt.go
		s.st.Stalls++
		return nil // run a little slower until the sides are even
	}
	return s.run(tick)
}

// rawLead returns how many ticks this side runs further ahead of
// another player's inputs than that player runs ahead of this side's:
// the most of any player still in the game (negative: this side is
// behind every one; 0 with nobody left). evenOut smooths it.
func (s *session[I]) rawLead() int {
	lead, found := math.MinInt, false
	for p := range s.peers {
		if q := &s.peers[p]; Player(p) != s.me && !q.left {
			lead, found = max(lead, int(s.simulated)-int(q.confirmed)-q.adv), true
		}
	}
	if !found {
		return 0
	}
	return lead
}

// rate measures RollbacksPerSecond, once a second.
func (s *session[I]) rate() {
	now := s.clock()
	if s.rateAt.IsZero() {
		s.rateAt, s.rateFrom = now, s.st.Rollbacks
		return
	}
	if d := now.Sub(s.rateAt); d >= time.Second {
		s.st.RollbacksPerSecond = float64(s.st.Rollbacks-s.rateFrom) / d.Seconds()
		s.rateAt, s.rateFrom = now, s.st.Rollbacks
	}
}

// clock returns the time (Config's fake in tests).
func (s *session[I]) clock() time.Time {
	if s.now == nil {
		return time.Now()
	}
	return s.now()
}

// flushInputs sends, at the end of a frame, one message at most: the
// local inputs not yet sent and the acknowledgement of the others'
// inputs that came — at once when a new input differs from the last one
// sent (the others mispredict it until it comes), otherwise at most
// every batchEvery (an unchanged input is what the others predict
// anyway; and at once when the session holds at its last tick, Hold);
// and the inputs another side has not acknowledged again every
// resendEvery, in frames that run a tick or not — the other sides would
// wait for the acknowledgement, and the inputs lost with a connection
// would never come.
func (s *session[I]) flushInputs() {
	if s.lastAt == 0 || s.err != nil || s.hidden {
		return // hidden: sent when the page is shown again (pageAway)
	}
	owed := false // an acknowledgement another player waits for
	for p := range s.peers {
		if q := &s.peers[p]; Player(p) != s.me && !q.left && q.confirmed > q.ackSent {
			owed = true
		}
	}
	fresh := s.lastAt > s.sentUpTo
	changed := false
	if fresh {
		last := s.local[s.sentUpTo%rbRing]
		for t := max(s.sentUpTo+1, s.lastAt-min(s.lastAt, maxResend)); t <= s.lastAt && !changed; t++ {
			changed = last.tick != t-1 || s.local[t%rbRing].v != last.v
			last = s.local[t%rbRing]
		}
	}
	since := s.clock().Sub(s.lastSent)
	switch {
	case changed || (fresh || owed) && (since >= batchEvery || s.holdAt != 0 && s.simulated >= s.holdAt):
		s.sendInput(s.lastAt)
	case s.lastAt > s.acked() && since >= resendEvery:
		s.st.Resends++
		s.sendInput(s.lastAt)
	}
}

// run runs the next tick and saves its checkpoint.
func (s *session[I]) run(tick func() error) error {
	s.running = s.simulated + 1
	if err := tick(); err != nil {
		return err
	}
	if s.app.Tick() != s.running {
		return nil // the app is paused (glue.App.Pause): nothing ran
	}
	s.simulated = s.running
	return s.ckpts[s.simulated%uint64(len(s.ckpts))].Save(s.app)
}

// rollback re-runs the ticks since the first wrong prediction, if any.
func (s *session[I]) rollback(tick func() error) error {
	from := s.firstBad
	if from == 0 {
		return nil
	}
	s.firstBad = 0
	c := &s.ckpts[(from-1)%uint64(len(s.ckpts))]
	if c.Tick() != from-1 || !c.Saved() {
		return fmt.Errorf("net: internal error: rollback to tick %d without its checkpoint (holding %d)", from-1, c.Tick())
	}
	s.keep(true)
	if err := c.Restore(s.app); err != nil {
		return err
	}
	end := s.simulated
	s.simulated = from - 1
	s.resim = true
	defer func() { s.resim = false }()
	for s.simulated < end {
		if err := s.run(tick); err != nil {
			return err
		}
		if s.app.Tick() != s.simulated {
			return errors.New("net: rollback: the app paused during a re-run; do not pause a rollback game (glue.App.Pause)")
		}
	}
	s.keep(false)
	n := end - from + 1
	s.st.Rollbacks++
	s.st.Resimulated += n
	s.st.MaxDepth = max(s.st.MaxDepth, n)
	return nil
}

// keep saves (or puts back) the machine's resources around a re-run:
// Config.Keep's and those marked glue.MachineLocal, which a checkpoint
// leaves alone but a re-run's ticks change.
func (s *session[I]) keep(save bool) {
	if s.machine == nil {
		s.machine = append(slices.Clip(s.cfg.Keep), s.app.MachineLocalTypes()...)
	}
	for len(s.kept) < len(s.machine) {
		s.kept = append(s.kept, nil)
	}
	for i, t := range s.machine {
		p := s.app.ResourceOf(t)
		if p == nil {
			if save {
				s.kept[i] = nil // none to put back
			}
			continue
		}
		if s.kept[i] == nil {
			if !save {
				continue // inserted during the re-run: nothing saved
			}
			s.kept[i] = reflect.New(reflect.TypeOf(p).Elem()).Interface()
		}
		dst, src := reflect.ValueOf(s.kept[i]).Elem(), reflect.ValueOf(p).Elem()
		if !save {
			dst, src = src, dst
		}
		dst.Set(src)
	}
}

// digests sends the digests of the ticks now final (both inputs known,
// re-run if need be) every DigestEvery ticks.
func (s *session[I]) digests() {
	for s.nextDigest > 0 && s.nextDigest <= min(s.confirmed, s.simulated) {
		t := s.nextDigest
		s.nextDigest += uint64(s.cfg.DigestEvery)
		c := &s.ckpts[t%uint64(len(s.ckpts))]
		if c.Tick() != t {
			continue // too old (cannot happen while MaxPrediction < the ring)
		}
		s.dbuf = c.Digest(s.dbuf[:0])
		if s.mine == nil {
			s.mine = map[uint64][]glue.Digest{}
		}
		s.mine[t] = append([]glue.Digest(nil), s.dbuf...)
		s.pruneDigests(t)
		named := s.nameDigests()
		s.send(rbDigest, func(w *codec.Writer) {
			w.Uvarint(t)
			w.Uvarint(uint64(len(s.dbuf)))
			w.Uint8(b2u(named))
			for _, d := range s.dbuf {
				if named {
					w.Text(d.Name)
				}
				w.Uint64(d.Sum)
			}
		})
		for p := range s.peers {
			if Player(p) != s.me {
				s.compare(Player(p), t)
			}
		}
	}
}

// pruneDigests forgets the digests one side sent and the other never
// did, long before tick t: once per digest of this side's, not per
// message received (both maps hold a few ticks: takeDigests).
func (s *session[I]) pruneDigests(t uint64) {
	for old := range s.mine {
		if old+s.digestHorizon() < t {
			delete(s.mine, old)
		}
	}
	for p := range s.peers {
		for old := range s.peers[p].theirs {
			if old+s.digestHorizon() < t {
				delete(s.peers[p].theirs, old)
			}
		}
	}
}

// nameDigests reports whether this digest report carries the parts'
// names: when they changed since the last report that did, on a new
// connection (the other side may have missed it), and every 8th report.
func (s *session[I]) nameDigests() bool {
	conn := s.link.session.Load()
	s.reports++
	same := len(s.sentNames) == len(s.dbuf) && conn == s.namedOn && s.reports%8 != 0
	for i := 0; same && i < len(s.dbuf); i++ {
		same = s.sentNames[i] == s.dbuf[i].Name
	}
	if same {
		return false
	}
	s.sentNames = s.sentNames[:0]
	for _, d := range s.dbuf {
		s.sentNames = append(s.sentNames, d.Name)
	}
	s.namedOn = conn
	return true
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// compare compares this side's digests of tick t with player p's once
// both are there (this side's are kept for each player's, until pruned).
func (s *session[I]) compare(p Player, t uint64) {
	a, ok1 := s.mine[t]
	b, ok2 := s.peers[p].theirs[t]
	if !ok1 || !ok2 {
		return
	}
	delete(s.peers[p].theirs, t)
	s.st.Digests++
	d := Desync{Tick: t, Player: p}
	sums := map[string]uint64{}
	for _, x := range b {
		sums[x.Name] = x.Sum
	}
	for _, x := range a {
		if r, ok := sums[x.Name]; !ok || r != x.Sum {
			d.Parts = append(d.Parts, DesyncPart{Name: x.Name, Local: x.Sum, Remote: r})
		}
		delete(sums, x.Name)
	}
	for _, x := range b {
		if _, ok := sums[x.Name]; ok {
			d.Parts = append(d.Parts, DesyncPart{Name: x.Name, Remote: x.Sum})
		}
	}
	if len(d.Parts) == 0 {
		return
	}
	s.st.Desyncs++
	s.st.LastDesync = &d
	s.tell(SessionEvent{Kind: Desynced, Player: p, Tick: d.Tick, Parts: d.Parts})
	if s.cfg.OnDesync != nil {
		s.cfg.OnDesync(d)
		return
	}
	s.cfg.Logger.Error(d.Error())
}
