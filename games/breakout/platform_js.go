//go:build js

package main

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
)

// In the browser the game answers window.breakoutState() with the state
// as JSON, for the browser test and for anyone curious (render.Plugin
// marks the page ready after the first frame).

// gamePlatform returns the game's browser systems: publishState in HUD.
func gamePlatform() []*glue.System { return []*glue.System{glue.Func(publishState)} }

// publishParams are what publishState reads; it only reads the paddle,
// the ball and the bricks, and counts ticks.
type publishParams struct {
	Game    glue.Res[Game]
	Phase   glue.Res[glue.State[Phase]]
	Paddles glue.Query2[Paddle, physics.Body]
	Balls   glue.Query2[Ball, physics.Body]
	Bricks  glue.Query1[Brick]
	Sounds  glue.Res[audio.Sounds]
	Notice  glue.Res[ui.Notice] // what a save, a load or M did
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
	render.PublishState("breakoutState", fmt.Sprintf(`{"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f,"ballX":%.2f,"ballY":%.2f,"sounds":%d,"notice":%q}`,
		p.Phase.Get().Get(), game.Score, game.Lives, p.Bricks.Len(), paddleX, ballX, ballY, p.Sounds.Get().Played(), p.Notice.Get().Text))
}

// menusByDefault is the default of -menus: in the browser the page starts
// the game itself (and its tests press keys to play), so no menus.
const menusByDefault = false
