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
// as JSON, for the browser test and for anyone curious (render.Publish;
// render.Plugin marks the page ready after the first frame).

// breakoutState is the JSON answer of window.breakoutState, which
// render.Publish keeps current (HUD, ten times a second). It only reads
// the paddle, the ball, the bricks and how many menus are shown.
func breakoutState(p struct {
	Game    glue.Res[Game]
	Phase   glue.Res[glue.State[Phase]]
	Paddles glue.Query2[Paddle, physics.Body]
	Balls   glue.Query2[Ball, physics.Body]
	Bricks  glue.Query1[Brick]
	Sounds  glue.Res[audio.Sounds]
	Notice  glue.Res[render.Notice] // what a save, a load or M did
	Menus   glue.Query1[ui.Menu]    // the menus shown (title, pause, options)
}) string {
	game := p.Game.Get()
	var paddleX, ballX, ballY float64
	if _, _, pb, ok := p.Paddles.First(); ok {
		paddleX = pb.Pos.X
	}
	if _, _, bb, ok := p.Balls.First(); ok {
		ballX, ballY = bb.Pos.X, bb.Pos.Y
	}
	return fmt.Sprintf(`{"phase":%q,"score":%d,"lives":%d,"bricks":%d,"paddleX":%.2f,"ballX":%.2f,"ballY":%.2f,"sounds":%d,"notice":%q,"menus":%d,"menu":%s}`,
		p.Phase.Get().Get(), game.Score, game.Lives, p.Bricks.Len(), paddleX, ballX, ballY, p.Sounds.Get().Played(), p.Notice.Get().Text, p.Menus.Len(), ui.ShownJSON(p.Menus))
}
