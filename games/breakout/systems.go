package main

import (
	"math"
	"slices"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

// Intent is what the player (or the autopilot) wants this tick, a
// resource: Steer decides it, the other Control systems carry it out.
type Intent struct {
	Axis float64 // paddle direction, -1 (left) to 1 (right)
	// Follow, when not 0, steers the paddle towards GoalX instead:
	// Axis is then (GoalX - x) / Follow, within [-1, 1], from the
	// paddle's x when it moves (a pointer, the autopilot's aim).
	Follow  float64
	GoalX   float64
	Launch  bool // serve the ball
	Pause   bool // toggle pause
	Restart bool // start a new game
}

// SteerParams are what Steer reads and writes; it only reads the paddle
// (a query of values, not pointers).
type SteerParams struct {
	Input   glue.Res[input.State]
	Phase   glue.Res[glue.State[Phase]]
	Paddles glue.Query2[Paddle, physics.Body]
	Intent  glue.ResMut[Intent]
	Goal    glue.Local[pointerGoal]
}

// pointerGoal is where the pointer last asked the paddle to go.
type pointerGoal struct {
	X      float64
	Active bool
}

// update takes this tick's input: a pointer that moves or presses sets
// the goal, a steering key cancels it. It reports whether the paddle
// should head for the goal.
func (g *pointerGoal) update(s *input.State) bool {
	switch {
	case s.Pointer.Down || s.Pointer.Moved:
		*g = pointerGoal{X: s.Pointer.X, Active: true}
	case s.AxisX != 0:
		g.Active = false
	}
	return g.Active
}

// Steer (Control) turns the player's input — keys, mouse, touch — into
// the tick's Intent. The paddle heads for the pointer's last position
// until it gets there, even when the pointer stops moving; a steering key
// takes over until the pointer moves or presses again.
func Steer(p SteerParams) {
	s := p.Input.Get()
	intent := buttons(s, p.Phase.Get().Get())
	intent.Axis = s.AxisX
	goal := p.Goal.Get()
	if _, _, _, ok := p.Paddles.First(); goal.update(s) && ok {
		intent.Follow, intent.GoalX = pointerFollow, goal.X
	}
	*p.Intent.Get() = intent
}

// buttons returns the launch, pause and restart presses of the input: a
// tap or Space launches, and restarts once the game is over.
func buttons(s *input.State, phase Phase) Intent {
	return Intent{
		Launch:  s.Pressed(input.Primary),
		Pause:   s.Pressed(input.Pause),
		Restart: s.Pressed(input.Restart) || (phase.Over() && s.Pressed(input.Primary)),
	}
}

// pointerFollow is Intent.Follow for a pointer: full speed until 8 pixels
// away, then easing in.
const pointerFollow = 8

// follow returns the axis that steers a paddle at x to the pointer at
// target: full speed until close, then easing in.
func follow(target, x float64) float64 { return max(-1, min(1, (target-x)/pointerFollow)) }

// AutopilotParams are what Autopilot reads and writes; it only reads the
// paddle, the ball and the bricks.
type AutopilotParams struct {
	Settings glue.Res[Settings]
	Game     glue.Res[Game]
	Phase    glue.Res[glue.State[Phase]]
	Paddles  glue.Query2[Paddle, physics.Body]
	Balls    glue.Query2[Ball, physics.Body]
	Bricks   glue.Query1[Brick]
	Intent   glue.ResMut[Intent]
}

// Autopilot (Control) plays instead of the player when Settings.Autopilot
// is set: it moves the paddle to where the ball will come down, placed so
// that the bounce heads for the lowest brick, and serves after half a
// second. Input still pauses and restarts.
func Autopilot(a AutopilotParams) {
	if !a.Settings.Get().Autopilot {
		return
	}
	intent := a.Intent.Get()
	intent.Axis, intent.Follow, intent.Launch = 0, 0, false
	_, p, pb, okp := a.Paddles.First()
	_, _, bb, okb := a.Balls.First()
	if !okp || !okb {
		return
	}
	if a.Phase.Get().Get() == Serving {
		intent.Launch = a.Game.Get().ServeDelay.Finished()
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
		if goal, ok := lowestBrick(a.Bricks); ok {
			angle := math.Atan2(goal.X-target, top-goal.Y) * 180 / math.Pi
			off := max(-0.9, min(0.9, angle/a.Settings.Get().MaxAngle))
			target -= off * p.W / 2
		}
	}
	// Every paddle the autopilot plays heads there (MovePaddle; in a
	// two-player game the one whose half it is).
	intent.Follow, intent.GoalX = 4, target
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
func lowestBrick(bricks glue.Query1[Brick]) (physics.Vec, bool) {
	var best physics.Vec
	found := false
	bricks.Each(func(_ glue.Entity, b Brick) {
		c := physics.Vec{X: b.X + b.W/2, Y: b.Y + b.H/2}
		if !found || c.Y > best.Y || (c.Y == best.Y && c.X < best.X) {
			best, found = c, true
		}
	})
	return best, found
}

// MovePaddleParams are what MovePaddle reads besides the paddle.
type MovePaddleParams struct {
	Intent glue.Res[Intent]
	Clock  timer.Delta
}

// MovePaddle (Control, each paddle) moves a paddle of the server's own
// player by the intent, kept within its bounds. A goal outside the
// paddle's half sends it home instead. Paddles of network players move by
// their inputs (MoveRemotePaddles, net.go).
func MovePaddle(_ glue.Entity, p *Paddle, b *physics.Body, m MovePaddleParams) {
	if p.Client != 0 {
		return
	}
	in := m.Intent.Get()
	axis := in.Axis
	if in.Follow != 0 {
		goal := in.GoalX
		if p.Home != 0 && (goal < p.MinX-p.W/2 || goal > p.MaxX+p.W/2) {
			goal = p.Home
		}
		axis = max(-1, min(1, (goal-b.Pos.X)/in.Follow))
	}
	movePaddle(p, b, axis, m.Clock.Seconds())
}

// movePaddle moves a paddle by axis for dt seconds, within its bounds:
// the rule of the server's paddles and of a joined player's prediction.
func movePaddle(p *Paddle, b *physics.Body, axis, dt float64) {
	b.Pos.X = max(p.MinX, min(p.MaxX, b.Pos.X+axis*p.Speed*dt))
}

// ServeParams are what Serve reads and writes: it moves the ball and only
// reads the paddle (physics.Body is written, through the ball).
type ServeParams struct {
	Intent  glue.Res[Intent]
	Clock   timer.Delta
	Game    glue.ResMut[Game]
	Next    glue.ResMut[glue.NextState[Phase]]
	Rng     glue.ResMut[Rng]
	Balls   glue.Query2[*Ball, *physics.Body]
	Paddles glue.Query2[Paddle, *physics.Body]
}

// Serve (Control, while Serving) keeps the ball on the serving paddle
// and launches it on the intent, at a random angle of up to 20° from
// vertical.
func Serve(s ServeParams) {
	game := s.Game.Get()
	_, _, bb, okb := s.Balls.First()
	var p Paddle
	var pb *physics.Body
	s.Paddles.Each(func(_ glue.Entity, pp Paddle, b *physics.Body) {
		if pb == nil && pp.Seat == game.ServeSeat {
			p, pb = pp, b
		}
	})
	if !okb || pb == nil {
		return
	}
	bb.Pos = physics.Vec{X: pb.Pos.X, Y: pb.Pos.Y - p.H/2 - ballR - 1}
	bb.Vel = physics.Vec{}
	game.ServeDelay.Tick(s.Clock.Duration())
	if s.Intent.Get().Launch {
		a := (s.Rng.Get().Float64()*2 - 1) * 20 * math.Pi / 180
		bb.Vel = physics.Vec{X: game.Speed * math.Sin(a), Y: -game.Speed * math.Cos(a)}
		s.Next.Get().Set(Playing)
	}
}

// ArmServe (on entering Serving, and on resuming it after a pause)
// starts the autopilot's serve delay.
func ArmServe(g glue.ResMut[Game]) {
	g.Get().ServeDelay = timer.NewTimer(autoServeDelay, timer.Once)
}

// Pause (Control) pauses a game being served or played, and resumes it:
// Paused is pushed over the phase (glue.NextState.Push), and popped to
// resume it. The clock stops while the phase is Paused
// (timer.Plugin.PauseWhile, main.go).
func Pause(intent glue.Res[Intent], phase glue.Res[glue.State[Phase]], next glue.ResMut[glue.NextState[Phase]]) {
	if !intent.Get().Pause {
		return
	}
	switch st := phase.Get(); st.Get() {
	case Serving, Playing:
		next.Get().Push(Paused)
	case Paused:
		if len(st.Under()) == 0 { // a save from before pauses were pushed
			next.Get().Set(Serving)
			return
		}
		next.Get().Pop()
	}
}

// RestartParams are what Restart reads and writes; it despawns the bricks
// and balls by commands and only reads them.
type RestartParams struct {
	Cmd      glue.Commands
	Intent   glue.Res[Intent]
	Game     glue.ResMut[Game]
	Next     glue.ResMut[glue.NextState[Phase]]
	Settings glue.Res[Settings]
	Bricks   glue.Query1[Brick]
	Balls    glue.Query1[Ball]
}

// Restart (Control) starts a new game on the intent: the bricks and the
// ball are replaced, the score and lives reset, and the new game is
// served — also from a pause, which leaving Paused ends.
func Restart(r RestartParams) {
	if !r.Intent.Get().Restart {
		return
	}
	r.Next.Get().Set(Serving)
	newMatch(r.Cmd, r.Bricks, r.Balls, r.Game.Get(), *r.Settings.Get())
}

// newMatch replaces the bricks and the ball, and resets the score and
// lives: a fresh world for the next game.
func newMatch(cmd glue.Commands, bricks glue.Query1[Brick], balls glue.Query1[Ball], game *Game, s Settings) {
	bricks.Each(func(e glue.Entity, _ Brick) { cmd.Despawn(e) })
	balls.Each(func(e glue.Entity, _ Ball) { cmd.Despawn(e) })
	spawnBricks(cmd, s.Bricks)
	spawnBall(cmd)
	*game = NewGame(s)
}

// NewGame returns the score of a game about to be served.
func NewGame(s Settings) Game {
	return Game{Lives: s.Lives, Speed: s.BaseSpeed, ServeDelay: timer.NewTimer(autoServeDelay, timer.Once)}
}

// BreakBricksParams are what BreakBricks reads and writes; it despawns
// bricks by commands and only reads them, and speeds up the balls.
type BreakBricksParams struct {
	Cmd      glue.Commands
	Contacts glue.Res[physics.Contacts]
	Bricks   glue.Query1[Brick]
	Game     glue.ResMut[Game]
	Settings glue.Res[Settings]
	Balls    glue.Query2[*Ball, *physics.Body]
}

// BreakBricks (Rules) removes every brick the ball touched this tick and
// scores it once, speeding the ball up every few bricks.
func BreakBricks(p BreakBricksParams) {
	game, s := p.Game.Get(), p.Settings.Get()
	contacts := p.Contacts.Get().List
	for i, c := range contacts {
		b, ok := p.Bricks.Get(c.B)
		// A brick in several contacts this tick breaks and scores once.
		if !ok || slices.ContainsFunc(contacts[:i], func(o physics.Contact) bool { return o.B == c.B }) {
			continue
		}
		p.Cmd.Despawn(c.B)
		game.Score += b.Points
		game.Hits++
		if game.Hits%s.SpeedEvery == 0 && game.Speed < s.MaxSpeed {
			game.Speed = min(game.Speed*s.SpeedUp, s.MaxSpeed)
			p.Balls.Each(func(_ glue.Entity, _ *Ball, bb *physics.Body) { bb.Vel = bb.Vel.Unit().Scale(game.Speed) })
		}
	}
}

// AimOffPaddleParams are what AimOffPaddle reads and writes: it turns the
// ball and only reads the paddle.
type AimOffPaddleParams struct {
	Contacts glue.Res[physics.Contacts]
	Settings glue.Res[Settings]
	Game     glue.Res[Game]
	Paddles  glue.Query2[Paddle, *physics.Body]
	Balls    glue.Query2[*Ball, *physics.Body]
}

// AimOffPaddle (Rules) sets the ball's direction when it bounces off the
// paddle's top: straight up at the centre, up to Settings.MaxAngle from
// vertical at the ends — the classic Breakout control. Bounces off the
// paddle's sides keep physics' reflection.
func AimOffPaddle(a AimOffPaddleParams) {
	speed := a.Game.Get().Speed
	for _, c := range a.Contacts.Get().List {
		p, pb, ok := a.Paddles.Get(c.B)
		if !ok || !c.Bounced || c.Normal.Y >= 0 {
			continue
		}
		_, bb, ok := a.Balls.Get(c.A)
		if !ok {
			continue
		}
		off := max(-1, min(1, (bb.Pos.X-pb.Pos.X)/(p.W/2)))
		angle := off * a.Settings.Get().MaxAngle * math.Pi / 180
		bb.Vel = physics.Vec{X: speed * math.Sin(angle), Y: -speed * math.Cos(angle)}
	}
}

// BallLost is the event of a ball touching the floor: LivesLeft are the
// lives after it, 0 when the game is lost.
type BallLost struct{ LivesLeft int }

// LoseBallParams are what LoseBall reads and writes; it only reads the
// floor.
type LoseBallParams struct {
	Contacts glue.Res[physics.Contacts]
	Settings glue.Res[Settings]
	Floors   glue.Query1[Floor]
	Game     glue.ResMut[Game]
	Next     glue.ResMut[glue.NextState[Phase]]
	Lost     glue.Writer[BallLost]
}

// LoseBall (Rules, while Playing) costs a life when the ball touches the
// floor: the next ball is served — in a two-player game by the other
// player — or the game is lost.
func LoseBall(l LoseBallParams) {
	game := l.Game.Get()
	for _, c := range l.Contacts.Get().List {
		if _, ok := l.Floors.Get(c.B); !ok {
			continue
		}
		game.Lives--
		if n := l.Settings.Get().Players; n > 1 {
			game.ServeSeat = (game.ServeSeat + 1) % n
		}
		l.Lost.Write(BallLost{LivesLeft: game.Lives})
		if game.Lives <= 0 {
			l.Next.Get().Set(Lost)
		} else {
			l.Next.Get().Set(Serving)
		}
		return
	}
}

// CheckWin (Rules, while Playing, after LoseBall) wins the game when no
// brick is left — unless another phase was requested this tick (the ball
// was lost, the game paused), which comes first. It stops the ball and
// only counts the bricks.
func CheckWin(bricks glue.Query1[Brick], next glue.ResMut[glue.NextState[Phase]], balls glue.Query2[*Ball, *physics.Body]) {
	if _, pending := next.Get().Pending(); pending || bricks.Len() > 0 {
		return
	}
	next.Get().Set(Won)
	balls.Each(func(_ glue.Entity, _ *Ball, bb *physics.Body) { bb.Vel = physics.Vec{} })
}

// LabelParams are what UpdateLabels reads besides the label.
type LabelParams struct {
	Game     glue.Res[Game]
	Phase    glue.Res[glue.State[Phase]]
	Settings glue.Res[Settings]
	Notice   glue.Opt[render.Notice] // what a save, a load or M did
}

// UpdateLabels (HUD, each label) shows the score, the lives and a message
// for the phase. Texts are rebuilt only when they change.
func UpdateLabels(_ glue.Entity, kind LabelKind, l *render.Label, p LabelParams) {
	game := p.Game.Get()
	switch kind {
	case ScoreLabel:
		l.SetInt("Score ", game.Score)
	case LivesLabel:
		l.SetInt("Lives ", game.Lives)
	case MessageLabel:
		msg := ""
		switch p.Phase.Get().Get() {
		case Serving:
			if !p.Settings.Get().Autopilot {
				msg = "Space or tap to launch"
			}
		case Paused:
			msg = "Paused\nP or Esc to resume"
		case Won:
			msg = "You win!\nR or tap to play again"
		case Lost:
			msg = "Game over\nR or tap to try again"
		case Waiting:
			msg = "Waiting for players"
		}
		if n := p.Notice.Get(); n != nil && n.Text != "" {
			msg = n.Text
		}
		l.Value = msg
	}
}
