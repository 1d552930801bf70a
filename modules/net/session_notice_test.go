package net

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// noticeApp is an app with SessionNotices whose Update writes the events
// given to frame, and frame runs Update and Draw and returns the notice.
func noticeApp(t *testing.T) (frame func(...SessionEvent) SessionNotice, draw func() SessionNotice) {
	app := glue.NewApp()
	t.Cleanup(app.Close)
	var next []SessionEvent
	app.AddSystems(glue.Update, glue.Func(func(p struct{ W glue.Writer[SessionEvent] }) {
		for _, e := range next {
			p.W.Write(e)
		}
		next = nil
	}))
	app.AddPlugins(SessionNotices{})
	draw = func() SessionNotice {
		if err := app.Draw(); err != nil {
			t.Fatal(err)
		}
		return *glue.Resource[SessionNotice](app)
	}
	frame = func(events ...SessionEvent) SessionNotice {
		next = events
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		return draw()
	}
	return frame, draw
}

// The notice says what the session told, every frame (also frames that
// run no tick): an interruption until the link is back, then
// "Connection back" for 90 frames, then nothing (the game's own message
// shows again). (Breakout's ShowSession, moved here.)
func TestSessionNoticeShowsTheLink(t *testing.T) {
	frame, draw := noticeApp(t)
	if got := frame(); got.Text != "" {
		t.Fatalf("no event: notice %q, want none", got.Text)
	}
	const interrupted = "Connection interrupted\nwaiting for the\nother player…"
	if got := frame(SessionEvent{Kind: Interrupted}); got.Text != interrupted || got.Kind != Interrupted {
		t.Errorf("after Interrupted: %+v", got)
	}
	for range 200 { // no tick runs while the session waits: the line stays
		draw()
	}
	if got := draw(); got.Text != interrupted {
		t.Errorf("200 frames later: %q", got.Text)
	}
	if got := frame(SessionEvent{Kind: Resumed}); got.Text != "Connection back" {
		t.Errorf("after Resumed: %q", got.Text)
	}
	for range 88 {
		frame()
	}
	if got := frame(); got.Text != "Connection back" {
		t.Errorf("90 frames after Resumed: %q, want it still", got.Text)
	}
	if got := frame(); got.Text != "" {
		t.Errorf("91 frames after Resumed: %q, want nothing", got.Text)
	}
}

// Disconnected shows for good with a short reason; after PeerLeft the
// notice keeps saying that the other player left; a desync names its
// tick; WaitRecommended shows only when no other line does.
func TestSessionNoticeReasons(t *testing.T) {
	timeout := disconnected{fmt.Errorf("net: rollback: no input from the other player for 3s (RollbackConfig.DisconnectAfter); its game or its link is down (this side's link to the relay server is up)")}
	away := disconnected{fmt.Errorf("net: rollback: the other player's page has been hidden for 1m0s (RollbackConfig.DisconnectAwayAfter); %w", errAway)}
	down := disconnected{fmt.Errorf("net: rollback: no input from the other player for 3s (RollbackConfig.DisconnectAfter); its game or its link is down (this side's link to the relay server is down: EOF)")}
	for _, c := range []struct {
		name   string
		events []SessionEvent
		want   string
	}{
		{"timeout", []SessionEvent{{Kind: Interrupted}, {Kind: Disconnected, Reason: timeout}}, "Connection lost\nno word from the\nother player"},
		{"a link down", []SessionEvent{{Kind: Interrupted}, {Kind: Disconnected, Reason: down}}, "Connection lost\nno word from the\nother player"},
		{"left", []SessionEvent{{Kind: PeerLeft, Reason: disconnected{errLeft}}, {Kind: Disconnected, Reason: disconnected{errLeft}}}, "The other player left"},
		{"this page left", []SessionEvent{{Kind: Disconnected, Reason: disconnected{errPageClosed}}}, "Connection lost\nyou left the match"},
		{"protocol", []SessionEvent{{Kind: Disconnected, Reason: disconnected{errors.New("net: rollback: the other player sent a bad input for tick 9")}}}, "Connection lost\n(the log says why)"},
		{"desync", []SessionEvent{{Kind: Desynced, Tick: 120}}, "Out of sync\nat tick 120"},
		{"wait", []SessionEvent{{Kind: WaitRecommended, Ticks: 3}}, "Evening out the clocks"},
		{"wait under a line", []SessionEvent{{Kind: Interrupted}, {Kind: WaitRecommended, Ticks: 3}}, "Connection interrupted\nwaiting for the\nother player…"},
		{"away", []SessionEvent{{Kind: PeerAway}, {Kind: Interrupted}}, "The other player's\npage is hidden;\nwaiting for them…"},
		{"back", []SessionEvent{{Kind: PeerAway}, {Kind: Interrupted}, {Kind: PeerBack}}, "The other player\nis back"},
		{"away too long", []SessionEvent{{Kind: PeerAway}, {Kind: Interrupted}, {Kind: Disconnected, Reason: away}}, "Connection lost\nthe other player's page\nstayed hidden"},
	} {
		frame, draw := noticeApp(t)
		got := frame(c.events...)
		for range 300 {
			got = draw()
		}
		if c.name == "desync" || c.name == "wait" || c.name == "back" {
			got = frame(c.events...) // lines with a time: seen at once
		}
		if got.Text != c.want {
			t.Errorf("%s: notice %q, want %q", c.name, got.Text, c.want)
		}
		for line := range strings.SplitSeq(got.Text, "\n") {
			if n := len([]rune(line)); n > 24 {
				t.Errorf("%s: line %q is %d characters, more than 24", c.name, line, n)
			}
		}
		if last := c.events[len(c.events)-1]; last.Kind == Disconnected && !errors.Is(got.Reason, ErrDisconnected) {
			t.Errorf("%s: Reason %v, want the event's (wrapping ErrDisconnected)", c.name, got.Reason)
		}
	}
}

// In a game of three or four, a player who leaves or is dropped is said
// for three seconds while the game goes on, not for good as in a game of
// two; the session's end after it still shows. A game dropped by the
// others says so.
func TestSessionNoticeOthersPlayOn(t *testing.T) {
	left := disconnected{errors.New("net: rollback: player 2 sent no input for RollbackConfig.DisconnectAfter (its game or its link is down), and the relay server dropped it at the others' request")}
	frame, draw := noticeApp(t)
	if got := frame(SessionEvent{Kind: PeerLeft, Player: 2, Reason: left}); got.Text != "Player 2 left;\nthe game goes on" {
		t.Errorf("after PeerLeft: %q", got.Text)
	}
	var got SessionNotice
	for range 181 {
		got = draw()
	}
	if got.Text != "" {
		t.Errorf("3 s after PeerLeft: %q, want nothing", got.Text)
	}
	timeout := disconnected{errors.New("net: rollback: no input from player 1 for 3s (RollbackConfig.DisconnectAfter); its game or its link is down (this side's link to the relay server is up)")}
	if got := frame(SessionEvent{Kind: Disconnected, Reason: timeout}); got.Text != "Connection lost\nno word from the\nother player" {
		t.Errorf("Disconnected after a PeerLeft that was shown: %q", got.Text)
	}
	if got := ReasonLine(left); got != "no word from the\nother players" {
		t.Errorf("ReasonLine of a dropped player: %q", got)
	}
	if got := ReasonLine(disconnected{fmt.Errorf("net: rollback: %w", errDropped)}); got != "the others went on\nwithout this game" {
		t.Errorf("ReasonLine of this side dropped: %q", got)
	}
}
