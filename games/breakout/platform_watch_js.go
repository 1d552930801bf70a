//go:build js

package main

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
)

// A watcher in the browser signals its first frame like the game
// (platform_js.go) and answers window.breakoutState() with what it shows,
// plus whether it is connected and the server tick it shows.

// watchPlatform returns the watcher's browser systems: exposeState at
// startup, publishWatchState in HUD and signalFirstFrame in glue.Draw.
func watchPlatform() platformSystems {
	return platformSystems{
		Startup: []*glue.System{glue.Func(exposeState)},
		HUD: []*glue.System{glue.Func(publishWatchState).
			ReadOnly(glue.TypeOf[Paddle](), glue.TypeOf[Brick]())},
		Draw: []*glue.System{glue.Func(signalFirstFrame)},
	}
}

// publishWatchParams are what publishWatchState reads; it only reads the
// paddle and bricks, and counts ticks.
type publishWatchParams struct {
	Game    glue.Res[Game]
	Paddles glue.Query1[Paddle]
	Bricks  glue.Query1[Brick]
	Client  glue.Res[net.Client]
	N       glue.Local[int]
}

// publishWatchState (HUD) keeps the JSON answer of window.breakoutState
// current, ten times a second.
func publishWatchState(w publishWatchParams) {
	if *w.N.Get()++; *w.N.Get()%6 != 1 {
		return
	}
	game := w.Game.Get()
	paddleX := 0.0
	if _, p, ok := w.Paddles.First(); ok {
		paddleX = p.X + p.W/2
	}
	browser.Lock()
	defer browser.Unlock()
	browser.state = fmt.Sprintf(`{"watching":true,"connected":%t,"serverTick":%d,"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f}`,
		w.Client.Get().Connected(), w.Client.Get().Tick(), game.Phase, game.Score, game.Lives, w.Bricks.Len(), paddleX)
}
