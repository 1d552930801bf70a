//go:build !js

package net

import (
	"strings"
	"testing"
)

// Handing a tick's inputs over in PlayerInputs and reading them — For
// and ranging over All — allocates nothing in steady state, with four
// players, some predicted.
func TestPlayerInputsAllocateNothing(t *testing.T) {
	s := &session[rbPad]{cfg: RollbackConfig{Players: 4, InputDelay: 0}, me: 1, peers: make([]rbPeer[rbPad], 4), resim: true}
	s.peers[2].lastIn = rbPad{Axis: 1}
	var in Inputs
	var typed PlayerInputs[rbPad]
	sum := 0
	s.running = 10
	allocs := testing.AllocsPerRun(200, func() {
		s.running++
		t := s.running
		s.peers[0].remote[t%rbRing] = tickIn[rbPad]{tick: t, v: rbPad{Axis: int8(t % 3)}}
		s.handOver(nil, &in, &typed)
		for p, v := range typed.All() {
			sum += int(p) * int(v.Axis)
		}
		v, _ := typed.For(3)
		sum += int(v.Axis)
	})
	if allocs != 0 {
		t.Errorf("handing over and reading the inputs of a tick allocates %v times, want 0", allocs)
	}
	want := []InputStatus{Confirmed, Confirmed, Predicted, Predicted}
	for p := range Player(4) {
		if _, st := typed.For(p); st != want[p] {
			t.Errorf("player %d's input is %v, want %v", p, st, want[p])
		}
	}
	if v, _ := typed.For(2); v.Axis != 1 {
		t.Errorf("player 2's prediction is %+v, want its last input repeated (Axis 1)", v)
	}
}

// For a number that names no player, For says Absent; Set grows the
// players and refuses a number no session has, naming the range.
func TestPlayerInputsFor(t *testing.T) {
	var in PlayerInputs[rbPad]
	if v, st := in.For(0); st != Absent || v != (rbPad{}) {
		t.Errorf("For(0) of no players = %v, %v; want the zero input, Absent", v, st)
	}
	in.Set(2, rbPad{Axis: -1}, Predicted)
	if in.Len() != 3 {
		t.Errorf("Len() = %d after Set(2, …), want 3", in.Len())
	}
	if v, st := in.For(2); st != Predicted || v.Axis != -1 {
		t.Errorf("For(2) = %v, %v; want {-1}, Predicted", v, st)
	}
	if _, st := in.For(-1); st != Absent {
		t.Errorf("For(-1) says %v, want Absent", st)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "players are 0 to 3") {
			t.Errorf("Set(4, …) panicked with %v; want the range of players", r)
		}
	}()
	in.Set(MaxPlayers, rbPad{}, Confirmed)
}
