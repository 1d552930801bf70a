package input

import "fmt"

// Direction is one way of a 2D input — the axes ([State].AxisX and
// AxisY) or a [Stick] — for "pressed this tick" as actions have it:
// [State.DirPressed], [State.StickPressed].
type Direction uint8

const (
	// Left is AxisX (or a stick's x) towards -1.
	Left Direction = iota
	// Right is AxisX (or a stick's x) towards +1.
	Right
	// Up is AxisY (or a stick's y) towards -1 (y grows downwards).
	Up
	// Down is AxisY (or a stick's y) towards +1.
	Down
	numDirections
)

// String returns "Left", "Right", "Up", "Down" or "Direction(n)".
func (d Direction) String() string {
	switch d {
	case Left:
		return "Left"
	case Right:
		return "Right"
	case Up:
		return "Up"
	case Down:
		return "Down"
	}
	return fmt.Sprintf("Direction(%d)", int(d))
}

// A direction goes down when its axis reaches DirPressAt that way and up
// again when it falls below DirReleaseAt: the gap keeps a stick resting
// near the threshold from pressing it again and again.
const (
	DirPressAt   = 0.5
	DirReleaseAt = 0.3
)

// edges is the down, pressed and released state of the four directions
// of one 2D input.
type edges struct {
	down, pressed, released, consumed [numDirections]bool
}

// update takes this tick's x and y.
func (e *edges) update(x, y float64) {
	v := [numDirections]float64{-x, x, -y, y}
	for d := range numDirections {
		was := e.down[d]
		now := v[d] >= DirPressAt || was && v[d] >= DirReleaseAt
		if !was {
			e.consumed[d] = false // released at the last tick: seen again
		}
		e.down[d], e.pressed[d], e.released[d] = now, now && !was, !now && was
	}
}

func (e *edges) is(of *[numDirections]bool, d Direction) bool {
	return d < numDirections && of[d] && !e.consumed[d]
}

// dirState is the edges of the axes and of every stick.
type dirState struct {
	axes   edges
	sticks [MaxSticks]edges
	before [MaxSticks]edges // the sticks' edges at the last tick
}

// update takes this tick's axes and sticks, and keeps consumed axis
// directions at zero while they are held.
func (ds *dirState) update(s *State) {
	ds.axes.update(s.AxisX, s.AxisY)
	ds.before = ds.sticks
	for i := range ds.sticks {
		ds.sticks[i].update(s.sticks[i].X, s.sticks[i].Y)
	}
	for d := range numDirections {
		if ds.axes.consumed[d] && ds.axes.down[d] {
			zeroAxis(s, d)
		}
	}
}

// restick takes stick i's edges again from the last tick's, for a
// value changed after update (a pointer taken).
func (ds *dirState) restick(i int, v Point) {
	ds.sticks[i] = ds.before[i]
	ds.sticks[i].update(v.X, v.Y)
}

// zeroAxis sets the axis of direction d to 0 if it points that way.
func zeroAxis(s *State, d Direction) {
	switch {
	case d == Left && s.AxisX < 0, d == Right && s.AxisX > 0:
		s.AxisX = 0
	case d == Up && s.AxisY < 0, d == Down && s.AxisY > 0:
		s.AxisY = 0
	}
}

// DirDown reports whether the axes point direction d: AxisX (for Left
// and Right) or AxisY (for Up and Down) has reached [DirPressAt] that
// way and not fallen back below [DirReleaseAt] — an arrow key, WASD, the
// D-pad or the left stick held. It is false for a direction consumed
// ([State.ConsumeDir]).
func (s *State) DirDown(d Direction) bool { return s.dirs.axes.is(&s.dirs.axes.down, d) }

// DirPressed reports whether the axes began to point direction d this
// tick: "just pressed" for a direction, once per push of a key or a
// stick, however long it is then held.
func (s *State) DirPressed(d Direction) bool { return s.dirs.axes.is(&s.dirs.axes.pressed, d) }

// DirReleased reports whether the axes stopped pointing direction d
// this tick.
func (s *State) DirReleased(d Direction) bool { return s.dirs.axes.is(&s.dirs.axes.released, d) }

// ConsumeDir hides direction d of the axes from the systems that read
// the state after it, until it is released: DirDown, DirPressed and
// DirReleased report false, and AxisX or AxisY reads 0 while it points
// that way. A menu consumes the direction that moved its focus, so the
// game behind does not move too. Consuming a direction that is not down
// does nothing.
func (s *State) ConsumeDir(d Direction) {
	e := &s.dirs.axes
	if d < numDirections && (e.down[d] || e.released[d]) {
		e.consumed[d] = true
		if e.down[d] {
			zeroAxis(s, d)
		}
	}
}

// StickDown reports whether stick st points direction d: its x (Left,
// Right) or y (Up, Down) has reached [DirPressAt] that way and not
// fallen back below [DirReleaseAt]. It is false for a stick outside
// 0..MaxSticks-1.
func (s *State) StickDown(st Stick, d Direction) bool {
	return st < MaxSticks && s.dirs.sticks[st].is(&s.dirs.sticks[st].down, d)
}

// StickPressed reports whether stick st began to point direction d
// this tick: a flick of the stick, once.
func (s *State) StickPressed(st Stick, d Direction) bool {
	return st < MaxSticks && s.dirs.sticks[st].is(&s.dirs.sticks[st].pressed, d)
}

// StickReleased reports whether stick st stopped pointing direction d
// this tick.
func (s *State) StickReleased(st Stick, d Direction) bool {
	return st < MaxSticks && s.dirs.sticks[st].is(&s.dirs.sticks[st].released, d)
}

// Value returns src's value in d, 0 to 1, with b's dead zone for
// gamepad axes: what [MapSystem] reads of one source. A menu reads its
// own sources with it, leaving out the game's.
func (b *Bindings) Value(src Source, d *Devices) float64 {
	dz := b.DeadZone
	if dz <= 0 || dz >= 1 {
		dz = DefaultDeadZone
	}
	v, _ := src.value(d, dz)
	return v
}
