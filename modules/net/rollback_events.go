package net

import (
	"errors"
	"fmt"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// What a rollback session tells the game (issue #34; docs/net.md, "When
// the link is bad"): SessionEvents, read with glue.Reader like any other
// event, and the reason App.Update returns once the session is over.

// SessionEventKind says what happened to a rollback session.
type SessionEventKind uint8

const (
	// Interrupted: the session has been waiting for another player's
	// inputs (Player's: the one furthest behind), running no tick, for
	// InterruptAfter. DisconnectIn says how long it still waits before it
	// gives up.
	Interrupted SessionEventKind = iota + 1
	// Resumed: the inputs come again after Interrupted.
	Resumed
	// Disconnected: the session is over; Reason says why, and App.Update
	// returns it from now on.
	Disconnected
	// PeerLeft: Player closed its game. Its input is the zero value,
	// with the status Gone, from the tick after its last input
	// on, on every side alike ([PlayerInputs]): the game decides what
	// that player's part does now. The session goes on while another
	// player is left; in a game of two, Disconnected follows.
	PeerLeft
	// Desynced: this side's state and Player's differ at Tick, in Parts
	// (see [Desync]). The game goes on.
	Desynced
	// WaitRecommended: this side runs Ticks ticks ahead of the other; the
	// session already waits a frame now and then to even them out (as
	// GGRS's WaitRecommendation, done for the game), sent at most once a
	// second.
	WaitRecommended
	// PeerAway: Player's page was hidden (its browser tab went to the
	// background, or the browser was minimised), where a page runs no frame:
	// its game runs no tick until it comes back. The session waits for
	// it for DisconnectAwayAfter instead of DisconnectAfter.
	PeerAway
	// PeerBack: Player's page is shown again after PeerAway.
	PeerBack
	// SeatHeld: the server refused this side's seat because it holds it
	// for the player who had it, whose connection dropped, until that
	// player's reconnect grace ends (ServerConfig.ReconnectGrace) — as
	// when this game restarted without a seat key. The session claims
	// the seat again, about once a second, and tells each refusal;
	// Reason is the server's.
	SeatHeld
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
	case PeerAway:
		return "PeerAway"
	case PeerBack:
		return "PeerBack"
	case SeatHeld:
		return "SeatHeld"
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
	// Player is the other player the event is about (Interrupted,
	// Resumed, PeerLeft, Desynced, PeerAway, PeerBack): for Resumed, the
	// one Interrupted named, whose inputs come again. Player 0 is a
	// player like any other, not "none".
	Player Player
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

// rbAway is the message a player's session sends when its page is
// hidden (1) or shown again (0).
const rbAway = 8

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

// watch follows the other players' inputs (drive, every frame): waiting
// for them for InterruptAfter is an interruption, for DisconnectAfter the
// session's end.
func (s *session[I]) watch(waiting bool) {
	now := s.clock()
	if !waiting {
		s.progress, s.dropAsked = now, 0
		return
	}
	quiet := now.Sub(s.progress)
	late := s.late()
	limit := s.cfg.DisconnectAfter
	if s.peers[late].away {
		limit = s.cfg.DisconnectAwayAfter // at least DisconnectAfter (defaults)
	}
	if !s.interrupted && quiet >= s.cfg.InterruptAfter {
		s.interrupted, s.waitedFor = true, late
		s.st.Interruptions++
		s.cfg.Logger.Warn("net: rollback: waiting for a player's inputs", "player", int(late), "for", quiet, "tick", s.simulated, "away", s.peers[late].away)
		s.tell(SessionEvent{Kind: Interrupted, Player: late, DisconnectIn: limit - quiet})
	}
	if quiet < limit || s.askDrop(late, now) {
		return
	}
	var err error
	if s.peers[late].away {
		err = fmt.Errorf("net: rollback: %s's page has been hidden for %v (RollbackConfig.DisconnectAwayAfter); %w", s.who(late), limit.Round(time.Millisecond), errAway)
	} else {
		link := "this side's link to the relay server is up"
		if err := (Client{c: s.link}).Err(); err != nil {
			link = "this side's link to the relay server is down: " + err.Error()
		}
		err = fmt.Errorf("net: rollback: no input from %s for %v (RollbackConfig.DisconnectAfter); its game or its link is down (%s)", s.who(late), limit.Round(time.Millisecond), link)
	}
	if s.dropAsked == int(late)+1 {
		err = fmt.Errorf("%w; the relay server did not drop it so that the others could play on (it still relays that player's messages, or this side's request did not reach it)", err)
	}
	// A player that comes back late hears that this side left, rather
	// than waiting in turn for inputs that will not come.
	s.sayBye()
	s.fail(err)
}

// dropWait is how long a session that asks the relay server to drop a
// player waits for the server's word before it gives up itself; it asks
// again every tenth of it.
const dropWait = 5 * time.Second

// askDrop asks the relay server to drop player late, whose inputs this
// side has waited for for its limit (watch), in a game of three or four
// where another player is left to play with — again every tenth of
// dropWait —, and reports whether the session waits for the server's
// word (vacated) instead of ending: for up to dropWait.
func (s *session[I]) askDrop(late Player, now time.Time) bool {
	if s.cfg.Players < 3 || !s.othersBut(late) {
		return false
	}
	if s.dropAsked != int(late)+1 {
		s.dropAsked, s.dropAskedAt, s.dropAgain = int(late)+1, now, time.Time{}
		s.cfg.Logger.Warn("net: rollback: asking the relay server to drop a player whose inputs stopped", "player", int(late), "tick", s.simulated)
	}
	if now.Sub(s.dropAskedAt) >= dropWait {
		return false
	}
	if now.After(s.dropAgain) {
		// Again every half second: the server drops a player only once it
		// has relayed nothing of its for dropQuiet.
		s.dropAgain = now.Add(dropWait / 10)
		if s.link.askDrop(int(late)) != nil {
			return false // the link is down: the server cannot hear it
		}
	}
	return true
}

// othersBut reports whether a player other than this side and p is still
// in the game.
func (s *session[I]) othersBut(p Player) bool {
	for o := range s.peers {
		if Player(o) != s.me && Player(o) != p && !s.peers[o].left {
			return true
		}
	}
	return false
}

// vacated is the server's word that client m.from no longer holds player
// m.player's seat (poll): the other players gave it up (askDrop), or its
// client left the relay server for good (its connection ended and was
// not resumed). Every side hears it after the same relayed messages of
// that player, so each holds its inputs up to the same tick: in a game of
// three or four the player is gone from the next tick on, and the others
// play on (gone); in a game of two the other player is waited for until
// DisconnectAfter, as before. This side's own seat, dropped, ends its
// session with the reason.
func (s *session[I]) vacated(m rbMsg[I]) {
	if m.player == s.me {
		if m.dropped && m.from == s.myID && s.err == nil {
			s.fail(fmt.Errorf("net: rollback: %w", errDropped))
		}
		return
	}
	q := &s.peers[m.player]
	switch {
	case q.left || q.id != m.from:
		return // gone already, or not the player's client
	case !s.started:
		q.follow(0) // the seat is free for a new client
		return
	case !m.dropped && s.cfg.Players == 2:
		return
	}
	q.left, q.leftAt = true, q.confirmed
	reason := fmt.Errorf("net: rollback: %s's connection to the relay server ended and was not resumed", s.who(m.player))
	if m.dropped {
		reason = fmt.Errorf("net: rollback: %s sent no input for RollbackConfig.DisconnectAfter (its game or its link is down), and the relay server dropped it at the others' request", s.who(m.player))
	}
	s.cfg.Logger.Warn("net: rollback: a player is gone", "player", int(m.player), "after tick", q.leftAt, "dropped", m.dropped)
	s.gone(m.player, reason)
}

// errDropped ends the session of a side the others gave up on (ReasonLine).
var errDropped = errors.New("the other players had no input from this side for their RollbackConfig.DisconnectAfter (its game stalled, or its link was down), and the relay server dropped it from the match; they play on without it")

// late returns the other player whose inputs the session has for the
// fewest ticks, of those still in the game.
func (s *session[I]) late() Player {
	late, at := s.me, uint64(1<<63-1)
	for p := range s.peers {
		if q := &s.peers[p]; Player(p) != s.me && !q.known(q.confirmed+1) && q.confirmed < at {
			late, at = Player(p), q.confirmed
		}
	}
	return late
}

// heard notes the others' inputs coming again (confirm).
func (s *session[I]) heard() {
	s.progress = s.clock()
	if s.interrupted {
		s.interrupted = false
		s.cfg.Logger.Info("net: rollback: the players' inputs come again", "tick", s.confirmed)
		s.tell(SessionEvent{Kind: Resumed, Player: s.waitedFor})
	}
}

// bye tells the other players this game closes (App.OnClose), with the
// last tick of its inputs, and lets the message go before the link
// closes: a moment, no more.
func (s *session[I]) bye() {
	if !s.sayBye() && !s.toldLate {
		return // a word to a restarted game (rbLate) goes before the link closes too
	}
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

// sayBye queues the bye (after the inputs held back to go with the
// next, flushInputs), reporting whether it did: not before the match
// starts, after it ended, or while the link is down.
func (s *session[I]) sayBye() bool {
	if !s.started || s.err != nil || !(Client{c: s.link}).Connected() {
		return false
	}
	if s.lastAt > s.sentUpTo {
		s.sendInput(s.lastAt)
	}
	s.send(rbBye, func(w *codec.Writer) { w.Uvarint(s.lastAt) })
	s.link.leave()
	return true
}

// errPageClosed ends the session of a page that is being closed.
var errPageClosed = errors.New("net: rollback: this page was closed or left; the other players were told this player left")

// pageHidden is a page's pagehide (pagehide_js.go): the page is being
// closed or left, and its app will not close (App.OnClose does not run),
// so the bye goes now, written on the page's event loop, since the
// writer goroutine will not run again; a page closed mid-match had the
// other players wait DisconnectAfter and then hear that its link was
// down. The session ends: a page brought back from the browser's
// back/forward cache shows why.
func (s *session[I]) pageHidden() {
	if s.sayBye() {
		s.link.writeQueuedNow()
		s.fail(errPageClosed)
	}
}

// errAway ends the reason a session gives up on a player whose page
// stayed hidden (ReasonLine).
var errAway = errors.New("it did not come back")

// pageAway is a page's visibilitychange (pagehide_js.go): hidden, the
// page runs no frame and so its game no tick, and the other players
// would hear nothing from it; they are told, and wait for it for
// DisconnectAwayAfter instead of DisconnectAfter. The message is written
// at once, on the page's event loop: a hidden page's goroutines run
// only when an event wakes them.
func (s *session[I]) pageAway(hidden bool) {
	if !s.started || s.err != nil {
		return
	}
	// Hidden, it sends no input (flushInputs) until it is shown again: a
	// frame under way as the page is hidden may still run ticks, and the
	// others take new inputs from an away player for its return
	// (peerAway).
	s.hidden = hidden
	if !hidden {
		// Back: the time away does not count as a wait for the others'
		// inputs, which may still be on their way (a link lost while
		// hidden), or this side would give up at its first frame.
		s.progress = s.clock()
	}
	if !(Client{c: s.link}).Connected() {
		return
	}
	s.send(rbAway, func(w *codec.Writer) { w.Bool(hidden) })
	s.link.writeQueuedNow()
}

// peerAway notes player p's page hidden or shown again (poll).
func (s *session[I]) peerAway(p Player, hidden bool) {
	q := &s.peers[p]
	if q.left || q.away == hidden {
		return
	}
	q.away = hidden
	kind := PeerBack
	if hidden {
		kind = PeerAway
		s.cfg.Logger.Info("net: rollback: a player's page is hidden; waiting for it", "player", int(p), "for", s.cfg.DisconnectAwayAfter)
	} else {
		// Its inputs come when its frames run again: DisconnectAfter
		// counts from now, not from when the wait began.
		s.progress = s.clock()
		s.cfg.Logger.Info("net: rollback: a player's page is shown again", "player", int(p))
	}
	s.tell(SessionEvent{Kind: kind, Player: p})
}

// leftGame is player p's bye, after its input of tick last (poll): its
// input is zero (Gone) from the next tick on, on every side; the
// ticks this side ran past it are run again, so that the game sees the
// same statuses on every side. In a game of two, or when nobody else is
// left, the session ends.
func (s *session[I]) leftGame(p Player, last uint64) {
	q := &s.peers[p]
	if q.left {
		return
	}
	if err := s.inWindow(p, "its last input, of tick", last); err != nil {
		s.fail(err)
		return
	}
	// It sent its inputs up to last before its bye, in order; it cannot
	// take back those received.
	q.left, q.leftAt = true, max(last, q.confirmed)
	reason := fmt.Errorf("net: rollback: %s left the game", s.who(p))
	if s.cfg.Players == 2 {
		reason = errLeft
	}
	s.cfg.Logger.Info("net: rollback: a player left the game", "player", int(p), "after tick", q.leftAt)
	s.gone(p, reason)
}

// gone tells the game that player p, marked left, is gone for reason, and
// plays on if another player is left, or ends the session.
func (s *session[I]) gone(p Player, reason error) {
	q := &s.peers[p]
	s.tell(SessionEvent{Kind: PeerLeft, Player: p, Reason: disconnected{reason}})
	for o := range s.peers {
		if Player(o) != s.me && !s.peers[o].left {
			if q.leftAt < s.simulated {
				s.mispredicted(q.leftAt + 1)
			}
			s.confirm()
			return // someone is left to play with
		}
	}
	s.end(reason)
}

var errLeft = errors.New("net: rollback: the other player left the game")

// restarted ends player p's part in the match: another client, from,
// speaks in its seat after the match started — its game restarted, and
// the server gave the new one its seat (the seat's key proved it, or the
// grace period ended). A restarted game has lost the match's state and
// cannot rejoin it; the others play on if any are left, as when a player
// leaves.
func (s *session[I]) restarted(p Player, from ClientID) {
	q := &s.peers[p]
	if q.left {
		return
	}
	q.left, q.leftAt = true, q.confirmed
	reason := fmt.Errorf("net: rollback: %s's game restarted: client %d took its seat from client %d after the match started (its game restarted, or the relay server did and forgot the match's clients), and a restarted game cannot rejoin a match under way; start a new match", s.who(p), from, q.id)
	s.cfg.Logger.Info("net: rollback: a player's game restarted", "player", int(p), "client", from, "before", q.id, "after tick", q.leftAt)
	// The restarted game waits for a start that will not come: it is
	// told why, before this side's session may end.
	s.send(rbLate, func(w *codec.Writer) { w.Uvarint(uint64(p)) })
	s.toldLate = true // a game closed at once waits for it to go (bye)
	s.gone(p, reason)
}

// errTooLate ends the session of a game that restarted mid-match, told
// so by another player (ReasonLine).
var errTooLate = errors.New("this game started after its match had started, and cannot join it (its game restarted mid-match?); start a new match")

// errForgotten ends the session of a side whose link came back as a new
// client (ReasonLine).
var errForgotten = errors.New("the relay server no longer knew this side's client (it restarted, or the reconnect grace ended), so the match's seats are lost; start a new match")

// forgotten reports whether this side's link came back to the server as
// another client than the one it played the match as (poll), and then
// ends the session: the server did not resume it and has lost the
// match's seats (a relay server that restarted, 30 Nov: both sides gave
// a wrong reason, one "the other player's game restarted", the other
// "no input"). The other players hear a new client in its seat
// (restarted) and end too.
func (s *session[I]) forgotten() bool {
	id := Client{c: s.link}.ID()
	if id == 0 || id == s.myID || s.err != nil {
		return false
	}
	s.fail(fmt.Errorf("net: rollback: this side's link came back as client %d, not %d: %w", id, s.myID, errForgotten))
	return true
}

// tooLate is another player's word (rbLate) that player about's new client
// came after the match started: if it is this side, not started, its
// session ends with the reason (it would wait for a start that will not
// come). A started side was not restarted: the word is not for it.
func (s *session[I]) tooLate(from, about Player) {
	if about != s.me || s.started {
		return
	}
	s.end(fmt.Errorf("net: rollback: %s says %w", s.who(from), errTooLate))
}

// recommendWait tells the game this side runs ahead (at most once a
// second of ticks).
func (s *session[I]) recommendWait(ticks int) {
	if s.simulated < s.waitTold+60 {
		return
	}
	s.waitTold = s.simulated
	s.tell(SessionEvent{Kind: WaitRecommended, Ticks: ticks})
}
