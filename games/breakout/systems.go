package main

import (
	"math"
	"strconv"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/timer"
)

// Intent is what the player (or the autopilot) wants this tick, a
// resource: Steer decides it, the other Control systems carry it out.
type Intent struct {
	Axis    float64 // paddle direction, -1 (left) to 1 (right)
	Launch  bool    // serve the ball
	Pause   bool    // toggle pause
	Restart bool    // start a new game
}

// Steer (Control) turns the player's input — keys, mouse, touch — into
// the tick's Intent.
func Steer(in glue.Res[input.State], g glue.Res[Game], paddles glue.View2[Paddle, physics.Body], it glue.ResMut[Intent]) {
	s := in.Get()
	intent := buttons(s, g.Get().Phase)
	intent.Axis = s.AxisX
	if _, _, pb, ok := paddles.First(); ok && (s.Pointer.Down || s.Pointer.Moved) {
		intent.Axis = follow(s.Pointer.X, pb.Pos.X)
	}
	*it.Get() = intent
}

// buttons returns the launch, pause and restart presses of the input: a
// tap or Space launches, and restarts once the game is over.
func buttons(s *input.State, phase Phase) Intent {
	return Intent{
		Launch:  s.Pressed(input.Primary),
		Pause:   s.Pressed(input.Pause),
		Restart: s.Pressed(input.Restart) || (phase >= Won && s.Pressed(input.Primary)),
	}
}

// follow returns the axis that steers a paddle at x to the pointer at
// target: full speed until close, then easing in.
func follow(target, x float64) float64 { return max(-1, min(1, (target-x)/8)) }

// Autopilot (Control) plays instead of the player when Settings.Autopilot
// is set: it moves the paddle to where the ball will come down, placed so
// that the bounce heads for the lowest brick, and serves after half a
// second. Input still pauses and restarts.
func Autopilot(set glue.Res[Settings], g glue.Res[Game], paddles glue.View2[Paddle, physics.Body],
	balls glue.View2[Ball, physics.Body], bricks glue.View1[Brick], it glue.ResMut[Intent]) {
	if !set.Get().Autopilot {
		return
	}
	intent := it.Get()
	intent.Axis, intent.Launch = 0, false
	_, p, pb, okp := paddles.First()
	_, _, bb, okb := balls.First()
	if !okp || !okb {
		return
	}
	if g.Get().Phase == Serving {
		intent.Launch = g.Get().Served > 30
		return
	}
	target := bb.Pos.X
	if bb.Vel.Y > 0 {
		// Where the ball reaches the paddle's top, folding in wall bounces.
		top := pb.Pos.Y - p.H/2 - ballR
		x := bb.Pos.X + bb.Vel.X*(top-bb.Pos.Y)/bb.Vel.Y
		target = fold(x, ballR, FieldW-ballR)
		// Aim: the bounce angle grows with the hit's offset from the
		// paddle's centre (AimOffPaddle), so offset the paddle to send the
		// ball at the lowest brick.
		if goal, ok := lowestBrick(bricks); ok {
			a := math.Atan2(goal.X-target, top-goal.Y) * 180 / math.Pi
			off := max(-0.9, min(0.9, a/set.Get().MaxAngle))
			target -= off * p.W / 2
		}
	}
	intent.Axis = max(-1, min(1, (target-pb.Pos.X)/4))
}

// fold reflects x into [lo, hi] the way the walls reflect the ball.
func fold(x, lo, hi float64) float64 {
	w := hi - lo
	x = math.Mod(x-lo, 2*w)
	if x < 0 {
		x += 2 * w
	}
	if x > w {
		x = 2*w - x
	}
	return lo + x
}

// lowestBrick returns the centre of the lowest brick, leftmost on ties.
func lowestBrick(bricks glue.View1[Brick]) (physics.Vec, bool) {
	var best physics.Vec
	found := false
	bricks.Each(func(_ glue.Entity, b *Brick) {
		c := physics.Vec{X: b.X + b.W/2, Y: b.Y + b.H/2}
		if !found || c.Y > best.Y || (c.Y == best.Y && c.X < best.X) {
			best, found = c, true
		}
	})
	return best, found
}

// MovePaddle (Control, each paddle) moves the paddle by the intent, kept
// inside the field.
func MovePaddle(_ glue.Entity, p *Paddle, b *physics.Body, it glue.Res[Intent], clock glue.Res[timer.Time]) {
	b.Pos.X += it.Get().Axis * p.Speed * clock.Get().DeltaSeconds()
	b.Pos.X = max(p.W/2, min(FieldW-p.W/2, b.Pos.X))
}

// Serve (Control) keeps the ball on the paddle while serving and launches
// it on the intent, at a random angle of up to 20° from vertical.
func Serve(it glue.Res[Intent], g glue.ResMut[Game], rng glue.ResMut[Rng],
	balls glue.Query2[Ball, physics.Body], paddles glue.View2[Paddle, physics.Body]) {
	game := g.Get()
	if game.Phase != Serving {
		return
	}
	_, _, bb, okb := balls.First()
	_, p, pb, okp := paddles.First()
	if !okb || !okp {
		return
	}
	bb.Pos = physics.Vec{X: pb.Pos.X, Y: pb.Pos.Y - p.H/2 - ballR - 1}
	bb.Vel = physics.Vec{}
	game.Served++
	if it.Get().Launch {
		a := (rng.Get().Float64()*2 - 1) * 20 * math.Pi / 180
		bb.Vel = physics.Vec{X: game.Speed * math.Sin(a), Y: -game.Speed * math.Cos(a)}
		game.Phase, game.Served = Playing, 0
	}
}

// Pause (Control) pauses and resumes the game and its clock.
func Pause(it glue.Res[Intent], g glue.ResMut[Game], clock glue.ResMut[timer.Time]) {
	game := g.Get()
	if !it.Get().Pause {
		return
	}
	switch game.Phase {
	case Serving, Playing:
		game.resume, game.Phase = game.Phase, Paused
		clock.Get().SetPaused(true)
	case Paused:
		game.Phase = game.resume
		clock.Get().SetPaused(false)
	}
}

// Restart (Control) starts a new game on the intent: the bricks and the
// ball are replaced and the score and lives reset.
func Restart(cmds glue.Commands, it glue.Res[Intent], g glue.ResMut[Game], set glue.Res[Settings],
	bricks glue.View1[Brick], balls glue.View1[Ball]) {
	if !it.Get().Restart {
		return
	}
	bricks.Each(func(e glue.Entity, _ *Brick) { cmds.Despawn(e) })
	balls.Each(func(e glue.Entity, _ *Ball) { cmds.Despawn(e) })
	spawnBricks(cmds, set.Get().Bricks)
	spawnBall(cmds)
	*g.Get() = NewGame(*set.Get())
}

// NewGame returns the state of a game about to be served.
func NewGame(s Settings) Game {
	return Game{Phase: Serving, Lives: s.Lives, Speed: s.BaseSpeed}
}

// BreakBricks (Rules) removes every brick the ball touched this tick and
// scores it once, speeding the ball up every few bricks.
func BreakBricks(cmds glue.Commands, contacts glue.Res[physics.Contacts], bricks glue.View1[Brick],
	g glue.ResMut[Game], set glue.Res[Settings], balls glue.Query2[Ball, physics.Body]) {
	game, s := g.Get(), set.Get()
	for i, c := range contacts.Get().List {
		b, ok := bricks.Get(c.B)
		if !ok || seenBefore(contacts.Get().List[:i], c.B) {
			continue
		}
		cmds.Despawn(c.B)
		game.Score += b.Points
		game.Hits++
		if game.Hits%s.SpeedEvery == 0 && game.Speed < s.MaxSpeed {
			game.Speed = min(game.Speed*s.SpeedUp, s.MaxSpeed)
			balls.Each(func(_ glue.Entity, _ *Ball, bb *physics.Body) { bb.Vel = bb.Vel.Unit().Scale(game.Speed) })
		}
	}
}

func seenBefore(cs []physics.Contact, e glue.Entity) bool {
	for _, c := range cs {
		if c.B == e {
			return true
		}
	}
	return false
}

// AimOffPaddle (Rules) sets the ball's direction when it bounces off the
// paddle's top: straight up at the centre, up to Settings.MaxAngle from
// vertical at the ends — the classic Breakout control. Bounces off the
// paddle's sides keep physics' reflection.
func AimOffPaddle(contacts glue.Res[physics.Contacts], set glue.Res[Settings], g glue.Res[Game],
	paddles glue.View2[Paddle, physics.Body], balls glue.Query2[Ball, physics.Body]) {
	for _, c := range contacts.Get().List {
		p, pb, ok := paddles.Get(c.B)
		if !ok || !c.Bounced || c.Normal.Y >= 0 {
			continue
		}
		_, bb, ok := balls.Get(c.A)
		if !ok {
			continue
		}
		off := max(-1, min(1, (bb.Pos.X-pb.Pos.X)/(p.W/2)))
		a := off * set.Get().MaxAngle * math.Pi / 180
		bb.Vel = physics.Vec{X: g.Get().Speed * math.Sin(a), Y: -g.Get().Speed * math.Cos(a)}
	}
}

// LoseBall (Rules) costs a life when the ball touches the floor: the next
// ball is served, or the game is lost.
func LoseBall(contacts glue.Res[physics.Contacts], floors glue.View1[Floor], g glue.ResMut[Game]) {
	game := g.Get()
	if game.Phase != Playing {
		return
	}
	for _, c := range contacts.Get().List {
		if _, ok := floors.Get(c.B); !ok {
			continue
		}
		game.Lives--
		game.Phase = Serving
		if game.Lives <= 0 {
			game.Phase = Lost
		}
		return
	}
}

// CheckWin (Rules) wins the game when no brick is left.
func CheckWin(bricks glue.View1[Brick], g glue.ResMut[Game], balls glue.Query2[Ball, physics.Body]) {
	game := g.Get()
	if game.Phase == Playing && bricks.Len() == 0 {
		game.Phase = Won
		balls.Each(func(_ glue.Entity, _ *Ball, bb *physics.Body) { bb.Vel = physics.Vec{} })
	}
}

// FollowPaddle (HUD, each paddle) places the paddle's drawing on its body.
func FollowPaddle(_ glue.Entity, p *Paddle, b *physics.Body) {
	p.X, p.Y = b.Pos.X-p.W/2, b.Pos.Y-p.H/2
}

// FollowBall (HUD, each ball) places the ball's drawing on its body.
func FollowBall(_ glue.Entity, ball *Ball, b *physics.Body) {
	ball.X, ball.Y = b.Pos.X, b.Pos.Y
}

// UpdateLabels (HUD, each label) shows the score, the lives and a message
// for the phase. Texts are rebuilt only when they change.
func UpdateLabels(_ glue.Entity, l *Label, g glue.Res[Game], set glue.Res[Settings]) {
	game := g.Get()
	switch l.Kind {
	case ScoreLabel:
		setText(l, "Score ", game.Score)
	case LivesLabel:
		setText(l, "Lives ", game.Lives)
	case MessageLabel:
		msg := ""
		switch game.Phase {
		case Serving:
			if !set.Get().Autopilot {
				msg = "Space or tap to launch"
			}
		case Paused:
			msg = "Paused — P to resume"
		case Won:
			msg = "You win!\nR or tap to play again"
		case Lost:
			msg = "Game over\nR or tap to try again"
		}
		l.Str = msg
	}
}

// setText sets "prefix N", formatting only when N changed.
func setText(l *Label, prefix string, n int) {
	if l.Str != "" && l.shown == n {
		return
	}
	l.Str, l.shown = prefix+strconv.Itoa(n), n
}
