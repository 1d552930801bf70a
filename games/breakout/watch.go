//go:build !js || watch

package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
)

// The watcher's app (-watch, -join): in the desktop build and in
// breakout-watch.wasm (-tags watch). breakout.wasm has a stand-in that
// fails (net_nowatch_js.go): the page loads breakout-watch.wasm for
// ?watch= and ?join=.

// NewWatchApp declares a watcher of the game served at cfg.Net.Peer: it runs
// none of the game's rules and spawns no level. The net client spawns the
// server's bricks, paddle and ball and inserts its Game; the watcher draws
// them with the game's own draw systems and labels. With cfg.Net.Join it also
// sends the player's input, which steers the server's paddle.
func NewWatchApp(cfg Config) *glue.App {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: cfg.Sequential})
	app.AddStagesAfter(glue.Update, Control, HUD)
	app.AddPlugins(
		input.Plugin{Headless: cfg.Headless},
		render.Plugin{Background: backgroundColor, Screenshot: cfg.Screenshot},
		clientPlugin(cfg.Net.Peer), // net.ClientPlugin (net.go)
	)

	app.InsertResource(render.Window{Title: "Breakout (watching " + cfg.Net.Peer + ")", Width: FieldW, Height: FieldH, Scale: cfg.Scale, Resizable: true, RunUnfocused: true})
	settings := DefaultSettings()
	settings.Autopilot = !cfg.Net.Join // no "Space to launch" for watchers
	app.InsertResource(settings)
	app.InsertResource(NewGame(settings)) // until the server's arrive
	app.InsertResource(glue.StateOf(Serving))

	app.AddStartup(
		render.SetupWindow[render.Window](),
		glue.Func(SpawnHUD),
	)
	// The ball and paddles move smoothly between the server's states;
	// a joined player's own paddle is predicted from its input (net.go).
	app.AddSystems(glue.PostUpdate, smooth())
	app.AddSystems(HUD, glue.Each2P(UpdateLabels))
	if cfg.Net.Join {
		app.InsertResource(RemoteSteer{})
		app.AddSystems(Control, steerRemote())
		app.AddSystems(glue.PostUpdate, predictPaddle())
		app.AddSystems(HUD, trackSeat(), glue.Each2P(ShowSeat))
	}
	app.AddSystems(HUD, glue.Each2P(ShowConnection))
	app.AddSystems(glue.Draw, drawing()...)

	// In the browser: as for the game, plus the connection
	// (page_watch.go, in breakout-watch.wasm; nothing on the desktop).
	app.AddSystems(HUD, render.Publish("breakoutState", 6, watchState))
	return app
}
