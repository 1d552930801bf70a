package netflags

import (
	"flag"
	"fmt"
)

// Rollback are the flags of a two-player game with rollback netcode
// (modules/net's Rollback), beside [Flags]: -players and -rollback, with
// the words and defaults of breakout's, so that every glue game is
// played online alike:
//
//	go run ./games/mygame -serve 127.0.0.1:8090 -players 2 -rollback # the host, player 0
//	go run ./games/mygame -join ws://127.0.0.1:8090 -rollback         # the other, player 1
type Rollback struct {
	// Players is -players: 1, or 2 for a two-player game over the network
	// (the default is 1).
	Players int
	// On is -rollback: the two players each run the whole game.
	On bool
}

// AddRollback defines -players and -rollback on fs; each player plays
// one part (e.g. "a paddle", "a hero"), which -players' usage names.
func AddRollback(fs *flag.FlagSet, part string) *Rollback {
	r := &Rollback{}
	fs.IntVar(&r.Players, "players", 1, "with -serve: 2 for a two-player game over the network, each player "+part+"; the second joins with -join")
	fs.BoolVar(&r.On, "rollback", false, "with -serve -players 2 or -join: play the two-player game with rollback netcode (both players run the game; docs/net.md)")
	return r
}

// Check returns the problems of -players and -rollback against the
// network flags f (after f.Check), each a line for the player: -players
// other than 1 or 2, two players without a network, and -rollback
// without -serve -players 2 or -join.
func (r *Rollback) Check(f *Flags) []string {
	var problems []string
	if r.Players < 1 || r.Players > 2 {
		problems = append(problems, fmt.Sprintf("-players must be 1 or 2, got %d", r.Players))
	} else if r.Players > 1 && !f.Networked() {
		problems = append(problems, "-players 2 is a game over the network: add -serve host:port, and the second player joins with -join ws://host:port")
	}
	if r.On && !(f.Serve != "" && r.Players == 2 || f.Join) {
		problems = append(problems, "-rollback is for a two-player game: the host adds it to -serve host:port -players 2, the other player to -join ws://host:port")
	}
	return problems
}
