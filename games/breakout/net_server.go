//go:build !js

package main

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
)

// webOrigins are the browser pages allowed to watch a served game besides
// the server's own host: the page of `make serve`.
var webOrigins = []string{"127.0.0.1:8080", "localhost:8080"}

// serverPlugin is the server of a -serve game on cfg.Serve: net.Listen
// starts it at startup, -join players' input arrives in net.Inputs
// (glue.PreUpdate) for TakeRemoteControl, and what the sendSystems
// recorded is published to watchers (glue.Last, on send ticks: one in
// three). Only breakout's inputs are taken as inputs, and a player whose
// connection drops has reconnectGrace to come back to its paddle. The
// server stops when the app is closed, or, with cfg.Stop, drains on its
// signal (DrainOnSignal).
//
// The browser build leaves the server out (net_server_js.go): a page
// cannot listen, and the server would add 6 MB to the wasm file.
func serverPlugin(cfg Config) glue.Plugin {
	return glue.PluginFunc(func(app *glue.App) {
		app.AddPlugins(net.ServerPlugin{Config: net.ServerConfig{
			Registry:       netRegistry(),
			Addr:           cfg.Serve,
			OriginPatterns: webOrigins,
			Inputs:         []glue.Type{glue.TypeOf[RemoteSteer](), glue.TypeOf[RemoteButtons]()},
			ReconnectGrace: reconnectGrace,
			Agones:         agonesConfig(cfg),
		}})
		if cfg.Stop != nil {
			app.InsertResource(Drain{Stop: cfg.Stop, Grace: cfg.DrainGrace})
			app.AddSystems(glue.Last, glue.Func(DrainOnSignal))
		}
	})
}

// agonesConfig is the server's connection to Agones: nil unless -agones.
func agonesConfig(cfg Config) *net.AgonesConfig {
	if !cfg.Agones {
		return nil
	}
	return &net.AgonesConfig{PlayerTracking: cfg.AgonesPlayers}
}

// reconnectGrace is how long a -join player whose connection dropped
// keeps its paddle: it comes back to it if it reconnects in time (its
// client does so by itself).
const reconnectGrace = 10 * time.Second

// Drain is a served game's answer to the orchestrator's stop signal
// (SIGTERM), a resource.
type Drain struct {
	Stop  <-chan os.Signal // the signal
	Grace time.Duration    // how long the players may play on
	since time.Time        // when the signal came, or zero
}

// DrainOnSignalParams are what DrainOnSignal reads and writes.
type DrainOnSignalParams struct {
	Drain  glue.ResMut[Drain]
	Server glue.Res[net.Server]
	Phase  glue.Res[glue.State[Phase]]
	Cmd    glue.Commands
}

// DrainOnSignal (glue.Last, -serve with a stop signal) drains the server
// when the signal comes: new clients are refused and /readyz says
// "draining", while the connected ones play on. When the game is won or
// lost, the last client has left, or Grace has passed, it shuts the
// server down (clients are told why) and ends the app.
func DrainOnSignal(p DrainOnSignalParams) {
	dr, srv, phase := p.Drain.Get(), p.Server, p.Phase
	if dr.since.IsZero() {
		select {
		case <-dr.Stop:
		default:
			return
		}
		dr.since = time.Now()
		srv.Get().Drain()
		slog.Info("breakout: stop signal: the server takes no new players; the game ends when it is over, the last player leaves or the grace period ends", "grace", dr.Grace)
	}
	if phase.Get().Get() < Won && srv.Get().Stats().Clients > 0 && time.Since(dr.since) < dr.Grace {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Get().Shutdown(ctx, "server shutting down")
	p.Cmd.End()
}

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
