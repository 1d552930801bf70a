//go:build !js || watch

package main

import (
	"fmt"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/net/netflags"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
)

// Rollback (-rollback, issue #28; docs/net.md, "Rollback"): both players
// run the whole game; modules/net relays their inputs through the
// server, predicts the other's and rolls back when it was wrong. The host
// (-serve -players 2 -rollback) is player 1 and relays; the other joins
// with -join URL -rollback. The game takes their inputs as typed
// values, net.PlayerInputs[RollbackPad] (TakeRemoteControl), player p
// steering paddle p.

// RollbackPad is a player's input in one tick of a rollback game: the
// steering axis and the presses.
type RollbackPad struct {
	Axis                   float32 // -1 to 1
	Launch, Pause, Restart bool
}

// rollbackPlugin is the rollback session of a -rollback game.
func rollbackPlugin(cfg Config, player net.Player, url string) glue.Plugin {
	c := net.RollbackConfig{
		URL: url, Player: player, Registry: netRegistry(), Seed: cfg.Seed,
		// Each paddle answers its key in the key's own tick (its tests
		// check it after every tick): no delay picked from the round trip.
		FixedDelay: true,
		Start:      func(app *glue.App, seed uint64) { *glue.Resource[Rng](app) = NewRng(seed) },
		// The machine's own resources (input, window, camera, draw list,
		// audio device, mute and volume) mark themselves
		// glue.MachineLocal: no Keep list.
	}
	if !cfg.Headless {
		c.ShowEnd = 5 * time.Second // the window says why the match ended before Update returns it
	}
	return net.Rollback[RollbackPad]{Config: c}
}

// SampleRollback (glue.PreUpdate, after the input is read) turns the
// player's keys into this tick's RollbackPad; a pointer steers the
// player's paddle towards it.
func SampleRollback(p struct {
	Input   glue.Res[input.State]
	Phase   glue.Res[glue.State[Phase]]
	Pad     glue.ResMut[RollbackPad]
	Paddles glue.Query2[Paddle, physics.Body]
	Session glue.Res[net.Session]
}) {
	s := p.Input.Get()
	it := buttons(s, p.Phase.Get().Get())
	axis := s.AxisX
	if s.Pointer.Down {
		seat := int(p.Session.Get().Stats().Player)
		p.Paddles.Each(func(_ glue.Entity, pad Paddle, b physics.Body) {
			if pad.Seat == seat {
				axis = follow(s.Pointer.X, b.Pos.X)
			}
		})
	}
	*p.Pad.Get() = RollbackPad{Axis: float32(axis), Launch: it.Launch, Pause: it.Pause, Restart: it.Restart}
}

// addRollback makes app a -rollback game's player.
func addRollback(app *glue.App, cfg Config) {
	player, url := net.Player(0), "ws://"+cfg.Net.Serve+netflags.DefaultPath
	if cfg.Net.Serve == "" {
		player, url = 1, cfg.Net.Peer
	}
	app.AddPlugins(rollbackPlugin(cfg, player, url))
	app.InsertResource(RollbackPad{})
	app.AddSystems(glue.PreUpdate, glue.Func(SampleRollback).After(input.MapSystem))
	// The tones of the ticks a rollback runs again were heard when those
	// ticks first ran: counted again in audio.Sounds, not played again.
	app.AddSystems(glue.First, audio.SilenceWhile(net.Rerunning()))
	app.AddSystems(HUD, render.Publish("rollbackState", 6, rollbackState)) // in the browser
	app.AddPlugins(net.SessionNotices{})
	app.AddSystems(glue.PreDraw, glue.Func2(ShowSession).After(net.SessionNoticeSystem))
}

// ShowSession (glue.PreDraw, -rollback only, after
// net.SessionNoticeSystem) puts the session's notice (net.SessionNotices:
// "Connection interrupted…", "Connection back", "The other player left",
// "Connection lost" and why, "Out of sync at tick N") on the message
// label, every frame while there is one: it runs while the session waits
// for the other player and runs no tick (the HUD's labels do not). The
// label's text is the game's again from the next tick's HUD on.
func ShowSession(notice glue.Res[net.SessionNotice], labels glue.Query2[LabelKind, *render.Label]) {
	if text := notice.Get().Text; text != "" {
		labels.Each(func(_ glue.Entity, kind LabelKind, l *render.Label) {
			if kind == MessageLabel {
				l.Value = text
			}
		})
	}
}

// rollbackState is the JSON answer of window.rollbackState, which
// render.Publish keeps current (HUD, in the browser, ten times a second):
// the session's counters, for the browser test and anyone curious.
func rollbackState(session glue.Res[net.Session]) string {
	st := session.Get().Stats()
	last := ""
	if st.LastDesync != nil {
		last = st.LastDesync.Error()
	}
	return fmt.Sprintf(`{"started":%t,"player":%d,"tick":%d,"confirmed":%d,"rollbacks":%d,"maxDepth":%d,"stalls":%d,"digests":%d,"desyncs":%d,"lastDesync":%q}`,
		st.Started, st.Player, st.Tick, st.Confirmed, st.Rollbacks, st.MaxDepth, st.Stalls, st.Digests, st.Desyncs, last)
}
