//go:build !js

package net

import (
	"context"
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// dialFrom connects a raw client to url from the local address ip and
// reads its welcome.
func dialFrom(t *testing.T, url, ip string) (*websocket.Conn, error) {
	d := &stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP(ip)}}
	ws, err := rawDial(t, url, &websocket.DialOptions{
		Subprotocols: []string{subprotocol},
		HTTPClient:   &http.Client{Transport: &http.Transport{DialContext: d.DialContext}},
	})
	if err != nil {
		return nil, err
	}
	readWelcome(t, ws)
	return ws, nil
}

// readyzFrom returns the body of the server's ReadyPath, asked from ip.
func readyzFrom(t *testing.T, srv Server, ip string) string {
	t.Helper()
	d := stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP(ip)}}
	hc := http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 10 * time.Second}
	resp, err := hc.Get("http://" + srv.Addr() + ReadyPath)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// TestDroppedWatchersHoldNoSlot: with a reconnect grace of a minute, 64
// connect-then-drop cycles of watchers from one address hold no slot, and
// players (clients that sent an input) that drop hold at most
// MaxConnectionsPerAddr slots of their address: a client of another
// address still connects, and /readyz counts the held slots as taken.
// (Issue 34: every dropped connection kept its slot for the grace, and
// the per-address limits counted only live ones: 63 cycles from one
// address filled the room, and every new client got 503 while /readyz
// said "clients 0 of 64".)
func TestDroppedWatchersHoldNoSlot(t *testing.T) {
	t.Parallel()
	if c, err := stdnet.DialTCP("tcp", &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.0.2")}, &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.0.1"), Port: 9}); err != nil && strings.Contains(err.Error(), "assign requested address") {
		t.Skip("this machine does not route 127.0.0.2 to loopback")
	} else if c != nil {
		c.Close()
	}
	app, srv := startServer(t, ServerConfig{ReconnectGrace: time.Minute}, nil)
	tickEvery(t, app)
	url := srv.URL()
	for i := range 64 { // watchers: connect, drop
		ws, err := dialFrom(t, url, "127.0.0.1")
		if err != nil {
			t.Fatalf("watcher %d: %v", i, err)
		}
		ws.CloseNow()
		waitFor(t, "the watcher's connection to end", 10*time.Second, nil, func() bool { return srv.Stats().Clients == 0 })
	}
	if st := srv.Stats(); st.Away != 0 {
		t.Errorf("%d dropped watchers hold a slot, want 0", st.Away)
	}

	pc, pp := encodeValue(testRegistry(), steer{1})
	players := 0
	for i := range 3 * DefaultMaxConnectionsPerAddr { // players: connect, steer, drop
		ws, err := dialFrom(t, url, "127.0.0.1")
		if err != nil {
			continue // refused: the address's slots are held
		}
		inputs := srv.Stats().Inputs
		if err := ws.Write(context.Background(), websocket.MessageBinary, appendInput(nil, 1, pc, pp)); err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
		waitFor(t, "the player's input", 10*time.Second, nil, func() bool { return srv.Stats().Inputs > inputs })
		ws.CloseNow()
		players++
		waitFor(t, "the player's connection to end", 10*time.Second, nil, func() bool { return srv.Stats().Clients == 0 })
	}
	away := srv.Stats().Away
	if away == 0 || away > DefaultMaxConnectionsPerAddr {
		t.Errorf("%d players dropped, %d held; want 1 to %d held (MaxConnectionsPerAddr)", players, away, DefaultMaxConnectionsPerAddr)
	}

	if _, err := dialFrom(t, url, "127.0.0.2"); err != nil {
		t.Fatalf("a client of another address: %v; want it to connect", err)
	}
	want := fmt.Sprintf("ok\nclients %d of %d\naway %d\n", away+1, DefaultMaxClients, away)
	if got := readyzFrom(t, srv, "127.0.0.2"); got != want {
		t.Errorf("%s says %q, want %q", ReadyPath, got, want)
	}
}
