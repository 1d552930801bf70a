//go:build !js

package net

// Seats' report to the server (seats.go).

// Report tells srv how many seats are taken, of how many
// (Server.SetSeats), and which clients have one: only their slots are
// held for a reconnection (ServerConfig.ReconnectGrace), and for Agones
// they are the players of [AgonesPlayersList], spectators left out. A nil srv (no
// server) is ignored.
func (s *Seats) Report(srv *Server) {
	if srv != nil {
		srv.SetSeats(s.Taken(), len(s.Clients))
		srv.s.setSeated(s.Clients)
		srv.s.agonesSeats(s.Clients)
	}
}
