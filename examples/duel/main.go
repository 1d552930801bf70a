// Duel is a two-player pong duel over the network with rollback netcode:
// each player runs the whole game, steers a paddle with the arrow keys
// (Up, Down), and sees the other's paddle predicted, corrected by a
// rollback when a prediction was wrong. The game says on screen when the
// link is interrupted, back, or gone.
//
//	go run ./examples/duel -host 127.0.0.1:8090        # player 1, left paddle; relays for both
//	go run ./examples/duel -join ws://127.0.0.1:8090/net # player 2, right paddle
//
// It is the walk-through of docs/net.md, "Your first online game".
package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"image/color"
	"os"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/render"
)

// The court, in logical pixels.
const (
	Width, Height = 320, 180
	PaddleW       = 4
	PaddleH       = 32
	BallSize      = 4
	PaddleSpeed   = 3
)

// Pad is one player's input in one tick: the whole of what crosses the
// network. Its zero value is "no input".
type Pad struct {
	Dir int8 // -1 up, +1 down, 0 still
}

// Validate refuses a Pad no honest player sends.
func (p Pad) Validate() error {
	if p.Dir < -1 || p.Dir > 1 {
		return fmt.Errorf("duel: Pad.Dir %d is not -1, 0 or 1", p.Dir)
	}
	return nil
}

// Paddle is a player's paddle: its left edge X and top Y.
type Paddle struct {
	Player net.Player
	X, Y   float64
}

// Ball is the ball: its top-left corner and its velocity per tick.
type Ball struct{ X, Y, VX, VY float64 }

// Match is the game's state that is no entity's: the points and the
// random stream the serves come from, seeded by the session's Start.
type Match struct {
	Points [2]int
	Rng    uint64
}

// Notice is what the screen tells this player about the link. It is this
// machine's (glue.MachineLocal): the two players see different things, so
// it must stay out of the checkpoints that rollback compares.
type Notice struct {
	Text string
	Told [16]int // how many events of each net.SessionEventKind came
}

// MachineLocal marks Notice as this machine's.
func (Notice) MachineLocal() {}

// Local is this machine's part in the game: its player and whether the
// autopilot plays for it.
type Local struct {
	Player net.Player
	Bot    bool
}

// MachineLocal marks Local as this machine's.
func (Local) MachineLocal() {}

// Config says how to play.
type Config struct {
	Serve    string        // "host:port" to run the relay server on (the host), or ""
	URL      string        // the relay server's WebSocket URL
	Player   net.Player    // 0 hosts (left paddle), 1 joins (right paddle)
	Headless bool          // no window: a test or a server drives the app
	Bot      bool          // the autopilot plays this side
	Seed     uint64        // player 0's seed for the serves
	Key      string        // the seat key of player 1, which the host hands the joiner; "" leaves seat 1 open to anyone
	Timeout  time.Duration // how long a match waits for a lost player (0: net's default, 10 s)
}

// Registry lists the types that cross the network: Pad, the input.
func Registry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Pad](reg)
	return reg
}

// NewApp builds one player's game.
func NewApp(cfg Config) *glue.App {
	reg := Registry()
	app := glue.NewApp()
	// diag: F3 shows the session's figures (net.Stats) over the game.
	app.AddPlugins(input.Plugin{Headless: cfg.Headless}, render.Plugin{}, diag.Plugin{Top: 16})
	seatKey := ""
	if cfg.Serve != "" {
		// Seat 0 is the host's own: a key nobody else knows keeps it so.
		seatKey = newKey()
		app.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{Registry: reg, Addr: cfg.Serve,
			SeatKeys: []string{seatKey, cfg.Key}}})
	} else if cfg.Player == 1 {
		seatKey = cfg.Key
	}
	app.AddPlugins(net.Rollback[Pad]{Config: net.RollbackConfig{
		URL: cfg.URL, Player: cfg.Player, Registry: reg, Seed: cfg.Seed, SeatKey: seatKey,
		DisconnectAfter: cfg.Timeout,
		ShowEnd:         5 * time.Second, // the window shows why the match ended before Update returns it
		Start:           func(app *glue.App, seed uint64) { glue.Resource[Match](app).Rng = seed | 1 },
	}})
	app.InsertResource(Pad{}).InsertResource(Match{}).InsertResource(Notice{}).InsertResource(Local{cfg.Player, cfg.Bot})
	app.InsertResource(render.Window{Title: "Duel (glue)", Width: Width, Height: Height, Scale: 3, RunUnfocused: true})
	app.AddStartup(render.SetupWindow[render.Window](), glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Paddle{Player: 0, X: 8, Y: (Height - PaddleH) / 2})
		cmds.Spawn(Paddle{Player: 1, X: Width - 8 - PaddleW, Y: (Height - PaddleH) / 2})
		cmds.Spawn(Ball{X: (Width - BallSize) / 2, Y: (Height - BallSize) / 2})
	}).Named("duel.Spawn"))
	paddles, notice := glue.Each1P(MovePaddle), glue.Func2(ShowSession)
	app.AddSystems(glue.PreUpdate, glue.Func5(Sample).After(input.MapSystem))
	app.AddSystems(glue.Update, paddles, glue.Func3(MoveBall).After(paddles))
	app.AddSystems(glue.Draw, notice, glue.Func6(Draw).After(notice))
	return app
}

// Sample turns this machine's keys (or its autopilot) into this tick's
// Pad, the resource the session sends to the other player.
func Sample(in glue.Res[input.State], local glue.Res[Local], pad glue.ResMut[Pad], paddles glue.Query1[Paddle], balls glue.Query1[Ball]) {
	dir := in.Get().AxisY
	if l := local.Get(); l.Bot {
		_, ball, _ := balls.First()
		for _, pd := range paddles.All() {
			if pd.Player == l.Player {
				dir = ball.Y + BallSize/2 - (pd.Y + PaddleH/2)
			}
		}
	}
	switch {
	case dir < -2:
		*pad.Get() = Pad{Dir: -1}
	case dir > 2:
		*pad.Get() = Pad{Dir: 1}
	default:
		*pad.Get() = Pad{}
	}
}

// MovePaddle moves each paddle by its player's input of the tick, as
// every side's session hands it over.
func MovePaddle(_ glue.Entity, pd *Paddle, inputs glue.Res[net.PlayerInputs[Pad]]) {
	pad, status := inputs.Get().For(pd.Player)
	if status == net.Gone {
		return
	}
	pd.Y = min(max(pd.Y+float64(pad.Dir)*PaddleSpeed, 0), Height-PaddleH)
}

// MoveBall moves the ball, bounces it off the walls and paddles, and
// scores when it leaves the court.
func MoveBall(balls glue.Query1[*Ball], paddles glue.Query1[Paddle], match glue.ResMut[Match]) {
	m := match.Get()
	for _, b := range balls.All() {
		if b.VX == 0 { // serve
			m.Rng = m.Rng*6364136223846793005 + 1442695040888963407
			b.X, b.Y = (Width-BallSize)/2, (Height-BallSize)/2
			b.VX, b.VY = 2, float64(int(m.Rng>>33%5))*0.5-1
			if m.Rng>>40&1 == 0 {
				b.VX = -2
			}
		}
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if b.Y < 0 || b.Y > Height-BallSize {
			b.VY = -b.VY
			b.Y = min(max(b.Y, 0), Height-BallSize)
		}
		for _, pd := range paddles.All() {
			if b.X < pd.X+PaddleW && b.X+BallSize > pd.X && b.Y < pd.Y+PaddleH && b.Y+BallSize > pd.Y &&
				(b.VX < 0) == (pd.Player == 0) {
				b.VX = -b.VX * 1.05
				b.VY = (b.Y + BallSize/2 - pd.Y - PaddleH/2) / PaddleH * 3
			}
		}
		if b.X < -BallSize || b.X > Width {
			if b.X < 0 {
				m.Points[1]++
			} else {
				m.Points[0]++
			}
			b.VX = 0
		}
	}
}

// ShowSession turns the session's events into the line on screen. It runs
// in a draw stage, where Interrupted and Disconnected come while no tick
// runs.
func ShowSession(events glue.Reader[net.SessionEvent], notice glue.ResMut[Notice]) {
	n := notice.Get()
	for _, ev := range events.Read() {
		n.Told[ev.Kind%16]++
		switch ev.Kind {
		case net.Interrupted:
			n.Text = fmt.Sprintf("Connection interrupted: waiting %.0f s", ev.DisconnectIn.Seconds())
		case net.Resumed:
			n.Text = "Connection back"
		case net.PeerLeft:
			n.Text = "The other player left"
		case net.Disconnected:
			n.Text = "Disconnected: " + ev.Reason.Error()
		case net.Desynced:
			n.Text = fmt.Sprintf("Out of sync at tick %d", ev.Tick)
		case net.SeatHeld:
			n.Text = "Seat held for a player who dropped; trying again"
		}
	}
}

// Draw draws the court, the points and the notice.
func Draw(list glue.ResMut[render.DrawList], paddles glue.Query1[Paddle], balls glue.Query1[Ball], match glue.Res[Match], notice glue.Res[Notice], stats glue.Res[net.Stats]) {
	white := color.RGBA{255, 255, 255, 255}
	dl := list.Get()
	for _, pd := range paddles.All() {
		dl.AddRect(pd.X, pd.Y, PaddleW, PaddleH, white, 0)
	}
	for _, b := range balls.All() {
		dl.AddRect(b.X, b.Y, BallSize, BallSize, white, 0)
	}
	style := render.TextStyle{Color: white, Align: render.AlignCenter}
	m := match.Get()
	dl.AddText(fmt.Sprintf("%d   %d", m.Points[0], m.Points[1]), Width/2, 8, style, 1)
	switch text := notice.Get().Text; {
	case text != "":
		dl.AddText(text, Width/2, Height-20, style, 1)
	case !stats.Get().Running:
		dl.AddText("Waiting for the other player…", Width/2, Height-20, style, 1)
	}
}

// newKey returns a random seat key.
func newKey() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func main() {
	host := flag.String("host", "", "host the duel: run the relay server on `host:port` and play the left paddle")
	join := flag.String("join", "", "join the duel at `URL` (ws://host:port/net) and play the right paddle")
	key := flag.String("key", "", "the key of seat 2: the host makes one if not given and prints it; the joiner must give it")
	bot := flag.Bool("bot", false, "let the autopilot play")
	flag.Parse()
	cfg := Config{Bot: *bot, Seed: uint64(time.Now().UnixNano()), Key: *key}
	switch {
	case (*host == "") == (*join == ""):
		fmt.Fprintln(os.Stderr, "duel: say -host host:port or -join ws://host:port/net")
		os.Exit(2)
	case *host != "":
		cfg.Serve, cfg.URL = *host, "ws://"+*host+"/net"
		if cfg.Key == "" {
			cfg.Key = newKey()
		}
		fmt.Printf("duel: the other player joins with: go run ./examples/duel -join %s -key %s\n", cfg.URL, cfg.Key)
	default:
		cfg.URL, cfg.Player = *join, 1
	}
	err := render.Run(NewApp(cfg), nil)
	if errors.Is(err, net.ErrDisconnected) {
		fmt.Fprintln(os.Stderr, "duel: the match is over:", err)
		os.Exit(1)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
