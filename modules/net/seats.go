package net

import (
	"fmt"
	"iter"
	"log/slog"
	"reflect"

	"github.com/gluekit/glue"
)

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

// Take frees the seats of the clients that left this tick (in.Left, as
// Leave does) and returns this tick's inputs (in.All) with the seat of
// their client, claiming one for a client that has none (Claim: any input
// asks for a seat); the inputs of a client without a seat are left out.
// A game takes its seated players' inputs with it:
//
//	for seat, x := range seats.Take(inputs.Get()) { … }
func (s *Seats) Take(in *Inputs) iter.Seq2[int, Input] {
	s.Leave(in.Left...)
	return func(yield func(int, Input) bool) {
		for _, x := range in.All() {
			if seat := s.Claim(x.Client); seat >= 0 && !yield(seat, x) {
				return
			}
		}
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

// Seat is a client's view of its seat in a served game with [Seats], a
// resource the [ClientPlugin] inserts (Seat -1) and [TrackSeat] keeps
// current from the received entities.
type Seat struct {
	Seat  int  // the client's seat, -1 while it has none
	Seats int  // the game's seats: the received entities that mark one
	Free  bool // the client has no seat and some seat has no client
	Full  bool // every seat has another client: this one watches
}

// ProvidedBy returns "net.ClientPlugin", the plugin that inserts the
// Seat.
func (Seat) ProvidedBy() string { return clientPluginName }

// Notice is the page's sentence for a client that finds every seat
// taken (render.PageNotice), or "" when it is not Full.
func (s Seat) Notice() string {
	if !s.Full {
		return ""
	}
	return fmt.Sprintf("Room full: all %d seats of this game have players, so you are watching it. "+
		"You will play as soon as a seat is free.", s.Seats)
}

// ISeat is the constraint of [TrackSeat]'s seat component, the one the
// server's game puts on what a seat plays (a paddle, a character) and
// sends: which client plays it ([IOwner]: 0 for the host) and which seat
// it is.
type ISeat interface {
	IOwner
	SeatIndex() int
}

// askSeatTicks is how often TrackSeat asks again for a seat while one is
// free: once a second at 60 ticks a second.
const askSeatTicks = 60

// seatAsk is when TrackSeat last asked for a seat.
type seatAsk struct {
	conn ClientID // the connection that asked
	wait int      // ticks until it may ask again
}

// TrackSeat returns the client's system that keeps its [Seat] current:
// the seat of the received entity with a component S whose owner is the
// client ([Client.ID]), how many there are, and whether every one has
// another client (Seat.Full, logged once each time it becomes so). It
// also asks the server for a seat: it sends ask ([SendInput]) once per
// connection, and again every second while the client has no seat and
// one is free; the server's game seats the client when its input arrives
// ([Seats.Claim]). S and A must be registered, and A be one of the
// server's inputs (ServerConfig.Inputs). Add it to an update stage
// before the systems that read the Seat; its name is "net.TrackSeat[…]"
// with its type arguments.
func TrackSeat[S ISeat, A any](ask A) *glue.System {
	return glue.Func(func(p struct {
		Client glue.Res[Client]
		Seat   glue.ResMut[Seat]
		Items  glue.Query1[S]
		Asked  glue.Local[seatAsk]
	}) {
		cl, s := p.Client.Get(), p.Seat.Get()
		me, was := cl.ID(), s.Full
		*s = Seat{Seat: -1}
		taken := 0
		p.Items.Each(func(_ glue.Entity, x S) {
			s.Seats++
			switch o := x.Owner(); {
			case me != 0 && o == me:
				s.Seat = x.SeatIndex()
			case o != 0:
				taken++
			}
		})
		s.Free = s.Seat < 0 && taken < s.Seats
		s.Full = me != 0 && s.Seat < 0 && s.Seats > 0 && taken == s.Seats
		if s.Full && !was {
			slog.Info("net: room full: every seat has a player; this client watches, and will play when a seat is free", "seats", s.Seats)
		}
		a := p.Asked.Get()
		a.wait--
		if me != 0 && (a.conn != me || s.Free && a.wait <= 0) && SendInput(cl, ask) == nil {
			*a = seatAsk{conn: me, wait: askSeatTicks}
		}
	}).TypeArgs(reflect.TypeFor[S](), reflect.TypeFor[A]())
}
