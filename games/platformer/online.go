package main

import (
	"image/color"
	"sync"

	"github.com/gluekit/glue/games/platformer/level"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
)

// What the game needs to be played online (-rollback; net.go wires it,
// docs/platformer.md, "Play online") in every build: the heroes' pads,
// the phase to start in, the sprite sheet shared by the apps of one
// process.

// Pad is a hero's controls in one tick: the run and drop axes (-1 to 1)
// and the jump button, pressed this tick (Jump) and held (Held). Online
// it is a player's input, net.PlayerInputs[Pad]; offline the hero reads
// input.State, which gives the same values (padOf).
type Pad struct {
	X, Y       float64
	Jump, Held bool
}

// padOf is the Pad that the input state st gives.
func padOf(st *input.State) Pad {
	return Pad{X: max(-1, min(1, st.AxisX)), Y: max(-1, min(1, st.AxisY)), Jump: st.Pressed(Jump), Held: st.Down(Jump)}
}

// Pads are the heroes' controls of the tick in a game played online, a
// resource that net.go fills from the session's inputs before the heroes
// move: the hero of seat s (Player.Seat, the net.Player playing it)
// reads Of[s]. A game on one machine has none: its hero reads
// input.State.
type Pads struct{ Of [4]Pad }

// heroPad returns the pad of the hero of seat: from pads online (not
// nil), from the input state st otherwise.
func heroPad(pads *Pads, seat int, st *input.State) Pad {
	if pads != nil {
		return pads.Of[seat]
	}
	return padOf(st)
}

// Tints are the heroes' tints by seat (a tint multiplies the sprite's
// colours): player 0's hero as drawn, player 1's bluer and darker; 2's
// and 3's are for a game of more players.
var Tints = [4]color.RGBA{{}, {140, 190, 255, 255}, {255, 150, 150, 255}, {160, 255, 160, 255}}

// firstPhase is the phase the game starts in: Title, or Playing online,
// where there are no menus (they read this machine's keys, which would
// set the two games apart).
func firstPhase(cfg Config) Phase {
	if cfg.Rollback {
		return Playing
	}
	return Title
}

// loadSheet loads the sprite sheet once per process: every app of the
// process (two players online in one test) then draws the same atlas
// places, which render.Sprite's digest covers (render.Image's page and
// rectangle), as two processes loading it first do.
var loadSheet = sync.OnceValues(func() (*render.Aseprite, error) { return render.LoadBakedAseprite(level.FS, level.BakedSheet, nil) })
