package main

import (
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/gluekit/glue"
)

// The game's stages (thesis §4.1). A round is BeforeRound, glue.Update
// (where every player flips), AfterRound and GameOverCheck: NewApp adds
// BeforeRound right before glue.Update and the other two right after it.
const (
	BeforeRound   glue.Stage = "BeforeRound"
	AfterRound    glue.Stage = "AfterRound"
	GameOverCheck glue.Stage = "GameOverCheck"
)

// Player is a player's name and seat; seats number players in the order
// they joined.
type Player struct {
	Name string
	Seat int
}

// Score is a player's points.
type Score struct {
	Value int
}

// GameRules is the resource that holds the game's limits.
type GameRules struct {
	WinningScore int
	MaxRounds    int
	MaxPlayers   int
}

// GameState is the resource that tracks the round, the number of players
// and the winners.
type GameState struct {
	CurrentRound int
	TotalPlayers int
	Winners      []Player
}

// Coin is the resource all randomness comes from: one seeded generator, so
// that a seed replays a game exactly.
type Coin struct {
	rng *rand.Rand
}

// NewCoin returns a coin seeded with seed.
func NewCoin(seed uint64) Coin {
	return Coin{rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
}

// Flip returns true with probability 1/2.
func (c Coin) Flip() bool { return c.rng.IntN(2) == 1 }

// Console is the resource the game prints to.
type Console struct {
	W io.Writer
}

// Println prints a line.
func (c Console) Println(format string, args ...any) {
	fmt.Fprintf(c.W, format+"\n", args...)
}
