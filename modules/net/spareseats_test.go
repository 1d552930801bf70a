//go:build !js

package net

import (
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// TestSpareSeatsAreRefused: a seat past the game's players — seat 2 or 3
// of a duel, which no player claims and so no key keeps — is refused and
// its claimant dropped with the reason, on a relay server told the
// number of seats (ServerConfig.RelaySeats) and on one run by the host's
// app, which takes it from RollbackConfig.Players. (examples/duel, issue
// 34: a third client took seat 2 of a keyed duel and relayed to both
// players at the full message rate until its idle timeout, 15 s, dropped
// it without a reason.)
func TestSpareSeatsAreRefused(t *testing.T) {
	server, srv := startServer(t, ServerConfig{Registry: rbRegistry(), RelaySeats: 2}, nil)
	tickEvery(t, server)
	for _, seat := range []int{2, 3} {
		h := dialHostile(t, srv.URL())
		h.send(appendSeat(nil, seat, ""))
		h.send(appendRelay(nil, []byte{rbHello, byte(seat)}))
		h.closedWith(t, "a claim of a spare seat (ServerConfig.RelaySeats 2)", closeSeatRefused, "RelaySeats")
	}

	// A host's app: ServerPlugin and Rollback of 2 players.
	host := glue.NewApp()
	rbGame(host)
	host.AddPlugins(ServerPlugin{Config: ServerConfig{Registry: rbRegistry(), Addr: "127.0.0.1:0", Logger: quiet()}})
	host.AddPlugins(Rollback[rbPad]{Config: RollbackConfig{URL: "ws://127.0.0.1:1/net", Registry: rbRegistry(), Logger: quiet()}})
	host.InsertResource(rbPad{})
	t.Cleanup(host.Close)
	host.Update()
	h := dialHostile(t, glue.Resource[Server](host).URL())
	h.send(appendSeat(nil, 2, ""))
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.closedWith(t, "a claim of seat 2 at a duel's host", closeSeatRefused, "RelaySeats")
	}()
	waitFor(t, "the claimant of seat 2 dropped", 30*time.Second, func() { host.Update() }, func() bool {
		select {
		case <-done:
			return true
		default:
			return false
		}
	})
}
