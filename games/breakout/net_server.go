//go:build !js

package main

import (
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
		app.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{
			Registry:       netRegistry(),
			Addr:           cfg.Net.Serve,
			OriginPatterns: append(slices.Clip(webOrigins), cfg.Net.Origins...),
			Inputs:         []glue.Type{glue.TypeOf[RemoteSteer](), glue.TypeOf[RemoteButtons]()},
			ReconnectGrace: reconnectGrace,
			Agones:         agonesConfig(cfg),
		}})
		app.AddPlugins(net.DrainPlugin{Stop: cfg.Net.Stop, Grace: cfg.Net.Drain, Over: []glue.Condition{glue.InState(Won), glue.InState(Lost)}})
	})
}

// agonesConfig is the server's connection to Agones: nil unless -agones.
// The players go to the Agones List "players" (deploy/fleet.yaml), or,
// with -agones-players, to the alpha PlayerTracking.
func agonesConfig(cfg Config) *net.AgonesConfig {
	if !cfg.Net.Agones {
		return nil
	}
	players := net.AgonesPlayersList
	if cfg.Net.AgonesPlayers {
		players = net.AgonesPlayersTracking
	}
	return &net.AgonesConfig{Players: players}
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
