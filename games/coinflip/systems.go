package main

import (
	"slices"
	"strconv"

	"github.com/gluekit/glue"
)

// SpawnPlayers is a startup system that seats Alice and Bob.
func SpawnPlayers(p struct {
	Cmd   glue.Commands
	State glue.ResMut[GameState]
}) {
	for _, name := range []string{"Alice", "Bob"} {
		p.State.Get().TotalPlayers++
		p.Cmd.Spawn(Player{Name: name, Seat: p.State.Get().TotalPlayers}, Score{})
	}
}

// StartRound (BeforeRound) starts the next round.
func StartRound(p struct {
	State glue.ResMut[GameState]
	Rules glue.Res[GameRules]
	Out   glue.ResMut[Console]
}) {
	s := p.State.Get()
	s.CurrentRound++
	p.Out.Get().Println("Begin round %d of %d", s.CurrentRound, p.Rules.Get().MaxRounds)
}

// UpdateScore (glue.Update, each player) flips the player's coin: heads
// scores a point.
func UpdateScore(_ glue.Entity, pl *Player, s *Score, p struct {
	Coin glue.ResMut[Coin]
	Out  glue.ResMut[Console]
}) {
	if p.Coin.Get().Flip() {
		s.Value++
		p.Out.Get().Println("%s scored a point! Their score is: %d", pl.Name, s.Value)
		return
	}
	p.Out.Get().Println("%s did not score a point! Their score is: %d", pl.Name, s.Value)
}

// CheckWinner (AfterRound, each player) records a player who reached the
// winning score. Every player who reaches it in the same round wins: ties
// are shared, in seat order.
func CheckWinner(_ glue.Entity, pl Player, s Score, p struct {
	Rules glue.Res[GameRules]
	State glue.ResMut[GameState]
}) {
	if s.Value == p.Rules.Get().WinningScore {
		st := p.State.Get()
		st.Winners = append(st.Winners, pl)
		slices.SortFunc(st.Winners, func(a, b Player) int { return a.Seat - b.Seat })
	}
}

// AddPlayer (AfterRound) lets a new player join with probability 1/2 while
// seats are free. The player plays from the next round on.
func AddPlayer(p struct {
	Cmd   glue.Commands
	Rules glue.Res[GameRules]
	State glue.ResMut[GameState]
	Coin  glue.ResMut[Coin]
	Out   glue.ResMut[Console]
}) {
	if !p.Coin.Get().Flip() {
		return
	}
	s := p.State.Get()
	if s.TotalPlayers >= p.Rules.Get().MaxPlayers {
		return
	}
	s.TotalPlayers++
	pl := Player{Name: "Player " + strconv.Itoa(s.TotalPlayers), Seat: s.TotalPlayers}
	p.Cmd.Spawn(pl, Score{})
	p.Out.Get().Println("%s joined the game!", pl.Name)
}

// GameOver (GameOverCheck) announces the winners, or that the rounds ran
// out, and ends the game.
func GameOver(p struct {
	Cmd   glue.Commands
	Rules glue.Res[GameRules]
	State glue.Res[GameState]
	Out   glue.ResMut[Console]
}) {
	s := p.State.Get()
	switch {
	case len(s.Winners) > 0:
		for _, w := range s.Winners {
			p.Out.Get().Println("%s won the game!", w.Name)
		}
		p.Cmd.End()
	case s.CurrentRound == p.Rules.Get().MaxRounds:
		p.Out.Get().Println("Ran out of rounds. Nobody wins!")
		p.Cmd.End()
	}
}
