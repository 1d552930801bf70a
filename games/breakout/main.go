// Breakout demonstrates glue: the thesis's Breakout (§4.2), composed from
// its own components and systems and the render, input, timer, physics,
// audio and net modules. This file is the whole wiring: which modules the
// game uses, its stages, and in which stage each system runs — every
// plugin and system of the game is added here.
//
//	go run ./games/breakout                      # play
//	go run ./games/breakout -headless -ticks 5000 # autopilot, no window
//	go run ./games/breakout -schedule            # print the pipeline
//	go run ./games/breakout -serve 127.0.0.1:8090  # play and broadcast
//	go run ./games/breakout -watch ws://127.0.0.1:8090 # watch it live
//	go run ./games/breakout -join ws://127.0.0.1:8090  # watch and steer
//	go run ./games/breakout -serve 127.0.0.1:8090 -players 2 # two paddles
//	go run ./games/breakout -serve 127.0.0.1:8090 -players 2 -rollback # and
//	go run ./games/breakout -join ws://127.0.0.1:8090 -rollback # rollback netcode
//
// NewApp declares the game, NewWatchApp a watcher of a served game (see
// docs/net.md); net.go holds what only networked games use.
//
// A tick, in order (App.Update runs First … Last, App.Draw the rest):
//
//	First       timer: the clock advances (not while Paused); save: what
//	            the last tick's quick save or load did is reported; audio:
//	            a rollback's re-run tick is silenced (-rollback, rollback.go);
//	            the window's focus lost pauses (render.PauseOnFocusLoss)
//	PreUpdate   input: the devices are read; net: what arrived is handed over
//	StateTransition  the phase (Waiting, Serving, Playing, Paused, Won, Lost) changes
//	            as the rules asked last tick: entering Serving (or
//	            resuming it) arms the autopilot's serve delay, Won and
//	            Lost play their tones
//	Update      ui: F5 and F9 ask for a quick save and load, and what
//	            they did is shown (save.QuickSave); M mutes (audio.MuteKey);
//	            the game's own stages follow it
//	  Control   the paddle is steered and moved, the ball served (while
//	            Serving); pause, restart
//	  Physics   physics: bodies move, contacts are reported
//	  Rules     sounds; bricks break, the ball aims off the paddle; while
//	            Playing, the ball is lost (BallLost) or the game won
//	  HUD       labels are updated
//	PostUpdate  net: what watchers see (server), the steering (-join) is recorded
//	Last        audio: the tick's tones play; net: the server publishes;
//	            save: the quick save or load is carried out (save.go)
//	PreDraw     render: the frame begins
//	Draw        the bricks, paddle, ball and labels are drawn; diag: the
//	            overlay and inspector read the keys and, when shown, draw
//	PostDraw    render: the frame is flushed, screenshots are taken
package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/ui"
)

// Breakout's stages, run after glue.Update in this order.
const (
	// Control moves the paddle, serves and launches the ball, pauses and
	// restarts.
	Control glue.Stage = "Control"
	// Physics is where modules/physics moves bodies and reports contacts.
	Physics glue.Stage = "Physics"
	// Rules applies what physics reported: bricks break, the ball aims off
	// the paddle, balls are lost, the game is won or lost.
	Rules glue.Stage = "Rules"
	// HUD places the drawings on the bodies and updates the texts on
	// screen.
	HUD glue.Stage = "HUD"
)

// Config is what the flags set.
type Config struct {
	Seed       uint64
	Settings   Settings
	Headless   bool // no window: input is not read, nothing is drawn
	Sequential bool
	Scale      float64
	Screenshot render.Screenshot
	Mute       bool // no sound
	// Menus shows the title, pause and options menus (menus.go).
	Menus bool
	// Net are the network flags (netflags): Net.Serve, for NewApp, is the
	// address to listen on for watchers ("127.0.0.1:8090"; empty means a
	// local game only), with the served game's Origins, Drain, Stop and
	// Agones (net_server.go); Net.Peer, for NewWatchApp, is the server's
	// WebSocket URL ("ws://127.0.0.1:8090/net"), and Net.Join makes the
	// watcher steer the paddle too.
	Net netflags.Flags
	// Rollback plays a two-player game with rollback netcode (rollback.go):
	// with Net.Serve the host is player 1, with Net.Peer the game joins as
	// player 2.
	Rollback bool
	// Saves is where quick saves go; nil is the platform's default
	// (files in the user's configuration directory, localStorage in the
	// browser).
	Saves save.Store
	// Diag shows the diagnostics overlay and inspector from the start
	// (-diag); NoDiag leaves the plugin out (the benchmarks' baseline).
	Diag, NoDiag bool
}

// NewApp declares the game.
func NewApp(cfg Config) *glue.App {
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: cfg.Sequential})
	app.AddStagesAfter(glue.Update, Control, Physics, Rules, HUD)

	// Modules. Each adds its resources and its systems to the core stages
	// (see the tick above); physics runs in the game's Physics stage.
	app.AddPlugins(
		timer.Plugin{PauseWhile: glue.If(clockStopped)}, // the clock stops while Paused or Waiting
		input.Plugin{Headless: cfg.Headless},
		physics.Plugin{Stage: Physics, Bounds: physics.Bounds{Max: physics.Vec{X: FieldW, Y: FieldH}}},
		render.Plugin{Background: backgroundColor, Screenshot: cfg.Screenshot},
		audio.Plugin{Headless: cfg.Headless, Muted: cfg.Mute}, // plays the tones Sfx queued
		// Quick saves (save.go): F5 saves, F9 loads; M mutes (sound.go).
		save.Plugin{Game: "breakout", Registry: saveRegistry(), Resources: savedResources, Store: cfg.Saves},
		save.QuickSave{Save: QuickSave, Load: QuickLoad},
		audio.MuteKey{Action: ToggleMute},
		ui.FullscreenKey{Action: ToggleFullscreen, NoDoubleClick: cfg.Headless}, // F11, Alt+Enter, a double click
	)
	if cfg.Menus {
		addMenus(app) // title, pause and options menus (menus.go)
	}
	if !cfg.NoDiag { // F3: figures, F4: inspector, F6: pause, F7: step (glue.Draw; not in breakout.wasm: diag_js.go)
		addDiag(app, cfg)
	}

	// The game's resources.
	// A networked game keeps ticking when its window loses the focus; a
	// single-player one pauses, into its pause menu (render.Focus).
	app.InsertResource(render.Window{Title: "Breakout (glue demo)", Width: FieldW, Height: FieldH, Scale: cfg.Scale, Resizable: true,
		RunUnfocused: cfg.Net.Networked(), PauseMenu: true})
	app.InsertResource(cfg.Settings)
	glue.AddState(app, firstPhase(cfg)) // Waiting for a room on Agones, else Serving
	app.InsertResource(NewGame(cfg.Settings))
	app.InsertResource(NewRng(cfg.Seed))
	app.InsertResource(Intent{})
	app.InsertResource(newSeats(cfg)) // which network player plays which paddle (net.go)

	app.AddStartup(
		render.SetupWindow[render.Window](),
		glue.Func2(SpawnLevel),
	)

	app.AddSystems(glue.First, render.PauseOnFocusLoss(Paused, Serving, Playing)) // the focus lost: Paused, with its menu
	app.AddSystems(Control,
		glue.Func5(Steer),
		glue.Func6(MenuActions), // what the menus ask (menus.go), before Pause and Restart read the Intent
		glue.Func7(Autopilot).RunIf(glue.Not(glue.InState(Waiting))), // an idle room does not play itself out
		takeRemoteControl(), // -join players' input, when serving (net.go)
		glue.Func3(Pause),
		glue.Func3(Restart),
		glue.Each2P(MoveRemotePaddles), // -join players' paddles (net.go)
		glue.Each2P(MovePaddle),
		glue.Func7(Serve).RunIf(glue.InState(Serving)),
	)
	// Physics: the physics.Plugin's systems.
	app.AddSystems(Rules,
		glue.Func5(Sfx),
		glue.Func6(BreakBricks),
		glue.Func5(AimOffPaddle),
		glue.Func6(LoseBall).RunIf(glue.InState(Playing)),
		glue.Func3(CheckWin).RunIf(glue.InState(Playing)),
	)
	// The phases' own systems (see the tick above: they run in
	// StateTransition when the phase changes).
	app.AddSystems(glue.OnEnter(Serving), glue.Func(ArmServe))
	app.AddSystems(glue.OnResume(Serving), glue.Func(ArmServe)) // a pause popped
	app.AddSystems(glue.OnEnter(Won), glue.Func(PlayWon))
	app.AddSystems(glue.OnEnter(Lost), glue.Func(PlayOver))
	app.AddSystems(HUD,
		glue.Each2P(UpdateLabels),
	)
	app.AddSystems(glue.Draw, drawing()...)

	// Serving (-serve): watchers get the bricks, paddle, ball and Game,
	// recorded after the rules; joined players steer (net_server.go; the
	// browser build cannot serve and reports it).
	if cfg.Net.Serve != "" {
		app.AddPlugins(serverPlugin(cfg))
		app.AddSystems(glue.PostUpdate, sendSystems()...)
	}
	if cfg.Rollback {
		addRollback(app, cfg) // rollback.go
	}

	// In the browser: window.breakoutState() answers what HUD publishes
	// (page.go; nothing on the desktop; render.Plugin tells the page when
	// the first frame is drawn).
	app.AddSystems(HUD, render.Publish("breakoutState", 6, breakoutState))
	return app
}

// firstPhase is the phase a game starts in: Waiting for a room served on
// Agones (it waits for its match), Serving otherwise.
func firstPhase(cfg Config) Phase {
	if cfg.Net.Serve != "" && cfg.Net.Agones {
		return Waiting
	}
	return Serving
}

// clockStopped is the timer's PauseWhile: the game's clock stops while
// Paused or Waiting.
func clockStopped(p glue.Res[glue.State[Phase]]) bool {
	ph := p.Get().Get()
	return ph == Paused || ph == Waiting
}

// drawing is the game's drawing, in glue.Draw: the same for players and
// watchers.
func drawing() []*glue.System {
	return []*glue.System{
		render.DrawBox[Brick](),
		render.DrawBoxAt[Paddle, physics.Body](), // at the body: no position is copied
		render.DrawCircleAt[Ball, physics.Body](),
		render.DrawText[render.Label](),
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses the flags and plays; it returns the exit status. The flags
// every glue game has (-seed, -headless, -ticks, -schedule, -sequential,
// -scale, -screenshot, -frames) and the run they ask for are
// render.Command's.
func run(args []string, stdout, stderr io.Writer) int {
	cmd := render.NewCommand("breakout", stdout, stderr, render.CommandDefaults{Scale: 2})
	fs := cmd.FlagSet
	fs.Lookup("headless").Usage = "run without a window, with the autopilot playing; print the final state"
	autopilot := fs.Bool("autopilot", false, "let the autopilot play (always on with -headless)")
	bricks := fs.Int("bricks", 0, "play a stress level with this many bricks (default: the thesis's 6x6)")
	lives := fs.Int("lives", 3, "lives per game")
	mute := fs.Bool("mute", false, "play without sound")
	nf := netflags.Add(fs) // -serve, -watch, -join, -origin, -drain, -agones, -agones-players
	open := fs.Bool("open", false, "with -serve and one paddle: let a -join player take the paddle from you (without it, joiners watch while you play)")
	// The menus are on everywhere, the browser too: they are where a player
	// finds the volume and the controls (?menus=false in the page turns
	// them off, as the browser tests about other things do).
	menus := fs.Bool("menus", true, "show the title, pause and options menus (off with -headless, -screenshot, -serve and watching)")
	rb := netflags.AddRollback(fs, "a paddle in one half of the field") // -players, -rollback
	showDiag := fs.Bool("diag", false, "show the diagnostics overlay and the inspector from the start (F3 and F4 toggle them)")
	rp := addReplayer(fs) // -record FILE, -replay FILE (docs/replay.md; replay.go, not in breakout.wasm: replay_js.go)
	ok := cmd.Parse(args, func(p *render.Problems) {
		p.Between("bricks", *bricks, 0, 100_000)
		p.AtLeast("lives", *lives, 1)
		if *showDiag && !hasDiag {
			p.Add("-diag: breakout.wasm has no diagnostics overlay; the page loads breakout-diag.wasm for ?diag (build it with make wasm-diag, or go build -tags diag)")
		}
		rp.check(p)
		if rp.ReplayPlayers() > 0 {
			return // a rollback match's recording replays offline: its network flags are not used
		}
		p.Add(nf.Check(netflags.Rules{
			ServerChooses: []string{"seed", "bricks", "lives", "autopilot", "players"},
			ServeOnly:     []string{"open"},
			Headless:      cmd.Headless,
		})...)
		p.Add(rb.Check(nf)...)
	})
	if !ok {
		return 2
	}

	unnotify := nf.NotifyStop() // a served game drains on SIGTERM (net_server.go)
	defer unnotify()
	cfg := Config{Seed: cmd.Seed, Settings: DefaultSettings(), Headless: cmd.Headless, Sequential: cmd.Sequential, Scale: cmd.Scale, Screenshot: cmd.Screenshot, Mute: *mute,
		Net: *nf, Diag: *showDiag, Rollback: rb.On}
	cfg.Settings.Bricks, cfg.Settings.Lives, cfg.Settings.Players = *bricks, *lives, rb.Players
	// A rollback game is steered by its two players' inputs, and both sides
	// must have the same settings: no autopilot, even -headless.
	cfg.Settings.Autopilot = (*autopilot || cmd.Headless) && !rb.On
	cfg.Settings.OpenSeat = *open
	cfg.Menus = *menus && !cmd.Headless && cmd.Screenshot.Path == "" && !nf.Networked()
	if rb.On {
		cfg.Settings.Players = 2
	}
	if rp.ReplayPlayers() > 0 {
		// A recorded rollback match replays offline: its session plays
		// the recorded inputs, serving and joining nothing (docs/net.md).
		cfg.Net = netflags.Flags{}
	}
	cmd.NoSeed = nf.Peer != "" // a watcher's or joiner's seed is the server's: none is printed
	var app *glue.App
	if nf.Peer != "" && !rb.On {
		app = NewWatchApp(cfg)
	} else {
		app = NewApp(cfg).AddPlugins(rp.plugin())
	}
	// A port in use names the -serve flag, not the Go field behind it.
	cmd.Explain = func(err error) string { return netflags.ListenTrouble(err, nf.Serve) }
	// -headless stops when the game is won or lost; watchers see a served
	// game in real time: it is paced at 60 ticks per second instead of
	// running as fast as the machine can.
	// A room reused on Agones (-agones-reuse) goes on to its next match.
	h := render.Headless{Until: func() bool { return glue.StateAfter[Phase](app).Over() && !nf.AgonesReuse }}
	if cfg.Net.Networked() {
		h.Every = time.Second / 60
	}
	// A -replay runs to its last tick and checks the final digest.
	return rp.run(cmd, app, h, func(ticks int) {
		g := glue.Resource[Game](app)
		fmt.Fprintf(stdout, "ticks %d phase %s score %d lives %d bricks-broken %d\n", ticks, glue.StateAfter[Phase](app), g.Score, g.Lives, g.Hits)
	})
}
