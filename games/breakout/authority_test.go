//go:build !js

package main

import (
	"bufio"
	"context"
	"io"
	stdnet "net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/agonestest"
	"github.com/gluekit/glue/modules/net/netflags"
)

// TestRoomRules: the rules of a room of two seats (roomRules.decide),
// tick by tick.
func TestRoomRules(t *testing.T) {
	both := []net.ClientID{7, 9} // two network players
	hostAnd := []net.ClientID{0, 9}
	press := func(seat int, b RemoteButtons) *[maxPlayers]RemoteButtons {
		var p [maxPlayers]RemoteButtons
		if seat >= 0 {
			p[seat] = b
		}
		return &p
	}
	none := press(-1, RemoteButtons{})
	restart := RemoteButtons{Restart: true}
	pause := RemoteButtons{Pause: true}

	// Restart: one network player alone never restarts a game in play.
	var r roomRules
	for i := range 600 {
		var in Intent
		r.decide(&in, press(1, restart), both, Playing, false)
		if in.Restart {
			t.Fatalf("one player's restart %d restarted the game", i)
		}
	}
	// Both players within the vote window: restart.
	var in Intent
	r.decide(&in, press(0, restart), both, Playing, false)
	if !in.Restart {
		t.Error("both players asked: no restart")
	}
	// A vote expires.
	r = roomRules{}
	r.decide(&in, press(0, restart), both, Playing, false)
	for range net.DefaultVoteTicks {
		in = Intent{}
		r.decide(&in, none, both, Playing, false)
	}
	in = Intent{}
	if r.decide(&in, press(1, restart), both, Playing, false); in.Restart {
		t.Error("a vote older than net.DefaultVoteTicks counted")
	}
	// With the host playing, network votes do not restart; the host does.
	r = roomRules{}
	in = Intent{}
	if r.decide(&in, press(1, restart), hostAnd, Playing, true); in.Restart {
		t.Error("the network player restarted the host's game")
	}
	in = Intent{Restart: true}
	if r.decide(&in, none, hostAnd, Playing, true); !in.Restart {
		t.Error("the host's restart was refused")
	}
	// After the game is over, any player starts a new one.
	r, in = roomRules{}, Intent{}
	if r.decide(&in, press(1, restart), both, Lost, false); !in.Restart {
		t.Error("a player could not start a new game after it was lost")
	}

	// Pause: a player pauses; the other resumes.
	r, in = roomRules{}, Intent{}
	if r.decide(&in, press(1, pause), both, Playing, false); !in.Pause {
		t.Fatal("a player's pause was refused")
	}
	in = Intent{}
	if r.decide(&in, press(0, pause), both, Paused, false); !in.Pause {
		t.Error("the other player could not resume")
	}
	// The same player cannot pause again within the cooldown.
	in = Intent{}
	if r.decide(&in, press(1, pause), both, Playing, false); in.Pause {
		t.Error("a player paused twice within net.DefaultPauseCooldownTicks")
	}
	// A pause ends by itself.
	in = Intent{}
	r.decide(&in, press(0, pause), both, Playing, false)
	ticks := 0
	for in = (Intent{}); !in.Pause; ticks++ {
		if ticks > net.DefaultPauseLimitTicks {
			t.Fatal("the pause did not end")
		}
		r.decide(&in, none, both, Paused, false)
	}
	if ticks != net.DefaultPauseLimitTicks {
		t.Errorf("the pause ended after %d ticks; want %d", ticks, net.DefaultPauseLimitTicks)
	}

	// An idle serve launches by itself.
	r = roomRules{}
	for ticks = 1; ; ticks++ {
		in = Intent{}
		if r.decide(&in, none, both, Serving, false); in.Launch {
			break
		}
	}
	if ticks != net.DefaultIdleTicks {
		t.Errorf("the idle serve launched after %d ticks; want %d", ticks, net.DefaultIdleTicks)
	}
}

// TestOneJoinerCannotRestartTheRoom: in a served two-player game, a
// joined player who presses restart over and over does not restart it;
// when the other player asks too, the game restarts. (Issue 26: ten
// restarts a second wiped the score and raised every watcher's traffic
// sixteenfold.)
func TestOneJoinerCannotRestartTheRoom(t *testing.T) {
	settings := DefaultSettings()
	settings.Autopilot, settings.Players = true, 2
	server := NewApp(Config{Seed: 1, Settings: settings, Headless: true, Net: netflags.Flags{Serve: "127.0.0.1:0"}})
	var first glue.Entity // the first brick: a restart replaces it
	server.AddSystems(HUD, glue.Func(func(q glue.Query1[Brick]) {
		first = 0
		q.Each(func(e glue.Entity, _ Brick) {
			if first == 0 {
				first = e
			}
		})
	}).Named("test.firstBrick"))
	t.Cleanup(server.Close)
	tick(t, "server", server)
	url := glue.Resource[net.Server](server).URL()
	brickIDs := func(*glue.App) glue.Entity { return first }
	var clients []net.Client
	apps := []*glue.App{server}
	for range 2 {
		app := glue.NewApp()
		app.AddPlugins(net.ClientPlugin{Config: net.ClientConfig{Registry: netRegistry(), NoReconnect: true}, Peer: net.Peer{URL: url}})
		t.Cleanup(app.Close)
		apps = append(apps, app)
		clients = append(clients, *glue.Resource[net.Client](app))
	}
	seats := glue.Resource[Seats](server)
	until(t, not("connected"), func() bool { return clients[0].Connected() && clients[1].Connected() }, apps...)
	for _, cl := range clients {
		net.SendInput(&cl, RemoteButtons{})
	}
	until(t, not("seated"), func() bool { return seats.Clients[0] != 0 && seats.Clients[1] != 0 }, apps...)
	bricks := brickIDs(server)
	srv := glue.Resource[net.Server](server)
	for i := range 10 {
		n := srv.Stats().Inputs
		if err := net.SendInput(&clients[0], RemoteButtons{Restart: true}); err != nil {
			t.Fatal(err)
		}
		until(t, not("the restart handed over"), func() bool { return srv.Stats().Inputs > n }, apps...)
		for range 6 {
			tick(t, "restarts", apps...)
		}
		if got := brickIDs(server); got != bricks {
			t.Fatalf("restart %d of one player restarted the game", i)
		}
	}
	net.SendInput(&clients[1], RemoteButtons{Restart: true})
	until(t, not("restarted by both"), func() bool { return brickIDs(server) != bricks }, apps...)
	if st := glue.Resource[net.Server](server); !strings.Contains(readyz(t, st.Addr()), "seats 2 of 2") {
		t.Errorf("/readyz: %q; want the seats", readyz(t, st.Addr()))
	}
}

func readyz(t *testing.T, addr string) string {
	t.Helper()
	resp, err := http.Get("http://" + addr + net.ReadyPath)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// TestHostKeepsItsPaddle: in a one-player game the host plays, a joiner
// does not take the paddle unless the host opened it (-open). (Issue 26:
// any watcher could take the host's only paddle.) The test's server is
// headless, whose paddle is open; it is closed as a windowed host's is.
func TestHostKeepsItsPaddle(t *testing.T) {
	for _, open := range []bool{false, true} {
		server, _, url := serve(t, DefaultSettings())
		glue.Resource[Seats](server).Closed = !open
		client := glue.NewApp()
		client.AddPlugins(net.ClientPlugin{Config: net.ClientConfig{Registry: netRegistry(), NoReconnect: true}, Peer: net.Peer{URL: url}})
		t.Cleanup(client.Close)
		cl := glue.Resource[net.Client](client)
		until(t, not("connected"), cl.Connected, server, client)
		if err := net.SendInput(cl, RemoteButtons{}); err != nil {
			t.Fatal(err)
		}
		srv := glue.Resource[net.Server](server)
		until(t, not("the input handed over"), func() bool { return srv.Stats().Inputs == 1 }, server, client)
		for range 10 {
			tick(t, "seat", server, client)
		}
		if seats := glue.Resource[Seats](server); (seats.Clients[0] != 0) != open {
			t.Errorf("open %v: seat %v", open, seats.Clients)
		}
	}
}

// TestSIGTERMDrains runs breakout -serve -agones as a child process with
// a watcher, and sends it SIGTERM: /readyz says it is draining and new
// watchers are refused while the watcher stays; when the watcher leaves,
// the server shuts down and the process exits 0. A fake Agones SDK
// sidecar (agonestest) sees Ready, the clients label count the watcher,
// no player (a watcher holds no seat), and Shutdown last.
func TestSIGTERMDrains(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the game")
	}
	bin := filepath.Join(t.TempDir(), "breakout")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sdk := agonestest.New(&agonestest.Options{Address: "127.0.0.1"})
	defer sdk.Close()
	cmd := exec.Command(bin, "-serve", "127.0.0.1:0", "-headless", "-ticks", "100000", "-mute", "-agones")
	cmd.Env = append(os.Environ(), "AGONES_SDK_HTTP_PORT="+sdk.URL[strings.LastIndex(sdk.URL, ":")+1:])
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	urls := make(chan string, 1)
	var log strings.Builder
	logDone := make(chan struct{})
	go func() {
		defer close(logDone)
		re := regexp.MustCompile(`url=(ws://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	var url string
	select {
	case url = <-urls:
	case <-time.After(60 * time.Second):
		t.Fatal("the server did not say where it listens")
	}
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/net")
	ctx := context.Background()
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{"glue.net.v1"}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	go func() { // the watcher reads what it is sent
		for {
			if _, _, err := ws.Read(ctx); err != nil {
				return
			}
		}
	}()
	cmd.Process.Signal(syscall.SIGTERM)
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(readyz(t, addr), "draining") {
		if time.Now().After(deadline) {
			t.Fatalf("/readyz after SIGTERM: %q; want draining", readyz(t, addr))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{"glue.net.v1"}}); err == nil {
		t.Error("a new watcher was taken while draining")
	}
	time.Sleep(200 * time.Millisecond)
	select {
	case <-logDone: // its stderr ended: the server exited
		t.Fatalf("the server exited with a watcher still connected:\n%s", log.String())
	default:
	}
	ws.Close(websocket.StatusNormalClosure, "bye")
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		<-logDone
		if err != nil {
			t.Errorf("exit: %v\n%s", err, log.String())
		}
		if !strings.Contains(log.String(), "server shut down") {
			t.Errorf("no shutdown in the log:\n%s", log.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not exit after its last watcher left")
	}
	if _, err := stdnet.Dial("tcp", addr); err == nil {
		t.Error("still listening after exit")
	}
	var calls []string
	for _, c := range sdk.Calls() {
		if c.Path != "/health" && c.Path != "/watch/gameserver" {
			calls = append(calls, c.String())
		}
	}
	got := strings.Join(calls, "\n")
	for _, want := range []string{"POST /ready {}", `PATCH /v1beta1/lists/players {"capacity":"1"}`, `PUT /metadata/label {"key":"clients","value":"1"}`, "POST /shutdown {}"} {
		if !strings.Contains(got, want) {
			t.Errorf("the Agones sidecar was not called %s; calls:\n%s", want, got)
		}
	}
	if len(calls) == 0 || calls[len(calls)-1] != "POST /shutdown {}" || sdk.State() != "Shutdown" {
		t.Errorf("the last Agones call is not Shutdown:\n%s", got)
	}
	if players, _, _ := sdk.List("players"); len(players) != 0 || len(sdk.Refused()) != 0 {
		t.Errorf("players %v (a watcher is no player); calls refused: %v", players, sdk.Refused())
	}
}

// TestHostSeatClosedByDefault: NewApp closes the one paddle of a host who
// plays (a window, no autopilot) unless -open; a headless or autopilot
// server's paddle, or two paddles, stay open.
func TestHostSeatClosedByDefault(t *testing.T) {
	for _, tc := range []struct {
		headless, autopilot, open bool
		players                   int
		closed                    bool
	}{
		{players: 1, closed: true},
		{players: 1, open: true},
		{players: 1, headless: true},
		{players: 1, autopilot: true},
		{players: 2},
	} {
		s := DefaultSettings()
		s.Players, s.Autopilot, s.OpenSeat = tc.players, tc.autopilot, tc.open
		app := NewApp(Config{Seed: 1, Settings: s, Headless: tc.headless, Mute: true, NoDiag: true})
		if got := glue.Resource[Seats](app).Closed; got != tc.closed {
			t.Errorf("%+v: Closed %v", tc, got)
		}
		app.Close()
	}
}
