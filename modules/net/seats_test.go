package net_test

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue/modules/net"
)

// TestSeats: clients take the highest free seat first, keep it, are
// refused when every seat is taken or the seats are closed, and free it
// when they leave.
func TestSeats(t *testing.T) {
	s := net.NewSeats(2)
	if got := []int{s.Claim(7), s.Claim(8), s.Claim(7), s.Claim(9)}; fmt.Sprint(got) != "[1 0 1 -1]" {
		t.Errorf("claims of 7, 8, 7, 9: %v; want [1 0 1 -1]", got)
	}
	if s.Taken() != 2 || s.Of(8) != 0 || s.Of(9) != -1 {
		t.Errorf("seats %v: taken %d, 8 in %d, 9 in %d", s.Clients, s.Taken(), s.Of(8), s.Of(9))
	}
	s.Leave(7, 5)
	if s.Clients[1] != 0 || s.Taken() != 1 {
		t.Errorf("after 7 left: %v", s.Clients)
	}
	if i := s.Claim(9); i != 1 {
		t.Errorf("9 claims the freed seat: %d, want 1", i)
	}
	closed := net.NewSeats(1)
	closed.Closed = true
	if i := closed.Claim(3); i != -1 || closed.Taken() != 0 {
		t.Errorf("a closed seat was taken: %d, %v", i, closed.Clients)
	}
	var none *net.Server
	s.Report(none) // no server: nothing to tell
}

func ExampleSeats() {
	seats := net.NewSeats(2) // two paddles; seat 0 is the host's until a client claims it
	fmt.Println(seats.Claim(11), seats.Claim(12), seats.Claim(13))
	seats.Leave(11)
	fmt.Println(seats.Clients, seats.Taken())
	// Output:
	// 1 0 -1
	// [12 0] 1
}

// TestSeatsTake: Take frees the seats of the clients that left, seats a
// client at its first input, and leaves out the inputs of clients
// without a seat.
func TestSeatsTake(t *testing.T) {
	s := net.NewSeats(2)
	var in net.Inputs
	in.Put(net.Input{Client: 7, Value: "a"}, net.Input{Client: 8, Value: "b"}, net.Input{Client: 9, Value: "c"}, net.Input{Client: 7, Value: "d"})
	var got []string
	for seat, x := range s.Take(&in) {
		got = append(got, fmt.Sprintf("%d %v", seat, x.Value))
	}
	if fmt.Sprint(got) != "[1 a 0 b 1 d]" {
		t.Errorf("seats and inputs %v; want [1 a 0 b 1 d] (9 finds every seat taken)", got)
	}
	in.Put(net.Input{Client: 9, Value: "e"})
	in.Left = []net.ClientID{7}
	got = got[:0]
	for seat, x := range s.Take(&in) {
		got = append(got, fmt.Sprintf("%d %v", seat, x.Value))
	}
	if fmt.Sprint(got) != "[1 e]" || s.Of(7) != -1 {
		t.Errorf("after 7 left: %v, seats %v; want 9 in 7's seat", got, s.Clients)
	}
	if n := testing.AllocsPerRun(100, func() {
		for range s.Take(&in) {
		}
	}); n != 0 {
		t.Errorf("Take allocates %v times a tick", n)
	}
}
