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
// takes over until the pointer moves or presses again. It only reads the
// paddle (a query of values, not pointers).
func Steer(in glue.Res[input.State], phase glue.Res[glue.State[Phase]], paddles glue.Query2[Paddle, physics.Body],
	out glue.ResMut[Intent], pointer glue.Local[pointerGoal]) {
	s := in.Get()
	intent := buttons(s, phase.Get().Get())
	intent.Axis = s.AxisX
	goal := pointer.Get()
	if _, _, _, ok := paddles.First(); goal.update(s) && ok {
		intent.Follow, intent.GoalX = pointerFollow, goal.X
	}
	*out.Get() = intent
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

// Autopilot (Control) plays instead of the player when Settings.Autopilot
// is set: it moves the paddle to where the ball will come down, placed so
// that the bounce heads for the lowest brick, and serves after half a
// second. Input still pauses and restarts. It only reads the paddle, the
// ball and the bricks.
func Autopilot(settings glue.Res[Settings], game glue.Res[Game], phase glue.Res[glue.State[Phase]],
	paddles glue.Query2[Paddle, physics.Body], balls glue.Query2[Ball, physics.Body],
	bricks glue.Query1[Brick], out glue.ResMut[Intent]) {
	if !settings.Get().Autopilot {
		return
	}
	intent := out.Get()
	intent.Axis, intent.Follow, intent.Launch = 0, 0, false
	_, p, pb, okp := paddles.First()
	_, _, bb, okb := balls.First()
	if !okp || !okb {
		return
	}
	if phase.Get().Get() == Serving {
		intent.Launch = game.Get().ServeDelay.Finished()
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
			angle := math.Atan2(goal.X-target, top-goal.Y) * 180 / math.Pi
			off := max(-0.9, min(0.9, angle/settings.Get().MaxAngle))
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

// MovePaddle (Control, each paddle) moves a paddle of the server's own
// player by the intent, kept within its bounds. A goal outside the
// paddle's half sends it home instead. Paddles of network players move by
// their inputs (MoveRemotePaddles, net.go).
func MovePaddle(_ glue.Entity, p *Paddle, b *physics.Body, m struct {
	Intent glue.Res[Intent]
	Dt     timer.Delta
}) {
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
	movePaddle(p, b, axis, m.Dt.Seconds())
}

// movePaddle moves a paddle by axis for dt seconds, within its bounds:
// the rule of the server's paddles and of a joined player's prediction.
func movePaddle(p *Paddle, b *physics.Body, axis, dt float64) {
	b.Pos.X = max(p.MinX, min(p.MaxX, b.Pos.X+axis*p.Speed*dt))
}

// Serve (Control, while Serving) keeps the ball on the serving paddle
// and launches it on the intent, at a random angle of up to 20° from
// vertical. It moves the ball and only reads the paddle (physics.Body is
// written, through the ball).
func Serve(intent glue.Res[Intent], dt timer.Delta, g glue.ResMut[Game], next glue.ResMut[glue.NextState[Phase]],
	rng glue.ResMut[Rng], balls glue.Query2[*Ball, *physics.Body], paddles glue.Query2[Paddle, *physics.Body]) {
	game := g.Get()
	_, _, bb, okb := balls.First()
	var p Paddle
	var pb *physics.Body
	paddles.Each(func(_ glue.Entity, pp Paddle, b *physics.Body) {
		if pb == nil && pp.Seat == game.ServeSeat {
			p, pb = pp, b
		}
	})
	if !okb || pb == nil {
		return
	}
	bb.Pos = physics.Vec{X: pb.Pos.X, Y: pb.Pos.Y - p.H/2 - ballR - 1}
	bb.Vel = physics.Vec{}
	game.ServeDelay.Tick(dt.Duration())
	if intent.Get().Launch {
		a := (rng.Get().Float64()*2 - 1) * 20 * math.Pi / 180
		bb.Vel = physics.Vec{X: game.Speed * math.Sin(a), Y: -game.Speed * math.Cos(a)}
		next.Get().Set(Playing)
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

// Restart (Control) starts a new game on the intent: the bricks and the
// ball are replaced, the score and lives reset, and the new game is
// served — also from a pause, which leaving Paused ends.
func Restart(intent glue.Res[Intent], next glue.ResMut[glue.NextState[Phase]], m rematch) {
	if !intent.Get().Restart {
		return
	}
	next.Get().Set(Serving)
	m.start()
}

// rematch is what a new game replaces, a param of the systems that start
// one (Restart, EndMatch): the bricks and the ball, despawned by commands
// (the queries only read them), and the score.
type rematch struct {
	Cmds     glue.Commands
	Bricks   glue.Query1[Brick]
	Balls    glue.Query1[Ball]
	Game     glue.ResMut[Game]
	Settings glue.Res[Settings]
}

// start replaces the bricks and the ball, and resets the score and lives:
// a fresh world for the next game.
func (m rematch) start() {
	glue.DespawnAll(m.Cmds, m.Bricks)
	glue.DespawnAll(m.Cmds, m.Balls)
	spawnBricks(m.Cmds, m.Settings.Get().Bricks)
	spawnBall(m.Cmds)
	*m.Game.Get() = NewGame(*m.Settings.Get())
}

// NewGame returns the score of a game about to be served.
func NewGame(s Settings) Game {
	return Game{Lives: s.Lives, Speed: s.BaseSpeed, ServeDelay: timer.NewTimer(autoServeDelay, timer.Once)}
}

// BreakBricks (Rules) removes every brick the ball touched this tick and
// scores it once, speeding the ball up every few bricks. It despawns
// bricks by commands and only reads them.
func BreakBricks(cmds glue.Commands, touched glue.Res[physics.Contacts], bricks glue.Query1[Brick],
	g glue.ResMut[Game], settings glue.Res[Settings], balls glue.Query2[*Ball, *physics.Body]) {
	game, s := g.Get(), settings.Get()
	contacts := touched.Get().List
	for i, c := range contacts {
		b, ok := bricks.Get(c.B)
		// A brick in several contacts this tick breaks and scores once.
		if !ok || slices.ContainsFunc(contacts[:i], func(o physics.Contact) bool { return o.B == c.B }) {
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

// AimOffPaddle (Rules) sets the ball's direction when it bounces off the
// paddle's top: straight up at the centre, up to Settings.MaxAngle from
// vertical at the ends — the classic Breakout control. Bounces off the
// paddle's sides keep physics' reflection. It turns the ball and only
// reads the paddle.
func AimOffPaddle(contacts glue.Res[physics.Contacts], settings glue.Res[Settings], game glue.Res[Game],
	paddles glue.Query2[Paddle, *physics.Body], balls glue.Query2[*Ball, *physics.Body]) {
	speed := game.Get().Speed
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
		angle := off * settings.Get().MaxAngle * math.Pi / 180
		bb.Vel = physics.Vec{X: speed * math.Sin(angle), Y: -speed * math.Cos(angle)}
	}
}

// BallLost is the event of a ball touching the floor: LivesLeft are the
// lives after it, 0 when the game is lost.
type BallLost struct{ LivesLeft int }

// LoseBall (Rules, while Playing) costs a life when the ball touches the
// floor: the next ball is served — in a two-player game by the other
// player — or the game is lost. It only reads the floor.
func LoseBall(contacts glue.Res[physics.Contacts], settings glue.Res[Settings], floors glue.Query1[Floor],
	g glue.ResMut[Game], next glue.ResMut[glue.NextState[Phase]], lost glue.Writer[BallLost]) {
	game := g.Get()
	for _, c := range contacts.Get().List {
		if _, ok := floors.Get(c.B); !ok {
			continue
		}
		game.Lives--
		if n := settings.Get().Players; n > 1 {
			game.ServeSeat = (game.ServeSeat + 1) % n
		}
		lost.Write(BallLost{LivesLeft: game.Lives})
		if game.Lives <= 0 {
			next.Get().Set(Lost)
		} else {
			next.Get().Set(Serving)
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

// UpdateLabels (HUD, each label) shows the score, the lives and a message
// for the phase, or the notice of what a save, a load or M did. Texts are
// rebuilt only when they change.
func UpdateLabels(_ glue.Entity, kind LabelKind, l *render.Label, p struct {
	Game     glue.Res[Game]
	Phase    glue.Res[glue.State[Phase]]
	Settings glue.Res[Settings]
	Notice   glue.Opt[render.Notice]
}) {
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
