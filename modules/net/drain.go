//go:build !js

package net

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/gluekit/glue"
)

// DrainPlugin ends a served game gracefully on an orchestrator's stop
// signal (SIGTERM, with signal.Notify): from the signal on, the server
// drains — it takes no new clients and its readiness endpoint says
// "draining" (Server.Drain) — while the connected ones play on. When the
// game is over (any of Over holds), the last client has left, or Grace
// has passed since the signal, the server shuts down, telling its clients
// why, and the app ends (glue.Commands.End). Add it after ServerPlugin;
// its system runs in glue.Last.
//
//	stop := make(chan os.Signal, 1)
//	signal.Notify(stop, syscall.SIGTERM)
//	app.AddPlugins(net.DrainPlugin{Stop: stop, Grace: 30 * time.Second, Over: []glue.Condition{glue.InState(GameOver)}})
type DrainPlugin struct {
	// Stop is the signal; nil adds nothing.
	Stop <-chan os.Signal
	// Grace is how long the connected clients may play on after it.
	Grace time.Duration
	// Over are conditions that each say the game is over: then a
	// draining server shuts down without waiting for its clients.
	Over []glue.Condition
}

// Drain is the resource of DrainPlugin: when the signal came.
type Drain struct {
	// Since is when the stop signal came; zero before.
	Since time.Time
	stop  <-chan os.Signal
	grace time.Duration
	over  bool
}

// Build inserts the Drain resource and adds its systems to glue.Last.
func (p DrainPlugin) Build(app *glue.App) {
	if p.Stop == nil {
		return
	}
	app.InsertResource(Drain{stop: p.Stop, grace: p.Grace})
	var over []glue.Target
	for i, c := range p.Over {
		s := glue.Func(drainOver).RunIf(c).Named(fmt.Sprintf("net.drainOver%d", i))
		app.AddSystems(glue.Last, s)
		over = append(over, s)
	}
	app.AddSystems(glue.Last, glue.Func(drainOnSignal).Named("net.drainOnSignal").After(over...))
}

// drainOver (glue.Last, while a DrainPlugin.Over condition holds) marks
// the game over.
func drainOver(d glue.ResMut[Drain]) { d.Get().over = true }

// drainOnSignal (glue.Last) drains the server when the signal comes, and
// shuts it down and ends the app when the game is over, the last client
// has left or the grace period has passed.
func drainOnSignal(p struct {
	Drain  glue.ResMut[Drain]
	Server glue.Res[Server]
	Cmd    glue.Commands
}) {
	d, srv := p.Drain.Get(), p.Server.Get()
	over := d.over
	d.over = false
	if d.Since.IsZero() {
		select {
		case <-d.stop:
		default:
			return
		}
		d.Since = time.Now()
		srv.Drain()
		slog.Info("net: stop signal: the server takes no new clients; the game ends when it is over, the last client leaves or the grace period ends", "grace", d.grace)
	}
	if st := srv.Stats(); !over && st.Clients+st.Connecting > 0 && time.Since(d.Since) < d.grace {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx, "server shutting down"); err != nil {
		slog.Warn("net: the shutdown after the stop signal did not finish in time", "err", err)
	}
	p.Cmd.End()
}
