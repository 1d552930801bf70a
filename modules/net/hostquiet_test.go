//go:build !js

package net

import (
	stdnet "net"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// TestHostRelayStaysAliveWhileWaiting: a host runs the relay server in its
// own app and waits 4.5 s for a guest whose game stopped (its connection
// open, its app not updated): the host's app runs no tick, so its server
// publishes nothing, yet neither session's link to the relay is dropped
// for silence (a rollback session's client gives a quiet server 3 s).
// (examples/duel, issue 34: in TestDuelOutage both links to the host's
// relay, the host's own included, were dropped after 3 s of waiting —
// "no message from the server for 3s" — and reconnected; a host that then
// timed out said its own good link was down.)
func TestHostRelayStaysAliveWhileWaiting(t *testing.T) {
	l, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	url := "ws://" + addr + "/net"
	peer := func(p int, serve bool) (*glue.App, *session[rbPad]) {
		app := glue.NewApp()
		rbGame(app)
		if serve {
			app.AddPlugins(ServerPlugin{Config: ServerConfig{Registry: rbRegistry(), Addr: addr, Logger: quiet()}})
		}
		app.AddPlugins(Rollback[rbPad]{Config: RollbackConfig{URL: url, Player: Player(p), Registry: rbRegistry(), Seed: 1, Logger: quiet(), DisconnectAfter: time.Minute}})
		app.InsertResource(rbPad{})
		t.Cleanup(app.Close)
		return app, glue.Resource[Session](app).s.(*session[rbPad])
	}
	host, hs := peer(0, true)
	guest, gs := peer(1, false)
	waitFor(t, "the game to start", 60*time.Second, func() {
		host.Update()
		guest.Update()
		time.Sleep(5 * time.Millisecond)
	}, func() bool { return hs.started && gs.started && host.Tick() >= 30 })
	waitFor(t, "the host to wait", 60*time.Second, func() {
		host.Update()
		time.Sleep(5 * time.Millisecond)
	}, func() bool { return hs.interrupted })
	for end := time.Now().Add(4500 * time.Millisecond); time.Now().Before(end); {
		if err := host.Update(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := hs.link.session.Load(); n != 1 {
		t.Errorf("the host's link to its own relay connected %d times while it waited, want 1", n)
	}
	if n := gs.link.session.Load(); n != 1 {
		t.Errorf("the guest's link to the host's relay connected %d times while the host waited, want 1", n)
	}
}
