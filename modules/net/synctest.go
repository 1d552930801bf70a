package net

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/gluekit/glue"
)

// The sync test (issue #34, item 7; docs/net.md, "The sync test"): a
// rollback session's re-runs without a network, every tick, in one
// process. After each tick it restores the checkpoint of Check ticks
// back, runs those ticks again with the inputs they had, and compares
// each re-run tick's digests (glue.Checkpoint.Digest) with its first
// run's: a game that passes re-runs exactly what a rollback re-runs, so
// two players' games stay in sync for every rollback; one that fails is
// told which tick, which component or resource and which entities differ.

// DefaultSyncCheck is the number of ticks a [SyncTest] re-runs after each
// tick by default: the default [RollbackConfig.MaxPrediction], the most a
// rollback session re-runs.
const DefaultSyncCheck = 8

// NoInput is the input type of a [SyncTest] of a game that takes its
// input from resources of its own ([SyncTestConfig.Inputs]: the input
// devices, written by a test before each tick) rather than from
// [Inputs].
type NoInput struct{}

// SyncTestConfig configures a [SyncTest].
type SyncTestConfig struct {
	// Check is how many ticks are re-run after each tick, from the
	// checkpoint of Check ticks back. The default (0) is
	// [DefaultSyncCheck]; 1 to 64.
	Check int
	// Players is the number of players whose inputs the game gets in
	// [Inputs] each tick, as a rollback session hands them (player p as
	// client p+1). The default (0) is 2; 1 to 4.
	Players int
	// Remote, if set, gives player p's input of tick t for every player
	// p > 0 (p = 0 is the game's own sample, the resource I); by default
	// every player's input is the sample, as GGRS's SyncTestSession takes
	// every player's input from the one machine. A value of another type
	// than I ends the test with an error.
	Remote func(t uint64, player int) any
	// Inputs lists resources that hold a tick's input and are written
	// before the tick, outside its systems: input.Devices of a headless
	// game whose test presses the keys, and input.State when the game's
	// rules read it (both are glue.MachineLocal: no checkpoint takes them
	// back). Their values when each tick first
	// runs are recorded and put back before it is run again. A resource
	// that keeps state behind a slice or a pointer needs [glue.Copier]
	// to be recorded whole.
	Inputs []glue.Type
	// Keep lists resources of the machine rather than of the game, as
	// [RollbackConfig.Keep] does: neither restored nor compared, and set
	// back to their value of before a re-run after it. The input resource
	// I and the [Session] are always kept.
	Keep []glue.Type
	// Seed is handed to Start before the first tick.
	Seed uint64
	// Start, if set, is called once before the first tick with Seed, as
	// [RollbackConfig.Start] is: it seeds the game.
	Start func(app *glue.App, seed uint64)
	// OnMismatch, if set, is told of every difference found (on the
	// app's goroutine) and the game goes on; by default the first one
	// ends the game: App.Update returns it (a *[SyncError]).
	OnMismatch func(*SyncError)
}

// SyncTest is the plugin of a sync test (GGRS's SyncTestSession): it
// runs the app as a [Rollback] session would, without a network, and
// after every tick restores the checkpoint of Config.Check ticks back,
// runs those ticks again with the inputs they had, and compares every
// re-run tick's digests ([glue.Checkpoint.Digest]) with its first run's.
// A difference is a [*SyncError] naming the tick, the components and
// resources and the entities whose values differ; App.Update returns it
// (or Config.OnMismatch is told). It is the first check of a new game
// meant for rollback: a game that passes keeps two players in sync
// through any rollback (docs/net.md, "The sync test").
//
// It takes the place of [Rollback] in an app (both drive its ticks with
// glue.App.Drive; an app with both fails to build): it inserts the
// [Session] resource (Rerunning and Stats work as in a rollback game) and
// [Inputs], and adds [RollbackStage] with the system that fills Inputs
// every tick with Config.Players players' inputs of type I, the game's
// sample (the resource I, sampled in glue.PreUpdate) as player 0's. A
// game that reads no [Inputs] uses [NoInput] and lists its input
// resources in Config.Inputs.
//
// A tick costs Check+1 ticks, Check+1 checkpoints saved and digested,
// and one restored; in steady state it allocates nothing.
type SyncTest[I comparable] struct {
	Config SyncTestConfig
}

// SyncError is a difference a [SyncTest] found: tick Tick, run again
// from the checkpoint of tick From with the same inputs, differs from its
// first run.
type SyncError struct {
	Tick, From uint64
	// Parts are the parts of the state whose digests differ
	// ([glue.Digest]), by name: Local is the re-run's digest, Remote the
	// first run's (0 where that run has no such part).
	Parts []DesyncPart
	// Entities are the entities whose values differ, for each part that
	// is a component type (and for "entities": those in one run only).
	Entities []SyncEntity
}

// SyncEntity is one entity's value of one component type that differs
// between a tick's first run and its re-run: Rerun or First is 0 when
// that run does not have it.
type SyncEntity struct {
	Name         string // the component type, or "entities"
	Entity       glue.Entity
	First, Rerun uint64
}

// Error says what differs.
func (e *SyncError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "net: sync test: tick %d run again from the checkpoint of tick %d differs from its first run:", e.Tick, e.From)
	for i, p := range e.Parts {
		if i > 0 {
			b.WriteString(";")
		}
		switch {
		case p.Remote == 0:
			fmt.Fprintf(&b, " %s only in the re-run", p.Name)
		case p.Local == 0:
			fmt.Fprintf(&b, " %s only in the first run", p.Name)
		default:
			fmt.Fprintf(&b, " %s differs", p.Name)
		}
		var ents []string
		for _, x := range e.Entities {
			if x.Name != p.Name {
				continue
			}
			switch {
			case x.First == 0 && p.Name == "entities":
				ents = append(ents, x.Entity.String()+" only in the re-run")
			case x.Rerun == 0 && p.Name == "entities":
				ents = append(ents, x.Entity.String()+" only in the first run")
			case x.First == 0:
				ents = append(ents, x.Entity.String()+" has it only in the re-run")
			case x.Rerun == 0:
				ents = append(ents, x.Entity.String()+" has it only in the first run")
			default:
				ents = append(ents, x.Entity.String())
			}
		}
		const most = 6
		if len(ents) > most {
			ents = append(ents[:most], fmt.Sprintf("and %d more", len(ents)-most))
		}
		if len(ents) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(ents, ", "))
		}
	}
	b.WriteString("; a system is not deterministic: it reads something that is not in the app's state (a global variable, the wall clock, map order, a random generator not in a resource), or keeps state behind a pointer or a slice that the checkpoint shares (glue.Copier): see docs/net.md, \"Rollback\"")
	return b.String()
}

func (cfg *SyncTestConfig) defaults() error {
	switch {
	case cfg.Check < 0 || cfg.Check > 64:
		return fmt.Errorf("net: SyncTest.Config.Check must be 1 to 64 ticks (0: the default %d), got %d", DefaultSyncCheck, cfg.Check)
	case cfg.Players < 0 || cfg.Players > 4:
		return fmt.Errorf("net: SyncTest.Config.Players must be 1 to 4 (0: the default 2), got %d", cfg.Players)
	}
	setDefault(&cfg.Check, DefaultSyncCheck)
	setDefault(&cfg.Players, 2)
	for _, t := range cfg.Inputs {
		if slices.Contains(cfg.Keep, t) {
			return fmt.Errorf("net: SyncTest.Config lists %s both in Inputs and in Keep; an input is the game's and is put back on every re-run: leave it out of Keep", t)
		}
	}
	return nil
}

// Build adds the sync test to app.
func (p SyncTest[I]) Build(app *glue.App) {
	cfg := p.Config
	if err := cfg.defaults(); err != nil {
		app.AddError(err)
		return
	}
	cfg.Keep = append(slices.Clip(cfg.Keep), glue.TypeOf[I](), glue.TypeOf[PlayerInputs[I]](), glue.TypeOf[Session]())
	ring := cfg.Check + 1
	s := &syncTest[I]{cfg: cfg, app: app,
		first:   make([]glue.Checkpoint, ring),
		sums:    make([][]glue.Digest, ring),
		samples: make([][]I, ring),
		inputs:  make([][]any, ring),
	}
	for i := range ring {
		s.first[i].Keep(cfg.Keep...)
		s.samples[i] = make([]I, cfg.Players)
		s.inputs[i] = make([]any, len(cfg.Inputs))
	}
	s.again.Keep(cfg.Keep...)
	s.keeper = keeper{types: cfg.Keep}
	app.InsertResource(Session{s: s})
	app.InsertResource(PlayerInputs[I]{})
	if !app.HasPlugin(serverPluginName) {
		app.InsertResource(Inputs{})
	}
	app.AddStagesAfter(glue.PreUpdate, RollbackStage)
	app.AddSystems(RollbackStage, glue.Func(func(p struct {
		Local  glue.Opt[I]
		Inputs glue.ResMut[Inputs]
		Typed  glue.ResMut[PlayerInputs[I]]
	}) {
		s.handOver(p.Local.Get(), p.Inputs.Get(), p.Typed.Get())
	}).Named("net.SyncTest.handOver"))
	app.Drive(s.drive)
}

// syncTest is a sync test's state, the app goroutine's.
type syncTest[I comparable] struct {
	cfg SyncTestConfig
	app *glue.App

	seeded    bool
	err       error  // Config.Remote's wrong input, which ends the test
	running   uint64 // the tick being run
	simulated uint64 // the last tick run
	resim     bool

	first   []glue.Checkpoint // the first run's checkpoints, by tick, ring
	sums    [][]glue.Digest   // their digests
	samples [][]I             // each tick's inputs, by player
	inputs  [][]any           // each tick's Config.Inputs values (*T of the test's own)
	again   glue.Checkpoint   // a re-run tick's
	dbuf    []glue.Digest
	boxes   map[I]any
	keeper  keeper
	st      RollbackStats
}

func (s *syncTest[I]) stats() RollbackStats {
	st := s.st
	st.Started, st.Tick, st.Confirmed = s.simulated > 0, s.simulated, s.simulated
	return st
}

func (s *syncTest[I]) rerunning() bool { return s.resim }

// handOver records the tick's inputs on its first run and fills
// PlayerInputs (every input Confirmed) and Inputs
// with them (the system in RollbackStage).
func (s *syncTest[I]) handOver(sample *I, in *Inputs, typed *PlayerInputs[I]) {
	t := s.running
	rec := s.samples[t%uint64(len(s.samples))]
	if !s.resim {
		for p := range rec {
			switch {
			case p > 0 && s.cfg.Remote != nil:
				x := s.cfg.Remote(t, p)
				v, ok := x.(I)
				if !ok && s.err == nil {
					s.err = fmt.Errorf("net: SyncTest.Config.Remote returned a %T for player %d in tick %d, want a %v (the session's input type)", x, p, t, reflect.TypeFor[I]())
				}
				rec[p] = v
			case sample != nil:
				rec[p] = *sample
			default:
				var zero I
				rec[p] = zero
			}
		}
	}
	clear(in.list)
	in.list, in.Joined, in.Left = in.list[:0], in.Joined[:0], in.Left[:0]
	typed.reset(t, len(rec))
	for p, v := range rec {
		typed.in[p], typed.status[p] = v, Confirmed
		in.list = append(in.list, Input{Client: ClientID(p + 1), Value: s.box(v), Tick: t})
	}
}

// box returns v in an interface, from a cache of the values seen.
func (s *syncTest[I]) box(v I) any {
	return cachedBox(&s.boxes, v)
}

// drive is the app's driver (glue.App.Drive): one tick, then the last
// Check ticks again.
func (s *syncTest[I]) drive(tick func() error) error {
	if err := s.app.Build(); err != nil {
		return err
	}
	if !s.seeded {
		s.seeded = true
		if s.cfg.Start != nil {
			s.cfg.Start(s.app, s.cfg.Seed)
		}
	}
	if s.app.Paused() {
		return nil // glue.App.Pause: no tick until it resumes
	}
	t := s.simulated + 1
	s.recordInputs(t)
	if err := s.run(tick, t); err != nil {
		return err
	}
	if s.simulated != t {
		return nil // paused in the tick
	}
	ring := uint64(len(s.first))
	if err := s.first[t%ring].Save(s.app); err != nil {
		return err
	}
	s.sums[t%ring] = s.first[t%ring].Digest(s.sums[t%ring][:0])
	check := uint64(s.cfg.Check)
	if t <= check {
		return nil // the first ticks: no checkpoint of Check ticks back yet
	}
	return s.rerun(tick, t-check, t)
}

// run runs tick t.
func (s *syncTest[I]) run(tick func() error, t uint64) error {
	s.running = t
	if err := tick(); err != nil {
		return err
	}
	if s.err != nil {
		return s.err
	}
	if s.app.Tick() == t {
		s.simulated = t
	}
	return nil
}

// rerun restores the first run's checkpoint of tick from, runs the ticks
// from+1 to end again and compares each one's digests with its first
// run's.
func (s *syncTest[I]) rerun(tick func() error, from, end uint64) error {
	ring := uint64(len(s.first))
	s.keeper.save(s.app)
	if err := s.first[from%ring].Restore(s.app); err != nil {
		return err
	}
	s.simulated = from
	s.resim = true
	var bad *SyncError
	for t := from + 1; t <= end; t++ {
		s.putInputs(t)
		if err := s.run(tick, t); err != nil {
			s.resim = false
			return err
		}
		if s.simulated != t {
			s.resim = false
			return errors.New("net: SyncTest: the app paused during a re-run; do not pause a rollback game from a system (glue.App.Pause)")
		}
		if err := s.again.Save(s.app); err != nil {
			s.resim = false
			return err
		}
		s.dbuf = s.again.Digest(s.dbuf[:0])
		s.st.Digests++
		if bad == nil && !slices.Equal(s.dbuf, s.sums[t%ring]) {
			bad = s.mismatch(t, from)
		}
	}
	s.resim = false
	s.keeper.restore(s.app)
	n := end - from
	s.st.Rollbacks++
	s.st.Resimulated += n
	s.st.MaxDepth = max(s.st.MaxDepth, n)
	if bad == nil {
		return nil
	}
	s.st.Desyncs++
	s.st.LastDesync = &Desync{Tick: bad.Tick, Parts: bad.Parts}
	if s.cfg.OnMismatch != nil {
		s.cfg.OnMismatch(bad)
		return nil
	}
	return bad
}

// mismatch says how the re-run of tick t (in s.again and s.dbuf)
// differs from its first run (the slow path).
func (s *syncTest[I]) mismatch(t, from uint64) *SyncError {
	first := &s.first[t%uint64(len(s.first))]
	e := &SyncError{Tick: t, From: from}
	e.Parts = diffDigests(s.dbuf, s.sums[t%uint64(len(s.sums))])
	for _, p := range e.Parts {
		a := s.again.DigestEach(p.Name, nil)
		b := first.DigestEach(p.Name, nil)
		if len(a) == 0 && len(b) == 0 {
			continue // a resource
		}
		firstOf := map[glue.Entity]uint64{}
		for _, x := range b {
			firstOf[x.Entity] = x.Sum | 1 // never 0: 0 is "none"
		}
		seen := map[glue.Entity]bool{}
		for _, x := range a {
			seen[x.Entity] = true
			f, ok := firstOf[x.Entity]
			if r := x.Sum | 1; !ok || f != r {
				e.Entities = append(e.Entities, SyncEntity{Name: p.Name, Entity: x.Entity, First: f, Rerun: r})
			}
		}
		for _, x := range b {
			if !seen[x.Entity] {
				e.Entities = append(e.Entities, SyncEntity{Name: p.Name, Entity: x.Entity, First: x.Sum | 1})
			}
		}
	}
	return e
}

// diffDigests returns the parts whose digests differ between local and
// remote, by name.
func diffDigests(local, remote []glue.Digest) []DesyncPart {
	var parts []DesyncPart
	for _, l := range local {
		i := slices.IndexFunc(remote, func(r glue.Digest) bool { return r.Name == l.Name })
		switch {
		case i < 0:
			parts = append(parts, DesyncPart{Name: l.Name, Local: l.Sum})
		case remote[i].Sum != l.Sum:
			parts = append(parts, DesyncPart{Name: l.Name, Local: l.Sum, Remote: remote[i].Sum})
		}
	}
	for _, r := range remote {
		if !slices.ContainsFunc(local, func(l glue.Digest) bool { return l.Name == r.Name }) {
			parts = append(parts, DesyncPart{Name: r.Name, Remote: r.Sum})
		}
	}
	return parts
}

// recordInputs notes the values of Config.Inputs before tick t first
// runs.
func (s *syncTest[I]) recordInputs(t uint64) {
	rec := s.inputs[t%uint64(len(s.inputs))]
	for i, ty := range s.cfg.Inputs {
		p := s.app.ResourceOf(ty)
		if p == nil {
			continue
		}
		if rec[i] == nil {
			rec[i] = reflect.New(reflect.TypeOf(p).Elem()).Interface()
		}
		copyInto(rec[i], p)
	}
}

// putInputs puts back the values of Config.Inputs that tick t first ran
// with.
func (s *syncTest[I]) putInputs(t uint64) {
	rec := s.inputs[t%uint64(len(s.inputs))]
	for i, ty := range s.cfg.Inputs {
		if p := s.app.ResourceOf(ty); p != nil && rec[i] != nil {
			copyInto(p, rec[i])
		}
	}
}

// copyInto copies *src into *dst (both *T): with T's glue.Copier if it
// has one, by assignment otherwise.
func copyInto(dst, src any) {
	if c, ok := dst.(glue.Copier); ok {
		c.CopyFrom(src)
		return
	}
	reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem())
}

// keeper saves the values of the resources of a list and puts them back:
// the machine's resources around a re-run.
type keeper struct {
	types []glue.Type
	vals  []any // *T of the keeper's own, by types' index
}

func (k *keeper) save(app *glue.App) {
	if k.vals == nil {
		k.vals = make([]any, len(k.types))
	}
	for i, t := range k.types {
		p := app.ResourceOf(t)
		if p == nil {
			continue
		}
		if k.vals[i] == nil {
			k.vals[i] = reflect.New(reflect.TypeOf(p).Elem()).Interface()
		}
		reflect.ValueOf(k.vals[i]).Elem().Set(reflect.ValueOf(p).Elem())
	}
}

func (k *keeper) restore(app *glue.App) {
	for i, t := range k.types {
		if p := app.ResourceOf(t); p != nil && k.vals[i] != nil {
			reflect.ValueOf(p).Elem().Set(reflect.ValueOf(k.vals[i]).Elem())
		}
	}
}
