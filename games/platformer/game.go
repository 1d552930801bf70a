package main

import (
	"errors"
	"image/color"
	"slices"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/gluekit/glue/modules/timer"
)

// Phase is the game's state.
type Phase uint8

// The phases: title, playing, paused (pushed over Playing), options
// (pushed over Title or Paused), game over, won.
const (
	Title Phase = iota
	Playing
	Paused
	Options
	GameOver
	Won
)

func (p Phase) String() string {
	return [...]string{"Title", "Playing", "Paused", "Options", "GameOver", "Won"}[p]
}

// The game's actions, after input's Primary (the menus' Enter), Pause
// and Restart.
const (
	Jump = input.Restart + 1 + iota
	QuickSave
	QuickLoad
	ToggleFullscreen // F11 (ui.FullscreenKey)
)

// Tuning, in pixels, pixels per second and game time.
const (
	RunSpeed   = 110.0
	JumpSpeed  = 330.0
	MaxFall    = 500.0
	CoyoteTime = 100 * time.Millisecond  // a jump still works this long after leaving a ledge
	JumpBuffer = 120 * time.Millisecond  // a jump pressed this long before landing happens on landing
	Invincible = 1500 * time.Millisecond // after a hit
	StartLives = 3
)

// Player is the hero: its timers (timer.Ticks[Player] advances them
// with the game clock), the way it faces and its seat: the net.Player
// steering it online (net.go), 0 on one machine.
type Player struct {
	Coyote, Buffer, Hurt timer.Timer
	Left                 bool
	Seat                 int
}

// Enemy patrols Range pixels either side of Home at Speed.
type Enemy struct{ Home, Range, Speed float64 }

// Coin is worth Value points; ID is its object's id in the map.
type Coin struct {
	ID    uint32
	Value int
}

// Mover is a moving platform: it goes from From by Path and back.
type Mover struct {
	From, Path physics.Vec
	Speed      float64
}

// Checkpoint is where the hero comes back after a hit; Goal wins.
type (
	Checkpoint struct{}
	Goal       struct{}
)

// Progress is what the game keeps, a saved resource.
type Progress struct {
	Score, Lives int
	Check, At    physics.Vec // the last checkpoint, the hero (when saved)
	Taken        []uint32    // the coins picked up, by object id
}

// Art is the sprite sheet's clips.
type Art struct{ Sheet *render.Aseprite }

func (a *Art) clip(tag string) *render.Clip { c, _ := a.Sheet.Clip(tag); return c }

// sprite returns the components of a sprite playing tag's clip.
func (a *Art) sprite(tag string) []any {
	c := a.clip(tag)
	return []any{render.Sprite{Image: c.Frames[0], OriginX: 0.5, OriginY: 0.5, Layer: 10}, render.NewAnimator(c)}
}

// spawns are the map's object classes.
func spawns(art *Art) map[string]tiled.SpawnFunc {
	sensor := func(o *tiled.Object) []any {
		return []any{physics.Body{Pos: o.Center()}, physics.Collider{Shape: physics.Rect(o.W-4, o.H-4), Sensor: true}, physics.Static{}}
	}
	return map[string]tiled.SpawnFunc{
		"Player": func(cmds glue.Commands, o *tiled.Object) error {
			if o.Reload {
				return nil // the hero keeps going
			}
			cmds.Spawn(append(art.sprite("idle"), Player{}, render.CameraTarget{}, physics.Body{Pos: o.Center()},
				physics.Collider{Shape: physics.Rect(10, 14)}, physics.Character{Snap: 4, StepHeight: 4})...)
			return nil
		},
		"Coin": func(cmds glue.Commands, o *tiled.Object) error {
			v, err := o.Props.Int("value")
			o.Spawn(cmds, append(append(art.sprite("coin"), sensor(o)...), Coin{ID: o.ID, Value: v})...)
			return err
		},
		"Enemy": func(cmds glue.Commands, o *tiled.Object) error {
			speed, err := o.Props.Float("speed")
			o.Spawn(cmds, append(art.sprite("enemy"), Enemy{Home: o.Center().X, Range: 40, Speed: speed},
				physics.Body{Pos: o.Center()}, physics.Collider{Shape: physics.Rect(12, 12)}, physics.Character{Snap: 4})...)
			return err
		},
		"Platform": func(cmds glue.Commands, o *tiled.Object) error {
			dx, err := o.Props.Float("dx")
			speed, err2 := o.Props.Float("speed")
			o.Spawn(cmds, append(art.sprite("platform"), Mover{From: o.Center(), Path: physics.Vec{X: dx}, Speed: speed},
				physics.Body{Pos: o.Center()}, physics.Collider{Shape: physics.Rect(o.W, o.H)}, physics.OneWay{})...)
			return errors.Join(err, err2)
		},
		"Checkpoint": func(cmds glue.Commands, o *tiled.Object) error {
			o.Spawn(cmds, append(append(art.sprite("checkpoint"), sensor(o)...), Checkpoint{})...)
			return nil
		},
		"Goal": func(cmds glue.Commands, o *tiled.Object) error {
			o.Spawn(cmds, append(append(art.sprite("goal"), sensor(o)...), Goal{})...)
			return nil
		},
	}
}

// Taken despawns the coins picked up before a quick load or a reload.
func Taken(coins glue.Query1[Coin], progress glue.Res[Progress], cmds glue.Commands) {
	for e, c := range coins.All() {
		if slices.Contains(progress.Get().Taken, c.ID) {
			cmds.Despawn(e)
		}
	}
}

// Move steers the heroes: run, jump with coyote time and a jump buffer,
// a shorter jump when the button is let go, down to drop through one-way
// platforms. Online each hero reads its player's Pad (online.go).
func Move(heroes glue.Query5[*Player, *physics.Body, *physics.Character, *render.Sprite, *render.Animator], in glue.Res[input.State], pads glue.Opt[Pads], dt timer.Delta, level glue.Res[tiled.Level], art glue.Res[Art]) {
	g, _ := level.Get().Map.Props.Float("gravity")
	for _, h := range heroes.All() {
		p, b, c, s, a := h.A, h.B, h.C, h.D, h.E
		st := heroPad(pads.Get(), p.Seat, in.Get())
		b.Vel.X = st.X * RunSpeed
		b.Vel.Y = min(b.Vel.Y+g*dt.Seconds(), MaxFall)
		c.Drop = st.Y > 0.5
		if c.OnFloor {
			p.Coyote = timer.NewTimer(CoyoteTime, timer.Once)
		}
		if st.Jump {
			p.Buffer = timer.NewTimer(JumpBuffer, timer.Once)
		}
		if !p.Buffer.Finished() && !p.Coyote.Finished() {
			b.Vel.Y, p.Buffer, p.Coyote = -JumpSpeed, timer.Timer{}, timer.Timer{} // zero Timers have finished
		}
		if !st.Held && b.Vel.Y < -JumpSpeed/2 {
			b.Vel.Y = -JumpSpeed / 2
		}
		if st.X != 0 {
			p.Left = st.X < 0
		}
		tag := "jump"
		if c.OnFloor && st.X != 0 {
			tag = "run"
		} else if c.OnFloor {
			tag = "idle"
		}
		if clip := art.Get().clip(tag); a.Clip() != clip {
			a.Play(clip)
		}
		s.FlipX = p.Left
		s.Tint = Tints[p.Seat]
		if !p.Hurt.Finished() && p.Hurt.Remaining()/(100*time.Millisecond)%2 == 0 {
			s.Tint = color.RGBA{128, 128, 128, 128}
		}
	}
}

// Patrol walks the enemies to and fro, turning at walls and at the ends of
// their range.
func Patrol(_ glue.Entity, e *Enemy, b *physics.Body, c *physics.Character, s *render.Sprite, dt timer.Delta) {
	x := b.Pos.X - e.Home
	if c.OnWall || x > e.Range && e.Speed > 0 || x < -e.Range && e.Speed < 0 {
		e.Speed = -e.Speed
	}
	b.Vel.X = e.Speed
	b.Vel.Y = min(b.Vel.Y+900*dt.Seconds(), MaxFall)
	s.FlipX = e.Speed < 0
}

// Carry moves the platforms to and fro along their paths.
func Carry(_ glue.Entity, m Mover, b *physics.Body) {
	dir := m.Path.Unit()
	switch at := b.Pos.Sub(m.From).Dot(dir); {
	case at >= m.Path.Len():
		b.Vel = dir.Scale(-m.Speed)
	case at <= 0 || b.Vel == (physics.Vec{}):
		b.Vel = dir.Scale(m.Speed)
	}
}

// RulesParams are what Rules reads and writes besides the hero.
type RulesParams struct {
	Coins    glue.Query1[Coin]
	Enemies  glue.Query1[Enemy]
	Checks   glue.Query3[Checkpoint, *render.Animator, physics.Body]
	Goals    glue.Query1[Goal]
	Contacts glue.Res[physics.Contacts]
	Level    glue.Res[tiled.Level]
	Art      glue.Res[Art]
	Progress glue.ResMut[Progress]
	Sounds   glue.ResMut[audio.Sounds]
	Next     glue.ResMut[glue.NextState[Phase]]
	Cmds     glue.Commands
}

// Rules (each hero) applies what the hero touched: coins, enemies
// (stomped from above, or a hit), checkpoints, the goal, and falling off
// the map.
func Rules(e glue.Entity, pl *Player, b *physics.Body, p RulesParams) {
	pr := p.Progress.Get()
	hit := b.Pos.Y > p.Level.Get().Map.Height
	for c := range p.Contacts.Get().Of(e) {
		if coin, ok := p.Coins.Get(c.B); ok {
			pr.Score += coin.Value
			pr.Taken = append(pr.Taken, coin.ID)
			p.Sounds.Get().Play(audio.Tone{Freq: 880, Slide: 440, Duration: 80 * time.Millisecond, Volume: audio.DefaultVolume})
			p.Cmds.Despawn(c.B)
		} else if _, ok := p.Enemies.Get(c.B); ok {
			if c.Normal.Y < -0.5 && b.Vel.Y >= 0 { // from above: stomped
				pr.Score += 50
				b.Vel.Y = -JumpSpeed * 0.6
				p.Cmds.Despawn(c.B)
			} else if pl.Hurt.Finished() {
				hit = true
			}
		} else if _, a, cb, ok := p.Checks.Get(c.B); ok && pr.Check != cb.Pos {
			pr.Check = cb.Pos
			a.Play(p.Art.Get().clip("checkpoint on"))
		} else if _, ok := p.Goals.Get(c.B); ok {
			p.Next.Get().Set(Won)
		}
	}
	if hit {
		pr.Lives--
		pl.Hurt = timer.NewTimer(Invincible, timer.Once)
		b.Pos, b.Vel = pr.Check, physics.Vec{}
		if pr.Lives <= 0 {
			p.Next.Get().Set(GameOver)
		}
	}
}

// registry: the quick save holds Progress, one line per saved type.
func registry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Progress](reg)
	return reg
}
