package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
)

// testStage is a stage the tests insert into the real game: Setup runs
// after Control (so it can place the ball after Serve), Observe after HUD.
type testStage int

const (
	Setup testStage = iota
	Observe
)

func (s testStage) String() string { return [...]string{"test.Setup", "test.Observe"}[s] }

// world is what a test hook sees and may change.
type world struct {
	cmds    glue.Commands
	balls   glue.Query2[Ball, physics.Body]
	paddles glue.Query2[Paddle, physics.Body]
	bricks  glue.View1[Brick]
	game    *Game
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
	h.app.InsertStageAfter(Control, Setup)
	h.app.InsertStageAfter(HUD, Observe)
	hook := func(fn *func(*world)) *glue.System {
		return glue.System5(func(c glue.Commands, b glue.Query2[Ball, physics.Body], p glue.Query2[Paddle, physics.Body],
			br glue.View1[Brick], g glue.ResMut[Game]) {
			if *fn != nil {
				(*fn)(&world{cmds: c, balls: b, paddles: p, bricks: br, game: g.Get(), tick: h.tick})
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
		w.game.Phase = Playing
		done = true
	}
	h.run(1)
	h.setup = nil
}
