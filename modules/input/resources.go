package input

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
)

// Action is a game action that keys, a click or a touch trigger. The
// package names three; a game may use the others below [MaxActions] for
// its own, binding them in [Bindings.Actions].
type Action uint8

const (
	// Primary launches, confirms, starts: Space, Enter, a left click or
	// a touch by default.
	Primary Action = iota
	// Pause pauses and resumes: P or Escape by default.
	Pause
	// Restart starts over: R by default.
	Restart
)

// MaxActions is the number of actions: valid actions are 0 to
// MaxActions-1.
const MaxActions = 8

// String returns the action's name: "Primary", "Pause", "Restart" or
// "Action(n)".
func (a Action) String() string {
	switch a {
	case Primary:
		return "Primary"
	case Pause:
		return "Pause"
	case Restart:
		return "Restart"
	}
	return fmt.Sprintf("Action(%d)", int(a))
}

// KeyCount is the number of keys Devices tracks: every ebiten.Key.
const KeyCount = int(ebiten.KeyMax) + 1

// ButtonCount is the number of mouse buttons Devices tracks.
const ButtonCount = int(ebiten.MouseButtonMax) + 1

// Point is a position in logical pixels.
type Point struct{ X, Y float64 }

// Devices is what the input devices report this tick, a resource: the
// raw material of [State]. The plugin's [ReadDevicesSystem] fills it from
// Ebitengine; tests and headless drivers write it instead (see
// [Plugin.Headless]).
type Devices struct {
	// Keys tells which keys are down, indexed by ebiten.Key.
	Keys [KeyCount]bool
	// Buttons tells which mouse buttons are down, indexed by
	// ebiten.MouseButton.
	Buttons [ButtonCount]bool
	// Cursor is the mouse cursor's position.
	Cursor Point
	// Touches are the positions of the current touches, oldest first.
	Touches []Point
}

// ProvidedBy returns "input.Plugin", the plugin that inserts Devices.
func (Devices) ProvidedBy() string { return "input.Plugin" }

// Bindings maps keys to the axis and to actions, a resource. The zero
// value binds nothing; [DefaultBindings] returns the defaults.
type Bindings struct {
	// Left, Right, Up and Down are the keys that push AxisX to -1 and +1
	// and AxisY to -1 and +1.
	Left, Right, Up, Down []ebiten.Key
	// Actions lists each action's keys.
	Actions [MaxActions][]ebiten.Key
	// PointerActions are the actions a left click or a touch triggers
	// too.
	PointerActions []Action
}

// ProvidedBy returns "input.Plugin", the plugin that inserts Bindings.
func (Bindings) ProvidedBy() string { return "input.Plugin" }

// DefaultBindings returns the default bindings: arrows and WASD for the
// axis; Space, Enter, left click and touch for Primary; P and Escape for
// Pause; R for Restart.
func DefaultBindings() Bindings {
	var b Bindings
	b.Left = []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}
	b.Right = []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyD}
	b.Up = []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyW}
	b.Down = []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyS}
	b.Actions[Primary] = []ebiten.Key{ebiten.KeySpace, ebiten.KeyEnter}
	b.Actions[Pause] = []ebiten.Key{ebiten.KeyP, ebiten.KeyEscape}
	b.Actions[Restart] = []ebiten.Key{ebiten.KeyR}
	b.PointerActions = []Action{Primary}
	return b
}

// validate reports bindings that name no key or no action.
func (b *Bindings) validate() error {
	lists := append([][]ebiten.Key{b.Left, b.Right, b.Up, b.Down}, b.Actions[:]...)
	for _, keys := range lists {
		for _, k := range keys {
			if k < 0 || int(k) >= KeyCount {
				return fmt.Errorf("input: Bindings name key %d, which is no ebiten.Key (0 to %d)", int(k), KeyCount-1)
			}
		}
	}
	for _, a := range b.PointerActions {
		if a >= MaxActions {
			return fmt.Errorf("input: Bindings.PointerActions names %v; actions go from 0 to %d (MaxActions-1)", a, MaxActions-1)
		}
	}
	return nil
}

// Pointer is the mouse or the first touch, in logical pixels.
type Pointer struct {
	// X and Y are the pointer's position: the first touch's while a
	// touch lasts, else the cursor's once it has moved or clicked.
	X, Y float64
	// Down reports whether the left button or a touch is down; Pressed
	// and Released whether that began or ended this tick.
	Down, Pressed, Released bool
	// Moved reports whether the position changed this tick.
	Moved bool
	// Touch reports whether the position comes from a touch.
	Touch bool
}

// State is this tick's input, a resource that game systems read with
// glue.Res[input.State]. The plugin's [MapSystem] updates it at the start
// of every tick, in glue.PreUpdate.
type State struct {
	// AxisX is -1 while a Left key is down, +1 while a Right key is, 0
	// with neither or both. AxisY is likewise -1 for Up and +1 for Down
	// (y grows downwards, as on screen).
	AxisX, AxisY float64
	// Pointer is the mouse or touch pointer.
	Pointer Pointer

	down, pressed, released [MaxActions]bool
	cursor                  Point // the cursor at the previous tick
	started                 bool
}

// ProvidedBy returns "input.Plugin", the plugin that inserts State: an app
// with a system that reads input but without the plugin fails to build
// with an error saying to add it.
func (State) ProvidedBy() string { return "input.Plugin" }

// Down reports whether a is held: one of its keys is down, or it is a
// pointer action and the pointer is down. It is false for an action
// outside 0..MaxActions-1.
func (s *State) Down(a Action) bool { return a < MaxActions && s.down[a] }

// Pressed reports whether a went down this tick.
func (s *State) Pressed(a Action) bool { return a < MaxActions && s.pressed[a] }

// Released reports whether a went up this tick.
func (s *State) Released(a Action) bool { return a < MaxActions && s.released[a] }

// update maps this tick's devices to the state.
func (s *State) update(d *Devices, b *Bindings) {
	anyKey := func(keys []ebiten.Key) bool {
		for _, k := range keys {
			if int(k) >= 0 && int(k) < KeyCount && d.Keys[k] {
				return true
			}
		}
		return false
	}
	axis := func(neg, pos []ebiten.Key) float64 {
		v := 0.0
		if anyKey(neg) {
			v--
		}
		if anyKey(pos) {
			v++
		}
		return v
	}
	s.AxisX = axis(b.Left, b.Right)
	s.AxisY = axis(b.Up, b.Down)

	p := &s.Pointer
	prev := *p
	switch {
	case len(d.Touches) > 0:
		p.X, p.Y, p.Down, p.Touch = d.Touches[0].X, d.Touches[0].Y, true, true
	default:
		p.Down = d.Buttons[ebiten.MouseButtonLeft]
		// The cursor takes over from a touch only when it moves or
		// clicks: after a touch ends, a touch screen's cursor stays
		// where it was.
		if !prev.Touch || d.Cursor != s.cursor || p.Down || !s.started {
			p.X, p.Y, p.Touch = d.Cursor.X, d.Cursor.Y, false
		}
	}
	p.Pressed = p.Down && !prev.Down
	p.Released = !p.Down && prev.Down
	p.Moved = s.started && (p.X != prev.X || p.Y != prev.Y)
	s.cursor = d.Cursor

	for a := range MaxActions {
		down := anyKey(b.Actions[a])
		if p.Down {
			for _, pa := range b.PointerActions {
				if int(pa) == a {
					down = true
				}
			}
		}
		was := s.down[a]
		s.down[a], s.pressed[a], s.released[a] = down, down && !was, !down && was
	}
	s.started = true
}
