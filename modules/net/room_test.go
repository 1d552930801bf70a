package net_test

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue/modules/net"
)

// TestRoom: one network player cannot restart a game in play alone, every
// one of them can, a vote expires; a network player pauses once per
// cooldown, anyone resumes, and a pause ends by itself.
func TestRoom(t *testing.T) {
	both := []net.ClientID{7, 9}
	seat := func(s int) func(int) bool { return func(i int) bool { return i == s } }
	var r net.Room
	for range 3 * net.DefaultVoteTicks {
		if r.Restart(both, seat(1), false, false, false) {
			t.Fatal("one player's restart votes restarted the game")
		}
	}
	if !r.Restart(both, seat(0), false, false, false) {
		t.Error("both players voted: no restart")
	}
	r = net.Room{VoteTicks: 2}
	r.Restart(both, seat(0), false, false, false)
	r.Restart(both, seat(-1), false, false, false)
	r.Restart(both, seat(-1), false, false, false)
	if r.Restart(both, seat(1), false, false, false) {
		t.Error("a vote older than VoteTicks counted")
	}
	if r := (net.Room{}); r.Restart([]net.ClientID{0, 9}, seat(1), false, true, false) || !r.Restart([]net.ClientID{0, 9}, seat(1), false, true, true) {
		t.Error("while the host plays only it restarts; once over, anyone does")
	}

	r = net.Room{PauseCooldownTicks: 10, PauseLimitTicks: 5}
	if !r.Pause(both, seat(1), false, false, true) {
		t.Fatal("a player's pause was refused")
	}
	if !r.Pause(both, seat(0), false, true, true) {
		t.Error("the other player could not resume")
	}
	if r.Pause(both, seat(1), false, false, true) {
		t.Error("a player paused again within its cooldown")
	}
	ended := -1
	for i := range 10 {
		if r.Pause(both, seat(-1), false, true, false) {
			ended = i
			break
		}
	}
	if ended != 4 {
		t.Errorf("a pause ended by itself after %d ticks, want 5", ended+1)
	}

	r = net.Room{IdleTicks: 3}
	if got := []bool{r.Idle(true), r.Idle(true), r.Idle(false), r.Idle(true), r.Idle(true), r.Idle(true), r.Idle(true)}; fmt.Sprint(got) != "[false false false false false true true]" {
		t.Errorf("idle after 3 waiting ticks in a row: %v", got)
	}
}

func ExampleRoom() {
	var room net.Room // the default durations
	seats := []net.ClientID{7, 9}
	fmt.Println(room.Restart(seats, func(i int) bool { return i == 0 }, false, false, false)) // one vote
	fmt.Println(room.Restart(seats, func(i int) bool { return i == 1 }, false, false, false)) // the other's, within 5 s
	// Output:
	// false
	// true
}
