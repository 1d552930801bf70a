package main

import (
	"image/color"
	"math"
	"math/rand/v2"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

// The rules' constants, in pixels, pixels per second and seconds; plain
// has the same.
const (
	W, H        = 320.0, 240.0
	ShipSpeed   = 120.0
	ShipR       = 6.0
	BulletSpeed = 300.0
	BulletR     = 2.0
	FireEvery   = 0.06
	EnemySpeed  = 40.0
	EnemyR      = 6.0
	Cell        = 16.0
	GW, GH      = int(W / Cell), int(H / Cell)
	StartLives  = 5
	WaveSize    = 4 // enemies in wave n: WaveSize × n
)

// Ship is the player's ship; Bullet and Enemy are the others.
type (
	Ship   struct{ X, Y float64 }
	Bullet struct{ X, Y, VX, VY float64 }
	Enemy  struct{ X, Y float64 }
	Flash  struct{} // the screen flashes red while one lives
)

// Controls is this tick's stick input: move, aim, fire.
type Controls struct {
	MoveX, MoveY, AimX, AimY float64
	Fire                     bool
}

// Play is the score, the lives, the wave and what the rules count.
type Play struct {
	Score, Lives, Wave, Alive int
	Cooldown                  float64
	Rand                      *rand.Rand
}

// Grid buckets the enemies by cell for the bullets' hit tests.
type Grid struct{ Cells [GW * GH][]Hit }

// Hit is an enemy in a Grid cell; Dead is set by a bullet.
type Hit struct {
	E    glue.Entity
	X, Y float64
	Dead bool
}

func cellOf(x, y float64) (int, int) {
	return min(max(int(x/Cell), 0), GW-1), min(max(int(y/Cell), 0), GH-1)
}

// Steer moves the ship by the left stick and keeps it in the arena.
func Steer(_ glue.Entity, s *Ship, p struct {
	C  glue.Res[Controls]
	Dt timer.Delta
}) {
	c, d := p.C.Get(), ShipSpeed*p.Dt.Seconds()
	s.X = min(max(s.X+c.MoveX*d, ShipR), W-ShipR)
	s.Y = min(max(s.Y+c.MoveY*d, ShipR), H-ShipR)
}

// Chase moves the enemies towards the ship; one touching it costs a life
// and shakes the camera; the others fill the grid.
func Chase(e glue.Entity, en *Enemy, p struct {
	Dt    timer.Delta
	Ships glue.Query1[Ship]
	Play  glue.ResMut[Play]
	Grid  glue.ResMut[Grid]
	Cmds  glue.Commands
	Cam   glue.ResMut[render.Camera]
	Sound glue.ResMut[audio.Sounds]
}) {
	_, s, _ := p.Ships.First()
	dx, dy := s.X-en.X, s.Y-en.Y
	if d := math.Hypot(dx, dy); d > 0 {
		en.X += dx / d * EnemySpeed * p.Dt.Seconds()
		en.Y += dy / d * EnemySpeed * p.Dt.Seconds()
	}
	if math.Hypot(s.X-en.X, s.Y-en.Y) < ShipR+EnemyR {
		p.Play.Get().Lives--
		p.Play.Get().Alive--
		p.Cmds.Despawn(e)
		p.Cam.Get().Shake(4, 0.3)
		p.Cmds.Spawn(Flash{}, timer.DespawnAfter(150*time.Millisecond))
		p.Sound.Get().Play(audio.Tone{Freq: 110, Slide: -60, Duration: 200 * time.Millisecond, Volume: audio.DefaultVolume})
		return
	}
	cx, cy := cellOf(en.X, en.Y)
	p.Grid.Get().Cells[cy*GW+cx] = append(p.Grid.Get().Cells[cy*GW+cx], Hit{E: e, X: en.X, Y: en.Y})
}

// Fly moves the bullets; one that leaves the arena or hits enemies (in
// its cell or the next ones) is gone, and marks them dead.
func Fly(e glue.Entity, b *Bullet, p struct {
	Dt   timer.Delta
	Grid glue.ResMut[Grid]
	Cmds glue.Commands
}) {
	b.X, b.Y = b.X+b.VX*p.Dt.Seconds(), b.Y+b.VY*p.Dt.Seconds()
	hit := false
	cx, cy := cellOf(b.X, b.Y)
	for y := max(cy-1, 0); y <= min(cy+1, GH-1); y++ {
		for x := max(cx-1, 0); x <= min(cx+1, GW-1); x++ {
			for i, h := range p.Grid.Get().Cells[y*GW+x] {
				if math.Hypot(h.X-b.X, h.Y-b.Y) < BulletR+EnemyR {
					p.Grid.Get().Cells[y*GW+x][i].Dead, hit = true, true
				}
			}
		}
	}
	if hit || b.X < 0 || b.X > W || b.Y < 0 || b.Y > H {
		p.Cmds.Despawn(e)
	}
}

// Kill despawns the enemies hit, scores them with a tone and a burst,
// and empties the grid.
func Kill(grid glue.ResMut[Grid], play glue.ResMut[Play], cmds glue.Commands, sound glue.ResMut[audio.Sounds]) {
	for i, c := range grid.Get().Cells {
		for _, h := range c {
			if h.Dead {
				play.Get().Score++
				play.Get().Alive--
				cmds.Despawn(h.E)
				sound.Get().Play(audio.Tone{Freq: 660, Slide: -300, Duration: 80 * time.Millisecond, Volume: audio.DefaultVolume})
				cmds.Spawn(render.Emitter{X: h.X, Y: h.Y, Burst: 12, Lifetime: 0.4, Speed: 60, AngleSpread: 2 * math.Pi, Size: 2, Color: color.RGBA{255, 200, 80, 255}, DespawnWhenDone: true})
			}
		}
		grid.Get().Cells[i] = c[:0]
	}
}

// Fire shoots a bullet from the ship along the right stick, every
// FireEvery seconds while firing.
func Fire(ships glue.Query1[Ship], c glue.Res[Controls], play glue.ResMut[Play], dt timer.Delta, cmds glue.Commands) {
	_, s, _ := ships.First()
	pl, in := play.Get(), c.Get()
	pl.Cooldown -= dt.Seconds()
	if d := math.Hypot(in.AimX, in.AimY); in.Fire && d > 0 && pl.Cooldown <= 0 {
		pl.Cooldown = FireEvery
		glue.Spawn1(cmds, Bullet{X: s.X, Y: s.Y, VX: in.AimX / d * BulletSpeed, VY: in.AimY / d * BulletSpeed})
	}
}

// Waves spawns the next wave on the arena's edge once none is left.
func Waves(play glue.ResMut[Play], cmds glue.Commands) {
	pl := play.Get()
	if pl.Alive > 0 {
		return
	}
	pl.Wave++
	for range WaveSize * pl.Wave {
		side, f := pl.Rand.IntN(4), pl.Rand.Float64()
		glue.Spawn1(cmds, Enemy{X: [4]float64{f * W, W, f * W, 0}[side], Y: [4]float64{0, f * H, H, f * H}[side]})
		pl.Alive++
	}
}

// Playing holds while lives are left.
var Playing = glue.If(func(p glue.Res[Play]) bool { return p.Get().Lives > 0 })

// AddRules adds the rules to app: the ship, the resources, and the
// systems in their order, after controls (the system that sets Controls).
func AddRules(app *glue.App, seed uint64, controls *glue.System) {
	app.InsertResource(Controls{})
	app.InsertResource(Play{Lives: StartLives, Rand: rand.New(rand.NewPCG(seed, 0))})
	app.InsertResource(Grid{})
	app.AddStartup(glue.Func(func(cmds glue.Commands) { glue.Spawn1(cmds, Ship{X: W / 2, Y: H / 2}) }))
	prev := controls
	for _, s := range []*glue.System{glue.Each1P(Steer), glue.Each1P(Chase), glue.Each1P(Fly), glue.Func4(Kill), glue.Func5(Fire), glue.Func2(Waves)} {
		app.AddSystems(glue.Update, s.After(prev).RunIf(Playing))
		prev = s
	}
}
