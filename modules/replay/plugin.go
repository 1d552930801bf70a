package replay

import (
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"slices"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/replay/match"
	"github.com/gluekit/glue/modules/save"
)

// Stage is the stage the plugin adds after glue.Last, for its one update
// system: it sees each tick's final world.
const Stage glue.Stage = "Replay"

// Names of the plugin's systems.
var (
	// RecordSystem (Stage, when recording) notes the tick's input.Devices
	// and, every Plugin.Every ticks, queues the world's digest.
	RecordSystem = glue.NewLabel("replay.record")
	// FeedSystem (glue.First, when replaying) writes the recorded
	// input.Devices of the tick.
	FeedSystem = glue.NewLabel("replay.feed")
	// CheckSystem (Stage, when replaying) compares the world's digests
	// with the recorded ones and ends the app after the last tick.
	CheckSystem = glue.NewLabel("replay.check")
)

// DefaultEvery is the default number of ticks between two checks of the
// world's digest: a second at 60 ticks per second.
const DefaultEvery = 60

// DefaultDetail is the default number of checks between two that hold
// the digest of every entity's values, and name what diverged: 10 s at
// 60 ticks per second and DefaultEvery.
const DefaultDetail = 10

// Plugin records a run — its seed, its build's fingerprint and the input
// of every tick — or replays one and checks that the game plays as it
// was recorded (see the package documentation). With neither Record nor
// Replay it does nothing. It needs input.Plugin.
//
// In an app with a rollback session (modules/net's Rollback, or a
// watcher's RollbackWatch) it records the networked match instead: every
// player's confirmed input and the match's seed, which the session hands
// it (package match); and it replays such a recording offline, through
// the same session, which then connects to nothing. The game adds both
// plugins, as it does to play; nothing else.
type Plugin struct {
	// Record is where to record the run: a file's path on the desktop, a
	// name in the browser's storage. It is written when the app is
	// closed, and every 10 s of play before (the run so far, should the
	// game never close: a crash, a browser tab closed).
	Record string
	// Replay is the recording to play: the devices are not read, the
	// recorded input is played instead.
	Replay string
	// Seed is the seed the game runs with: it is recorded, and a replay
	// refuses to start with another one ([Flags] sets the game's -seed
	// from the recording); the refusal wraps [ErrBuild].
	Seed uint64
	// Every is the number of ticks between two checks of the world's
	// digest when recording. The default (0) is [DefaultEvery]; 1
	// checks every tick, so that a divergence is found at its tick, for
	// a bigger file.
	Every int
	// Detail is the number of checks between two that record the
	// digest of every entity's values (those that changed), which name
	// the components and entities that diverged. The default (0) is
	// [DefaultDetail].
	Detail int
	// Registry lists the types whose schemas are part of the build's
	// fingerprint: a replay on a build where they differ is refused with
	// [ErrBuild]. The default (nil) is save.Plugin's registry, if the app
	// has one.
	//
	// The digests are glue's Checkpoint.Digest, the one rollback compares:
	// by default of the entities, every component type and every
	// resource not the machine's own (glue.MachineLocal). When Registry
	// is set, only of the entities, its types and Resources: for a game
	// whose components hold what differs between two apps of one process
	// (render.Image, a place in the process's image atlas) and that
	// replays in the process that recorded (a test).
	Registry  *codec.Registry
	Resources []glue.Type
	// Store keeps the recordings. The default (nil) is files on the
	// desktop and the page's localStorage in the browser.
	Store save.Store
	// Logger reports what was recorded and replayed. The default (nil)
	// is slog.Default().
	Logger *slog.Logger

	seedFlag func() (uint64, error) // Flags: the game's seed flag's value
	flags    func() []string        // Flags: the flags set, to record
	ticks    uint64                 // the replayed recording's Ticks, once read
	players  int                    // the replayed recording's Match.Players, once read
	run      *state                 // the state in the app it was built into
	err      error                  // why Build failed
}

// ReplayPlayers returns the number of players of the networked match
// being replayed — known once -replay is parsed ([Flags]) or the plugin
// is built — and 0 when it replays a run of one player or does not
// replay: a game replays a match offline, with its rollback session but
// without serving or joining.
func (p *Plugin) ReplayPlayers() int {
	if p.Replay == "" {
		return 0
	}
	return p.players
}

// ErrUnfinished: the app stopped before the replayed recording's last
// tick, so that its final digest was never checked.
var ErrUnfinished = errors.New("replay stopped before its last tick")

// ReplayTicks returns the number of ticks of the recording being
// replayed — known once -replay is parsed ([Flags]) or the plugin is
// built — and 0 when it does not replay: a headless loop runs that many
// ticks, whatever its own limit (the plugin ends the app after the last).
func (p *Plugin) ReplayTicks() uint64 {
	if p.Replay == "" {
		return 0
	}
	return p.ticks
}

// Finished reports whether a replay is over: it played its last tick and
// checked the final digest, or it failed. A headless loop stops when it
// holds (render.Headless.Until).
func (p *Plugin) Finished() bool {
	return p.Replay != "" && (p.err != nil || p.run != nil && p.run.status != nil && (p.run.status.Done || p.run.status.Err != nil))
}

// Err returns, once the app has run, why a replay did not end at its
// final digest matched: the error that kept it from starting (a file
// missing or damaged, wrapping [ErrNotReplay]; another build or seed,
// [ErrBuild]; another game, [ErrForeign]), its divergence ([ErrDiverged]),
// or [ErrUnfinished] if the app stopped before the recording's last tick
// (a window closed, a game's own end, a tick limit). When recording, it
// returns why the recording could not be written, wrapping
// save.ErrStorage (the game plays on, unrecorded). It returns nil for a
// replay that ended as recorded, a recording written, and when the
// plugin does neither. A game's main exits with a failure when it is not
// nil ([Run] does): -replay always checks the final digest.
func (p *Plugin) Err() error {
	s := p.run
	switch {
	case p.err != nil:
		return p.err
	case p.Replay == "":
		if s == nil {
			return nil
		}
		return s.status.Err
	case s == nil || s.status == nil:
		return fmt.Errorf("replay: %s: %w: the app never started", p.Replay, ErrUnfinished)
	case s.status.Err != nil:
		return s.status.Err
	case !s.status.Done:
		return fmt.Errorf("replay: %s: %w: the game stopped after tick %d of the recording's %d, so its final digest was never checked; let the replay run to its end (-headless runs it to its end)",
			s.store.Where(p.Replay), ErrUnfinished, s.status.Tick, s.rec.Ticks)
	}
	return nil
}

// Status is the resource that says how a replay or a recording goes.
type Status struct {
	// Recording and Replaying say what the plugin does.
	Recording, Replaying bool
	// Name is the recording's name.
	Name string
	// Tick is the number of ticks recorded or replayed.
	Tick uint64
	// Ticks is the number of ticks of the recording being replayed.
	Ticks uint64
	// Checked is the last tick whose digests were checked.
	Checked uint64
	// Done is set when the replay played its last tick and the world's
	// final digest matched.
	Done bool
	// Err is why the replay failed (it diverged, or was refused), or why
	// the recording could not be written (wrapping save.ErrStorage: the
	// game plays on, and a later write that succeeds clears it).
	Err error
}

// ProvidedBy returns "replay.Plugin".
func (Status) ProvidedBy() string { return "replay.Plugin" }

// MachineLocal marks the Status as this machine's: neither digested nor
// restored by a rollback (a recording side's and a replaying side's
// differ).
func (Status) MachineLocal() {}

// state is the plugin's state in one app.
type state struct {
	p     Plugin
	app   *glue.App
	store save.Store
	log   *slog.Logger
	dig   *digester
	ck    glue.Checkpoint // a run of one player: the state at a check
	tap   *match.Tap      // the tap a session may claim (package match)
	rec   *Recording      // being written, or played
	prev  input.Devices
	cur   input.Devices
	buf   codec.Writer
	// digests: the last check's (recording) or the recording's as known
	// at the last check (replaying); now is this check's.
	digests, now map[key]uint16
	next         int    // replaying: the next input record
	check        int    // replaying: the next detailed check
	firstBad     uint64 // replaying: the first tick whose world digest differed
	status       *Status
	// A networked match (match.go).
	last     []match.Input    // recording: each player's last input recorded
	lastCk   *glue.Checkpoint // recording: the state after the last tick recorded
	played   []match.Input    // replaying: each player's input of the tick
	playedAt uint64           // the tick they are of
	began    bool             // the startup ran
	open     bool             // a tick began that the record or check system did not end: it failed
}

// Build adds the plugin's systems, if it records or replays.
func (p *Plugin) Build(app *glue.App) {
	p.err = nil
	if p.Record == "" && p.Replay == "" {
		return
	}
	fail := func(err error) {
		p.err = err
		app.AddError(err)
	}
	if p.seedFlag != nil {
		seed, err := p.seedFlag()
		if err != nil {
			fail(err)
			return
		}
		p.Seed = seed
	}
	if p.Record != "" && p.Replay != "" {
		fail(fmt.Errorf("replay: Plugin.Record (%q) and Plugin.Replay (%q) are both set; record a run or replay one", p.Record, p.Replay))
		return
	}
	if p.Every < 0 || p.Detail < 0 || p.Every > MaxEvery || p.Detail > MaxEvery {
		fail(fmt.Errorf("replay: Plugin.Every and Detail must be 0 (the defaults, %d and %d) to %d, got %d and %d", DefaultEvery, DefaultDetail, MaxEvery, p.Every, p.Detail))
		return
	}
	if runtime.GOOS != "js" && p.Registry != nil {
		app.OnBuild(p.Registry.Err) // the registry's mistakes at Build, not the first Update
	}
	s := &state{p: *p, app: app, store: p.Store, log: p.Logger, digests: map[key]uint16{}, now: map[key]uint16{}}
	p.run = s
	if s.store == nil {
		s.store = defaultStore()
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	app.AddStagesAfter(glue.Last, Stage)
	if p.Replay != "" {
		rec, err := Open(s.store, p.Replay)
		if err != nil {
			fail(err)
			return
		}
		if rec.Seed != p.Seed && rec.Match.Players == 0 { // a match's seed is the recording's (match.go)
			fail(fmt.Errorf("replay: %s: %w (or seed): it was recorded with seed %d, but the game runs with seed %d; start it with the recording's seed (replay.Flags sets -seed from -replay: leave -seed out)", s.store.Where(p.Replay), ErrBuild, rec.Seed, p.Seed))
			return
		}
		s.rec = rec
		p.ticks, p.players = rec.Ticks, rec.Match.Players
		s.dig = newDigester(&s.rec.Names)
		s.status = &Status{Replaying: true, Name: p.Replay, Ticks: rec.Ticks}
		if rec.Match.Players > 0 {
			// A networked match: its rollback session plays it offline,
			// taking the inputs from the tap and handing it each tick's
			// state (match.go).
			s.tap = &match.Tap{Replay: source{s}}
		} else {
			s.tap = &match.Tap{}
			app.InsertResource(input.External{By: "replay of " + p.Replay})
			app.AddSystems(glue.First, glue.Func(s.feed).Named("replay.feed").In(FeedSystem))
			app.AddSystems(Stage, glue.Func(s.checkTick).Named("replay.check").In(CheckSystem))
			app.OnClose(s.checkFailed)
		}
	} else {
		every, detail := p.Every, p.Detail
		if every == 0 {
			every = DefaultEvery
		}
		if detail == 0 {
			detail = DefaultDetail
		}
		s.rec = &Recording{Seed: p.Seed, Every: every, Detail: detail}
		s.dig = newDigester(&s.rec.Names)
		if p.flags != nil {
			s.rec.Flags = p.flags()
		}
		s.status = &Status{Recording: true, Name: p.Record}
		// A rollback session that finds the tap records the match
		// through it (match.go); the record system then does nothing.
		s.tap = &match.Tap{Record: recorder{s}}
		app.AddSystems(glue.First, glue.Func(func(struct{}) { s.open = true }).Named("replay.begin"))
		app.AddSystems(Stage, glue.Func(s.record).Named("replay.record").In(RecordSystem))
		app.OnClose(s.finish)
	}
	app.InsertResource(*s.status)
	app.InsertResource(*s.tap)
	app.AddStartup(glue.Func(s.start).Named("replay.start"))
	// The inputs a replay writes are not the game's state: the devices
	// of a recording side and of a replay differ.
	s.ck.Keep(glue.TypeOf[input.External]())
}

// Open reads the recording called name from store: a file's path for
// the default desktop store.
func Open(store save.Store, name string) (*Recording, error) {
	if store == nil {
		store = defaultStore()
	}
	data, err := store.Read(name)
	if err != nil {
		return nil, fmt.Errorf("replay: cannot read %s: %w", store.Where(name), err)
	}
	rec, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("replay: %s: %w", store.Where(name), err)
	}
	return rec, nil
}

// start (startup) takes the build's fingerprint and the checks' base, the
// state after the startup systems; a replay of another build fails the
// app.
func (s *state) start(c glue.Commands) {
	c.Exclusive(func(w *glue.World) error {
		s.tap = glue.Resource[match.Tap](s.app) // the app's copy, which a session claimed
		s.began = true
		reg, game := s.p.Registry, ""
		if sv, _ := w.Resource(glue.TypeOf[save.Saves]()).(*save.Saves); sv != nil {
			game = sv.Game()
			if reg == nil {
				reg = sv.Registry()
			}
		}
		if s.p.Registry != nil {
			s.dig.limit(reg, s.p.Resources)
		}
		if reg != nil {
			if err := reg.Seal(); err != nil {
				return err
			}
		}
		systems, sums := systemsHash(s.app)
		types := typesHash(reg)
		if s.p.Replay == "" {
			s.rec.Game, s.rec.Systems, s.rec.Types = game, systems, types
			for _, x := range sums {
				s.rec.sums = append(s.rec.sums, x.sum)
			}
			return s.base(w)
		}
		if g := s.rec.Game; g != "" && game != "" && g != game {
			return s.fail(w, fmt.Errorf("replay: %s: %w: it is a recording of %q, and this game is %q; replay it with the game that recorded it", s.store.Where(s.p.Replay), ErrForeign, g, game))
		}
		var diff []string
		if systems != s.rec.Systems {
			diff = append(diff, "its startup or update systems or their order differ ("+systemsDiff(sums, s.rec.sums)+"; compare the -schedule of both builds)")
		}
		if types != s.rec.Types {
			diff = append(diff, fmt.Sprintf("the hash of its saved types' schemas differs from this build's (the file holds the one hash, so which type changed is not known; the saved types here: %s)", strings.Join(typeNames(reg), ", ")))
		}
		if m := s.rec.Match; m.Players > 0 && s.tap.Claimed() == "" && len(diff) == 0 {
			return s.fail(w, fmt.Errorf("replay: %s is a networked match of %d players (input %s), and no rollback session in this app plays it; replay it in the game's rollback mode, with the game's net.Rollback plugin (-replay sets the flags it was recorded with)", s.store.Where(s.p.Replay), m.Players, m.Input))
		}
		if len(diff) > 0 {
			return s.fail(w, fmt.Errorf("replay: %s: %w of the game, %s; replay it with the build that recorded it", s.store.Where(s.p.Replay), ErrBuild, strings.Join(diff, "; ")))
		}
		return s.base(w)
	})
}

// base takes the digests the first detailed check's changes are from:
// the state after the startup systems for a run of one player, none for
// a match (whose sides' apps differ before the match starts: a host
// serves, a guest does not).
func (s *state) base(w *glue.World) error {
	if s.tap.Claimed() != "" {
		clear(s.digests)
		return nil
	}
	if err := s.ck.Save(s.app); err != nil {
		return err
	}
	s.dig.world(&s.ck)
	s.dig.detail(&s.ck, s.digests)
	if s.p.Replay == "" {
		s.rec.starts = s.dig.finals()
		return nil
	}
	if s.rec.starts == nil {
		return nil // format 2
	}
	if bad := s.partsDiff(s.rec.starts); bad != "" {
		// No tick has run: what differs was made before the game began.
		return s.fail(w, fmt.Errorf("replay: %s: %w of the game, or with another configuration: the world after the startup systems, before the first tick, differs from the recording's in %s — a resource's first value (timer.Time's step, if the game's TPS changed; a setting), or a startup system that is not deterministic; replay it with the build and configuration that recorded it",
			s.store.Where(s.p.Replay), ErrBuild, bad))
	}
	return nil
}

// publish copies the status into the resource.
func (s *state) publish(w *glue.World) {
	w.InsertResource(*s.status)
}

// record (Stage) notes the tick's input, and queues the digests' check
// every Every ticks; in a match a session records instead (match.go).
func (s *state) record(p struct {
	Devices glue.Opt[input.Devices] // none in a match's app without modules/input
	Status  glue.ResMut[Status]
	Cmds    glue.Commands
}) {
	if s.tap.Claimed() != "" {
		return
	}
	s.open = false
	if s.note(p.Devices.Get()) {
		p.Cmds.Exclusive(func(w *glue.World) error {
			if err := s.ck.Save(s.app); err != nil {
				return err
			}
			s.noteCheck(&s.ck)
			s.publish(w)
			return nil
		})
	}
	*p.Status.Get() = *s.status
}

// note records one more tick and its input d (nil: none), and reports
// whether the state after it is to be checked.
func (s *state) note(d *input.Devices) bool {
	r := s.rec
	r.Ticks++
	s.status.Tick = r.Ticks
	if d != nil {
		s.cur.CopyFrom(d)
	}
	s.buf.Reset()
	if writeDelta(&s.buf, &s.prev, &s.cur) {
		r.inputs = append(r.inputs, inputRec{r.Ticks, append([]byte(nil), s.buf.Data()...)})
		s.prev.CopyFrom(&s.cur)
	}
	return r.Ticks%uint64(r.Every) == 0
}

// noteCheck records the check of the state c after tick r.Ticks, a
// multiple of Every: its world digest and, every Detail checks, the
// detail of what changed since the last detailed check.
func (s *state) noteCheck(c *glue.Checkpoint) {
	r := s.rec
	world := s.dig.world(c)
	r.worlds = append(r.worlds, fold(world))
	if len(r.worlds)%r.Detail == 0 {
		s.dig.detail(c, s.now)
		r.checks = append(r.checks, diff(s.digests, s.now, len(r.Names)))
		s.digests, s.now = s.now, s.digests
	}
	s.status.Checked = r.Ticks
	if r.Ticks%saveEvery < uint64(r.Every) {
		// The run so far, in case the game never closes (a crash, a
		// browser tab closed).
		r.Final, r.finals = finalDigest(world), s.dig.finals()
		s.write()
	}
}

// diff returns the check record from the digests old to cur.
func diff(old, cur map[key]uint16, types int) []typeRec {
	per := make([][]entry, types)
	for k, d := range cur {
		if old[k] != d {
			per[k.t] = append(per[k.t], entry{uint64(k.e), d})
		}
	}
	for k := range old {
		if _, ok := cur[k]; !ok {
			per[k.t] = append(per[k.t], entry{uint64(k.e), 0})
		}
	}
	var out []typeRec
	for t, es := range per {
		switch {
		case len(es) == 0:
		case len(es) > maxEntries:
			out = append(out, typeRec{t: t, sum: uint16(sum(cur, t))})
		default:
			sortEntries(es)
			out = append(out, typeRec{t: t, entries: es})
		}
	}
	return out
}

func sortEntries(es []entry) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].e < es[j-1].e; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// finish (on close) digests the final state and writes the recording:
// the world's, or in a match the state after its last tick recorded. A
// tick that failed (a system panicked) is recorded too, with the world
// it left, which a failed tick leaves alike in every run: its replay
// fails at that tick, and checks that world (checkFailed).
func (s *state) finish() {
	r := s.rec
	c := &s.ck
	switch {
	case s.tap.Claimed() != "" && r.Ticks == 0:
		return // the match never started
	case s.tap.Claimed() != "":
		if c = s.lastCk; c == nil || c.Tick() != r.Ticks {
			s.log.Warn("replay: recording failed: the state after the match's last tick recorded is gone", "where", s.store.Where(s.p.Record), "tick", r.Ticks)
			return
		}
	case !s.began:
		return // the app never started
	default:
		check := s.open && s.note(glue.Resource[input.Devices](s.app))
		if err := c.Save(s.app); err != nil {
			s.log.Warn("replay: recording failed", "where", s.store.Where(s.p.Record), "err", err)
			return
		}
		if check {
			s.noteCheck(c)
		}
	}
	r.Final = finalDigest(s.dig.world(c))
	r.finals = s.dig.finals()
	n := s.write()
	if st := glue.Resource[Status](s.app); st != nil {
		*st = *s.status
	}
	if n > 0 {
		s.log.Info("replay: recorded", "where", s.store.Where(s.p.Record), "ticks", r.Ticks, "inputs", len(r.inputs), "bytes", n, "final digest", fmt.Sprintf("%016x", r.Final))
	}
}

// saveEvery is how often, in ticks, a recording is written while the
// game runs: 10 s at 60 ticks a second.
const saveEvery = 600

// write writes the recording as it is and returns its size, or 0 when
// the store failed: then Status.Err says why, until a write succeeds.
func (s *state) write() int {
	data := s.rec.encode()
	s.status.Err = nil
	if err := s.store.Write(s.p.Record, data); err != nil {
		s.status.Err = fmt.Errorf("replay: recording failed: cannot write %s: %w: %w; the run is not recorded (the game plays on): record where there is room and the game may write (-record FILE)", s.store.Where(s.p.Record), save.ErrStorage, err)
		s.log.Warn(s.status.Err.Error())
		return 0
	}
	return len(data)
}

// feed (glue.First) writes the tick's recorded input into Devices.
func (s *state) feed(p struct {
	Devices glue.ResMut[input.Devices]
	Cmds    glue.Commands
}) {
	r := s.rec
	tick := s.status.Tick + 1
	s.open = true
	s.cur.Chars = s.cur.Chars[:0]
	for s.next < len(r.inputs) && r.inputs[s.next].tick == tick {
		var rd codec.Reader
		rd.Reset(r.inputs[s.next].data)
		readDevices(&rd, &s.cur)
		s.next++
	}
	p.Devices.Get().CopyFrom(&s.cur)
}

// checkTick (Stage) checks the digests every Every ticks, and after the
// last tick the final digest; then it ends the app.
func (s *state) checkTick(p struct {
	Status glue.ResMut[Status]
	Cmds   glue.Commands
}) {
	r := s.rec
	s.open = false
	s.status.Tick++
	tick := s.status.Tick
	last := tick == r.Ticks
	if tick%uint64(r.Every) == 0 || last {
		p.Cmds.Exclusive(func(w *glue.World) error {
			if err := s.ck.Save(s.app); err != nil {
				return err
			}
			if err := s.checkAt(w, &s.ck, tick); err != nil {
				return err
			}
			s.publish(w)
			return nil
		})
	}
	if last {
		p.Cmds.End()
	}
	*p.Status.Get() = *s.status
}

// checkFailed (on close) checks the world left by a last tick that
// failed, as the recorded run's did (finish): a replay that fails there
// as recorded is Done; other failures leave the replay unfinished.
func (s *state) checkFailed() {
	if !s.open || s.status.Err != nil || s.status.Tick+1 != s.rec.Ticks {
		return
	}
	s.status.Tick++
	err := s.app.WithWorld(func(w *glue.World) error {
		if err := s.ck.Save(s.app); err != nil {
			return err
		}
		err := s.checkAt(w, &s.ck, s.status.Tick)
		s.publish(w)
		return err
	})
	if err != nil && s.status.Err == nil {
		s.status.Err = err
	}
}

// checkAt checks the state c after tick against the recording: its
// world digest every Every ticks, the detail every Detail checks, the
// final digest after the last tick.
func (s *state) checkAt(w *glue.World, c *glue.Checkpoint, tick uint64) error {
	r := s.rec
	last := tick == r.Ticks
	if tick%uint64(r.Every) != 0 && !last {
		return nil
	}
	world := s.dig.world(c)
	if i := tick / uint64(r.Every); tick%uint64(r.Every) == 0 && i <= uint64(len(r.worlds)) {
		if fold(world) != r.worlds[i-1] && s.firstBad == 0 {
			s.firstBad = tick
		}
		if i%uint64(r.Detail) == 0 && s.check < len(r.checks) {
			s.dig.detail(c, s.now)
			if err := s.compare(w, tick, r.checks[s.check]); err != nil {
				return err
			}
			s.check++
		}
		if s.firstBad == 0 {
			s.status.Checked = tick
		}
	}
	if last {
		if got := finalDigest(world); got != r.Final || s.firstBad != 0 {
			return s.fail(w, fmt.Errorf("replay: %s: %w %s: the world's final digest after its last tick %d is %016x, recorded %016x%s; the build is the one that recorded it (the fingerprints match), so a system is not deterministic (docs/replay.md)",
				s.store.Where(s.p.Replay), ErrDiverged, s.when(tick), tick, got, r.Final, s.finalsDiff()))
		}
		s.status.Done = true
		s.status.Checked = tick
		s.log.Info("replay: replayed", "where", s.store.Where(s.p.Replay), "ticks", tick, "final digest", fmt.Sprintf("%016x", r.Final))
	}
	return nil
}

// finalsDiff names the parts whose final digests differ from the
// recording's (those digest.world last found).
func (s *state) finalsDiff() string {
	if bad := s.partsDiff(s.rec.finals); bad != "" {
		return "; what differs: " + bad
	}
	return ""
}

// partsDiff names the parts whose digests digest.world last found
// differ from the recorded ones, or "".
func (s *state) partsDiff(recorded []partSum) string {
	rec := map[int]uint64{}
	for _, f := range recorded {
		rec[f.t] = f.sum
	}
	var bad []string
	for _, f := range s.dig.finals() {
		x, ok := rec[f.t]
		switch {
		case !ok:
			bad = append(bad, s.rec.Names[f.t]+" (not in the recording)")
		case x != f.sum:
			bad = append(bad, s.rec.Names[f.t])
		}
		delete(rec, f.t)
	}
	for t := range rec {
		bad = append(bad, s.rec.Names[t]+" (missing: the recording has it)")
	}
	slices.Sort(bad)
	return strings.Join(bad, ", ")
}

// compare applies a recorded check to the recording's digests and
// compares them with the world's.
func (s *state) compare(w *glue.World, tick uint64, c []typeRec) error {
	var bad []string
	badType := map[int]bool{}
	for _, t := range c {
		if t.entries == nil {
			if got := uint16(sum(s.now, t.t)); got != t.sum {
				badType[t.t] = true
				bad = append(bad, fmt.Sprintf("%s (of more than %d entities changed since the last check; which ones is not recorded)", s.rec.Names[t.t], maxEntries))
				continue
			}
			for k := range s.digests {
				if k.t == t.t {
					delete(s.digests, k)
				}
			}
			for k, d := range s.now {
				if k.t == t.t {
					s.digests[k] = d
				}
			}
			continue
		}
		for _, e := range t.entries {
			k := key{t.t, glue.Entity(e.e)}
			if e.d == 0 {
				delete(s.digests, k)
			} else {
				s.digests[k] = e.d
			}
		}
	}
	var keys []key
	for k, d := range s.now {
		if s.digests[k] != d && !badType[k.t] {
			keys = append(keys, k)
		}
	}
	for k := range s.digests {
		if _, ok := s.now[k]; !ok && !badType[k.t] {
			keys = append(keys, k)
		}
	}
	sortKeys(keys)
	for _, k := range keys {
		bad = append(bad, s.describe(w, k))
	}
	if len(bad) == 0 && s.firstBad == 0 {
		return nil
	}
	if len(bad) == 0 {
		bad = append(bad, "no value's digest differs (the difference went away, or is in what the file does not detail)")
	}
	const most = 8
	if len(bad) > most {
		bad = append(bad[:most], fmt.Sprintf("and %d more", len(bad)-most))
	}
	return s.fail(w, fmt.Errorf("replay: %s: %w %s; at tick %d: %s; the build is the one that recorded it (the fingerprints match), so a system is not deterministic (the wall clock, map iteration order, a random stream not seeded from the game's seed: docs/replay.md)",
		s.store.Where(s.p.Replay), ErrDiverged, s.when(tick), tick, strings.Join(bad, "; ")))
}

// when says when the replay diverged: at the first check whose world
// digest differed, else before tick (at its detailed check, or the
// end).
func (s *state) when(tick uint64) string {
	every := uint64(s.rec.Every)
	at := s.firstBad
	if at == 0 {
		at = tick
	}
	if every == 1 {
		return fmt.Sprintf("at tick %d", at)
	}
	from := s.status.Checked + 1
	if from > at {
		return fmt.Sprintf("at its last tick %d, whose checks all passed", at)
	}
	return fmt.Sprintf("between ticks %d and %d (the world's digest is checked every %d ticks; record with Every 1 (-record-every 1) to find the tick)", from, at, every)
}

// fold folds a world digest to 16 bits.
func fold(x uint64) uint16 { return uint16(x ^ x>>16 ^ x>>32 ^ x>>48) }

// describe names a diverging value.
func (s *state) describe(w *glue.World, k key) string {
	name := s.rec.Names[k.t]
	if k.e == 0 {
		return "resource " + name
	}
	_, now := s.now[k]
	_, was := s.digests[k]
	what := name + " of entity " + k.e.String()
	var types []string
	w.Each(func(e glue.Entity, ts []glue.Type) {
		if e == k.e {
			for _, t := range ts {
				types = append(types, t.String())
			}
		}
	})
	if len(types) > 0 {
		what += " (" + strings.Join(types, ", ") + ")"
	}
	switch {
	case now && !was:
		return what + " exists, but not in the recording"
	case was && !now:
		return what + " is missing: the recording has it"
	}
	return what + " differs"
}

func sortKeys(ks []key) {
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && (ks[j].t < ks[j-1].t || ks[j].t == ks[j-1].t && ks[j].e < ks[j-1].e); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
}

// fail records a divergence and returns it.
func (s *state) fail(w *glue.World, err error) error {
	s.status.Err = err
	s.publish(w)
	s.log.Warn(err.Error())
	return err
}
