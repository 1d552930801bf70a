package net

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gluekit/glue"
)

// What a rollback game shows its player about the session (issue #34,
// item 2): the SessionNotices plugin turns the [SessionEvent]s into one
// short line, the SessionNotice resource, which the game draws where it
// likes. Breakout and the platformer draw it; neither writes its rules.

// SessionNotice is the line a rollback game shows its player about its
// session, at most three lines of at most 24 characters (a small
// field's message label), a resource kept by [SessionNotices] from the
// [SessionEvent]s, every frame — frames that run no tick too:
//
//	Interrupted      "Connection interrupted\nwaiting for the\nother player…", until another event
//	Resumed          "Connection back", for 90 frames
//	PeerLeft         "The other player left", until another event
//	Disconnected     "Connection lost\n" and a short reason, for good (after PeerLeft: PeerLeft's line)
//	Desynced         "Out of sync\nat tick N", for 180 frames
//	WaitRecommended  "Evening out the clocks", for 60 frames, unless another line shows
//	PeerAway         "The other player's\npage is hidden;\nwaiting for them…", until another event
//	PeerBack         "The other player\nis back", for 90 frames
//	SeatHeld         "Seat held for a player\nwho dropped; trying\nagain…", for 120 frames (told again at each refusal)
//
// While the other player's page is hidden, Interrupted leaves PeerAway's
// line.
//
// Text is "" when there is nothing to tell: the game shows its own
// message then. It is the machine's (glue.MachineLocal): a game must not
// let it change its state.
type SessionNotice struct {
	// Text is the line to show, "" for none.
	Text string
	// Kind is the event that set Text.
	Kind SessionEventKind
	// Reason is why the session is over, after Disconnected or PeerLeft:
	// the event's Reason, the whole story for a log or a details view.
	Reason error

	frames int // frames left to show Text; -1: until another event
}

// MachineLocal marks SessionNotice as this machine's (glue.MachineLocal):
// a rollback neither takes it back nor compares it.
func (SessionNotice) MachineLocal() {}

// Note sets the notice from e, as the SessionNotices system does with
// every event; a game that reads the events itself may call it.
func (n *SessionNotice) Note(e SessionEvent) {
	switch e.Kind {
	case Interrupted:
		if n.Kind != PeerAway {
			n.set(e.Kind, "Connection interrupted\nwaiting for the\nother player…", -1)
		}
	case PeerAway:
		n.set(e.Kind, "The other player's\npage is hidden;\nwaiting for them…", -1)
	case PeerBack:
		n.set(e.Kind, "The other player\nis back", 90)
	case Resumed:
		n.set(e.Kind, "Connection back", 90)
	case PeerLeft:
		if errors.Is(e.Reason, errLeft) {
			n.set(e.Kind, "The other player left", -1)
		} else {
			// A game of three or four goes on without the player (if
			// the last other player left, Disconnected follows).
			n.set(e.Kind, fmt.Sprintf("Player %d left;\nthe game goes on", int(e.Player)), 180)
		}
		n.Reason = e.Reason
	case Disconnected:
		if n.Kind != PeerLeft || n.frames != -1 { // after "The other player left", that says it
			n.set(e.Kind, "Connection lost\n"+ReasonLine(e.Reason), -1)
		}
		n.Reason = e.Reason
	case Desynced:
		n.set(e.Kind, fmt.Sprintf("Out of sync\nat tick %d", e.Tick), 180)
	case SeatHeld:
		n.set(e.Kind, "Seat held for a player\nwho dropped; trying\nagain…", 120)
	case WaitRecommended:
		if n.Text == "" || n.Kind == WaitRecommended {
			n.set(e.Kind, "Evening out the clocks", 60)
		}
	}
}

// set shows text for frames frames (-1: until another event).
func (n *SessionNotice) set(k SessionEventKind, text string, frames int) {
	n.Kind, n.Text, n.frames = k, text, frames
}

// frame counts a frame off the notice's time, and clears it when its
// time is up.
func (n *SessionNotice) frame() {
	switch {
	case n.frames == 0:
		n.Text = ""
	case n.frames > 0:
		n.frames--
	}
}

// ReasonLine is a short line (at most 24 characters a line) for the
// player about why a rollback session ended, from the reason of a
// Disconnected event (or of App.Update's error): the other player left;
// this player left (its page was closed or left, and came back from the
// browser's back/forward cache); the other player's page stayed hidden
// for DisconnectAwayAfter; the other player's inputs stopped coming (its
// game or a link is down); the other player's game restarted mid-match;
// this game restarted mid-match and came too late to join it; the
// others gave this game up (its inputs stopped) and play on without it;
// or, for the rest (a peer that broke the protocol, a seat refused),
// that the log says why.
func ReasonLine(reason error) string {
	msg := ""
	if reason != nil {
		msg = reason.Error()
	}
	switch {
	case errors.Is(reason, errLeft) || strings.Contains(msg, "left the game"):
		return "the other player left"
	case errors.Is(reason, errPageClosed): // a page back from the back/forward cache
		return "you left the match"
	case errors.Is(reason, errAway):
		return "the other player's page\nstayed hidden"
	case errors.Is(reason, errForgotten):
		return "the server forgot\nthe match"
	case errors.Is(reason, errDropped):
		return "the others went on\nwithout this game"
	case errors.Is(reason, errTooLate):
		return "the match began\nwithout this game"
	case strings.Contains(msg, "game restarted"):
		return "the other player's\ngame restarted"
	case strings.Contains(msg, "relay server dropped it"), strings.Contains(msg, "to the relay server ended"):
		return "no word from the\nother players"
	case strings.Contains(msg, "no input from"):
		// Not whose link: the reason's words on this side's link are no
		// proof (the platformer's TestOnlineCutTooLongDisconnects cuts
		// the joiner's link only, and the host, whose link to its own
		// relay server never went through the cut, reports it down too).
		return "no word from the\nother player"
	}
	return "(the log says why)"
}

// SessionNoticeSystem labels the SessionNotices system, in glue.PreDraw:
// a game that copies SessionNotice.Text into its own label every frame
// orders that system .After(net.SessionNoticeSystem).
var SessionNoticeSystem = glue.NewLabel("net.noteSession")

// SessionNotices is a plugin: it inserts the [SessionNotice] resource
// and adds, in glue.PreDraw, the system that notes every [SessionEvent]
// in it and counts its time down, frame by frame (also while the
// session runs no tick). The game draws SessionNotice.Text in a draw
// stage, over its own message while it is not "":
//
//	app.AddPlugins(net.Rollback[Pad]{…}, net.SessionNotices{})
//
// It works beside a [Rollback] or a [SyncTest] session, or any app that
// writes SessionEvents.
type SessionNotices struct{}

// Build inserts the SessionNotice and adds its system.
func (SessionNotices) Build(app *glue.App) {
	app.InsertResource(SessionNotice{})
	app.AddSystems(glue.PreDraw, glue.Func(noteSession).In(SessionNoticeSystem))
}

// noteSession (glue.PreDraw) notes the session's events in the notice,
// then counts a frame off it.
func noteSession(p struct {
	Events glue.Reader[SessionEvent]
	Notice glue.ResMut[SessionNotice]
}) {
	n := p.Notice.Get()
	for _, e := range p.Events.Read() {
		n.Note(e)
	}
	n.frame()
}
