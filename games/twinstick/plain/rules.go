// Package plain is the twin-stick shooter's play core in plain Go, with
// no glue and no ECS: structs, slices and one Update. It is not a game
// (it has no window, input or drawing), only the same rules as
// games/twinstick's rules.go, kept for the line count of issue #38's
// goal; the twinstick tests play both and check they agree. Sounds,
// shakes and bursts are left in Game for a game loop to play and draw.
package plain

import (
	"math"
	"math/rand/v2"
)

// The rules' constants, the same as games/twinstick's.
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
	WaveSize    = 4
	FlashFor    = 0.15
)

// Vec is a point or a velocity.
type Vec struct{ X, Y float64 }

// Bullet is a bullet in flight.
type Bullet struct{ Pos, Vel Vec }

// Enemy is an enemy; Dead is set by a bullet.
type Enemy struct {
	Pos  Vec
	Dead bool
}

// Controls is one tick's input.
type Controls struct {
	MoveX, MoveY, AimX, AimY float64
	Fire                     bool
}

// Sound is a tone for the game loop to play.
type Sound struct{ Freq, Slide, Seconds float64 }

// Game is the whole play state.
type Game struct {
	Ship                      Vec
	Bullets                   []Bullet
	Enemies                   []Enemy
	Grid                      [GW * GH][]*Enemy
	Score, Lives, Wave, Alive int
	Cooldown, Shake, Flash    float64
	Sounds                    []Sound
	Bursts                    []Vec
	Rand                      *rand.Rand
}

// New starts a game.
func New(seed uint64) *Game {
	return &Game{Ship: Vec{W / 2, H / 2}, Lives: StartLives, Rand: rand.New(rand.NewPCG(seed, 0))}
}

func cellOf(x, y float64) (int, int) {
	return min(max(int(x/Cell), 0), GW-1), min(max(int(y/Cell), 0), GH-1)
}

// Update plays one tick of dt seconds.
func (g *Game) Update(c Controls, dt float64) {
	g.Sounds, g.Bursts = g.Sounds[:0], g.Bursts[:0]
	g.Shake, g.Flash = max(g.Shake-dt, 0), max(g.Flash-dt, 0)
	if g.Lives <= 0 {
		return
	}
	d := ShipSpeed * dt
	g.Ship.X = min(max(g.Ship.X+c.MoveX*d, ShipR), W-ShipR)
	g.Ship.Y = min(max(g.Ship.Y+c.MoveY*d, ShipR), H-ShipR)

	for i := range g.Grid {
		g.Grid[i] = g.Grid[i][:0]
	}
	alive := g.Enemies[:0]
	for _, en := range g.Enemies {
		dx, dy := g.Ship.X-en.Pos.X, g.Ship.Y-en.Pos.Y
		if d := math.Hypot(dx, dy); d > 0 {
			en.Pos.X += dx / d * EnemySpeed * dt
			en.Pos.Y += dy / d * EnemySpeed * dt
		}
		if math.Hypot(g.Ship.X-en.Pos.X, g.Ship.Y-en.Pos.Y) < ShipR+EnemyR {
			g.Lives--
			g.Alive--
			g.Shake, g.Flash = 0.3, FlashFor
			g.Sounds = append(g.Sounds, Sound{110, -60, 0.2})
			continue
		}
		alive = append(alive, en)
	}
	g.Enemies = alive
	for i := range g.Enemies {
		en := &g.Enemies[i]
		cx, cy := cellOf(en.Pos.X, en.Pos.Y)
		g.Grid[cy*GW+cx] = append(g.Grid[cy*GW+cx], en)
	}

	flying := g.Bullets[:0]
	for _, b := range g.Bullets {
		b.Pos.X, b.Pos.Y = b.Pos.X+b.Vel.X*dt, b.Pos.Y+b.Vel.Y*dt
		hit := false
		cx, cy := cellOf(b.Pos.X, b.Pos.Y)
		for y := max(cy-1, 0); y <= min(cy+1, GH-1); y++ {
			for x := max(cx-1, 0); x <= min(cx+1, GW-1); x++ {
				for _, en := range g.Grid[y*GW+x] {
					if math.Hypot(en.Pos.X-b.Pos.X, en.Pos.Y-b.Pos.Y) < BulletR+EnemyR {
						en.Dead, hit = true, true
					}
				}
			}
		}
		if !hit && b.Pos.X >= 0 && b.Pos.X <= W && b.Pos.Y >= 0 && b.Pos.Y <= H {
			flying = append(flying, b)
		}
	}
	g.Bullets = flying

	alive = g.Enemies[:0]
	for _, en := range g.Enemies {
		if !en.Dead {
			alive = append(alive, en)
			continue
		}
		g.Score++
		g.Alive--
		g.Sounds = append(g.Sounds, Sound{660, -300, 0.08})
		g.Bursts = append(g.Bursts, en.Pos)
	}
	g.Enemies = alive

	g.Cooldown -= dt
	if d := math.Hypot(c.AimX, c.AimY); c.Fire && d > 0 && g.Cooldown <= 0 {
		g.Cooldown = FireEvery
		g.Bullets = append(g.Bullets, Bullet{g.Ship, Vec{c.AimX / d * BulletSpeed, c.AimY / d * BulletSpeed}})
	}

	if g.Alive > 0 {
		return
	}
	g.Wave++
	for range WaveSize * g.Wave {
		side, f := g.Rand.IntN(4), g.Rand.Float64()
		g.Enemies = append(g.Enemies, Enemy{Pos: Vec{[4]float64{f * W, W, f * W, 0}[side], [4]float64{0, f * H, H, f * H}[side]}})
		g.Alive++
	}
}
