//go:build !js || watch

package main

import (
	"cmp"
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
)

// A watcher in the browser answers window.breakoutState() with what it shows,
// plus whether it is connected and the server tick it shows. While it
// cannot reach the server it says so over the page, with what to do
// (net.PageTrouble). breakout-watch.wasm has this file, breakout.wasm a
// stand-in (net_nowatch_js.go).

// watchState is a watcher's JSON answer of window.breakoutState, which
// render.Publish keeps current (HUD, ten times a second); it also keeps
// the page's notice (window.glueNotice) current. It only reads the paddle
// and bricks.
func watchState(w struct {
	Game    glue.Res[Game]
	Phase   glue.Res[glue.State[Phase]]
	Paddles glue.Query2[Paddle, physics.Body]
	Bricks  glue.Query1[Brick]
	Client  glue.Res[net.Client]
	Peer    glue.Res[net.Peer]
	Seat    glue.Res[net.Seat] // a -join player's seat (net.TrackSeat)
}) string {
	seat := w.Seat.Get()
	render.PageNotice(cmp.Or(seat.Notice(), net.PageTrouble(*w.Client.Get(), w.Peer.Get().URL, "breakout")))
	game := w.Game.Get()
	paddleX := 0.0
	if _, _, b, ok := w.Paddles.First(); ok {
		paddleX = b.Pos.X
	}
	return fmt.Sprintf(`{"watching":true,"connected":%t,"serverTick":%d,"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f,"seat":%d,"roomFull":%t}`,
		w.Client.Get().Connected(), w.Client.Get().Tick(), w.Phase.Get().Get(), game.Score, game.Lives, w.Bricks.Len(), paddleX, seat.Seat, seat.Full)
}
