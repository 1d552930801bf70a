package main

import (
	"image/color"
	"math"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
)

// rowColors are the colours of the thesis level's rows, top to bottom.
var rowColors = [...]color.RGBA{
	{230, 70, 70, 255},   // red
	{240, 140, 50, 255},  // orange
	{235, 210, 60, 255},  // yellow
	{80, 200, 100, 255},  // green
	{70, 150, 235, 255},  // blue
	{160, 100, 230, 255}, // violet
}

// Paddle and ball sizes, logical pixels; the paddle's speed, pixels per
// second.
const (
	paddleW, paddleH = 40, 6
	paddleY          = 372 // centre
	paddleSpeed      = 260
	ballR            = 3
)

// maxPlayers is the most players of a game: two paddles, one per half of
// the field (see Settings.Players).
const maxPlayers = 2

// newPaddle returns the paddle of seat in a game of players and its
// centre's X: the whole field for one player; for two, each its half,
// the first player on the left.
func newPaddle(seat, players int) (Paddle, float64) {
	p := Paddle{W: paddleW, H: paddleH, Speed: paddleSpeed, MinX: paddleW / 2, MaxX: FieldW - paddleW/2, Seat: seat}
	if players < 2 {
		return p, FieldW / 2
	}
	half := FieldW / float64(players)
	p.MinX, p.MaxX = float64(seat)*half+paddleW/2, float64(seat+1)*half-paddleW/2
	p.Home = float64(seat)*half + half/2
	return p, p.Home
}

// brickLayout returns the bricks of a level: the thesis's 6x6 when n is 0,
// else a dense grid of n bricks for stress tests.
func brickLayout(n int) []Brick {
	if n <= 0 {
		var out []Brick
		for i := range 6 {
			for j := range 6 {
				out = append(out, Brick{
					X: float64(15 + 30*j), Y: float64(40 + 20*i), W: 20, H: 10,
					Color: rowColors[i], Points: 10 * (6 - i),
				})
			}
		}
		return out
	}
	// Fill the band y in [30, 230) x in [5, 195) with about n bricks twice
	// as wide as tall.
	const x0, y0, areaW, areaH = 5.0, 30.0, 190.0, 200.0
	cols := int(math.Ceil(math.Sqrt(float64(n) * areaW / areaH / 2)))
	rows := (n + cols - 1) / cols
	w, h := areaW/float64(cols), areaH/float64(rows)
	gap := 0.0
	if w > 4 {
		gap = 1
	}
	out := make([]Brick, 0, n)
	for i := 0; len(out) < n; i++ {
		for j := 0; j < cols && len(out) < n; j++ {
			out = append(out, Brick{
				X: x0 + float64(j)*w, Y: y0 + float64(i)*h, W: w - gap, H: h - gap,
				Color: rowColors[i*len(rowColors)/rows], Points: 1,
			})
		}
	}
	return out
}

// StaticBody is the bundle of a brick, a wall or the floor: the tag, its
// body and collider, and physics.Static (glue.SpawnBundle).
type StaticBody[T any] struct {
	Tag      T
	Body     physics.Body
	Collider physics.Collider
	Static   physics.Static
}

func spawnBricks(cmds glue.Commands, n int) {
	for _, b := range brickLayout(n) {
		glue.SpawnBundle(cmds, StaticBody[Brick]{Tag: b, Body: physics.Body{Pos: physics.Vec{X: b.X + b.W/2, Y: b.Y + b.H/2}},
			Collider: physics.Collider{Shape: physics.Rect(b.W, b.H)}})
	}
}

func spawnBall(cmds glue.Commands) {
	cmds.Spawn(Ball{R: ballR},
		physics.Body{Pos: physics.Vec{X: FieldW / 2, Y: paddleY - paddleH/2 - ballR - 1}},
		physics.Collider{Shape: physics.Circle(ballR)},
		physics.Bouncy{},
	)
}

// SpawnLevel is a startup system: walls, the floor sensor, the paddle,
// the ball, the bricks and the HUD (SpawnHUD).
func SpawnLevel(cmds glue.Commands, settings glue.Res[Settings]) {
	const t = 40 // wall thickness, outside the field
	for _, w := range []struct{ x, y, w, h float64 }{
		{-t / 2, FieldH / 2, t, FieldH + 2*t},       // left
		{FieldW + t/2, FieldH / 2, t, FieldH + 2*t}, // right
		{FieldW / 2, HUDH - t/2, FieldW + 2*t, t},   // top: under the HUD's row
	} {
		glue.SpawnBundle(cmds, StaticBody[Wall]{Body: physics.Body{Pos: physics.Vec{X: w.x, Y: w.y}},
			Collider: physics.Collider{Shape: physics.Rect(w.w, w.h)}})
	}
	glue.SpawnBundle(cmds, StaticBody[Floor]{Body: physics.Body{Pos: physics.Vec{X: FieldW / 2, Y: FieldH + t/2}},
		Collider: physics.Collider{Shape: physics.Rect(FieldW+2*t, t), Sensor: true}})

	for seat := range max(1, settings.Get().Players) {
		paddle, x := newPaddle(seat, settings.Get().Players)
		cmds.Spawn(paddle,
			physics.Body{Pos: physics.Vec{X: x, Y: paddleY}},
			physics.Collider{Shape: physics.Rect(paddleW, paddleH)},
		)
	}
	spawnBall(cmds)
	spawnBricks(cmds, settings.Get().Bricks)
	SpawnHUD(cmds)
}

// SpawnHUD spawns the score, lives and message labels: a startup system of
// watchers, which get everything else from the server, and part of
// SpawnLevel.
func SpawnHUD(cmds glue.Commands) {
	small := render.TextStyle{Size: 12, Color: color.RGBA{220, 220, 230, 255}}
	right := small
	right.Align = render.AlignEnd
	// The message is wrapped to the field, less 6 pixels at each side, so
	// that no notice is clipped, on an opaque box of the field's colour, a
	// little lighter, so that the ball or a brick never shows through it
	// (the ball used to be drawn over "Paused").
	big := render.TextStyle{Size: 16, Color: color.RGBA{255, 255, 255, 255}, Align: render.AlignCenter, VAlign: render.AlignCenter,
		Wrap: FieldW - 2*6, Backdrop: color.RGBA{34, 38, 56, 255}, Pad: 4}
	cmds.Spawn(ScoreLabel, render.Label{X: 6, Y: 6, Style: small, Layer: textLayer})
	cmds.Spawn(LivesLabel, render.Label{X: FieldW - 6, Y: 6, Style: right, Layer: textLayer})
	cmds.Spawn(MessageLabel, render.Label{X: FieldW / 2, Y: 290, Style: big, Layer: textLayer})
}
