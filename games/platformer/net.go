//go:build !js

package main

import (
	"errors"
	"flag"
	"image/color"
	"strings"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

// Online play (-rollback; docs/platformer.md, "Play online"): two
// players each run the whole game, and modules/net's rollback session
// relays their inputs (a Pad a tick) through the host's server, predicts
// the other's and runs ticks again when it was wrong (docs/net.md,
// "Rollback"). The host (-serve host:port -players 2 -rollback) is
// player 0 and serves; the other (-join ws://host:port -rollback) is
// player 1. Player p steers the hero of seat p; the camera follows this
// side's own. The session's news (an interruption, the other player
// gone) is shown over the field (net.SessionNotices).
//
// The browser build leaves this file out (net_js.go): the network code
// would add net/http and TLS to the wasm file.

// onlineRegistry lists what crosses the network: a player's Pad, its
// axes refused outside [-1, 1] (the relay drops the sender).
func onlineRegistry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Pad](reg, codec.Range("X", -1, 1), codec.Range("Y", -1, 1))
	return reg
}

// addRollback makes app one player of a game online: the host's relay
// server, the session, the pads and heroes of both players, and what the
// players are told.
func addRollback(app *glue.App, cfg Config) {
	player, url := net.Player(0), "ws://"+cfg.Net.Serve+netflags.DefaultPath
	switch {
	case cfg.Session != nil:
		app.AddPlugins(cfg.Session)
	case cfg.Net.Serve != "":
		app.AddPlugins(net.ServerPlugin{Config: net.WithFlags(net.ServerConfig{Registry: onlineRegistry()}, &cfg.Net)})
	default:
		player, url = 1, cfg.Net.Peer
	}
	if cfg.Session == nil {
		c := net.RollbackConfig{URL: url, Player: player, Registry: onlineRegistry(), DisconnectAfter: cfg.DisconnectAfter}
		if !cfg.Headless {
			c.ShowEnd = 5 * time.Second // the window says why the match ended before Update returns it
		}
		app.AddPlugins(net.Rollback[Pad]{Config: c})
	}
	app.AddPlugins(net.SessionNotices{})
	app.InsertResource(Pad{})
	app.InsertResource(Pads{})
	app.AddSystems(glue.PreUpdate, glue.Func(SamplePad).After(input.MapSystem))
	take := glue.Func2(TakePads)
	app.AddSystems(glue.Update, take, glue.Func(PlayAgain).After(take))
	app.AddSystems(Control, glue.Func(JoinHeroes))
	app.AddSystems(glue.PostUpdate, glue.Each2P(FollowHero))
	// The tones of the ticks a rollback runs again were heard when those
	// ticks first ran: counted again in audio.Sounds, not played again.
	app.AddSystems(glue.First, audio.SilenceWhile(net.Rerunning()))
	app.AddSystems(glue.Draw, glue.Func(ShowOnline))
}

// SamplePad (glue.PreUpdate, after the input is read) turns this
// player's keys into this tick's Pad, which the session sends.
func SamplePad(p struct {
	Input glue.Res[input.State]
	Pad   glue.ResMut[Pad]
}) {
	*p.Pad.Get() = padOf(p.Input.Get())
}

// TakePads (glue.Update) hands every player's Pad of the tick, from the
// session, to the heroes (Pads). A player who left has the zero Pad: its
// hero stands still.
func TakePads(in glue.Res[net.PlayerInputs[Pad]], pads glue.ResMut[Pads]) {
	ps := pads.Get()
	for i := range in.Get().Len() {
		ps.Of[i], _ = in.Get().For(net.Player(i))
	}
}

// PlayAgain (glue.Update) starts a new game after a game over or a win
// when a player presses Jump: online there are no menus.
func PlayAgain(p struct {
	Pads  glue.Res[Pads]
	Phase glue.Res[glue.State[Phase]]
	Next  glue.ResMut[glue.NextState[Phase]]
}) {
	if ph := p.Phase.Get().Get(); ph != GameOver && ph != Won {
		return
	}
	for _, pad := range p.Pads.Get().Of {
		if pad.Jump {
			p.Next.Get().Set(Playing)
		}
	}
}

// JoinHeroes (Control, online) gives every player a hero once the map's
// is there: player p's is spawned 14p pixels right of player 0's, with
// Seat p and its tint (Tints). The map's hero loses its render.CameraTarget on
// both sides alike: each side's camera follows its own player's hero
// (FollowHero).
func JoinHeroes(p struct {
	Heroes  glue.Query2[Player, physics.Body]
	Targets glue.Query1[render.CameraTarget]
	Inputs  glue.Res[net.PlayerInputs[Pad]]
	Art     glue.Res[Art]
	Cmds    glue.Commands
}) {
	e, _, b, ok := p.Heroes.First()
	if !ok || p.Heroes.Len() >= p.Inputs.Get().Len() {
		return
	}
	if _, ok := p.Targets.Get(e); ok {
		p.Cmds.Remove(e, glue.TypeOf[render.CameraTarget]())
	}
	for seat := p.Heroes.Len(); seat < p.Inputs.Get().Len(); seat++ {
		p.Cmds.Spawn(append(p.Art.Get().sprite("idle"), Player{Seat: seat}, physics.Body{Pos: b.Pos.Add(physics.Vec{X: float64(14 * seat)})},
			physics.Collider{Shape: physics.Rect(10, 14)}, physics.Character{Snap: 4, StepHeight: 4})...)
	}
}

// FollowHeroParams are what FollowHero reads and writes besides the
// hero.
type FollowHeroParams struct {
	Stats  glue.Opt[net.Stats] // none in a sync test: player 0's
	Time   glue.Res[timer.Time]
	Camera glue.ResMut[render.Camera]
}

// FollowHero (glue.PostUpdate, each hero, online) moves the camera to
// this side's own hero, as render.FollowTarget does offline.
func FollowHero(_ glue.Entity, pl Player, b physics.Body, p FollowHeroParams) {
	if st := p.Stats.Get(); st == nil && pl.Seat == 0 || st != nil && pl.Seat == int(st.Player) {
		p.Camera.Get().Track(b.Pos.X, b.Pos.Y, p.Time.Get().DeltaSeconds())
	}
}

// ShowOnline (glue.Draw, online) shows over the field what the players
// are told: the session's notice (net.SessionNotice: an interruption,
// the other player gone, the connection lost and why), waiting for the
// other player before the game starts, and how to play again after a
// game over or a win.
func ShowOnline(p struct {
	List   glue.ResMut[render.DrawList]
	Notice glue.Res[net.SessionNotice]
	Stats  glue.Opt[net.Stats]
	Phase  glue.Res[glue.State[Phase]]
}) {
	text := onlineLine(p.Notice.Get().Text, p.Stats.Get(), p.Phase.Get().Get())
	if text == "" {
		return
	}
	l := p.List.Get()
	l.SetLayer(render.LayerUI)
	defer l.SetLayer(0)
	l.AddText(text, 160, 56, render.TextStyle{Size: 10, Color: color.RGBA{255, 255, 255, 255}, Align: render.AlignCenter}, 0)
}

// onlineLine is what ShowOnline shows: the session's notice first.
func onlineLine(notice string, st *net.Stats, ph Phase) string {
	switch {
	case notice != "":
		return notice
	case st != nil && !st.Running:
		return "Waiting for the\nother player…"
	case ph == GameOver:
		return "GAME OVER\nJump to play again"
	case ph == Won:
		return "YOU WIN!\nJump to play again"
	}
	return ""
}

// onlineFlags are the flags of a game played online, breakout's words
// and defaults (netflags): the host plays with -serve host:port -players
// 2 -rollback, the other player with -join ws://host:port -rollback.
type onlineFlags struct {
	net *netflags.Flags
	rb  *netflags.Rollback
	fs  *flag.FlagSet
}

// addOnlineFlags defines the online flags on fs.
func addOnlineFlags(fs *flag.FlagSet) *onlineFlags {
	return &onlineFlags{netflags.Add(fs), netflags.AddRollback(fs, "a hero"), fs}
}

// check adds the online flags' problems to p: netflags', and a game
// online without rollback (no watchers, no host-run game) or with what
// acts on one machine only.
func (o *onlineFlags) check(p *render.Problems, headless bool) {
	p.Add(o.net.Check(netflags.Rules{Headless: headless})...)
	p.Add(o.rb.Check(o.net)...)
	if o.net.Networked() && !o.rb.On {
		p.Add("the platformer plays online with rollback netcode only: the host adds -rollback to -serve host:port -players 2, the other player to -join ws://host:port")
	}
	o.fs.Visit(func(f *flag.Flag) {
		if o.rb.On && (f.Name == "record" || f.Name == "replay" || f.Name == "dev") {
			p.Addf("-%s is for a game on one machine: leave it out with -rollback", f.Name)
		}
	})
}

// apply sets cfg's online fields.
func (o *onlineFlags) apply(cfg *Config) { cfg.Net, cfg.Rollback = *o.net, o.rb.On }

// explainOnline is the player's line for an error that stopped a game
// online (render.Command.Explain): a server that cannot listen, in the
// terms of -serve; the session's end as the screen said it, then why.
func explainOnline(serve string) func(error) string {
	return func(err error) string {
		if errors.Is(err, net.ErrDisconnected) {
			return "connection lost: " + strings.ReplaceAll(net.ReasonLine(err), "\n", " ") + " (" + err.Error() + ")"
		}
		return netflags.ListenTrouble(err, serve)
	}
}
