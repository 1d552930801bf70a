package net

// The defaults of Room, in ticks of a 60-a-second fixed clock.
const (
	// DefaultVoteTicks is how long a network player's restart press
	// counts as a vote: 5 s.
	DefaultVoteTicks = 5 * 60
	// DefaultPauseLimitTicks is the longest pause: 10 s.
	DefaultPauseLimitTicks = 10 * 60
	// DefaultPauseCooldownTicks is how long after pausing a network
	// player must wait before pausing again: 30 s.
	DefaultPauseCooldownTicks = 30 * 60
	// DefaultIdleTicks is how long a seat may keep the others waiting
	// for its move (a serve, a turn): 5 s.
	DefaultIdleTicks = 5 * 60
)

// Room applies the rules of a room of several seats (Seats) to the
// actions that touch everyone's game, so that no one network player can
// wipe or stall it (docs/net.md, "Who decides"):
//
//   - restart: the host's own press restarts at once; a network player's
//     press is a vote that lasts VoteTicks, and the game restarts when
//     every seated network player has voted and the host plays no seat
//     itself; once the game is over, any player's press restarts;
//   - pause: any seated player pauses, a network player once per
//     PauseCooldownTicks; any player resumes; a pause ends by itself after
//     PauseLimitTicks;
//   - idle: a seat whose move everyone waits for (its serve, its turn)
//     may keep them waiting IdleTicks; then the game moves for it.
//
// The server calls Restart, Pause and Idle once a tick, with that tick's
// presses by seat. Zero durations are the defaults. Watchers (no seat)
// decide nothing.
type Room struct {
	VoteTicks          int
	PauseLimitTicks    int
	PauseCooldownTicks int
	IdleTicks          int

	votes    []int // ticks left of each seat's restart vote
	cooldown []int // ticks until each seat may pause again
	paused   int   // ticks the game has been paused
	waited   int   // ticks the game has waited for a seat's move
}

// grow sizes the per-seat counters for n seats.
func (r *Room) grow(n int) {
	for len(r.votes) < n {
		r.votes, r.cooldown = append(r.votes, 0), append(r.cooldown, 0)
	}
}

// or returns v, or def when v is 0.
func or(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// Restart reports whether the game restarts this tick. clients are the
// seats' clients (0: the host's seat), pressed(i) whether seat i's client
// pressed restart this tick, host whether the host did, hostPlays whether
// the host plays a seat in person, over whether the game is won or lost.
func (r *Room) Restart(clients []ClientID, pressed func(seat int) bool, host, hostPlays, over bool) bool {
	r.grow(len(clients))
	restart := host
	voters, votes := 0, 0
	for i, c := range clients {
		r.votes[i] = max(0, r.votes[i]-1)
		if c == 0 {
			r.votes[i] = 0
			continue
		}
		if pressed(i) {
			r.votes[i] = or(r.VoteTicks, DefaultVoteTicks)
			restart = restart || over
		}
		voters++
		if r.votes[i] > 0 {
			votes++
		}
	}
	if voters > 0 && votes == voters && !hostPlays {
		restart = true
	}
	if restart {
		clear(r.votes)
	}
	return restart
}

// Pause reports whether the game pauses or resumes this tick. clients and
// pressed(i) are as for Restart (a press of pause), host whether the host
// pressed pause, paused whether the game is paused, and pausable whether
// it may be paused now (it is being played).
func (r *Room) Pause(clients []ClientID, pressed func(seat int) bool, host, paused, pausable bool) bool {
	r.grow(len(clients))
	pause := host
	for i, c := range clients {
		r.cooldown[i] = max(0, r.cooldown[i]-1)
		if c == 0 || !pressed(i) {
			continue
		}
		switch {
		case paused:
			pause = true
		case r.cooldown[i] == 0 && pausable:
			pause = true
			r.cooldown[i] = or(r.PauseCooldownTicks, DefaultPauseCooldownTicks)
		}
	}
	if paused {
		r.paused++
		pause = pause || r.paused >= or(r.PauseLimitTicks, DefaultPauseLimitTicks)
	} else {
		r.paused = 0
	}
	return pause
}

// Idle reports whether the game, which waits for a seat's move this tick
// (waiting: its serve, its turn), has waited IdleTicks ticks in a row:
// then the game makes the move for it (launches the ball, passes), so
// that no player holds the room up. A tick that does not wait starts the
// count again.
func (r *Room) Idle(waiting bool) bool {
	if !waiting {
		r.waited = 0
		return false
	}
	r.waited++
	return r.waited >= or(r.IdleTicks, DefaultIdleTicks)
}
