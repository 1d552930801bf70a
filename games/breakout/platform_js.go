//go:build js

package main

import (
	"fmt"
	"runtime"
	"sync"
	"syscall/js"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/physics"
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

// gamePlatform returns the game's browser systems: exposeState at
// startup, publishState in HUD and signalFirstFrame in glue.Draw.
func gamePlatform() platformSystems {
	return platformSystems{
		Startup: []*glue.System{glue.Func(exposeState)},
		HUD:     []*glue.System{glue.Func(publishState)},
		Draw:    []*glue.System{glue.Func(signalFirstFrame)},
	}
}

// exposeState (startup) answers window.breakoutState() with the latest
// published state, and window.glueLiveHeap() with the Go heap's live
// bytes after a collection (the browser's memory test).
func exposeState(struct{}) {
	js.Global().Set("breakoutState", js.FuncOf(func(js.Value, []js.Value) any {
		browser.Lock()
		defer browser.Unlock()
		return browser.state
	}))
	js.Global().Set("glueLiveHeap", js.FuncOf(func(js.Value, []js.Value) any {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return float64(ms.HeapAlloc)
	}))
}

// signalFirstFrame (glue.Draw) marks the page ready once the first frame
// is drawn. The draw stages only record the frame: Ebitengine issues it
// to WebGL at the end of the same animation frame (compiling the shaders
// it uses for the first time), so the page is told in a task queued now,
// which runs after that.
func signalFirstFrame(struct{}) {
	if browser.ready {
		return
	}
	browser.ready = true
	var done js.Func
	done = js.FuncOf(func(js.Value, []js.Value) any {
		done.Release()
		now := js.Global().Get("performance").Call("now").Float()
		js.Global().Get("document").Get("body").Get("dataset").Set("glueReady", fmt.Sprintf("%.0f", now))
		js.Global().Get("console").Call("log", fmt.Sprintf("glue: first frame at %.0f ms", now))
		return nil
	})
	js.Global().Call("setTimeout", done, 0)
}

// publishParams are what publishState reads; it only reads the paddle,
// the ball and the bricks, and counts ticks.
type publishParams struct {
	Game    glue.Res[Game]
	Phase   glue.Res[glue.State[Phase]]
	Paddles glue.Query2[Paddle, physics.Body]
	Balls   glue.Query2[Ball, physics.Body]
	Bricks  glue.Query1[Brick]
	Sounds  glue.Res[audio.Sounds]
	Notice  glue.Res[Notice] // what a save, a load or M did
	N       glue.Local[int]
}

// publishState (HUD) keeps the JSON answer of window.breakoutState
// current, ten times a second.
func publishState(p publishParams) {
	if *p.N.Get()++; *p.N.Get()%6 != 1 {
		return
	}
	game := p.Game.Get()
	var paddleX, ballX, ballY float64
	if _, _, pb, ok := p.Paddles.First(); ok {
		paddleX = pb.Pos.X
	}
	if _, _, bb, ok := p.Balls.First(); ok {
		ballX, ballY = bb.Pos.X, bb.Pos.Y
	}
	browser.Lock()
	defer browser.Unlock()
	browser.state = fmt.Sprintf(`{"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f,"ballX":%.2f,"ballY":%.2f,"sounds":%d,"notice":%q}`,
		p.Phase.Get().Get(), game.Score, game.Lives, p.Bricks.Len(), paddleX, ballX, ballY, p.Sounds.Get().Played(), p.Notice.Get().Text)
}

// menusByDefault is the default of -menus: in the browser the page starts
// the game itself (and its tests press keys to play), so no menus.
const menusByDefault = false
