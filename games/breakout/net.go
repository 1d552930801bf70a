//go:build !js || watch

package main

import (
	"log/slog"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
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

// netRegistry lists what crosses the network, one line per type, the
// codecs derived from the fields: the drawn components as float32s (what
// a watcher draws needs no more), a body's position only (its velocity
// is the server's rules' business), the phase and the Game's counters
// (not Speed or ServeDelay, which only the server's rules use), and a
// remote player's input. Server and clients build the same registry.
func netRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Brick](reg, codec.Float32())
	codec.Register[Paddle](reg, codec.Float32()) // with its seat and client: what a joined player's prediction needs
	codec.Register[Ball](reg, codec.Float32())
	codec.Register[physics.Body](reg, codec.Only("Pos"), codec.Float32())
	codec.Register[Game](reg, codec.Only("Score", "Lives", "Hits", "ServeSeat"))
	codec.Register[glue.State[Phase]](reg) // a watcher shows the server's phase (glue.StateOf)
	// An axis outside [-1, 1] (or NaN) is refused: the server closes the
	// client that sent it, the other player's rollback session stops.
	codec.Register[RemoteSteer](reg, codec.Float32(), codec.Range("Axis", -1, 1))
	codec.Register[RemoteButtons](reg)
	codec.Register[RollbackPad](reg, codec.Range("Axis", -1, 1)) // rollback.go
	return reg
}

// RemoteSteer is a -join player's steering in one tick, a resource of
// the joining app: the axis its keys or pointer give (-1 to 1). The
// client predicts its paddle with it and sends it to the server stamped
// with its tick (net.Predict); the server moves the player's paddle by it
// in the tick it hands it over (MoveRemotePaddles) — the same rule,
// stepRemote, on both ends. A pointer is followed from the predicted
// position, which is where the server's paddle will be.
type RemoteSteer struct {
	Axis float64 // -1 to 1, a float32 value
}

// RemoteButtons is a -join player's press of launch, pause or restart,
// sent as an input event (net.SendInput) so that no press is lost. An
// empty one asks for a seat.
type RemoteButtons struct {
	Launch, Pause, Restart bool
}

// Seats is a served game's resource: which network client plays each
// paddle (net.Seats: 0 is the server's own player or autopilot, a
// client's first input takes the free paddle with the highest number, one
// that finds every paddle taken watches and is shown that the room is
// full, a paddle is freed when its client leaves), the steering each sent
// this tick, and the room's rules. Closed keeps the only seat of a
// one-player game from network players: the host plays it (see
// Settings.OpenSeat).
type Seats struct {
	net.Seats
	steps [maxPlayers][]float64
	rules roomRules
}

// newSeats returns the seats of cfg's game, one per paddle. One paddle
// the host plays (with a window, without the autopilot) is the host's
// unless it opens it (Closed). In a rollback game player p's inputs come
// from client p+1 (net.Rollback), which plays paddle p.
func newSeats(cfg Config) Seats {
	s := Seats{Seats: net.NewSeats(max(1, cfg.Settings.Players))}
	s.Closed = cfg.Settings.Players <= 1 && !cfg.Headless && !cfg.Settings.Autopilot && !cfg.Settings.OpenSeat
	if cfg.Rollback {
		s.Clients = []net.ClientID{1, 2}
	}
	return s
}

// roomRules is what the rules of a room of several players (docs/net.md,
// "Who decides") remember: the restart votes, the pauses and how long the
// ball was held (net.Room, with its default durations in ticks of the
// server's fixed clock, 60 a second).
type roomRules struct {
	room net.Room
}

// decide applies the rules of a room of n > 1 seats to this tick's
// presses: the host's (intent, its own keys; nothing when every seat is a
// network player's) and each seat's (press). hostPlays says whether a seat
// is played by the host in person (not the autopilot). It sets the
// intent's Pause, Restart and Launch.
func (r *roomRules) decide(intent *Intent, press *[maxPlayers]RemoteButtons, clients []net.ClientID, phase Phase, hostPlays bool) {
	restart := func(i int) bool { return press[i].Restart }
	intent.Restart = r.room.Restart(clients, restart, intent.Restart, hostPlays, phase.Over())
	pause := func(i int) bool { return press[i].Pause }
	intent.Pause = r.room.Pause(clients, pause, intent.Pause, phase == Paused, phase == Serving || phase == Playing)
	// A serving paddle that holds the ball for net.DefaultIdleTicks
	// launches it.
	intent.Launch = r.room.Idle(phase == Serving) || intent.Launch
}

// TakeRemoteControl (Control, after Steer and Autopilot) seats -join
// players and takes their input (net.Seats.Take) — in a rollback game,
// each player's RollbackPad (net.PlayerInputs), player p playing paddle
// p: each one's steering
// for its own paddle (MoveRemotePaddles moves it), its presses of pause
// and restart, and of launch when its paddle serves. A client without a seat controls
// nothing. While every paddle has a network player the server's own
// input is ignored. In a game of one paddle a press pauses or restarts,
// as the host's own keys do; in a game of several, the room's rules
// decide (roomRules.decide). It reports the seats taken to the server
// (net.Server.SetSeats, for /readyz). Without a server or a session (no net.Inputs, no net.PlayerInputs)
// it does nothing.
func TakeRemoteControl(inputs glue.Opt[net.Inputs], rollback glue.Opt[net.PlayerInputs[RollbackPad]],
	server glue.Opt[net.Server], s glue.ResMut[Seats], settings glue.Res[Settings], game glue.Res[Game],
	phase glue.Res[glue.State[Phase]], out glue.ResMut[Intent]) {
	in, pads := inputs.Get(), rollback.Get()
	if in == nil && pads == nil {
		return
	}
	seats, n := s.Get(), max(1, settings.Get().Players)
	for i := range seats.steps {
		seats.steps[i] = seats.steps[i][:0]
	}
	serve := game.Get().ServeSeat
	var press [maxPlayers]RemoteButtons
	if pads != nil {
		takePads(pads, seats, &press)
	} else {
		for seat, x := range seats.Take(in) {
			var b RemoteButtons
			switch v := x.Value.(type) {
			case RemoteSteer:
				if x.Tick != 0 { // stamped: one tick of steering
					seats.steps[seat] = append(seats.steps[seat], max(-1, min(1, v.Axis)))
				}
			case RemoteButtons:
				b = v
			}
			p := &press[seat]
			p.Launch, p.Pause, p.Restart = p.Launch || b.Launch, p.Pause || b.Pause, p.Restart || b.Restart
		}
	}
	intent := out.Get()
	all := seats.Of(0) < 0
	if all {
		*intent = Intent{}
	}
	if seats.Clients[serve] != 0 {
		intent.Launch = press[serve].Launch
	}
	if n == 1 {
		intent.Pause = intent.Pause || press[0].Pause
		intent.Restart = intent.Restart || press[0].Restart
	} else {
		hostPlays := !all && !settings.Get().Autopilot
		seats.rules.decide(intent, &press, seats.Clients, phase.Get().Get(), hostPlays)
	}
	seats.Report(server.Get())
}

// takeRemoteControl is TakeRemoteControl's system (Control, main.go).
func takeRemoteControl() *glue.System { return glue.Func8(TakeRemoteControl) }

// takePads takes a rollback game's inputs: player p's RollbackPad steers
// paddle p (newSeats) and presses its buttons.
func takePads(pads *net.PlayerInputs[RollbackPad], seats *Seats, press *[maxPlayers]RemoteButtons) {
	for player, v := range pads.All() {
		seat := int(player)
		if seat >= len(seats.steps) {
			break
		}
		seats.steps[seat] = append(seats.steps[seat], max(-1, min(1, float64(v.Axis))))
		p := &press[seat]
		p.Launch, p.Pause, p.Restart = p.Launch || v.Launch, p.Pause || v.Pause, p.Restart || v.Restart
	}
}

// MoveRemotePaddles (Control, each paddle, before MovePaddle) marks each
// paddle with the client playing it and moves it by that client's
// steering of this tick, one stamped input after another.
func MoveRemotePaddles(_ glue.Entity, p *Paddle, b *physics.Body, m struct {
	Seats glue.Res[Seats]
	Dt    timer.Delta
}) {
	seats := m.Seats.Get()
	if p.Seat < 0 || p.Seat >= len(seats.Clients) {
		return
	}
	p.Client = uint64(seats.Clients[p.Seat])
	for _, axis := range seats.steps[p.Seat] {
		stepPaddle(p, b, axis, m.Dt.Seconds())
	}
}

// remoteStep is a joined player's time step: one tick at 60 ticks per
// second, as the server's fixed clock (timer.Plugin's default).
const remoteStep = 1.0 / 60

// stepPaddle moves a network player's paddle by one tick of steering and
// rounds its position to a float32, as it travels: the server applies it
// to the paddle it sends, the client to its prediction (stepRemote), so
// that both compute exactly the same positions.
func stepPaddle(p *Paddle, b *physics.Body, axis, dt float64) {
	movePaddle(p, b, axis, dt)
	b.Pos.X = float64(float32(b.Pos.X))
}

// stepRemote is a joined player's prediction of its paddle (net.Predict):
// what the server does with the input (MoveRemotePaddles).
func stepRemote(b *physics.Body, p *Paddle, s RemoteSteer) { stepPaddle(p, b, s.Axis, remoteStep) }

// teleport is the distance between two received positions beyond which
// lerpBody jumps instead of blending: more than a ball or paddle moves
// between two states (about 15 pixels), less than a ball served again.
const teleport = 48

// lerpBody blends two received bodies' positions (net.Interpolate,
// net.Predict's correction), or jumps at the end of the interval for a
// teleport (a ball served again after it was lost).
var lerpBody = physics.LerpBodies(teleport)

// Owner implements net.IOwner: the client steering the paddle, whose
// prediction net.Predict runs.
func (p Paddle) Owner() net.ClientID { return net.ClientID(p.Client) }

// SeatIndex implements net.ISeat: the paddle's seat, which a joined
// player finds its own by (net.TrackSeat).
func (p Paddle) SeatIndex() int { return p.Seat }

// SteerRemote (Control, -join only) turns the player's input into this
// tick's RemoteSteer, which net.Predict applies and sends, and sends
// presses as they happen (trackSeat asks for a seat). As with Steer,
// the paddle heads for the pointer's last position until a steering key
// takes over. While paused it does not steer (the server would not move
// the paddle). A press while disconnected is dropped. It only reads the
// paddles.
func SteerRemote(in glue.Res[input.State], ph glue.Res[glue.State[Phase]], steer glue.ResMut[RemoteSteer],
	client glue.Res[net.Client], paddles glue.Query2[Paddle, physics.Body], pointer glue.Local[pointerGoal]) {
	s := in.Get()
	cl := client.Get()
	me := cl.ID()
	phase := ph.Get().Get()
	axis := s.AxisX
	if goal := pointer.Get(); goal.update(s) {
		axis = 0
		paddles.Each(func(_ glue.Entity, pad Paddle, b physics.Body) {
			if me != 0 && pad.Owner() == me {
				axis = follow(goal.X, b.Pos.X)
			}
		})
	}
	if phase == Paused {
		axis = 0
	}
	*steer.Get() = RemoteSteer{Axis: float64(float32(axis))}
	if it := buttons(s, phase); it.Launch || it.Pause || it.Restart {
		_ = net.SendInput(cl, RemoteButtons{Launch: it.Launch, Pause: it.Pause, Restart: it.Restart})
	}
}

// follow returns the axis that steers a paddle at x to the pointer at
// target: full speed until close, then easing in (SteerRemote,
// SampleRollback).
func follow(target, x float64) float64 { return max(-1, min(1, (target-x)/pointerFollow)) }

// steerRemote is SteerRemote's system (Control, -join only).
func steerRemote() *glue.System { return glue.Func6(SteerRemote) }

// trackSeat (HUD, -join only) keeps the player's net.Seat current: its
// paddle, or that every paddle has another player; it asks for a seat
// with an empty RemoteButtons (net.TrackSeat).
func trackSeat() *glue.System { return net.TrackSeat[Paddle](RemoteButtons{}) }

// ShowSeat (HUD, each label, -join only, after UpdateLabels) tells a
// joined player that the room is full, or in a two-player game whose turn
// it is to serve.
func ShowSeat(_ glue.Entity, kind LabelKind, l *render.Label, p struct {
	Seat  glue.Res[net.Seat]
	Game  glue.Res[Game]
	Phase glue.Res[glue.State[Phase]]
}) {
	if kind != MessageLabel {
		return
	}
	j := p.Seat.Get()
	switch {
	case j.Full:
		l.Value = "Room full\nyou are watching"
	case j.Seat >= 0 && j.Seats > 1 && p.Phase.Get().Get() == Serving:
		if p.Game.Get().ServeSeat == j.Seat {
			l.Value = "Your serve:\nSpace or tap to launch"
		} else {
			l.Value = "Your partner serves"
		}
	}
}

// ShowConnection (HUD, each label, watchers only) says so on the message
// label while the watcher has no game to show or has lost the server, and
// why when a connection attempt failed (net.Client.Status).
func ShowConnection(_ glue.Entity, kind LabelKind, l *render.Label, cl glue.Res[net.Client]) {
	if status := cl.Get().Status(); kind == MessageLabel && status != "" {
		l.Value = status
	}
}

// clientPlugin is the network client of a watcher of url.
func clientPlugin(url string) glue.Plugin {
	return net.ClientPlugin{Config: net.ClientConfig{Registry: netRegistry(), Logger: slog.New(net.QuietRepeats(slog.Default().Handler()))}, Peer: net.Peer{URL: url}}
}

// predictPaddle predicts a -join player's paddle and sends its steering
// (glue.PostUpdate, after SteerRemote set it): net.Predict with the
// server's own rule.
func predictPaddle() *glue.System { return net.Predict(stepRemote, lerpBody) }

// smooth shows the received bodies (the ball, the other paddles)
// interpolated between states (glue.PostUpdate): watchers and joined
// players see them move every frame, not 20 times a second.
func smooth() *glue.System { return net.Interpolate(lerpBody) }
