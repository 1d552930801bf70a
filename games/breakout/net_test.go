//go:build !js

package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// The network tests run a served game and watchers in one process, on
// real sockets on 127.0.0.1, each app driven by app.Update without a
// window (render-thread systems do not run).

// view is what a watcher draws: the bricks (sorted), the paddle, the ball
// and the replicated part of the Game.
type view struct {
	bricks           []Brick
	paddle           Paddle
	ball             Ball
	paddleAt, ballAt physics.Vec // their bodies' centres
	paddles, balls   int
	phase            Phase
	score, lives, hi int
}

func (v view) String() string {
	return fmt.Sprintf("%d bricks, %d paddles %+v at %v, %d balls %+v at %v, phase %v score %d lives %d hits %d",
		len(v.bricks), v.paddles, v.paddle, v.paddleAt, v.balls, v.ball, v.ballAt, v.phase, v.score, v.lives, v.hi)
}

// paddleLeft returns the X of the paddle's left edge.
func (v view) paddleLeft() float64 { return v.paddleAt.X - v.paddle.W/2 }

// equalBut reports whether v and w are equal, the paddle's and ball's
// positions within tol pixels of each other.
func (v view) equalBut(w view, tol float64) bool {
	near := func(a, b physics.Vec) bool { return a.Sub(b).Len() <= tol }
	return slices.Equal(v.bricks, w.bricks) && v.paddle == w.paddle && v.ball == w.ball &&
		near(v.paddleAt, w.paddleAt) && near(v.ballAt, w.ballAt) &&
		v.paddles == w.paddles && v.balls == w.balls &&
		v.phase == w.phase && v.score == w.score && v.lives == w.lives && v.hi == w.hi
}

// wire returns v as it arrives at a watcher: coordinates in float32.
func (v view) wire() view {
	f := func(x float64) float64 { return float64(float32(x)) }
	out := v
	out.bricks = make([]Brick, len(v.bricks))
	for i, b := range v.bricks {
		b.X, b.Y, b.W, b.H = f(b.X), f(b.Y), f(b.W), f(b.H)
		out.bricks[i] = b
	}
	p := &out.paddle
	p.W, p.H, p.Speed, p.MinX, p.MaxX, p.Home = f(p.W), f(p.H), f(p.Speed), f(p.MinX), f(p.MaxX), f(p.Home)
	out.ball.R = f(out.ball.R)
	out.paddleAt = physics.Vec{X: f(v.paddleAt.X), Y: f(v.paddleAt.Y)}
	out.ballAt = physics.Vec{X: f(v.ballAt.X), Y: f(v.ballAt.Y)}
	return out
}

// ObserveMessage is a stage a network test adds after HUD, besides
// Observe (harness_test.go).
const ObserveMessage glue.Stage = "test.Message"

// viewParams are what the view recorder reads.
type viewParams struct {
	Bricks  glue.Query1[*Brick]
	Paddles glue.Query2[*Paddle, *physics.Body]
	Balls   glue.Query2[*Ball, *physics.Body]
	Game    glue.Res[Game]
	Phase   glue.Res[glue.State[Phase]]
}

// observe makes app record its view after HUD every tick, and returns
// where it does. Call it before the app's first tick.
func observe(app *glue.App) *view {
	v := &view{}
	app.AddStagesAfter(HUD, Observe)
	app.AddSystems(Observe, glue.Func(func(p viewParams) {
		v.bricks = v.bricks[:0]
		p.Bricks.Each(func(_ glue.Entity, b *Brick) { v.bricks = append(v.bricks, *b) })
		slices.SortFunc(v.bricks, func(a, b Brick) int { return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X)) })
		v.paddles, v.balls = p.Paddles.Len(), p.Balls.Len()
		if _, pad, body, ok := p.Paddles.First(); ok {
			v.paddle, v.paddleAt = *pad, body.Pos
		}
		if _, b, body, ok := p.Balls.First(); ok {
			v.ball, v.ballAt = *b, body.Pos
		}
		game := p.Game.Get()
		v.phase, v.score, v.lives, v.hi = p.Phase.Get().Get(), game.Score, game.Lives, game.Hits
	}).Named("test.observe"))
	return v
}

// serve starts a served game on a free port of 127.0.0.1: the app has run
// its first tick. It returns the app and its watchers' URL.
func serve(t *testing.T, settings Settings) (*glue.App, *view, string) {
	t.Helper()
	app := NewApp(Config{Seed: 1, Settings: settings, Headless: true, Net: netflags.Flags{Serve: "127.0.0.1:0"}})
	v := observe(app)
	t.Cleanup(app.Close) // closes the server too (App.OnClose)
	tick(t, "server", app)
	url := glue.Resource[net.Server](app).URL()
	if !strings.HasPrefix(url, "ws://127.0.0.1:") || !strings.HasSuffix(url, "/net") {
		t.Fatalf("server URL %q, want ws://127.0.0.1:port/net", url)
	}
	return app, v, url
}

// watcher returns a headless watcher (or joined player) of url.
func watcher(t *testing.T, url string, join bool) (*glue.App, *view) {
	t.Helper()
	app := NewWatchApp(Config{Headless: true, Net: netflags.Flags{Peer: url, Join: join}, Scale: 2})
	v := observe(app)
	t.Cleanup(app.Close) // disconnects the client too
	return app, v
}

func tick(t *testing.T, name string, apps ...*glue.App) {
	t.Helper()
	for _, app := range apps {
		if err := app.Update(); err != nil {
			t.Fatalf("%s tick %d: %v", name, app.Tick(), err)
		}
	}
}

// until ticks apps, a millisecond apart, until ok holds, for at most 10
// seconds, and fails the test with what it waited for if ok never held.
func until(t *testing.T, what func() string, ok func() bool, apps ...*glue.App) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); !ok(); {
		if time.Now().After(deadline) {
			t.Fatalf("after 60 s: %s", what())
		}
		tick(t, "waiting", apps...)
		time.Sleep(time.Millisecond)
	}
}

// not describes a condition that did not come true.
func not(s string) func() string { return func() string { return "not " + s } }

func TestWatcherShowsTheServedGame(t *testing.T) {
	settings := DefaultSettings()
	settings.Autopilot = true
	server, served, url := serve(t, settings)
	// The URL without its path: the watcher adds /net as -watch does.
	peer, err := netflags.PeerURL(strings.TrimSuffix(url, "/net"))
	if err != nil || peer != url {
		t.Fatalf("peerURL: %q, %v; want %q", peer, err, url)
	}
	watch, seen := watcher(t, peer, false)

	// Play 600 more ticks side by side, the watcher's ball moving with
	// the server's. The server's last tick (601) is a send tick (one in
	// three, from the first).
	balls := map[physics.Vec]bool{}
	for range 600 {
		tick(t, "play", server, watch)
		if seen.balls == 1 {
			balls[seen.ballAt] = true
		}
		time.Sleep(200 * time.Microsecond)
	}
	if served.hi == 0 || served.phase != Playing {
		t.Fatalf("server after 601 ticks: %v; the test needs a game in progress", served)
	}
	if len(balls) < 20 {
		t.Errorf("the watcher saw the ball in %d places in 600 ticks; want it to move live", len(balls))
	}
	// The server stops; the watcher converges to its last sent state,
	// which is its final state — but for the moving ball and paddle,
	// which it extrapolates at most one send interval (3 ticks: at most
	// 15 pixels) past the last state it got, and then holds.
	want := served.wire()
	until(t, func() string {
		return fmt.Sprintf("the watcher shows\n\t%v\nnot the server's final state\n\t%v", *seen, want)
	},
		func() bool { return seen.equalBut(want, 16) }, watch)
	for range 30 { // past the render delay and the extrapolation
		tick(t, "watch", watch)
	}
	held := *seen
	if !held.equalBut(want, 16) {
		t.Errorf("the watcher shows\n\t%v\nnot the server's final state\n\t%v", held, want)
	}
	for range 30 {
		tick(t, "watch", watch)
	}
	if seen.ballAt != held.ballAt || seen.paddleAt != held.paddleAt {
		t.Errorf("the watcher's ball and paddle drift after the server stopped: %v, %v, then %v, %v", held.ballAt, held.paddleAt, seen.ballAt, seen.paddleAt)
	}
	if seats := glue.Resource[Seats](server); seats.Taken() != 0 {
		t.Errorf("a watcher took a paddle: %+v", seats.Clients)
	}
	if cl := glue.Resource[net.Client](watch); cl.Tick() == 0 || cl.Tick() > server.Tick() {
		t.Errorf("watcher at server tick %d, server at %d", cl.Tick(), server.Tick())
	}
	// The watcher runs none of the game's rules: its world is what it
	// received plus its three labels.
	if n, want := watch.Len(), len(seen.bricks)+2+3; n != want {
		t.Errorf("watcher has %d entities, want %d (bricks, paddle, ball, labels)", n, want)
	}
}

// TestWatcherSaysWhenNotConnected: a watcher of a port where nothing
// listens, or of a server that is not a glue game server, says which on
// the screen, in lines that fit the field (it used to say "Connecting…"
// forever).
func TestWatcherSaysWhenNotConnected(t *testing.T) {
	notGlue := httptest.NewServer(http.NotFoundHandler())
	defer notGlue.Close()
	for _, c := range []struct{ url, want string }{
		{"ws://127.0.0.1:1/net", "connection refused"}, // nothing listens on port 1
		{"ws" + strings.TrimPrefix(notGlue.URL, "http") + "/net", "not\na glue game server"},
	} {
		watch, _ := watcher(t, c.url, false)
		var msg string
		watch.AddStagesAfter(HUD, ObserveMessage)
		watch.AddSystems(ObserveMessage, glue.Each2(func(_ glue.Entity, kind LabelKind, l render.Label) {
			if kind == MessageLabel {
				msg = l.Value
			}
		}).Named("test.message"))
		tick(t, "watcher", watch)
		if msg != "Connecting…" && !strings.Contains(msg, c.want) {
			t.Errorf("%s: first message %q, want Connecting… or %q", c.url, msg, c.want)
		}
		until(t, func() string { return fmt.Sprintf("%s: message %q, want %q in it", c.url, msg, c.want) },
			func() bool { return strings.Contains(msg, c.want) }, watch)
		checkFits(t, msg)
	}
	for _, err := range []error{errors.New("x: connection refused"), errors.New("expected handshake response status code 101 but got 404"), context.DeadlineExceeded, errors.New("other")} {
		checkFits(t, net.Trouble(err))
	}
}

// checkFits fails if a line of the message label's text is wider than
// the field.
func checkFits(t *testing.T, msg string) {
	t.Helper()
	style := render.TextStyle{Size: 16}
	for _, line := range strings.Split(msg, "\n") {
		if w, _ := render.MeasureText(line, style); w > FieldW-8 {
			t.Errorf("message line %q is %.0f px wide; the field is %d", line, w, FieldW)
		}
	}
}

func TestJoinedPlayerSteersThePaddle(t *testing.T) {
	server, served, url := serve(t, DefaultSettings()) // no autopilot
	join, seen := watcher(t, url, true)
	keys := &glue.Resource[input.Devices](join).Keys

	// The joiner takes the paddle as it connects, and steers it left.
	until(t, not("showing the server's paddle"), func() bool { return seen.paddles == 1 }, server, join)
	start := served.paddleLeft()
	keys[ebiten.KeyArrowLeft] = true
	until(t, not("moving the paddle to the left wall"), func() bool { return served.paddleLeft() == 0 }, server, join)
	keys[ebiten.KeyArrowLeft] = false
	if seats := glue.Resource[Seats](server); seats.Clients[0] == 0 {
		t.Errorf("no remote player after steering from %v to 0", start)
	}
	until(t, not("showing the paddle at the wall"), func() bool { return seen.paddleLeft() == 0 }, server, join)

	// Space launches the ball on the server.
	keys[ebiten.KeySpace] = true
	tick(t, "press", join)
	keys[ebiten.KeySpace] = false
	until(t, not("launching the ball"), func() bool { return served.phase == Playing }, server, join)

	// Once the player leaves, nobody steers.
	join.Close()
	until(t, not("releasing the paddle"), func() bool { return glue.Resource[Seats](server).Clients[0] == 0 }, server)
}

// TestJoinedPaddleReachesAStillPointer: a joined player's cursor that
// jumps once and stays still brings the server's paddle all the way to it
// (issue #16; before, the paddle followed only while the cursor moved).
func TestJoinedPaddleReachesAStillPointer(t *testing.T) {
	server, served, url := serve(t, DefaultSettings()) // no autopilot
	join, seen := watcher(t, url, true)
	until(t, not("showing the server's paddle"), func() bool { return seen.paddles == 1 }, server, join)
	center := func() float64 { return served.paddleAt.X }
	goal := center() - 60
	d := glue.Resource[input.Devices](join)
	d.Cursor = input.Point{X: goal, Y: 300}
	tick(t, "move", join)
	if x := glue.Resource[input.State](join).Pointer.X; x != goal { // the viewport's scale
		d.Cursor = input.Point{X: goal * goal / x, Y: 300}
		tick(t, "move", join)
	}
	until(t, func() string { return fmt.Sprintf("the paddle at %.1f, not at the still pointer %.0f", center(), goal) },
		func() bool { return math.Abs(center()-goal) < 1 }, server, join)
}

func TestNetRegistry(t *testing.T) {
	reg := netRegistry()
	if err := reg.Err(); err != nil {
		t.Fatal(err)
	}
	want := `glue.State[main.Phase] v0 {current:int,under:[]int}
main.Ball v0 {R:f32}
main.Brick v0 {X:f32,Y:f32,W:f32,H:f32,Color.R:u8,Color.G:u8,Color.B:u8,Color.A:u8,Points:int}
main.Game v0 {Score:int,Lives:int,Hits:int,ServeSeat:int}
main.Paddle v0 {W:f32,H:f32,Speed:f32,MinX:f32,MaxX:f32,Home:f32,Seat:int,Client:uint}
main.RemoteButtons v0 {Launch:bool,Pause:bool,Restart:bool}
main.RemoteSteer v0 {Axis:f32}
main.RollbackPad v0 {Axis:f32,Launch:bool,Pause:bool,Restart:bool}
physics.Body v0 {Pos.X:f32,Pos.Y:f32}
`
	if got := reg.String(); got != want {
		t.Errorf("registry:\n%s\nwant:\n%s", got, want)
	}
}

// TestBadRemoteInputDisconnects sends an axis out of range: the server
// refuses it and closes that client, which never steers.
func TestBadRemoteInputDisconnects(t *testing.T) {
	server, served, url := serve(t, DefaultSettings())
	client := glue.NewApp()
	client.AddPlugins(net.ClientPlugin{Config: net.ClientConfig{Registry: netRegistry(), NoReconnect: true}, Peer: net.Peer{URL: url}})
	t.Cleanup(client.Close) // the net plugin disconnects the client
	cl := glue.Resource[net.Client](client)
	until(t, not("connected"), cl.Connected, server, client)
	start := served.paddle
	if err := net.SendInput(cl, RemoteSteer{Axis: 5}); err != nil {
		t.Fatal(err)
	}
	srv := glue.Resource[net.Server](server)
	until(t, not("closing the client"), func() bool { return srv.Stats().ProtocolErrors == 1 && !cl.Connected() }, server, client)
	if err := cl.Err(); err == nil || !strings.Contains(err.Error(), "Axis 5 outside [-1, 1]") {
		t.Errorf("client error %v; want the server's reason", err)
	}
	if seats := glue.Resource[Seats](server); seats.Clients[0] != 0 || served.paddle != start {
		t.Errorf("bad input steered: %+v, paddle %+v -> %+v", seats.Clients, start, served.paddle)
	}
}

func TestNetFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-serve", "127.0.0.1:0", "-watch", "ws://127.0.0.1:1"}, "-serve and -watch/-join exclude each other"},
		{[]string{"-serve", "127.0.0.1:0", "-join", "ws://127.0.0.1:1"}, "-serve and -watch/-join exclude each other"},
		{[]string{"-watch", "ws://127.0.0.1:1", "-join", "ws://127.0.0.1:1"}, "-watch and -join exclude each other"},
		{[]string{"-serve", "8090"}, "-serve: \"8090\" is not host:port"},
		{[]string{"-serve", "127.0.0.1:70000"}, "port \"70000\" is not a number"},
		{[]string{"-watch", "http://127.0.0.1:8090"}, "is not a ws:// or wss:// URL"},
		{[]string{"-watch", "127.0.0.1:8090"}, "is not a ws:// or wss:// URL"},
		{[]string{"-watch", "ws://127.0.0.1:1", "-bricks", "5"}, "-bricks is the server's to choose"},
		{[]string{"-join", "ws://127.0.0.1:1", "-seed", "5"}, "-seed is the server's to choose"},
		{[]string{"-join", "ws://127.0.0.1:1", "-headless"}, "-join needs a window"},
		{[]string{"-players", "2"}, "-players 2 is a game over the network"},
		{[]string{"-serve", "127.0.0.1:0", "-players", "3"}, "-players must be 1 or 2"},
		{[]string{"-join", "ws://127.0.0.1:1", "-players", "2"}, "-players is the server's to choose"},
		{[]string{"-agones"}, "-agones is for a served game"},
		{[]string{"-open"}, "-open is for a served game"},
		{[]string{"-rollback"}, "-rollback is for a two-player game"},
		{[]string{"-serve", "127.0.0.1:0", "-rollback"}, "-rollback is for a two-player game"},
		{[]string{"-watch", "ws://127.0.0.1:1", "-rollback"}, "-rollback is for a two-player game"},
	} {
		var out, errb strings.Builder
		code := run(tc.args, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) || !strings.Contains(errb.String(), "Usage") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
}

// TestWatchFlag runs `breakout -watch URL -headless` against a served game
// that is already won: the watcher stops as soon as it shows that.
func TestWatchFlag(t *testing.T) {
	server, _, url := serve(t, DefaultSettings())
	g := glue.Resource[Game](server)
	g.Score, g.Hits = 1260, 36
	glue.Resource[glue.NextState[Phase]](server).Set(Won)
	stop, done := make(chan struct{}), make(chan error)
	go func() {
		for {
			select {
			case <-stop:
				done <- nil
				return
			case <-time.After(5 * time.Millisecond):
			}
			if err := server.Update(); err != nil {
				done <- err
				return
			}
		}
	}()
	var out, errb strings.Builder
	code := run([]string{"-watch", strings.TrimSuffix(url, "/net"), "-headless", "-ticks", "600"}, &out, &errb)
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.Contains(out.String(), "phase won score 1260 lives 3 bricks-broken 36") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
