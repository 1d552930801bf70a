package main

import (
	"fmt"
	"image/color"
	"time"

	"github.com/gluekit/glue/modules/random"
	"github.com/gluekit/glue/modules/timer"
)

// Phase is where a game is: serving, playing, paused or over. It is the
// game's state (glue.AddState in main.go): systems that belong to one
// phase run under glue.InState, and a change requested with
// glue.NextState[Phase] takes effect in the next tick's StateTransition
// stage.
type Phase int

// The phases of a game.
const (
	Serving Phase = iota // the ball rests on the paddle until launched
	Playing
	Paused
	Won
	Lost
	// Waiting is a room on Agones that waits for its match (-agones): no
	// autopilot, no clock, until the room is Allocated or its first
	// seated player arrives (WaitForMatch, net_server.go).
	Waiting
)

func (p Phase) String() string {
	return [...]string{"serving", "playing", "paused", "won", "lost", "waiting"}[p]
}

// Over reports whether the game is won or lost.
func (p Phase) Over() bool { return p == Won || p == Lost }

// Game is the score of one game and its ball's speed, a resource.
type Game struct {
	Score int
	Lives int
	Hits  int     // bricks broken
	Speed float64 // the ball's speed, pixels per second
	// ServeSeat is the player whose paddle serves the next ball: in a
	// two-player game the serve alternates after every lost ball.
	ServeSeat int
	// ServeDelay runs while the ball is served: the autopilot launches
	// when it has finished.
	ServeDelay timer.Timer
}

// Validate refuses a game of negative counts or no serving seat, for its
// codecs (a save file, the network).
func (g *Game) Validate() error {
	if g.Score < 0 || g.Lives < 0 || g.Hits < 0 || g.ServeSeat < 0 || g.ServeSeat >= maxPlayers {
		return fmt.Errorf("invalid game state: score %d, lives %d, hits %d, serve %d", g.Score, g.Lives, g.Hits, g.ServeSeat)
	}
	return nil
}

// autoServeDelay is how long the autopilot waits before it launches.
const autoServeDelay = 500 * time.Millisecond

// Settings are the rules' numbers and the level to play, a resource.
type Settings struct {
	Lives      int
	BaseSpeed  float64 // ball speed at the start, pixels per second
	MaxSpeed   float64
	SpeedUp    float64 // speed factor every SpeedEvery bricks
	SpeedEvery int
	// MaxAngle is the largest angle from vertical, in degrees, that the
	// ball leaves the paddle at (at the paddle's ends).
	MaxAngle float64
	// Bricks is the number of bricks of a stress level; 0 plays the
	// thesis's 6x6 level.
	Bricks int
	// Autopilot makes the paddle follow the ball and launch by itself.
	Autopilot bool
	// Players is the number of paddles: 1 (the default, also for 0), or 2
	// for a two-player game, each paddle in its half of the field, played
	// over the network (-serve with -players 2; docs/net.md).
	Players int
	// OpenSeat lets a network player (-join) take the paddle of a
	// one-player game the host plays (-open). Without it the host keeps
	// its paddle and joiners watch; a paddle the autopilot plays, or that
	// of a headless server, is always open.
	OpenSeat bool
}

// DefaultSettings are the rules of a normal game.
func DefaultSettings() Settings {
	return Settings{Lives: 3, BaseSpeed: 150, MaxSpeed: 300, SpeedUp: 1.06, SpeedEvery: 4, MaxAngle: 60}
}

// Rng is the game's one source of randomness, seeded by -seed
// (modules/random: a save holds its state, a rollback restores it).
type Rng = random.Rand

// NewRng returns a generator seeded with seed.
func NewRng(seed uint64) Rng { return random.New(seed) }

// backgroundColor is the field's colour.
var backgroundColor = color.RGBA{16, 18, 28, 255}
