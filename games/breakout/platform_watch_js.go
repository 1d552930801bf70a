//go:build js && watch

package main

import (
	"fmt"
	"syscall/js"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
)

// A watcher in the browser signals its first frame like the game
// (platform_js.go) and answers window.breakoutState() with what it shows,
// plus whether it is connected and the server tick it shows. While it
// cannot reach the server it says so over the page, with what to do.

// watchPlatform returns the watcher's browser systems: exposeState at
// startup, publishWatchState in HUD and signalFirstFrame in glue.Draw.
func watchPlatform() platformSystems {
	return platformSystems{
		Startup: []*glue.System{glue.Func(exposeState)},
		HUD:     []*glue.System{glue.Func(publishWatchState)},
		Draw:    []*glue.System{glue.Func(signalFirstFrame)},
	}
}

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

// watchNotice is the message last shown over the page (window.glueNotice).
var watchNotice string

// refusedNotice is what the page says while the watcher cannot reach the
// server at url. A browser does not tell a page why a WebSocket failed: a
// server that refuses the page's origin (HTTP 403) and one that is down
// look alike, so the message names both and what to do about each.
func refusedNotice(url string, err error) string {
	return fmt.Sprintf("Cannot watch %s: the server refused this page or cannot be reached (%v). "+
		"A glue game server accepts watch pages only from its own address and the page addresses it allows, "+
		"and refuses others (HTTP 403, shown in the browser console): open this page from the same host and port "+
		"as the server, or from the page of `make serve` (http://127.0.0.1:8080/). "+
		"Otherwise check that the game is being served (breakout -serve). Retrying…", url, err)
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
			notice = refusedNotice(w.Peer.Get().URL, err)
		}
	} else if j := w.Joined.Get(); j != nil && j.RoomFull {
		notice = roomFullNotice(j.Players)
	}
	if notice != watchNotice {
		watchNotice = notice
		if f := js.Global().Get("glueNotice"); f.Type() == js.TypeFunction {
			f.Invoke(notice)
		}
	}
	game := w.Game.Get()
	paddleX := 0.0
	if _, _, b, ok := w.Paddles.First(); ok {
		paddleX = b.Pos.X
	}
	browser.Lock()
	defer browser.Unlock()
	seat, full := -1, false
	if j := w.Joined.Get(); j != nil {
		seat, full = j.Seat, j.RoomFull
	}
	browser.state = fmt.Sprintf(`{"watching":true,"connected":%t,"serverTick":%d,"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f,"seat":%d,"roomFull":%t}`,
		w.Client.Get().Connected(), w.Client.Get().Tick(), w.Phase.Get().Get(), game.Score, game.Lives, w.Bricks.Len(), paddleX, seat, full)
}
