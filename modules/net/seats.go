package net

import "log/slog"

// Seats gives a served game's player seats — paddles, characters, teams'
// slots — to its network clients, a resource the game keeps on the
// server (NewSeats). A seat without a client is the host's: its own
// player's or its AI's. A client takes a seat when it asks for one
// (Claim: the game decides what asking is, e.g. any input of its own),
// the free seat with the highest number first, so that a host who plays
// keeps the first; a client that finds every seat taken watches and is
// logged once as refused. Leave frees the seats of the clients that left
// (Inputs.Left), and Report tells the server how many are taken, for its
// readiness endpoint and a matchmaker.
type Seats struct {
	// Clients holds the client in each seat, 0 for a free one.
	Clients []ClientID
	// Closed keeps every seat from network clients: they all watch (a
	// one-player game whose host plays).
	Closed bool

	refused map[ClientID]bool // clients told every seat is taken
}

// NewSeats returns n free seats.
func NewSeats(n int) Seats { return Seats{Clients: make([]ClientID, n)} }

// Of returns client c's seat, or -1 when it has none.
func (s *Seats) Of(c ClientID) int {
	for i, x := range s.Clients {
		if x == c {
			return i
		}
	}
	return -1
}

// Claim returns client c's seat, giving it the free seat with the highest
// number if it has none; -1 when every seat is taken or Seats is Closed
// (logged once per client).
func (s *Seats) Claim(c ClientID) int {
	if i := s.Of(c); i >= 0 {
		return i
	}
	for i := len(s.Clients) - 1; i >= 0 && !s.Closed; i-- {
		if s.Clients[i] == 0 {
			s.Clients[i] = c
			slog.Info("net: a client takes a seat", "client", c, "seat", i)
			return i
		}
	}
	if !s.refused[c] {
		if s.refused == nil {
			s.refused = map[ClientID]bool{}
		}
		s.refused[c] = true
		slog.Info("net: every seat is taken: a client asked to play; it watches", "client", c, "seats", len(s.Clients))
	}
	return -1
}

// Leave frees the seats of clients that left (Inputs.Left): a seat goes
// back to the host until another client claims it.
func (s *Seats) Leave(clients ...ClientID) {
	for _, c := range clients {
		if i := s.Of(c); i >= 0 && c != 0 {
			s.Clients[i] = 0
			slog.Info("net: a client left; its seat is the host's again", "client", c, "seat", i)
		}
		delete(s.refused, c)
	}
}

// Taken returns the number of seats that have a client.
func (s *Seats) Taken() int {
	n := 0
	for _, c := range s.Clients {
		if c != 0 {
			n++
		}
	}
	return n
}

// Report tells srv how many seats are taken, of how many
// (Server.SetSeats); a nil srv (no server) is ignored.
func (s *Seats) Report(srv *Server) {
	if srv != nil {
		srv.SetSeats(s.Taken(), len(s.Clients))
	}
}
