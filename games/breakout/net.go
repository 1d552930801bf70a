//go:build !js || watch

package main

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
)

// Networking (issue #6, docs/net.md): a -serve game sends its bricks,
// paddle, ball and Game to watchers (NewWatchApp), which draw them with
// the same render systems; a -join watcher also steers the paddle. main.go
// wires it (with the server and its send systems from net_server.go); this
// file holds the wire codecs and the systems that only networked games
// run, and netflags.go the flags' checks.
//
// The browser's game is built without this file (net_nowatch_js.go): the
// network client brings net/http and TLS, 2.6 MB of the wasm file, and a
// page can only watch, which breakout-watch.wasm does (-tags watch; the
// page loads it for ?watch= and ?join=; docs/web.md).

// Wire ids of the types Breakout sends. Server and clients build the same
// registry (netRegistry); changing a codec means bumping its version.
const (
	wireBrick uint16 = iota + 1
	wirePaddle
	wireBall
	wireGame
	wireRemoteSteer
	wireRemoteButtons
	wirePhase
	wireBody
)

// netRegistry lists what crosses the network: the drawn components as
// float32s (what a watcher draws needs no more), the phase and the Game's
// counters (not Speed or ServeDelay, which only the server's rules use),
// and a remote player's input.
func netRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register(reg, wireBrick, 1,
		func(b *Brick, w *codec.Writer) {
			writeFloats(w, b.X, b.Y, b.W, b.H)
			w.Uint8(b.Color.R)
			w.Uint8(b.Color.G)
			w.Uint8(b.Color.B)
			w.Uint8(b.Color.A)
			w.Int(b.Points)
		},
		func(r *codec.Reader) (b Brick, err error) {
			b.X, b.Y, b.W, b.H = readFloat(r), readFloat(r), readFloat(r), readFloat(r)
			b.Color.R, b.Color.G, b.Color.B, b.Color.A = r.Uint8(), r.Uint8(), r.Uint8(), r.Uint8()
			b.Points = r.Int()
			return b, nil
		})
	codec.Register(reg, wirePaddle, 2,
		func(p *Paddle, w *codec.Writer) { writeFloats(w, p.W, p.H) },
		func(r *codec.Reader) (p Paddle, err error) {
			p.W, p.H = readFloat(r), readFloat(r)
			return p, nil
		})
	codec.Register(reg, wireBall, 2,
		func(b *Ball, w *codec.Writer) { writeFloats(w, b.R) },
		func(r *codec.Reader) (b Ball, err error) {
			b.R = readFloat(r)
			return b, nil
		})
	// The paddle's and ball's bodies: watchers draw them there. Only the
	// position crosses (the velocity is the server's rules' business).
	codec.Register(reg, wireBody, 1,
		func(b *physics.Body, w *codec.Writer) { writeFloats(w, b.Pos.X, b.Pos.Y) },
		func(r *codec.Reader) (b physics.Body, err error) {
			b.Pos.X, b.Pos.Y = readFloat(r), readFloat(r)
			return b, nil
		})
	codec.Register(reg, wireGame, 2,
		func(g *Game, w *codec.Writer) {
			w.Int(g.Score)
			w.Int(g.Lives)
			w.Int(g.Hits)
		},
		func(r *codec.Reader) (g Game, err error) {
			g.Score, g.Lives, g.Hits = r.Int(), r.Int(), r.Int()
			if g.Score < 0 || g.Lives < 0 || g.Hits < 0 {
				return g, fmt.Errorf("invalid game state: score %d, lives %d, hits %d", g.Score, g.Lives, g.Hits)
			}
			return g, nil
		})
	// The phase: a watcher shows the server's (glue.StateOf), it runs no
	// state machine of its own.
	codec.Register(reg, wirePhase, 1,
		func(s *glue.State[Phase], w *codec.Writer) { w.Uint8(uint8(s.Get())) },
		func(r *codec.Reader) (glue.State[Phase], error) {
			p := Phase(r.Uint8())
			if p > Lost {
				return glue.State[Phase]{}, fmt.Errorf("invalid phase %d", p)
			}
			return glue.StateOf(p), nil
		})
	codec.Register(reg, wireRemoteSteer, 1,
		func(s *RemoteSteer, w *codec.Writer) {
			writeFloats(w, s.Axis, s.PointerX)
			w.Bool(s.Follow)
		},
		func(r *codec.Reader) (s RemoteSteer, err error) {
			s.Axis, s.PointerX, s.Follow = readFloat(r), readFloat(r), r.Bool()
			if s.Axis < -1 || s.Axis > 1 {
				return s, fmt.Errorf("axis %g outside [-1, 1]", s.Axis)
			}
			return s, nil
		})
	codec.Register(reg, wireRemoteButtons, 1,
		func(b *RemoteButtons, w *codec.Writer) {
			var bits uint8
			for i, on := range [...]bool{b.Launch, b.Pause, b.Restart} {
				if on {
					bits |= 1 << i
				}
			}
			w.Uint8(bits)
		},
		func(r *codec.Reader) (b RemoteButtons, err error) {
			bits := r.Uint8()
			if bits > 7 {
				return b, fmt.Errorf("unknown button bits %#x", bits)
			}
			b.Launch, b.Pause, b.Restart = bits&1 != 0, bits&2 != 0, bits&4 != 0
			return b, nil
		})
	return reg
}

func writeFloats(w *codec.Writer, vs ...float64) {
	for _, v := range vs {
		w.Float32(float32(v))
	}
}

var errNotFinite = errors.New("breakout: NaN or infinite coordinate")

// readFloat reads a float32 written by writeFloats, refusing NaN and
// infinities.
func readFloat(r *codec.Reader) float64 {
	v := float64(r.Float32())
	if math.IsNaN(v) || math.IsInf(v, 0) {
		r.Fail(errNotFinite)
		return 0
	}
	return v
}

// RemoteSteer is how a -join player steers, a resource of the joining
// app that net.SendPeriodically sends whenever it changes: the keys' axis,
// or, while Follow is set, the pointer's X for the server to steer the
// paddle to (the server knows where its paddle is now; the joiner only
// knows where it was a round trip ago).
type RemoteSteer struct {
	Axis     float64 // -1 to 1
	PointerX float64 // logical pixels
	Follow   bool    // follow PointerX instead of Axis
}

// RemoteButtons is a -join player's press of launch, pause or restart,
// sent as an input event (net.SendInput) so that no press is lost.
type RemoteButtons struct {
	Launch, Pause, Restart bool
}

// RemotePlayer is a server's resource: the -join client steering the
// paddle (0 for none) and its latest steering. The first client to send
// input takes the paddle and keeps it until it disconnects.
type RemotePlayer struct {
	Client net.ClientID
	Steer  RemoteSteer
}

// TakeRemoteControlParams are what TakeRemoteControl reads and writes; it
// only reads the paddle (main.go declares Paddle and physics.Body
// ReadOnly).
type TakeRemoteControlParams struct {
	Inputs  glue.Opt[net.Inputs]
	Remote  glue.ResMut[RemotePlayer]
	Paddles glue.Query2[Paddle, physics.Body]
	Intent  glue.ResMut[Intent]
}

// TakeRemoteControl (Control, after Steer and Autopilot) lets a -join
// player steer: while one is connected its input replaces the local
// player's and the autopilot's Intent. Without a server (no net.Inputs) it
// does nothing.
func TakeRemoteControl(t TakeRemoteControlParams) {
	in := t.Inputs.Get()
	if in == nil {
		return
	}
	p := t.Remote.Get()
	if p.Client != 0 && slices.Contains(in.Left, p.Client) {
		*p = RemotePlayer{}
	}
	var press RemoteButtons
	for c, s := range net.InputsOf[RemoteSteer](in) {
		if p.Client == 0 {
			p.Client = c
		}
		if c == p.Client {
			p.Steer = s
		}
	}
	for c, b := range net.InputsOf[RemoteButtons](in) {
		if p.Client == 0 {
			p.Client = c
		}
		if c == p.Client {
			press.Launch = press.Launch || b.Launch
			press.Pause = press.Pause || b.Pause
			press.Restart = press.Restart || b.Restart
		}
	}
	if p.Client == 0 {
		return
	}
	intent := Intent{Axis: max(-1, min(1, p.Steer.Axis)), Launch: press.Launch, Pause: press.Pause, Restart: press.Restart}
	if _, _, pb, ok := t.Paddles.First(); ok && p.Steer.Follow {
		intent.Axis = follow(p.Steer.PointerX, pb.Pos.X)
	}
	*t.Intent.Get() = intent
}

// SteerRemoteParams are what SteerRemote reads and writes.
type SteerRemoteParams struct {
	Input  glue.Res[input.State]
	Phase  glue.Res[glue.State[Phase]]
	Steer  glue.ResMut[RemoteSteer]
	Client glue.Res[net.Client]
	Goal   glue.Local[pointerGoal]
}

// SteerRemote (Control, -join only) turns the player's input into the
// RemoteSteer that is sent to the server, and sends presses as they
// happen. A press while disconnected is dropped. As with Steer, the paddle
// heads for the pointer's last position until a steering key takes over.
func SteerRemote(p SteerRemoteParams) {
	s := p.Input.Get()
	st := RemoteSteer{Axis: s.AxisX}
	if goal := p.Goal.Get(); goal.update(s) {
		st.Follow, st.PointerX = true, goal.X
	}
	*p.Steer.Get() = st
	if it := buttons(s, p.Phase.Get().Get()); it.Launch || it.Pause || it.Restart {
		_ = net.SendInput(p.Client.Get(), RemoteButtons{Launch: it.Launch, Pause: it.Pause, Restart: it.Restart})
	}
}

// ShowConnection (HUD, each label, watchers only) says so on the message
// label while the watcher has no game to show or has lost the server.
func ShowConnection(_ glue.Entity, l *Label, cl glue.Res[net.Client]) {
	if l.Kind != MessageLabel {
		return
	}
	switch c := cl.Get(); {
	case c.Tick() == 0:
		l.Str = "Connecting…"
	case !c.Connected():
		l.Str = "Connection lost\nreconnecting…"
	}
}

// clientPlugin is the network client of a watcher of url.
func clientPlugin(url string) glue.Plugin {
	return net.ClientPlugin{Config: net.ClientConfig{Registry: netRegistry()}, Peer: net.Peer{URL: url}}
}

// sendSteer sends a -join player's RemoteSteer to the server every tick
// (glue.PostUpdate).
func sendSteer() *glue.System { return net.SendPeriodically[RemoteSteer]() }
