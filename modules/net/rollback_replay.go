package net

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/replay/match"
)

// Recording and replaying a rollback match (issue #34, item 8;
// docs/net.md, "Record a networked match").
//
// A replay.Plugin that records or replays inserts a match.Tap. A session
// that finds one before its first tick claims it. Recording, it hands
// the tap, in order, every tick once every player's input of it is
// confirmed and the tick was run with them (re-run after a rollback if
// need be), with those inputs and the tick's checkpoint: never a
// predicted input, never a state a rollback took back. Replaying, it
// connects to nothing: it runs the recorded match offline, one tick a
// frame, handing the game the recorded inputs in PlayerInputs and
// Inputs as a live session does, and the tap checks each tick's state.

// replayedIn is a recorded input being replayed, decoded once per change.
type replayedIn[I comparable] struct {
	data []byte
	v    I
	ok   bool
}

// sessionTap is a session's side of a match.Tap.
type sessionTap[I comparable] struct {
	tapped   bool                      // the app was looked at for a tap
	rec      match.Recorder            // recording: the tap's
	src      match.Source              // replaying: the tap's
	recorded uint64                    // recording: the last tick handed over
	ins      inputBuf                  // recording: the inputs of the tick handed over
	played   [MaxPlayers]replayedIn[I] // replaying: each player's last input
	done     bool                      // replaying: the last tick was checked
}

// replayTap reports whether app has a tap that replays a match: a
// session then needs no server.
func replayTap(app *glue.App) bool {
	t := glue.Resource[match.Tap](app)
	return t != nil && t.Replay != nil
}

// useTap claims the app's match.Tap, if it has one (drive, once, after
// the app is built and before the first tick).
func (s *session[I]) useTap() error {
	s.tap.tapped = true
	t := glue.Resource[match.Tap](s.app)
	if t == nil || t.Record == nil && t.Replay == nil {
		return nil
	}
	t.Claim("net.Rollback")
	if t.Record != nil {
		s.tap.rec = t.Record
		return nil
	}
	s.tap.src = t.Replay // offline from now on, even if the match is refused
	m := t.Replay.Match()
	cd, _, _ := codec.Of[I](s.cfg.Registry)
	switch {
	case m.Players != s.cfg.Players:
		return fmt.Errorf("net: the replayed match has %d players, and this session's RollbackConfig.Players is %d; replay it with the settings it was recorded with", m.Players, s.cfg.Players)
	case m.Input != cd.Name():
		return fmt.Errorf("net: the replayed match's input is %s, and this session's is %s; replay it with the build that recorded it", m.Input, cd.Name())
	}
	if m.Player >= 0 && m.Player < s.cfg.Players {
		s.me = Player(m.Player)
	}
	return nil
}

// startTap tells the recorder the match started (start).
func (s *session[I]) startTap(seed uint64) {
	if s.tap.rec == nil {
		return
	}
	cd, _, _ := codec.Of[I](s.cfg.Registry)
	s.tap.rec.Start(match.Match{Seed: seed, Players: s.cfg.Players, Player: int(s.me), Input: cd.Name()})
}

// recordTicks hands the recorder the ticks now final: every player's
// input known and the tick run with them (frame, after the rollback).
func (s *session[I]) recordTicks() error {
	if s.tap.rec == nil || !s.started {
		return nil
	}
	_, enc, _ := codec.Of[I](s.cfg.Registry)
	for upto := min(s.confirmed, s.simulated); s.tap.recorded < upto; {
		t := s.tap.recorded + 1
		c := &s.ckpts[t%uint64(len(s.ckpts))]
		if c.Tick() != t || !c.Saved() {
			return fmt.Errorf("net: internal error: recording tick %d without its checkpoint (holding %d)", t, c.Tick())
		}
		b := &s.tap.ins
		b.begin()
		for p := range Player(len(s.peers)) {
			v, st := s.inputOf(p, t)
			enc(&v, &b.w)
			b.mark(st == Gone)
		}
		if err := s.tap.rec.Tick(t, b.done(), c); err != nil {
			return err
		}
		s.tap.recorded = t
	}
	return nil
}

// driveReplay is the app's driver while it replays a match: no link,
// one tick a frame with the recorded inputs, each checked by the tap;
// the app ends after the last.
func (s *session[I]) driveReplay(tick func() error) error {
	switch {
	case s.err != nil:
		return s.err
	case s.tap.done:
		return glue.ErrEnded
	case s.app.Paused():
		return nil
	}
	if !s.started {
		m := s.tap.src.Match()
		s.cfg.Seed = m.Seed
		s.seed(m.Seed)
		s.started = true
		s.cfg.Logger.Info("net: rollback match replayed", "player", int(s.me), "players", s.cfg.Players, "seed", m.Seed, "ticks", s.tap.src.Ticks())
	}
	if s.simulated >= s.tap.src.Ticks() {
		s.tap.done = true
		return glue.ErrEnded
	}
	if err := s.run(tick); err != nil {
		return err
	}
	if s.err != nil {
		return s.err // a recorded input that does not decode
	}
	s.confirmed = s.simulated
	done, err := s.tap.src.Tick(s.simulated, &s.ckpts[s.simulated%uint64(len(s.ckpts))])
	if err != nil {
		s.err = err
		return err
	}
	s.tap.done = done // the app ends at the next frame, as a game's own end does
	return nil
}

// handOverReplay fills PlayerInputs and Inputs with the recorded inputs
// of the tick being run (handOver, replaying): confirmed, or gone.
func (s *session[I]) handOverReplay(in *Inputs, typed *PlayerInputs[I]) {
	t := s.running
	clear(in.list)
	in.list, in.Joined, in.Left = in.list[:0], in.Joined[:0], in.Left[:0]
	typed.reset(t, len(s.peers))
	for p := range Player(len(s.peers)) {
		x := s.tap.src.Input(t, int(p))
		v, st := s.replayedInput(p, x.Data), Confirmed
		if x.Gone {
			var zero I
			v, st = zero, Gone
		}
		typed.in[p], typed.status[p] = v, st
		in.list = append(in.list, Input{Client: ClientID(p + 1), Value: s.box(v), Tick: t})
	}
}

// replayedInput decodes player p's recorded input, once per change.
func (s *session[I]) replayedInput(p Player, data []byte) I {
	r := &s.tap.played[p]
	if r.ok && bytes.Equal(r.data, data) {
		return r.v
	}
	var zero I
	cd, _, _ := codec.Of[I](s.cfg.Registry)
	v, err := cd.Decode(codec.NewReader(data))
	in, ok := v.(I)
	if err == nil && !ok {
		err = errors.New("not an input of the session's type")
	}
	if err != nil {
		if s.err == nil {
			s.err = fmt.Errorf("net: the replayed match's input of %v at tick %d does not decode as %s: %v; the recording is damaged or of another build", p, s.running, cd.Name(), err)
		}
		return zero
	}
	r.data, r.v, r.ok = append(r.data[:0], data...), in, true
	return in
}

// watchRecord is a watcher's recording of the match it watches: the
// inputs of each tick it runs, all confirmed, and the state after it.
type watchRecord[I comparable] struct {
	rec match.Recorder
	ck  glue.Checkpoint
	ins inputBuf
}

// use claims the app's tap, if it records (drive, before the first tick).
func (r *watchRecord[I]) use(app *glue.App, by string) {
	t := glue.Resource[match.Tap](app)
	if t == nil || t.Record == nil {
		return
	}
	t.Claim(by)
	r.rec = t.Record
	// What a player's session keeps out of its checkpoints (Build):
	// the digests are the players' own.
	r.ck.Keep(glue.TypeOf[I](), glue.TypeOf[PlayerInputs[I]](), glue.TypeOf[Session]())
	r.ck.Keep(serverResources()...) // rollback_server.go
}

// start tells the recorder the match started.
func (r *watchRecord[I]) start(reg *codec.Registry, seed uint64, players, side int) {
	if r.rec == nil {
		return
	}
	cd, _, _ := codec.Of[I](reg)
	r.rec.Start(match.Match{Seed: seed, Players: players, Player: side, Input: cd.Name()})
}

// tick records tick t, run with ins, after which the players in gone
// with a tick before t were gone.
func (r *watchRecord[I]) tick(app *glue.App, reg *codec.Registry, t uint64, ins []I, gone []uint64) error {
	if r.rec == nil {
		return nil
	}
	if err := r.ck.Save(app); err != nil {
		return err
	}
	_, enc, _ := codec.Of[I](reg)
	r.ins.begin()
	for p := range ins {
		enc(&ins[p], &r.ins.w)
		r.ins.mark(gone[p] != 0 && t > gone[p])
	}
	return r.rec.Tick(t, r.ins.done(), &r.ck)
}

// inputBuf holds a tick's inputs, encoded, for a match.Recorder: begin,
// then each player's encoding written to w and marked, then done.
type inputBuf struct {
	w    codec.Writer
	ends []int
	ins  []match.Input
}

// begin empties the buffer for a tick.
func (b *inputBuf) begin() {
	b.w.Reset()
	b.ends, b.ins = b.ends[:0], b.ins[:0]
}

// mark ends the next player's input, written to w; gone says the player
// left the match before the tick.
func (b *inputBuf) mark(gone bool) {
	b.ends = append(b.ends, len(b.w.Data()))
	b.ins = append(b.ins, match.Input{Gone: gone})
}

// done returns the inputs marked, their Data slices of w.
func (b *inputBuf) done() []match.Input {
	data, from := b.w.Data(), 0
	for p, end := range b.ends {
		b.ins[p].Data, from = data[from:end:end], end
	}
	return b.ins
}
