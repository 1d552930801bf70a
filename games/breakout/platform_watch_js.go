//go:build js && watch

package main

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
)

// A watcher in the browser answers window.breakoutState() with what it shows,
// plus whether it is connected and the server tick it shows. While it
// cannot reach the server it says so over the page, with what to do
// (net.PageTrouble).

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
	notice := net.PageTrouble(*w.Client.Get(), w.Peer.Get().URL, "breakout")
	if j := w.Joined.Get(); j != nil && j.RoomFull {
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
