package main

import (
	"slices"
	"strconv"

	"github.com/gluekit/glue"
)

// SpawnPlayers is a startup system that seats Alice and Bob.
func SpawnPlayers(cmds glue.Commands, state glue.ResMut[GameState]) {
	for _, name := range []string{"Alice", "Bob"} {
		state.Get().TotalPlayers++
		cmds.Spawn(Player{Name: name, Seat: state.Get().TotalPlayers}, Score{})
	}
}

// StartRound (BeforeRound) starts the next round.
func StartRound(state glue.ResMut[GameState], rules glue.Res[GameRules], out glue.ResMut[Console]) {
	s := state.Get()
	s.CurrentRound++
	out.Get().Println("Begin round %d of %d", s.CurrentRound, rules.Get().MaxRounds)
}

// UpdateScore (Update, each player) flips the player's coin: heads scores
// a point.
func UpdateScore(_ glue.Entity, p *Player, s *Score, coin glue.ResMut[Coin], out glue.ResMut[Console]) {
	if coin.Get().Flip() {
		s.Value++
		out.Get().Println("%s scored a point! Their score is: %d", p.Name, s.Value)
		return
	}
	out.Get().Println("%s did not score a point! Their score is: %d", p.Name, s.Value)
}

// CheckWinner (AfterRound, each player) records a player who reached the
// winning score. Every player who reaches it in the same round wins: ties
// are shared, in seat order.
func CheckWinner(_ glue.Entity, p *Player, s *Score, rules glue.Res[GameRules], state glue.ResMut[GameState]) {
	if s.Value == rules.Get().WinningScore {
		st := state.Get()
		st.Winners = append(st.Winners, *p)
		slices.SortFunc(st.Winners, func(a, b Player) int { return a.Seat - b.Seat })
	}
}

// AddPlayer (AfterRound) lets a new player join with probability 1/2 while
// seats are free. The player plays from the next round on.
func AddPlayer(cmds glue.Commands, rules glue.Res[GameRules], state glue.ResMut[GameState], coin glue.ResMut[Coin], out glue.ResMut[Console]) {
	if !coin.Get().Flip() {
		return
	}
	s := state.Get()
	if s.TotalPlayers >= rules.Get().MaxPlayers {
		return
	}
	s.TotalPlayers++
	p := Player{Name: "Player " + strconv.Itoa(s.TotalPlayers), Seat: s.TotalPlayers}
	cmds.Spawn(p, Score{})
	out.Get().Println("%s joined the game!", p.Name)
}

// GameOver (GameOverCheck) announces the winners, or that the rounds ran
// out, and ends the game.
func GameOver(cmds glue.Commands, rules glue.Res[GameRules], state glue.Res[GameState], out glue.ResMut[Console]) {
	s := state.Get()
	switch {
	case len(s.Winners) > 0:
		for _, w := range s.Winners {
			out.Get().Println("%s won the game!", w.Name)
		}
		cmds.End()
	case s.CurrentRound == rules.Get().MaxRounds:
		out.Get().Println("Ran out of rounds. Nobody wins!")
		cmds.End()
	}
}
