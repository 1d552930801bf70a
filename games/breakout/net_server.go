//go:build !js

package main

import (
	"log/slog"
	"slices"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
)

// webOrigins are the browser pages allowed to watch a served game besides
// the server's own host: the page of `make serve`.
var webOrigins = []string{"127.0.0.1:8080", "localhost:8080"}

// serverPlugin is the server of a -serve game on cfg.Net.Serve: net.Listen
// starts it at startup, -join players' input arrives in net.Inputs
// (glue.PreUpdate) for TakeRemoteControl, and what the sendSystems
// recorded is published to watchers (glue.Last, on send ticks: one in
// three). Only breakout's inputs are taken as inputs, and a player whose
// connection drops has reconnectGrace to come back to its paddle. The
// server stops when the app is closed, or, with cfg.Net.Stop, drains on its
// signal (net.DrainPlugin: the game ends when it is won or lost, the
// last player leaves or the grace period ends).
//
// The browser build leaves the server out (net_server_js.go): a page
// cannot listen, and the server would add 6 MB to the wasm file.
func serverPlugin(cfg Config) glue.Plugin {
	return glue.PluginFunc(func(app *glue.App) {
		// -serve, -origin, -allowed-hosts and -agones set the rest
		// (net.WithFlags).
		app.AddPlugins(net.ServerPlugin{Config: net.WithFlags(net.ServerConfig{
			Registry:       netRegistry(),
			OriginPatterns: webOrigins,
			Inputs:         []glue.Type{glue.TypeOf[RemoteSteer](), glue.TypeOf[RemoteButtons]()},
			ReconnectGrace: reconnectGrace,
		}, &cfg.Net)})
		app.AddPlugins(net.DrainPlugin{Stop: cfg.Net.Stop, Grace: cfg.Net.Drain, Over: []glue.Condition{glue.InState(Won), glue.InState(Lost)}})
		if cfg.Net.Agones {
			// A room on Agones waits for its match (Waiting, main.go),
			// and with -agones-reuse returns to Ready after it.
			app.InsertResource(Room{Reuse: cfg.Net.AgonesReuse})
			app.AddSystems(Control, glue.Func4(WaitForMatch).RunIf(glue.InState(Waiting)))
			app.AddSystems(glue.OnEnter(Won), glue.Func5(EndMatch))
			app.AddSystems(glue.OnEnter(Lost), glue.Func5(EndMatch))
		}
	})
}

// Room is a served game's match on Agones (-agones), a resource.
type Room struct {
	// Reuse returns the room to Ready with a fresh world when its match
	// ends, instead of ending the game (-agones-reuse).
	Reuse bool
	// Matches counts the matches begun.
	Matches int

	// allocation is the GameServer's allocation count
	// (net.AgonesGameServer.Allocations) when the last match began or
	// ended: an Allocated room with that count is still the last match's.
	allocation int
}

// WaitForMatch (Control, while Waiting) begins the match — Serving, the
// autopilot and the clock with it — once Agones has allocated the room
// (the server's watch of its GameServer) or a network player holds a
// seat. Until then the room waits, Ready, however long.
func WaitForMatch(server glue.Opt[net.Server], seats glue.Res[Seats], r glue.ResMut[Room],
	next glue.ResMut[glue.NextState[Phase]]) {
	srv := server.Get()
	if srv == nil {
		return
	}
	room := r.Get()
	gs, _ := srv.Agones()
	// A new allocation, not the last match's: Agones may allocate the
	// room again before the room ever sees it Ready.
	allocated := gs.State == net.AgonesAllocated && gs.Allocations != room.allocation
	if seated := seats.Get().Taken(); allocated || seated > 0 {
		room.Matches++
		room.allocation = gs.Allocations
		slog.Info("breakout: the match begins", "allocated", allocated, "players", seated, "mode", gs.Labels["mode"], "match", room.Matches)
		next.Get().Set(Serving)
	}
}

// EndMatch (on entering Won or Lost, on Agones) returns a room with
// Reuse to Ready: its players are disconnected and their seats freed,
// the world is made afresh, the phase goes back to Waiting and the
// server asks Agones to mark the room Ready (net.Server.AgonesReady).
// Without Reuse it does nothing: the game ends (-headless stops when the
// game is won or lost) and the server's Shutdown tells Agones.
func EndMatch(server glue.Opt[net.Server], r glue.ResMut[Room], s glue.ResMut[Seats],
	next glue.ResMut[glue.NextState[Phase]], m rematch) {
	srv, room := server.Get(), r.Get()
	if srv == nil || !room.Reuse {
		return
	}
	for _, id := range srv.Clients() {
		srv.Disconnect(id, "breakout: the match is over; the room is ready for the next one")
	}
	seats := s.Get()
	seats.Leave(slices.Clone(seats.Clients)...)
	m.start()
	next.Get().Set(Waiting)
	gs, _ := srv.Agones()
	room.allocation = gs.Allocations
	srv.AgonesReady()
	slog.Info("breakout: the match is over; the room is Ready again", "match", room.Matches)
}

// reconnectGrace is how long a -join player whose connection dropped
// keeps its paddle: it comes back to it if it reconnects in time (its
// client does so by itself).
const reconnectGrace = 10 * time.Second

// sendSystems record what watchers see at the end of every tick
// (glue.PostUpdate): the bricks, the paddle, the ball and the Game.
func sendSystems() []*glue.System {
	return []*glue.System{
		net.Send[Brick](),
		net.Send[Paddle](),
		net.Send[Ball](),
		// The bodies of what moves (the paddle and ball); the bricks are
		// drawn from their own Brick.
		net.Send[physics.Body]().Without(glue.TypeOf[Brick](), glue.TypeOf[Wall](), glue.TypeOf[Floor]()),
		net.SendResource[Game](),
		net.SendResource[glue.State[Phase]](),
	}
}
