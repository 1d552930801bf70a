package replay

import (
	"bytes"
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/replay/match"
)

// A networked match (issue #34, item 8): a rollback session that finds
// the plugin's match.Tap hands it every player's confirmed input of each
// tick and the state after the tick (recording), or takes the recorded
// inputs from it and hands it each tick's state to check (replaying).

// recorder is a recording plugin's side of the tap.
type recorder struct{ s *state }

// source is a replaying plugin's side of the tap.
type source struct{ s *state }

// Start notes the match: its seed, players, side and input type.
func (r recorder) Start(m match.Match) {
	r.s.rec.Match = m
	r.s.last = make([]match.Input, m.Players)
}

// Tick records tick t of the match: the players' inputs that changed, and
// every Every ticks the checks of the state c.
func (r recorder) Tick(t uint64, inputs []match.Input, c *glue.Checkpoint) error {
	s := r.s
	rec := s.rec
	if rec.Match.Players == 0 || len(inputs) != rec.Match.Players || t != rec.Ticks+1 {
		return fmt.Errorf("replay: internal error: the session recorded tick %d of %d players after tick %d of a match of %d", t, len(inputs), rec.Ticks, rec.Match.Players)
	}
	rec.Ticks = t
	s.status.Tick = t
	var mask uint64
	for p, in := range inputs {
		if t == 1 || in.Gone != s.last[p].Gone || !bytes.Equal(in.Data, s.last[p].Data) {
			mask |= 1 << p
		}
	}
	if mask != 0 {
		s.buf.Reset()
		s.buf.Uvarint(mask)
		for p, in := range inputs {
			if mask&(1<<p) == 0 {
				continue
			}
			if in.Gone {
				s.buf.Uint8(1)
			} else {
				s.buf.Uint8(0)
				s.buf.Blob(in.Data)
			}
			s.last[p] = match.Input{Data: append(s.last[p].Data[:0], in.Data...), Gone: in.Gone}
		}
		rec.inputs = append(rec.inputs, inputRec{t, append([]byte(nil), s.buf.Data()...)})
	}
	if t%uint64(rec.Every) == 0 {
		s.noteCheck(c)
	}
	s.lastCk = c
	if st := glue.Resource[Status](s.app); st != nil {
		*st = *s.status
	}
	return nil
}

// Match returns the recorded match.
func (r source) Match() match.Match { return r.s.rec.Match }

// Ticks returns the number of ticks recorded.
func (r source) Ticks() uint64 { return r.s.rec.Ticks }

// Input returns player p's recorded input of tick t, t one after the
// last asked or the same.
func (r source) Input(t uint64, p int) match.Input {
	s := r.s
	if s.played == nil {
		s.played = make([]match.Input, s.rec.Match.Players)
	}
	if t != s.playedAt {
		s.playedAt = t
		for s.next < len(s.rec.inputs) && s.rec.inputs[s.next].tick <= t {
			var rd codec.Reader
			rd.Reset(s.rec.inputs[s.next].data)
			readMatchInputs(&rd, s.rec.Match.Players, s.played) // checked by Decode
			s.next++
		}
	}
	if p < 0 || p >= len(s.played) {
		return match.Input{Gone: true}
	}
	return s.played[p]
}

// Tick checks the state c after tick t against the recording; done says
// the last tick was checked.
func (r source) Tick(t uint64, c *glue.Checkpoint) (bool, error) {
	s := r.s
	s.status.Tick = t
	err := s.app.WithWorld(func(w *glue.World) error {
		err := s.checkAt(w, c, t)
		s.publish(w)
		return err
	})
	return s.status.Done, err
}
