// Twinstick is a small twin-stick shooter written on glue, the game of
// issue #38's line-count goal: its play core (rules.go: the ship,
// bullets, enemies chasing in waves, hits on a uniform grid, sounds,
// camera shake, score and lives, and AddRules, which wires them) is 152
// code lines against 128 for the same rules in plain Go (plain/rules.go:
// structs, slices and one Update), 1.19× (scripts/codelines.sh on each
// file alone; the goal is 1.2×). TestSameRulesAsPlain plays both 3,000
// ticks with the same controls, seed and delta and checks they agree
// every tick. This file is the wiring, the input and the drawing (100
// more lines). An effect needs no system of its own: a kill's burst is
// a render.Emitter with DespawnWhenDone, a hit's red flash an entity
// with timer.DespawnAfter.
//
//	go run ./games/twinstick                                  # WASD/left stick move; mouse or right stick aim; click, Space or the right stick fire
//	go run ./games/twinstick -headless -ticks 3000 -seed 7    # an autopilot plays; prints the result
package main

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// Config is what the flags set. Pilot, if not nil, gives each tick's
// controls in place of the player (the headless autopilot, the tests).
type Config struct {
	Headless bool
	Seed     uint64
	Pilot    func(tick int) Controls
}

// NewApp declares the game.
func NewApp(cfg Config) *glue.App {
	app := glue.NewApp()
	app.AddPlugins(
		timer.Plugin{},
		input.Plugin{Headless: cfg.Headless},
		audio.Plugin{Headless: cfg.Headless},
		render.Plugin{Background: color.RGBA{10, 10, 30, 255}},
	)
	app.InsertResource(render.Window{Title: "Twinstick (glue)", Width: int(W), Height: int(H), Scale: 2})
	controls := glue.Func4(Read)
	if cfg.Pilot != nil {
		tick := 0
		controls = glue.Func(func(c glue.ResMut[Controls]) { *c.Get() = cfg.Pilot(tick); tick++ })
	}
	app.AddSystems(glue.Update, controls)
	AddRules(app, cfg.Seed, controls)
	app.AddStartup(render.SetupWindow[render.Window]())
	app.AddSystems(glue.Update, render.UpdateParticles())
	app.AddSystems(glue.Draw, glue.Func4(Draw), glue.Each1P(DrawEnemy), glue.Each1P(DrawBullet), render.DrawParticles())
	return app
}

var pads []ebiten.GamepadID

// Read (glue.Update) turns the player's input into Controls: the move
// stick moves, the aim stick (the right stick, or the pointer relative
// to the ship) aims; a click, Space/Enter or a tilted right stick fires.
// It sets the aim stick's origin to the ship for the next tick.
func Read(in glue.Res[input.State], c glue.ResMut[Controls], origins glue.ResMut[input.Origins], ships glue.Query1[Ship]) {
	st := in.Get()
	mx, my := st.Stick(input.MoveStick)
	ax, ay := st.Stick(input.AimStick)
	fire := st.Pointer.Down || st.Down(input.Primary)
	pads = ebiten.AppendGamepadIDs(pads[:0])
	for _, id := range pads {
		fire = fire || math.Hypot(ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisRightStickHorizontal),
			ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisRightStickVertical)) > 0.5
	}
	*c.Get() = Controls{MoveX: mx, MoveY: my, AimX: ax, AimY: ay, Fire: fire}
	if _, s, ok := ships.First(); ok {
		origins.Get().Points[input.AimStick] = input.Point{X: s.X, Y: s.Y}
	}
}

// Script is the autopilot: it circles, sweeps its aim round and fires.
// The tests feed it to both the glue game and plain.
func Script(tick int) Controls {
	t := float64(tick)
	return Controls{MoveX: math.Sin(t/90) / 3, MoveY: math.Cos(t/130) / 3, AimX: math.Cos(t / 7), AimY: math.Sin(t / 7), Fire: true}
}

// Draw draws the ship, the enemies, the bullets, the red flash of a hit
// and the score.
func Draw(list glue.ResMut[render.DrawList], play glue.Res[Play], ships glue.Query1[Ship], flash glue.Query1[Flash]) {
	l := list.Get()
	if _, s, ok := ships.First(); ok {
		l.AddCircle(s.X, s.Y, ShipR, color.RGBA{120, 220, 255, 255}, 1)
	}
	if _, _, ok := flash.First(); ok {
		l.AddRect(0, 0, W, H, color.RGBA{80, 0, 0, 80}, 3)
	}
	pl := play.Get()
	l.SetLayer(render.LayerUI)
	l.AddText(fmt.Sprintf("SCORE %d  LIVES %d  WAVE %d", pl.Score, pl.Lives, pl.Wave), 4, 4, render.TextStyle{Size: 10, Color: color.RGBA{255, 255, 255, 255}}, 0)
	if pl.Lives <= 0 {
		l.AddText("GAME OVER", W/2, H/2, render.TextStyle{Size: 16, Color: color.RGBA{255, 255, 255, 255}, Align: render.AlignCenter}, 0)
	}
	l.SetLayer(0)
}

// DrawEnemy draws an enemy.
func DrawEnemy(_ glue.Entity, en Enemy, list glue.ResMut[render.DrawList]) {
	list.Get().AddCircle(en.X, en.Y, EnemyR, color.RGBA{255, 90, 90, 255}, 0)
}

// DrawBullet draws a bullet.
func DrawBullet(_ glue.Entity, b Bullet, list glue.ResMut[render.DrawList]) {
	list.Get().AddCircle(b.X, b.Y, BulletR, color.RGBA{255, 255, 160, 255}, 2)
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses the flags (render.Command's: -headless, -ticks, -seed, …)
// and plays; headless, the autopilot plays and the final line is printed.
func run(args []string, stdout, stderr io.Writer) int {
	cmd := render.NewCommand("twinstick", stdout, stderr, render.CommandDefaults{Ticks: 3000, Scale: 2})
	if !cmd.Parse(args, nil) {
		return 2
	}
	cfg := Config{Headless: cmd.Headless, Seed: cmd.Seed}
	if cmd.Headless {
		cfg.Pilot = Script
	}
	app := NewApp(cfg)
	return cmd.Run(app, render.Headless{Until: func() bool { return glue.Resource[Play](app).Lives <= 0 }}, func(ticks int) {
		pl := glue.Resource[Play](app)
		fmt.Fprintf(stdout, "ticks %d wave %d score %d lives %d\n", ticks, pl.Wave, pl.Score, pl.Lives)
	})
}
