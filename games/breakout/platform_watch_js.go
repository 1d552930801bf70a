//go:build js

package main

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/render"
)

// A watcher in the browser signals its first frame like the game
// (platform_js.go) and answers window.breakoutState() with what it shows,
// plus whether it is connected and the server tick it shows.

func addWatchPlatform(app *glue.App) {
	app.AddSystems(render.DrawStage, glue.System0(signalFirstFrame).OnThread(glue.RenderThread))
	app.AddSystems(HUD, glue.System5(publishWatchState))
	exposeState()
}

// publishWatchState keeps the JSON answer of window.breakoutState current,
// ten times a second.
func publishWatchState(g glue.Res[Game], paddles glue.View1[Paddle], bricks glue.View1[Brick], cl glue.Res[net.Client], n glue.Local[int]) {
	if *n.Get()++; *n.Get()%6 != 1 {
		return
	}
	game := g.Get()
	paddleX := 0.0
	if _, p, ok := paddles.First(); ok {
		paddleX = p.X + p.W/2
	}
	browser.Lock()
	defer browser.Unlock()
	browser.state = fmt.Sprintf(`{"watching":true,"connected":%t,"serverTick":%d,"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f}`,
		cl.Get().Connected(), cl.Get().Tick(), game.Phase, game.Score, game.Lives, bricks.Len(), paddleX)
}
