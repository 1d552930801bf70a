package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
)

// The stages the tests add to the real game: Setup runs after Control (so
// it can place the ball after Serve), Observe after HUD.
const (
	Setup   glue.Stage = "test.Setup"
	Observe glue.Stage = "test.Observe"
)

// world is what a test hook sees and may change.
type world struct {
	cmds    glue.Commands
	balls   glue.Query2[*Ball, *physics.Body]
	paddles glue.Query2[*Paddle, *physics.Body]
	bricks  glue.Query1[*Brick]
	game    *Game
	next    *glue.NextState[Phase]
	tick    int
}

func (w *world) ball() *physics.Body {
	_, _, b, _ := w.balls.First()
	return b
}

func (w *world) paddle() (*Paddle, *physics.Body) {
	_, p, b, _ := w.paddles.First()
	return p, b
}

// hookParams are what a test hook's system takes.
type hookParams struct {
	Cmd     glue.Commands
	Balls   glue.Query2[*Ball, *physics.Body]
	Paddles glue.Query2[*Paddle, *physics.Body]
	Bricks  glue.Query1[*Brick]
	Game    glue.ResMut[Game]
	Next    glue.ResMut[glue.NextState[Phase]]
}

// harness runs the real game headless with optional hooks.
type harness struct {
	t       *testing.T
	app     *glue.App
	setup   func(w *world) // runs in Setup every tick
	observe func(w *world) // runs in Observe every tick
	tick    int
}

func newHarness(t *testing.T, cfg Config) *harness {
	t.Helper()
	cfg.Headless = true
	if cfg.Settings == (Settings{}) {
		cfg.Settings = DefaultSettings()
	}
	h := &harness{t: t}
	h.app = NewApp(cfg)
	h.app.AddStagesAfter(Control, Setup)
	h.app.AddStagesAfter(HUD, Observe)
	hook := func(fn *func(*world)) *glue.System {
		return glue.Func(func(p hookParams) {
			if *fn != nil {
				(*fn)(&world{cmds: p.Cmd, balls: p.Balls, paddles: p.Paddles, bricks: p.Bricks, game: p.Game.Get(), next: p.Next.Get(), tick: h.tick})
			}
		})
	}
	h.app.AddSystems(Setup, hook(&h.setup).Named("test.setup"))
	h.app.AddSystems(Observe, hook(&h.observe).Named("test.observe"))
	t.Cleanup(h.app.Close)
	return h
}

// run runs n ticks.
func (h *harness) run(n int) {
	h.t.Helper()
	for range n {
		if err := h.app.Update(); err != nil {
			h.t.Fatalf("tick %d: %v", h.tick, err)
		}
		h.tick++
	}
}

func (h *harness) game() *Game { return glue.Resource[Game](h.app) }

// phase returns the phase between ticks: the one the rules asked for in
// the last tick, else the current one.
func (h *harness) phase() Phase { return glue.StateAfter[Phase](h.app) }

// press holds keys down for one tick, then releases them for one.
func (h *harness) press(keys ...int) {
	h.t.Helper()
	d := glue.Resource[input.Devices](h.app)
	for _, k := range keys {
		d.Keys[k] = true
	}
	h.run(1)
	for _, k := range keys {
		d.Keys[k] = false
	}
	h.run(1)
}

// place puts the ball at pos with velocity vel on the next tick and plays.
func (h *harness) place(pos, vel physics.Vec) {
	h.t.Helper()
	done := false
	h.setup = func(w *world) {
		if done {
			return
		}
		b := w.ball()
		b.Pos, b.Vel = pos, vel
		w.next.Set(Playing)
		done = true
	}
	h.run(1)
	h.setup = nil
}
