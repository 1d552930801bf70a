package main

import (
	"flag"
	"image/color"
	"sync"

	"github.com/gluekit/glue/games/platformer/level"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/render"
)

// What the game needs to be played online (-rollback; net.go wires it,
// docs/platformer.md, "Play online"), in every build: the heroes' pads
// and the flags. netflags imports no network code, so the browser build
// parses the same flags and says that it cannot play online.

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

// Tints are the heroes' tints by seat: player 0's hero as drawn, player
// 1's blue, 2's red, 3's green.
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

// onlineFlags are the flags of a game played online, breakout's words
// and defaults (netflags, -players, -rollback): the host plays with
// -serve host:port -players 2 -rollback, the other player with -join
// ws://host:port -rollback.
type onlineFlags struct {
	net      *netflags.Flags
	players  *int
	rollback *bool
	fs       *flag.FlagSet
}

// addOnlineFlags defines the online flags on fs.
func addOnlineFlags(fs *flag.FlagSet) *onlineFlags {
	return &onlineFlags{
		net:      netflags.Add(fs), // -serve, -watch, -join, -origin, -allowed-hosts, -drain, -agones…
		players:  fs.Int("players", 1, "with -serve: 2 for a two-player game over the network, each player a hero; the second joins with -join"),
		rollback: fs.Bool("rollback", false, "with -serve -players 2 or -join: play the two-player game with rollback netcode (both players run the game; docs/platformer.md)"),
		fs:       fs,
	}
}

// check adds the online flags' problems to p.
func (o *onlineFlags) check(p *render.Problems, headless bool) {
	nf := o.net
	p.Add(nf.Check(netflags.Rules{Headless: headless})...)
	if *o.players < 1 || *o.players > 2 {
		p.Addf("-players must be 1 or 2, got %d", *o.players)
	} else if *o.players > 1 && !nf.Networked() {
		p.Add("-players 2 is a game over the network: add -serve host:port, and the second player joins with -join ws://host:port")
	}
	switch {
	case *o.rollback && !(nf.Serve != "" && *o.players == 2 || nf.Join):
		p.Add("-rollback is for a two-player game: the host adds it to -serve host:port -players 2, the other player to -join ws://host:port")
	case nf.Networked() && !*o.rollback:
		p.Add("the platformer plays online with rollback netcode only: the host adds -rollback to -serve host:port -players 2, the other player to -join ws://host:port")
	}
	if *o.rollback {
		o.fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "record", "replay", "dev":
				p.Addf("-%s is for a game on one machine: leave it out with -rollback", f.Name)
			}
		})
	}
}

// apply sets cfg's online fields.
func (o *onlineFlags) apply(cfg *Config) {
	cfg.Net, cfg.Rollback = *o.net, *o.rollback
}

// loadSheet loads the sprite sheet once per process: every app of the
// process (two players online in one test) then draws the same atlas
// places, which render.Sprite's digest covers (render.Image's page and
// rectangle), as two processes loading it first do.
var loadSheet = sync.OnceValues(func() (*render.Aseprite, error) { return render.LoadAseprite(level.FS, level.Sheet) })
