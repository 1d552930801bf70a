package net

import (
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"sync"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// Watchers of a rollback match (issue #34, item 6; docs/net.md,
// "Watchers of a rollback match").
//
// Player 0's session, with RollbackConfig.Watchers set, sends the relay
// server the inputs of every tick once every player's input of it is
// confirmed (wire type 21, an opaque payload, a few ticks at a time). The
// server keeps them (up to maxWatchLog bytes, for watchers who connect
// later) and writes them to every connection without a rollback seat
// (wire type 7), never to a player; a watch message from a client
// without a seat is refused and its sender dropped, as a relay message
// is, so a watcher has no way to send anything to the players. A
// RollbackWatch app runs the same game from those inputs, a few ticks
// behind, one tick a frame: it never rolls back and reaches the players'
// states exactly.

// Watch payload kinds.
const (
	wStart  = 1 // seed, input delay, players
	wInputs = 2 // first tick, count, type id, version, then per player: last tick (0: in the game), runs
)

// maxWatchLog is the most bytes of watch messages a server keeps for
// watchers who connect later (at about 60 bytes a tenth of a second,
// some 7 minutes of play); a watcher who connects once it is full
// stops with the reason. It is well below what one connection may have
// queued (maxRelayBytes).
const maxWatchLog = 256 << 10

// watchEvery is how often player 0 sends the watchers the ticks newly
// confirmed: at most every watchBatch ticks or watchEvery, whichever
// comes first.
const (
	watchEvery = 100 * time.Millisecond
	watchBatch = 6
)

// appendWatch writes a message for the watchers.
func appendWatch(dst, payload []byte) []byte {
	w := codec.NewWriter(appendHeader(dst, msgWatch))
	w.Blob(payload)
	return w.Data()
}

// parseWatched reads what appendWatched wrote.
func parseWatched(r *codec.Reader) ([]string, error) {
	n := r.Count(1)
	out := make([]string, 0, n)
	for range n {
		out = append(out, string(r.BlobView()))
	}
	return out, r.Err()
}

// watchedIn hands the payloads of a watched message to the client's
// watcher, if it has one (the connection's goroutine).
func (c *client) watchedIn(f *frame) {
	if c.onWatched == nil {
		return
	}
	for _, p := range f.watched {
		c.onWatched([]byte(p))
	}
}

// sendWatch queues payload for the watchers. It fails while the client
// is not connected and when its queue is full.
func (c *client) sendWatch(payload []byte) error {
	return c.enqueue(func() outMsg { return outMsg{payload: payload, watch: true} })
}

// feedWatchers sends the watchers the inputs of the ticks newly
// confirmed (player 0, with Config.Watchers; drive, every frame): every
// player's input of them is known and final.
func (s *session[I]) feedWatchers() {
	if !s.cfg.Watchers || s.me != 0 || !s.started || s.watchLost {
		return
	}
	if !s.watchStarted {
		s.w.Reset()
		s.w.Uint8(wStart)
		s.w.Uint64(s.cfg.Seed)
		s.w.Uvarint(s.delay0) // the delay of the start: a side's moves later show in its inputs (adapt.go)
		s.w.Uvarint(uint64(s.cfg.Players))
		if s.link.sendWatch(append([]byte(nil), s.w.Data()...)) != nil {
			return // not connected: again next frame
		}
		s.watchStarted = true
	}
	upto := min(s.confirmed, max(s.lastAt, 1+s.delay0), s.simulated)
	if upto <= s.watchSent || upto-s.watchSent < watchBatch && s.clock().Sub(s.watchAt) < watchEvery && upto != s.holdAt {
		return
	}
	if s.simulated > s.watchSent+rbRing-maxResend-8 {
		// The inputs to send are no longer in the rings (the link was
		// down for long): the watchers cannot go on.
		s.watchLost = true
		s.cfg.Logger.Error("net: rollback: the watchers' inputs were lost with the link; they stop", "tick", s.watchSent)
		return
	}
	cd, enc, _ := codec.Of[I](s.cfg.Registry)
	for s.watchSent < upto {
		first := s.watchSent + 1
		last := min(upto, s.watchSent+maxResend)
		s.w.Reset()
		s.w.Uint8(wInputs)
		s.w.Uvarint(first)
		s.w.Uvarint(last - first + 1)
		s.w.Uvarint(uint64(cd.ID()))
		s.w.Uint8(cd.Version())
		for p := range Player(len(s.peers)) {
			left := uint64(0)
			if q := &s.peers[p]; p != s.me && q.left {
				left = max(q.leftAt, 1)
			}
			s.w.Uvarint(left)
			for t := first; t <= last; {
				v, _ := s.inputOf(p, t)
				run := uint64(1)
				for t+run <= last {
					if w, _ := s.inputOf(p, t+run); w != v {
						break
					}
					run++
				}
				s.enc.Reset()
				enc(&v, &s.enc)
				s.w.Uvarint(run)
				s.w.Blob(s.enc.Data())
				t += run
			}
		}
		if s.link.sendWatch(append([]byte(nil), s.w.Data()...)) != nil {
			return // not connected: again next frame, from the same tick
		}
		s.st.BytesSent += uint64(len(s.w.Data()))
		s.watchSent, s.watchAt = last, s.clock()
	}
}

// WatchConfig configures a [RollbackWatch].
type WatchConfig struct {
	// URL is the WebSocket URL of the relay server of the match (whose
	// player 0 sets RollbackConfig.Watchers). Required.
	URL string
	// Registry lists the types the server knows, the input type among
	// them. Required.
	Registry *codec.Registry
	// Behind is how many ticks of confirmed inputs the watcher keeps in
	// hand before it runs a tick, so that a late message does not stop
	// its game: it runs that far behind the players' confirmed ticks, and
	// about InputDelay plus the link's latency behind their screens. The
	// default (zero) value is 6; negative: none.
	Behind int
	// Start, if set, is called once before the first tick with the
	// match's seed, as RollbackConfig.Start is on the players' sides.
	Start func(app *glue.App, seed uint64)
	// Logger receives the watcher's lines. The default is slog.Default().
	Logger *slog.Logger
}

// RollbackWatch is the plugin of a watcher of a rollback match: it
// connects to the match's relay server without a seat, receives the
// inputs of every tick once every player's input of it is confirmed (sent
// by player 0's session, with RollbackConfig.Watchers), and runs the
// same game from them at the game's own rate — one tick a frame,
// Config.Behind ticks behind the last it has, two to eight a frame to
// catch up when it falls further behind — so it never rolls back and
// reaches the players' states exactly. It has no way to send the players
// anything, and the players run the same whatever watchers connect. It
// makes the app's ticks its own (glue.App.Drive), inserts the [Session]
// (Stats: Player -1), [PlayerInputs] of I (every input Confirmed, or
// Gone after a player left) and [Inputs], and fills them in
// [RollbackStage]: a game reads them as its players' apps do. Its
// App.Update returns an error wrapping [ErrDisconnected] when it cannot
// go on (it connected after the server's watch history filled, or the
// inputs broke the protocol).
type RollbackWatch[I comparable] struct {
	Config WatchConfig
}

// Build adds the watcher to app.
func (p RollbackWatch[I]) Build(app *glue.App) {
	cfg := p.Config
	var err error
	switch {
	case cfg.URL == "":
		err = errors.New("net: RollbackWatch.Config.URL is required; set it to the match's relay server's WebSocket URL, e.g. ws://127.0.0.1:8090/net")
	case cfg.Registry == nil:
		err = errors.New("net: RollbackWatch.Config.Registry is required; set it to the server's registry, with the input type registered")
	}
	if err == nil {
		if _, _, err = codec.Of[I](cfg.Registry); err != nil {
			err = fmt.Errorf("net: RollbackWatch's input type %s is not registered: %v; register it with codec.Register", reflect.TypeFor[I](), err)
		}
	}
	if err != nil {
		app.AddError(err)
		return
	}
	registryAtBuild(app, cfg.Registry)
	setDefault(&cfg.Behind, 6)
	cfg.Behind = max(cfg.Behind, 0)
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	w := &rbWatcher[I]{cfg: cfg, app: app}
	w.link = newClient(ClientConfig{Registry: cfg.Registry, Logger: cfg.Logger, RetryMax: time.Second, IdleTimeout: 3 * time.Second})
	w.link.onWatched = w.received
	app.InsertResource(Session{s: w})
	app.InsertResource(PlayerInputs[I]{})
	if !app.HasPlugin(serverPluginName) {
		app.InsertResource(Inputs{})
	}
	app.AddStagesAfter(glue.PreUpdate, RollbackStage)
	app.AddSystems(RollbackStage, glue.Func(func(p struct {
		Inputs glue.ResMut[Inputs]
		Typed  glue.ResMut[PlayerInputs[I]]
	}) {
		w.handOver(p.Inputs.Get(), p.Typed.Get())
	}).Named("net.RollbackWatch.handOver"))
	app.OnClose(func() { Client{c: w.link}.Close() })
	app.Drive(w.drive)
}

// rbWatcher is a RollbackWatch's state: the app's goroutine's, except
// inbox (guarded by mu, filled by the connection's goroutine).
type rbWatcher[I comparable] struct {
	cfg  WatchConfig
	app  *glue.App
	link *client

	mu    sync.Mutex
	inbox []watchMsg[I]

	dialed, started, running bool
	seed                     uint64
	players                  int
	err                      error

	simulated uint64             // the last tick run
	holdAt    uint64             // Session.Hold: run no tick past it (0: no limit)
	have      uint64             // the last tick whose inputs came
	ticks     [][MaxPlayers]I    // the inputs of ticks simulated+1 to have: ticks[head:]
	head      int                // the first of ticks not run
	gone      [MaxPlayers]uint64 // each player's last tick, once it left (0: in the game)
	boxes     map[I]any          // boxed inputs, so that handing over allocates nothing
	st        RollbackStats

	rec watchRecord[I] // rollback_replay.go: a recording of the match
}

// watchMsg is a decoded watch payload.
type watchMsg[I comparable] struct {
	kind    int
	seed    uint64
	players int
	first   uint64
	ins     [][MaxPlayers]I
	gone    [MaxPlayers]uint64
	err     error
}

func (w *rbWatcher[I]) hold(tick uint64) { w.holdAt = tick }

func (w *rbWatcher[I]) stats() RollbackStats {
	st := w.st
	st.Started, st.Player, st.Players, st.Tick, st.Confirmed = w.started, -1, w.players, w.simulated, w.have
	st.Ahead = int(w.simulated) - int(w.have)
	return st
}

// received decodes a watch payload (the connection's goroutine).
func (w *rbWatcher[I]) received(payload []byte) {
	r := codec.NewReader(payload)
	m := watchMsg[I]{kind: int(r.Uint8())}
	switch m.kind {
	case wStart:
		m.seed = r.Uint64()
		r.Uvarint() // the input delay: in the inputs already
		n := r.Uvarint()
		if n < 2 || n > MaxPlayers {
			m.err = fmt.Errorf("a match of %d players", n)
		}
		m.players = int(n)
	case wInputs:
		m.first = r.Uvarint()
		n64, tid, ver := r.Uvarint(), r.Uvarint(), r.Uint8()
		if r.Err() != nil {
			return
		}
		if n64 == 0 || n64 > maxResend || tid > 0xffff || m.first == 0 {
			m.err = fmt.Errorf("%d inputs from tick %d of type %d", n64, m.first, tid)
			break
		}
		c, err := w.cfg.Registry.ByWire(uint16(tid), ver)
		if err != nil {
			m.err = err
			break
		}
		m.ins = make([][MaxPlayers]I, n64)
		for p := 0; r.Err() == nil && r.Len() > 0; p++ {
			if p >= MaxPlayers {
				m.err = fmt.Errorf("inputs of more than %d players", MaxPlayers)
				break
			}
			m.gone[p] = r.Uvarint()
			for k := uint64(0); k < n64 && m.err == nil; {
				run := r.Uvarint()
				v, err := c.Decode(codec.NewReader(r.BlobView()))
				in, ok := v.(I)
				switch {
				case err != nil:
					m.err = err
				case !ok:
					m.err = fmt.Errorf("input of type %s, want %s", c.Name(), reflect.TypeFor[I]())
				case run == 0 || run > n64-k:
					m.err = fmt.Errorf("a run of %d inputs where %d are left", run, n64-k)
				}
				for ; m.err == nil && run > 0; run-- {
					m.ins[k][p] = in
					k++
				}
			}
		}
	default:
		return // a message of a later version: ignored
	}
	if r.Err() != nil && m.err == nil {
		m.err = r.Err()
	}
	w.mu.Lock()
	w.inbox = append(w.inbox, m)
	w.mu.Unlock()
}

// fail stops the watcher with err.
func (w *rbWatcher[I]) fail(err error) {
	if w.err == nil {
		w.err = disconnected{err}
		w.cfg.Logger.Error("net: rollback watcher stops", "reason", err)
	}
}

// poll takes in what arrived.
func (w *rbWatcher[I]) poll() {
	w.mu.Lock()
	msgs := w.inbox
	w.inbox = nil
	w.mu.Unlock()
	for _, m := range msgs {
		if m.err != nil {
			w.fail(fmt.Errorf("net: rollback watcher: bad inputs from the server: %v", m.err))
			return
		}
		switch m.kind {
		case wStart:
			if !w.started {
				w.started, w.seed, w.players = true, m.seed, m.players
			}
		case wInputs:
			if !w.started {
				w.fail(errors.New("net: rollback watcher: inputs before the match's start; the relay server's watch history is full, or its player 0 runs another build"))
				return
			}
			if m.first > w.have+1 {
				w.fail(fmt.Errorf("net: rollback watcher: the inputs of ticks %d to %d are missing; this watcher connected after the relay server's watch history filled (%d KiB), or player 0's link lost them", w.have+1, m.first-1, maxWatchLog>>10))
				return
			}
			for k, in := range m.ins {
				if t := m.first + uint64(k); t > w.have {
					if w.head > 0 && len(w.ticks) == cap(w.ticks) {
						w.ticks = w.ticks[:copy(w.ticks, w.ticks[w.head:])] // reuse the room of the ticks run
						w.head = 0
					}
					w.ticks = append(w.ticks, in)
					w.have = t
				}
			}
			for p := range MaxPlayers {
				if m.gone[p] != 0 && w.gone[p] == 0 {
					w.gone[p] = m.gone[p]
				}
			}
		}
	}
}

// drive is the watcher's driver (glue.App.Drive): one frame.
func (w *rbWatcher[I]) drive(tick func() error) error {
	if err := w.app.Build(); err != nil {
		return err
	}
	if !w.dialed {
		w.dialed = true
		w.rec.use(w.app, "net.RollbackWatch") // rollback_replay.go
		if err := w.link.start(w.cfg.URL); err != nil {
			return err
		}
	}
	w.poll()
	if w.err != nil {
		return w.err
	}
	if !w.started || w.app.Paused() {
		return nil
	}
	ready := int(w.have - w.simulated)
	if !w.running {
		if ready <= w.cfg.Behind {
			return nil
		}
		w.running = true
		if w.cfg.Start != nil {
			w.cfg.Start(w.app, w.seed)
		}
		w.rec.start(w.cfg.Registry, w.seed, w.players, -1)
	}
	n := 1 // the game's own rate
	if ready > 2*w.cfg.Behind+30 {
		n = min(8, ready-w.cfg.Behind) // far behind (connected late): catch up
	}
	if ready == 0 {
		w.st.Stalls++
	}
	for ; n > 0 && w.have > w.simulated && (w.holdAt == 0 || w.simulated < w.holdAt); n-- {
		if err := tick(); err != nil {
			return err
		}
		if w.app.Tick() != w.simulated+1 {
			return nil // the app is paused (glue.App.Pause): nothing ran
		}
		w.simulated++
		if err := w.rec.tick(w.app, w.cfg.Registry, w.simulated, w.ticks[w.head][:w.players], w.gone[:w.players]); err != nil {
			w.fail(err)
			return w.err
		}
		if w.head++; w.head == len(w.ticks) {
			w.ticks, w.head = w.ticks[:0], 0
		}
	}
	return nil
}

// handOver fills PlayerInputs and Inputs with the inputs of the tick
// being run (the system in RollbackStage).
func (w *rbWatcher[I]) handOver(in *Inputs, typed *PlayerInputs[I]) {
	t := w.simulated + 1
	clear(in.list)
	in.list, in.Joined, in.Left = in.list[:0], in.Joined[:0], in.Left[:0]
	typed.reset(t, w.players)
	if w.head >= len(w.ticks) {
		return
	}
	for p := range w.players {
		v, st := w.ticks[w.head][p], Confirmed
		if w.gone[p] != 0 && t > w.gone[p] {
			st = Gone
		}
		typed.in[p], typed.status[p] = v, st
		in.list = append(in.list, Input{Client: ClientID(p + 1), Value: cachedBox(&w.boxes, v), Tick: t})
	}
}
