//go:build js && watch

package main

import (
	"fmt"
	neturl "net/url"
	"strings"
	"sync/atomic"
	"syscall/js"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
)

// A watcher in the browser answers window.breakoutState() with what it shows,
// plus whether it is connected and the server tick it shows. While it
// cannot reach the server it says so over the page, with what to do.

// watchPlatform returns the watcher's browser systems: publishWatchState
// in HUD.
func watchPlatform() []*glue.System { return []*glue.System{glue.Func(publishWatchState)} }

// publishWatchParams are what publishWatchState reads; it only reads the
// paddle and bricks, and counts ticks.
type publishWatchParams struct {
	Game    glue.Res[Game]
	Phase   glue.Res[glue.State[Phase]]
	Paddles glue.Query2[Paddle, physics.Body]
	Bricks  glue.Query1[Brick]
	Client  glue.Res[net.Client]
	Peer    glue.Res[net.Peer]
	Joined  glue.Opt[Joined] // a -join player's seat
	N       glue.Local[int]
}

// refusedNotice is what the page says while the watcher cannot reach the
// server at url, in one or two short sentences. A browser does not tell a
// page why a WebSocket failed, so probeServer asks whether anything
// answers HTTP at that address: if so the server refused the page (its
// origin check, HTTP 403), if not no game is served there. Until the
// probe answers it says nothing.
func refusedNotice(url string, up probeState) string {
	host := url
	if u, err := neturl.Parse(url); err == nil && u.Host != "" {
		host = u.Host
	}
	switch up {
	case serverUp:
		return fmt.Sprintf("The game server at %s refused this page (HTTP 403, see the browser console). "+
			"Open the page from the same host and port as the server, or from http://127.0.0.1:8080/ (make serve). Retrying…", host)
	case serverDown:
		return fmt.Sprintf("No game is served at %s: nothing answers there. Start one with breakout -serve %s. Retrying…", host, host)
	}
	return "" // not known yet: the game's own label says Connecting…
}

// probeState is what probeServer found out.
type probeState int32

const (
	probeUnknown probeState = iota
	serverUp
	serverDown
)

// probe is the last answer of probeServer, and whether one is pending.
var probe struct {
	state   atomic.Int32
	pending atomic.Bool
}

// probeServer asks, in the background, whether anything answers HTTP at
// the WebSocket URL's address: fetch with mode "no-cors" resolves
// (opaquely) when a server answers, whatever it answers, and rejects when
// none does. The answer lands in probe.state.
func probeServer(wsURL string) {
	if !probe.pending.CompareAndSwap(false, true) {
		return
	}
	httpURL := "http" + strings.TrimPrefix(wsURL, "ws") // ws → http, wss → https
	var answered, failed js.Func
	done := func(s probeState) {
		probe.state.Store(int32(s))
		probe.pending.Store(false)
		answered.Release()
		failed.Release()
	}
	answered = js.FuncOf(func(js.Value, []js.Value) any { done(serverUp); return nil })
	failed = js.FuncOf(func(js.Value, []js.Value) any { done(serverDown); return nil })
	opts := js.Global().Get("Object").New()
	opts.Set("mode", "no-cors")
	opts.Set("cache", "no-store")
	js.Global().Call("fetch", httpURL, opts).Call("then", answered, failed)
}

// roomFullNotice is what the page says to a joined player when every
// paddle has a player (TrackSeat also writes it to the console).
func roomFullNotice(players int) string {
	return fmt.Sprintf("Room full: %d of %d players are playing this game, so you are watching it. "+
		"You will play as soon as a paddle is free.", players, players)
}

// publishWatchState (HUD) keeps the JSON answer of window.breakoutState
// and the page's notice (window.glueNotice) current, ten times a second.
func publishWatchState(w publishWatchParams) {
	if *w.N.Get()++; *w.N.Get()%6 != 1 {
		return
	}
	notice := ""
	if cl := w.Client.Get(); cl.Tick() == 0 && !cl.Connected() {
		if err := cl.Err(); err != nil {
			url := w.Peer.Get().URL
			if probeState(probe.state.Load()) == probeUnknown || *w.N.Get()%300 == 1 { // again every 5 s
				probeServer(url)
			}
			notice = refusedNotice(url, probeState(probe.state.Load()))
		}
	} else if j := w.Joined.Get(); j != nil && j.RoomFull {
		notice = roomFullNotice(j.Players)
	}
	render.PageNotice(notice)
	game := w.Game.Get()
	paddleX := 0.0
	if _, _, b, ok := w.Paddles.First(); ok {
		paddleX = b.Pos.X
	}
	seat, full := -1, false
	if j := w.Joined.Get(); j != nil {
		seat, full = j.Seat, j.RoomFull
	}
	render.PublishState("breakoutState", fmt.Sprintf(`{"watching":true,"connected":%t,"serverTick":%d,"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f,"seat":%d,"roomFull":%t}`,
		w.Client.Get().Connected(), w.Client.Get().Tick(), w.Phase.Get().Get(), game.Score, game.Lives, w.Bricks.Len(), paddleX, seat, full))
}
