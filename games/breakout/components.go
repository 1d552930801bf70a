package main

import (
	"fmt"
	"image/color"
)

// The thesis's field: a 200x400 logical window.
const (
	FieldW = 200
	// HUDH is the height of the row at the top that holds the score and
	// the lives: the top wall's face is at its bottom, so the ball never
	// flies over them.
	HUDH   = 22
	FieldH = 400
)

// Brick is a brick: where it is (top-left corner, logical pixels), its size,
// colour and worth. It implements render.IBox.
type Brick struct {
	X, Y, W, H float64
	Color      color.RGBA
	Points     int
}

// Rect implements render.IBox.
func (b Brick) Rect() (x, y, w, h float64) { return b.X, b.Y, b.W, b.H }

// Fill implements render.IBox.
func (b Brick) Fill() color.RGBA { return b.Color }

// Z implements render.ILayer: bricks are the bottom layer.
func (b Brick) Z() int { return 0 }

// Paddle is a player's paddle. Its physics.Body holds its centre, where
// render.DrawBoxAt draws it. It implements render.IBox.
type Paddle struct {
	W, H  float64
	Speed float64 // pixels per second at full input
	// MinX and MaxX bound its centre: the field, or in a two-player game
	// its half of it.
	MinX, MaxX float64
	// Home is where it waits while the ball is on the other half (0 in a
	// one-player game).
	Home float64
	// Seat is the player it belongs to: 0, or 1 for the second player.
	Seat int
	// Client is the network client steering it (a net.ClientID), 0 while
	// the server's own player or autopilot does (net.go).
	Client uint64
}

// Validate refuses a paddle of no seat or with crossed bounds, for its
// codecs (a save file, the network).
func (p *Paddle) Validate() error {
	if p.Seat < 0 || p.Seat >= maxPlayers || p.MinX > p.MaxX {
		return fmt.Errorf("invalid paddle: seat %d, bounds %g to %g", p.Seat, p.MinX, p.MaxX)
	}
	return nil
}

// Rect implements render.IBox: the paddle's box relative to its body's
// centre.
func (p Paddle) Rect() (x, y, w, h float64) { return -p.W / 2, -p.H / 2, p.W, p.H }

// Fill implements render.IBox: the second player's paddle is blue.
func (p Paddle) Fill() color.RGBA {
	if p.Seat == 1 {
		return color.RGBA{140, 200, 255, 255}
	}
	return color.RGBA{230, 230, 240, 255}
}

// Z implements render.ILayer.
func (p Paddle) Z() int { return 1 }

// Ball is the ball. Its physics.Body holds its centre and velocity, where
// render.DrawCircleAt draws it. It implements render.ICircle.
type Ball struct {
	R float64
}

// Circle implements render.ICircle: the ball's circle relative to its
// body's centre.
func (b Ball) Circle() (cx, cy, r float64) { return 0, 0, b.R }

// Fill implements render.ICircle.
func (b Ball) Fill() color.RGBA { return color.RGBA{255, 255, 255, 255} }

// Z implements render.ILayer: the ball is drawn over everything but text.
func (b Ball) Z() int { return 2 }

// Wall tags the static colliders around the field.
type Wall struct{}

// Floor tags the sensor below the paddle: a ball that touches it is lost.
type Floor struct{}

// LabelKind is the component that says what a HUD label, a
// render.Label beside it, shows.
type LabelKind int

// textLayer is the HUD labels' render.Label.Layer: texts are on top.
const textLayer = 4

// The labels of the HUD.
const (
	ScoreLabel LabelKind = iota
	LivesLabel
	MessageLabel
)
