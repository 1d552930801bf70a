// Package match is where a networked match's session and modules/replay
// meet, so that a game says neither which inputs to record nor how to
// feed them back: a [replay.Plugin] that records or replays inserts a
// [Tap] resource, and a rollback session (modules/net's Rollback, and a
// watcher's RollbackWatch) that finds it hands it every player's
// confirmed input of each tick, with the state after the tick — or,
// replaying, takes the inputs from it and runs the match offline.
//
// Games do not use this package; modules/replay and modules/net do. It
// imports only glue, so that modules/net does not depend on
// modules/replay (nor modules/replay on modules/net).
//
// [replay.Plugin]: https://pkg.go.dev/github.com/gluekit/glue/modules/replay#Plugin
package match

import "github.com/gluekit/glue"

// MaxPlayers is the most players a match has (modules/net's MaxPlayers).
const MaxPlayers = 4

// Match says what a networked match is.
type Match struct {
	// Seed is the match's seed: player 0's, which every side's game
	// runs with.
	Seed uint64
	// Players is the number of players, 1 to MaxPlayers.
	Players int
	// Player is the side that recorded: a player, 0 to Players-1, or -1
	// for a watcher.
	Player int
	// Input names the input type (its codec name), e.g. "main.RollbackPad".
	Input string
}

// Input is one player's input of a tick.
type Input struct {
	// Data is the input's codec encoding (codec.Of's encoder). When a
	// session hands it to a [Recorder] it is valid only during the call.
	Data []byte
	// Gone says that the player had left the match before the tick: its
	// input is the zero value, on every side alike.
	Gone bool
}

// Recorder records a match: a recording [replay.Plugin]'s.
//
// [replay.Plugin]: https://pkg.go.dev/github.com/gluekit/glue/modules/replay#Plugin
type Recorder interface {
	// Start is called once, when the match starts, before the first Tick.
	Start(m Match)
	// Tick is called for each tick t of the match in order, 1 first, once
	// every player's input of it is confirmed and the tick was run with
	// them (re-run after a rollback if need be), with every player's
	// input, in player order, and the state right after the tick. It is
	// called between ticks; an error fails the app.
	Tick(t uint64, inputs []Input, state *glue.Checkpoint) error
}

// Source is a recorded match to replay: a replaying [replay.Plugin]'s.
//
// [replay.Plugin]: https://pkg.go.dev/github.com/gluekit/glue/modules/replay#Plugin
type Source interface {
	// Match is the recorded match.
	Match() Match
	// Ticks is the number of ticks recorded: the session runs no tick
	// past it.
	Ticks() uint64
	// Input returns player p's recorded input of tick t.
	Input(t uint64, p int) Input
	// Tick is called after each tick t is run, in order, with the state
	// after it; it checks it against the recording. An error fails the
	// app; done says the replay is over (the last tick was checked).
	Tick(t uint64, state *glue.Checkpoint) (done bool, err error)
}

// Tap is the resource through which a session and modules/replay meet.
// replay.Plugin inserts it with Record or Replay set; a session takes it
// ([Tap.Claim]) before the first tick. It is the machine's own
// ([glue.MachineLocal]): never restored, compared or hashed.
type Tap struct {
	// Record, if set, records the match.
	Record Recorder
	// Replay, if set, is the match to play offline.
	Replay Source

	claimed string
}

// MachineLocal marks the Tap as this machine's.
func (Tap) MachineLocal() {}

// Claim notes that the session by (e.g. "net.Rollback") feeds the tap:
// the replay plugin leaves the ticks to it.
func (t *Tap) Claim(by string) { t.claimed = by }

// Claimed returns who claimed the tap, "" if no session did.
func (t *Tap) Claimed() string { return t.claimed }
