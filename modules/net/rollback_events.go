package net

import (
	"errors"
	"fmt"
	"time"

	"github.com/gluekit/glue"
)

// What a rollback session tells the game (issue #34; docs/net.md, "When
// the link is bad"): SessionEvents, read with glue.Reader like any other
// event, and the reason App.Update returns once the session is over.

// SessionEventKind says what happened to a rollback session.
type SessionEventKind uint8

const (
	// Interrupted: the session has been waiting for the other player's
	// inputs, running no tick, for InterruptAfter. DisconnectIn says how
	// long it still waits before it gives up.
	Interrupted SessionEventKind = iota + 1
	// Resumed: the other player's inputs come again after Interrupted.
	Resumed
	// Disconnected: the session is over; Reason says why, and App.Update
	// returns it from now on.
	Disconnected
	// PeerLeft: the other player closed its game. Disconnected follows.
	PeerLeft
	// Desynced: the players' states differ at Tick, in Parts (see
	// [Desync]). The game goes on.
	Desynced
	// WaitRecommended: this side runs Ticks ticks ahead of the other; the
	// session already waits a frame now and then to even them out (as
	// GGRS's WaitRecommendation, done for the game), sent at most once a
	// second.
	WaitRecommended
)

// String names the kind.
func (k SessionEventKind) String() string {
	switch k {
	case Interrupted:
		return "Interrupted"
	case Resumed:
		return "Resumed"
	case Disconnected:
		return "Disconnected"
	case PeerLeft:
		return "PeerLeft"
	case Desynced:
		return "Desynced"
	case WaitRecommended:
		return "WaitRecommended"
	}
	return fmt.Sprintf("SessionEventKind(%d)", uint8(k))
}

// SessionEvent is an event of a [Rollback] session, for the game to show
// its player: read it with glue.Reader[net.SessionEvent] in glue.Update
// or later, or in a draw stage (glue.Draw). Events that come while the
// session runs no tick — Interrupted, Disconnected — are written in
// glue.PreDraw, so only a draw stage's reader sees them before ticks run
// again; the others are written in [RollbackStage] in a tick's first run.
// They are this machine's: a game must not let them change its state,
// which both players' games must compute alike.
type SessionEvent struct {
	Kind SessionEventKind
	// Reason is why the session is over (Disconnected, PeerLeft); it
	// wraps [ErrDisconnected].
	Reason error
	// DisconnectIn is how long the session still waits (Interrupted).
	DisconnectIn time.Duration
	// Tick and Parts are the desync's (Desynced).
	Tick  uint64
	Parts []DesyncPart
	// Ticks is how far ahead this side runs (WaitRecommended).
	Ticks int
}

// ErrDisconnected is wrapped by the error App.Update returns once a
// rollback session is over — the other player left, its inputs stopped
// coming for DisconnectAfter, or it broke the protocol — and by
// [SessionEvent.Reason]. Check for it with errors.Is.
var ErrDisconnected = errors.New("net: rollback session disconnected")

// disconnected is a session's end: ErrDisconnected with the reason.
type disconnected struct{ reason error }

func (d disconnected) Error() string { return d.reason.Error() }

func (d disconnected) Unwrap() []error { return []error{ErrDisconnected, d.reason} }

// rbBye is the message a player's session sends when its game closes.
const rbBye = 5

// defaultInterruptAfter is RollbackConfig.InterruptAfter's default.
const defaultInterruptAfter = 500 * time.Millisecond

// tell queues an event for the game.
func (s *session[I]) tell(e SessionEvent) { s.events = append(s.events, e) }

// flush writes the queued events.
func (s *session[I]) flush(w glue.Writer[SessionEvent]) {
	for _, e := range s.events {
		w.Write(e)
	}
	clear(s.events)
	s.events = s.events[:0]
}

// watch follows the other player's inputs (drive, every frame): waiting
// for them for InterruptAfter is an interruption, for DisconnectAfter the
// session's end.
func (s *session[I]) watch(waiting bool) {
	now := s.clock()
	if !waiting {
		s.progress = now
		return
	}
	quiet := now.Sub(s.progress)
	if !s.interrupted && quiet >= s.cfg.InterruptAfter {
		s.interrupted = true
		s.st.Interruptions++
		s.cfg.Logger.Warn("net: rollback: waiting for the other player's inputs", "for", quiet, "tick", s.simulated)
		s.tell(SessionEvent{Kind: Interrupted, DisconnectIn: s.cfg.DisconnectAfter - quiet})
	}
	if quiet >= s.cfg.DisconnectAfter {
		link := "this side's link to the relay server is up"
		if err := (Client{c: s.link}).Err(); err != nil {
			link = "this side's link to the relay server is down: " + err.Error()
		}
		s.fail(fmt.Errorf("net: rollback: no input from the other player for %v (RollbackConfig.DisconnectAfter); its game or its link is down (%s)", s.cfg.DisconnectAfter.Round(time.Millisecond), link))
	}
}

// heard notes the other player's inputs coming again (takeInput).
func (s *session[I]) heard() {
	s.progress = s.clock()
	if s.interrupted {
		s.interrupted = false
		s.cfg.Logger.Info("net: rollback: the other player's inputs come again", "tick", s.confirmed)
		s.tell(SessionEvent{Kind: Resumed})
	}
}

// bye tells the other player this game closes (App.OnClose), and lets
// the message go before the link closes: a moment, no more.
func (s *session[I]) bye() {
	if !s.started || s.err != nil || !(Client{c: s.link}).Connected() {
		return
	}
	s.send(rbBye, nil)
	for deadline := time.Now().Add(250 * time.Millisecond); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		s.link.outMu.Lock()
		n := len(s.link.events)
		s.link.outMu.Unlock()
		if n == 0 {
			time.Sleep(20 * time.Millisecond) // the writer has taken it; let it write
			return
		}
	}
}

// leftGame is the other player's bye (poll).
func (s *session[I]) leftGame() {
	s.tell(SessionEvent{Kind: PeerLeft, Reason: disconnected{errLeft}})
	s.fail(errLeft)
}

var errLeft = errors.New("net: rollback: the other player left the game")

// recommendWait tells the game this side runs ahead (at most once a
// second of ticks).
func (s *session[I]) recommendWait(ticks int) {
	if s.simulated < s.waitTold+60 {
		return
	}
	s.waitTold = s.simulated
	s.tell(SessionEvent{Kind: WaitRecommended, Ticks: ticks})
}
