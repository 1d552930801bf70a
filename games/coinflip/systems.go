package main

import (
	"slices"
	"strconv"

	"github.com/gluekit/glue"
)

// SpawnPlayers is a startup system that seats Alice and Bob.
func SpawnPlayers(cmd glue.Commands, state glue.ResMut[GameState]) {
	for _, name := range []string{"Alice", "Bob"} {
		state.Get().TotalPlayers++
		cmd.Spawn(Player{Name: name, Seat: state.Get().TotalPlayers}, Score{})
	}
}

// StartRound (BeforeRound) starts the next round.
func StartRound(state glue.ResMut[GameState], rules glue.Res[GameRules], out glue.ResMut[Console]) {
	s := state.Get()
	s.CurrentRound++
	out.Get().Println("Begin round %d of %d", s.CurrentRound, rules.Get().MaxRounds)
}

// UpdateScore (glue.Update, each player) flips the player's coin: heads
// scores a point. An entity system takes one param after its components;
// two or more come in a struct of params, the form every system may use.
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
func AddPlayer(cmd glue.Commands, rules glue.Res[GameRules], state glue.ResMut[GameState], coin glue.ResMut[Coin], out glue.ResMut[Console]) {
	if !coin.Get().Flip() {
		return
	}
	s := state.Get()
	if s.TotalPlayers >= rules.Get().MaxPlayers {
		return
	}
	s.TotalPlayers++
	pl := Player{Name: "Player " + strconv.Itoa(s.TotalPlayers), Seat: s.TotalPlayers}
	cmd.Spawn(pl, Score{})
	out.Get().Println("%s joined the game!", pl.Name)
}

// GameOver (GameOverCheck) announces the winners, or that the rounds ran
// out, and ends the game.
func GameOver(cmd glue.Commands, rules glue.Res[GameRules], state glue.Res[GameState], out glue.ResMut[Console]) {
	s := state.Get()
	switch {
	case len(s.Winners) > 0:
		for _, w := range s.Winners {
			out.Get().Println("%s won the game!", w.Name)
		}
		cmd.End()
	case s.CurrentRound == rules.Get().MaxRounds:
		out.Get().Println("Ran out of rounds. Nobody wins!")
		cmd.End()
	}
}
