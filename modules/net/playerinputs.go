package net

import (
	"fmt"
	"iter"
)

// Typed inputs of a rollback session (issue #34, item 10): the game reads
// each player's input as its own type, with whether it is known or
// predicted, as bevy_ggrs's PlayerInputs; one number, a Player, names a
// player everywhere.

// Player is one player of a rollback session: 0 to [MaxPlayers]-1, the
// same number everywhere — [RollbackConfig.Player] (this side's),
// [RollbackConfig.Players] (how many), [PlayerInputs.For], the relay
// server's seats, [SessionEvent.Player], [Desync.Player],
// [RollbackStats.Player] and the session's log lines ("player"). Player
// 0 starts the game (its seed, the input delay).
type Player int

// MaxPlayers is the most players one rollback session has: the relay
// server's seats ([MaxRelaySeats]).
const MaxPlayers = MaxRelaySeats

// String returns "player N", with the player's number.
func (p Player) String() string { return fmt.Sprintf("player %d", int(p)) }

// InputStatus says how a session knows a player's input of a tick.
type InputStatus uint8

const (
	// Absent: no such player (a number past [PlayerInputs.Len]). The input
	// is the zero value.
	Absent InputStatus = iota
	// Confirmed: the player's own input of the tick — this side's, or one
	// that came from the other player.
	Confirmed
	// Predicted: the other player's input of the tick has not come; the
	// session repeats its last one that came. If the real one differs, the
	// session rolls back and runs the tick again with it.
	Predicted
	// Gone: the player left the game ([PeerLeft]) before the tick;
	// its input is the zero value from then on, on every side alike, so
	// the game may decide what a missing player does (an AI, nothing).
	Gone
)

// String names the status.
func (s InputStatus) String() string {
	switch s {
	case Absent:
		return "Absent"
	case Confirmed:
		return "Confirmed"
	case Predicted:
		return "Predicted"
	case Gone:
		return "Gone"
	}
	return fmt.Sprintf("InputStatus(%d)", uint8(s))
}

// PlayerInputs is the resource in which a [Rollback] (or a [SyncTest])
// session hands the game every player's input of the tick being run, as
// the game's own type I, each with its [InputStatus]. The session
// inserts it and fills it in [RollbackStage] every tick, first runs and
// re-runs alike; game systems read it with glue.Res[net.PlayerInputs[I]]:
//
//	in := p.Inputs.Get()
//	for player, pad := range in.All() { … }
//	pad, status := in.For(1)
//
// The values are the same on every side once a tick's inputs are all
// confirmed, and a tick is run again when a predicted one was wrong, so
// the game may take its rules from them. The statuses are this side's
// view (one side's Predicted is the other's Confirmed): show them, do not
// let the game's state depend on them — but for Gone, which
// every side sees from the same tick on. It is neither saved nor
// restored nor hashed by the session's checkpoints (the session keeps it,
// as [RollbackConfig.Keep]); a glue.Checkpoint of the game's own takes
// it unless told to Keep it. Filling and reading it allocates nothing.
type PlayerInputs[I comparable] struct {
	// Tick is the tick the inputs are for.
	Tick uint64

	n      int
	in     [MaxPlayers]I
	status [MaxPlayers]InputStatus
}

// Len returns the number of players: [RollbackConfig.Players].
func (p *PlayerInputs[I]) Len() int { return p.n }

// For returns player pl's input of the tick and how the session knows
// it; the zero input and Absent for a number that names no player.
func (p *PlayerInputs[I]) For(pl Player) (I, InputStatus) {
	if pl < 0 || int(pl) >= p.n {
		var zero I
		return zero, Absent
	}
	return p.in[pl], p.status[pl]
}

// All iterates over the players' inputs, in player order.
func (p *PlayerInputs[I]) All() iter.Seq2[Player, I] {
	return func(yield func(Player, I) bool) {
		for i := range p.n {
			if !yield(Player(i), p.in[i]) {
				return
			}
		}
	}
}

// Set sets player pl's input of the tick and its status, making the
// players at least pl+1: for code that hands a game inputs without a
// session — a test, a replay. It panics if pl is not 0 to MaxPlayers-1.
func (p *PlayerInputs[I]) Set(pl Player, v I, status InputStatus) {
	if pl < 0 || int(pl) >= MaxPlayers {
		panic(fmt.Sprintf("net: PlayerInputs.Set: player %d; players are 0 to %d (net.MaxPlayers)", int(pl), MaxPlayers-1))
	}
	p.in[pl], p.status[pl] = v, status
	p.n = max(p.n, int(pl)+1)
}

// reset empties the inputs for tick t of n players.
func (p *PlayerInputs[I]) reset(t uint64, n int) {
	var zero I
	p.Tick, p.n = t, n
	for i := range p.in {
		p.in[i], p.status[i] = zero, Absent
	}
}
