//go:build js

package main

import (
	"fmt"
	"sync"
	"syscall/js"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
)

// In the browser the game tells the page when it has drawn its first
// frame — <body data-glue-ready="ms since navigation"> and a console line —
// and answers window.breakoutState() with the state as JSON, for the
// browser test and for anyone curious.

var browser struct {
	sync.Mutex
	state string
	ready bool
}

func addPlatform(app *glue.App) {
	app.AddSystems(render.DrawStage, glue.System0(signalFirstFrame).OnThread(glue.RenderThread))
	app.AddSystems(HUD, glue.System5(publishState))
	exposeState()
}

// exposeState answers window.breakoutState() with the latest published
// state.
func exposeState() {
	js.Global().Set("breakoutState", js.FuncOf(func(js.Value, []js.Value) any {
		browser.Lock()
		defer browser.Unlock()
		return browser.state
	}))
}

// signalFirstFrame marks the page ready after the first frame is drawn.
func signalFirstFrame() {
	if browser.ready {
		return
	}
	browser.ready = true
	now := js.Global().Get("performance").Call("now").Float()
	js.Global().Get("document").Get("body").Get("dataset").Set("glueReady", fmt.Sprintf("%.0f", now))
	js.Global().Get("console").Call("log", fmt.Sprintf("glue: first frame at %.0f ms", now))
}

// publishState keeps the JSON answer of window.breakoutState current, ten
// times a second.
func publishState(g glue.Res[Game], paddles glue.View2[Paddle, physics.Body], bricks glue.View1[Brick], snd glue.Res[audio.Sounds], n glue.Local[int]) {
	if *n.Get()++; *n.Get()%6 != 1 {
		return
	}
	game := g.Get()
	_, _, pb, _ := paddles.First()
	browser.Lock()
	defer browser.Unlock()
	browser.state = fmt.Sprintf(`{"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f,"sounds":%d}`,
		game.Phase, game.Score, game.Lives, bricks.Len(), pb.Pos.X, snd.Get().Played())
}
