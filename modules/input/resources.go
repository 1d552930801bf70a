package input

import (
	"fmt"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
)

// Action is a game action — jump, fire, pause — that keys, mouse
// buttons, touches and gamepad buttons or sticks trigger, as the
// [Bindings] resource says. The package names three; a game declares its
// own below [MaxActions] as constants, gives them names for menus and
// settings files ([Bindings.SetName]) and binds them ([Bindings.Bind]):
//
//	const Jump input.Action = 3
//	b := input.DefaultBindings()
//	b.SetName(Jump, "Jump")
//	b.Bind(Jump, input.Key(ebiten.KeyK), input.PadButton(ebiten.StandardGamepadButtonRightBottom))
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
const MaxActions = 32

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
	// Screen is what the on-screen touch controls report, read from
	// Touches by the [TouchSystem] when the app has [TouchControls].
	Screen ScreenInput
	// Pads are the connected gamepads that have Ebitengine's standard
	// layout, in the order of their IDs.
	Pads []Pad
	// Chars are the characters typed since the last tick, for text
	// fields.
	Chars []rune
	// Wheel is how far the mouse wheel turned since the last tick (y > 0:
	// up, away from the user).
	Wheel Point
}

// External, when the app has it as a resource, stops [ReadDevicesSystem]:
// something else writes [Devices] every tick before glue.PreUpdate — a
// replay (modules/replay) playing recorded input, named by By. The
// devices are not read while it is there.
type External struct {
	// By names what writes Devices, for messages: "replay of run.replay".
	By string
}

// Pad is the state of one gamepad in Ebitengine's standard layout.
type Pad struct {
	// Buttons tells which buttons are pressed, indexed by
	// ebiten.StandardGamepadButton.
	Buttons [PadButtonCount]bool
	// ButtonValues are the buttons' analogue values, 0 to 1 (triggers);
	// 0 for a pressed button means fully pressed.
	ButtonValues [PadButtonCount]float64
	// Axes are the sticks' positions, -1 to 1, indexed by
	// ebiten.StandardGamepadAxis: -1 is left or up.
	Axes [PadAxisCount]float64
}

// CopyFrom makes d a copy of src, reusing d's slices: a recording or a
// rewind keeps the devices of each tick without allocating.
func (d *Devices) CopyFrom(src *Devices) {
	touches, pads, chars := d.Touches[:0], d.Pads[:0], d.Chars[:0]
	*d = *src
	d.Touches = append(touches, src.Touches...)
	d.Pads = append(pads, src.Pads...)
	d.Chars = append(chars, src.Chars...)
}

// ProvidedBy returns "input.Plugin", the plugin that inserts Devices.
func (Devices) ProvidedBy() string { return "input.Plugin" }

// MachineLocal marks Devices as this machine's (glue.MachineLocal): a
// rollback neither takes it back nor compares it.
func (Devices) MachineLocal() {}

// Bindings maps keys, mouse buttons, touches and gamepads to the axes
// and to actions, a resource. The zero value binds nothing;
// [DefaultBindings] returns the defaults. Systems rebind at run time
// through glue.ResMut[input.Bindings]; [MapSystem] uses the new bindings
// from its next run, and an action that stays down across a rebinding is
// not pressed again.
type Bindings struct {
	// Left, Right, Up and Down are the keys that push AxisX to -1 and +1
	// and AxisY to -1 and +1.
	Left, Right, Up, Down []ebiten.Key
	// LeftSources, RightSources, UpSources and DownSources push the axes
	// too, by their values: a stick half tilted left makes AxisX -0.5.
	LeftSources, RightSources, UpSources, DownSources []Source
	// Actions lists each action's keys.
	Actions [MaxActions][]ebiten.Key
	// Sources lists each action's other sources: mouse buttons, touch,
	// gamepad buttons and axes (and keys, as Actions does).
	Sources [MaxActions][]Source
	// PointerActions are the actions a left click or a touch triggers
	// too.
	PointerActions []Action
	// Names are the actions' names, for menus and settings files: see
	// [Bindings.SetName] and [Bindings.Lookup].
	Names [MaxActions]string
	// Sticks are the 2D axes' bindings ([Stick], [State.Stick]).
	Sticks [MaxSticks]StickBinding
	// DeadZone is how far a gamepad axis must move from its centre, 0 to
	// 1, before it counts. The default (0) is DefaultDeadZone; so is a
	// value out of range set while the app runs (the plugin reports one
	// given at start).
	DeadZone float64
}

// ProvidedBy returns "input.Plugin", the plugin that inserts Bindings.
func (Bindings) ProvidedBy() string { return "input.Plugin" }

// MachineLocal marks Bindings as this machine's (glue.MachineLocal): a
// player's keys are a preference, which a rollback neither takes back
// nor compares.
func (Bindings) MachineLocal() {}

// DefaultBindings returns the default bindings: arrows, WASD, the
// gamepad's D-pad and left stick for the axes; Space, Enter, left click,
// touch and the gamepad's bottom face button (A, cross) for Primary; P,
// Escape and the gamepad's Start for Pause; R and the gamepad's Back
// (Select) for Restart. The actions are named "Primary", "Pause" and
// "Restart".
func DefaultBindings() Bindings {
	var b Bindings
	const h, v = ebiten.StandardGamepadAxisLeftStickHorizontal, ebiten.StandardGamepadAxisLeftStickVertical
	b.LeftSources = []Source{PadButton(ebiten.StandardGamepadButtonLeftLeft), PadAxis(h, -1)}
	b.RightSources = []Source{PadButton(ebiten.StandardGamepadButtonLeftRight), PadAxis(h, +1)}
	b.UpSources = []Source{PadButton(ebiten.StandardGamepadButtonLeftTop), PadAxis(v, -1)}
	b.DownSources = []Source{PadButton(ebiten.StandardGamepadButtonLeftBottom), PadAxis(v, +1)}
	b.Sources[Primary] = []Source{PadButton(ebiten.StandardGamepadButtonRightBottom)}
	b.Sources[Pause] = []Source{PadButton(ebiten.StandardGamepadButtonCenterRight)}
	b.Sources[Restart] = []Source{PadButton(ebiten.StandardGamepadButtonCenterLeft)}
	for _, a := range []Action{Primary, Pause, Restart} {
		b.Names[a] = a.String()
	}
	b.Left = []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}
	b.Right = []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyD}
	b.Up = []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyW}
	b.Down = []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyS}
	b.Actions[Primary] = []ebiten.Key{ebiten.KeySpace, ebiten.KeyEnter}
	b.Actions[Pause] = []ebiten.Key{ebiten.KeyP, ebiten.KeyEscape}
	b.Actions[Restart] = []ebiten.Key{ebiten.KeyR}
	b.PointerActions = []Action{Primary}
	defaultSticks(&b)
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
	axes := [][]Source{b.LeftSources, b.RightSources, b.UpSources, b.DownSources}
	for i, srcs := range append(axes, b.Sources[:]...) {
		for _, s := range srcs {
			if err := s.validate(); err != nil {
				where := [4]string{"LeftSources", "RightSources", "UpSources", "DownSources"}
				if i < 4 {
					return fmt.Errorf("input: Bindings.%s: %v", where[i], err)
				}
				return fmt.Errorf("input: Bindings.Sources of %v: %v", Action(i-4), err)
			}
		}
	}
	if err := b.validateSticks(); err != nil {
		return err
	}
	if b.DeadZone < 0 || b.DeadZone >= 1 {
		return fmt.Errorf("input: Bindings.DeadZone must be from 0 to below 1 (0 for %v), got %v", DefaultDeadZone, b.DeadZone)
	}
	return b.validateNames()
}

// validateNames reports two actions of the same name.
func (b *Bindings) validateNames() error {
	for a, n := range b.Names {
		if n == "" {
			continue
		}
		for o := range a {
			if b.Names[o] == n {
				return fmt.Errorf("input: Bindings.Names gives %v and %v the same name %q; give each action its own name", Action(o), Action(a), n)
			}
		}
	}
	return nil
}

// Bind adds sources to action a, after those it has. Keys may be given
// as [Key] sources. Binding an action outside 0..MaxActions-1 panics.
func (b *Bindings) Bind(a Action, sources ...Source) {
	b.check(a, "Bind")
	b.Sources[a] = append(b.Sources[a], sources...)
}

// Unbind removes every binding of action a: its keys, its sources and
// the pointer.
func (b *Bindings) Unbind(a Action) {
	b.check(a, "Unbind")
	b.Actions[a] = nil
	b.Sources[a] = nil
	b.PointerActions = slices.DeleteFunc(b.PointerActions, func(x Action) bool { return x == a })
}

// Rebind replaces every binding of action a with sources: Unbind, then
// Bind.
func (b *Bindings) Rebind(a Action, sources ...Source) {
	b.Unbind(a)
	b.Bind(a, sources...)
}

// SetKey makes key the one keyboard key of action a, keeping its other
// sources (a gamepad's buttons): what a settings menu's key field does
// (ui.KeyField's Changed event). A key does one thing: another action
// that had key gets a's old key in its place (the two swap), or loses it
// if a had none; SetKey returns that action and true, or false if no
// other action had key. A game that would rather refuse the key asks
// [Bindings.KeyAction] first.
func (b *Bindings) SetKey(a Action, key ebiten.Key) (other Action, swapped bool) {
	b.check(a, "SetKey")
	var old []ebiten.Key
	if len(b.Actions[a]) > 0 {
		old = b.Actions[a][:1]
	}
	for o := range b.Actions {
		if Action(o) == a {
			continue
		}
		if i := slices.Index(b.Actions[o], key); i >= 0 {
			if len(old) > 0 && !slices.Contains(b.Actions[o], old[0]) {
				b.Actions[o] = slices.Clone(b.Actions[o])
				b.Actions[o][i] = old[0]
			} else {
				b.Actions[o] = slices.Delete(slices.Clone(b.Actions[o]), i, i+1)
			}
			other, swapped = Action(o), true
		}
	}
	b.Actions[a] = []ebiten.Key{key}
	return other, swapped
}

// KeyAction returns the action key is bound to, if any: the first, by
// action number.
func (b *Bindings) KeyAction(key ebiten.Key) (Action, bool) {
	for a := range b.Actions {
		if slices.Contains(b.Actions[a], key) {
			return Action(a), true
		}
	}
	return 0, false
}

// Bound appends to dst every source of action a — its keys, its sources,
// and Mouse(left) and Touch() if it is a pointer action — and returns
// the extended slice: what a settings menu shows.
func (b *Bindings) Bound(dst []Source, a Action) []Source {
	if a >= MaxActions {
		return dst
	}
	for _, k := range b.Actions[a] {
		dst = append(dst, Key(k))
	}
	dst = append(dst, b.Sources[a]...)
	if slices.Contains(b.PointerActions, a) {
		dst = append(dst, Mouse(ebiten.MouseButtonLeft), Touch())
	}
	return dst
}

// SetName names action a, e.g. "Jump". Names are unique: naming a second
// action the same is an error of glue.App.Build (bindings given to the
// [Plugin]) or, for bindings changed while the app runs, fails the tick
// in which [MapSystem] sees them.
func (b *Bindings) SetName(a Action, name string) {
	b.check(a, "SetName")
	b.Names[a] = name
}

// Name returns action a's name, or a.String() if it has none.
func (b *Bindings) Name(a Action) string {
	if a < MaxActions && b.Names[a] != "" {
		return b.Names[a]
	}
	return a.String()
}

// Lookup returns the action named name.
func (b *Bindings) Lookup(name string) (Action, bool) {
	for a, n := range b.Names {
		if n == name && n != "" {
			return Action(a), true
		}
	}
	return 0, false
}

func (b *Bindings) check(a Action, what string) {
	if a >= MaxActions {
		panic(fmt.Sprintf("input: Bindings.%s(%v): actions go from 0 to %d (MaxActions-1)", what, a, MaxActions-1))
	}
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
	values                  [MaxActions]float64
	sticks                  [MaxSticks]Point
	consumed                [MaxActions]bool // until released
	pointerConsumed         bool
	pointerOnly             [MaxActions]bool   // down by the pointer alone
	names                   [MaxActions]string // the names last checked
	cursor                  Point              // the cursor at the previous tick
	started                 bool
	take                    taking   // for TakePointer (take.go)
	dirs                    dirState // directions' edges (directions.go)
}

// ProvidedBy returns "input.Plugin", the plugin that inserts State: an app
// with a system that reads input but without the plugin fails to build
// with an error saying to add it.
func (State) ProvidedBy() string { return "input.Plugin" }

// MachineLocal marks State as this machine's (glue.MachineLocal): a
// rollback neither takes back a key pressed nor compares the devices'
// state; rules read the players' inputs from the session instead.
func (State) MachineLocal() {}

// Down reports whether a is held: one of its keys is down, or it is a
// pointer action and the pointer is down. It is false for an action
// outside 0..MaxActions-1, and for one consumed ([State.Consume]).
func (s *State) Down(a Action) bool { return a < MaxActions && s.down[a] && !s.consumed[a] }

// Pressed reports whether a went down this tick (and was not consumed).
func (s *State) Pressed(a Action) bool { return a < MaxActions && s.pressed[a] && !s.consumed[a] }

// Released reports whether a went up this tick (and was not consumed).
func (s *State) Released(a Action) bool {
	return a < MaxActions && s.released[a] && !s.consumed[a]
}

// Consume hides action a from the systems that read the state after it,
// until a is released: Down, Pressed, Released and Value report it as
// up. A menu consumes the input it handles, so that a click on a button
// does not also fire the gun. Consuming an action that is not down does
// nothing.
func (s *State) Consume(a Action) {
	if a < MaxActions && (s.down[a] || s.released[a]) {
		s.consumed[a] = true
	}
}

// ConsumePointer hides the pointer's button from the systems that read
// the state after it, until it is released: Pointer.Down, Pressed and
// Released report false, and the pointer actions (PointerActions) are
// consumed when the pointer alone holds them. The position still moves.
func (s *State) ConsumePointer() {
	p := &s.Pointer
	if !p.Down && !p.Released {
		return
	}
	s.pointerConsumed = true
	p.Down, p.Pressed, p.Released = false, false, false
	for a := range MaxActions {
		if s.pointerOnly[a] {
			s.consumed[a] = true
		}
	}
}

// Value returns a's analogue value, 0 to 1: the largest value of its
// sources (see [Source]) — 1 for a key, how far a bound stick is pushed,
// how hard a bound trigger is pressed. It is 0 when a is not down.
func (s *State) Value(a Action) float64 {
	if a >= MaxActions || s.consumed[a] {
		return 0
	}
	return s.values[a]
}

// update maps this tick's devices to the state. It fails for bindings
// whose names have changed to name two actions alike.
func (s *State) update(d *Devices, b *Bindings, o *Origins) error {
	if b.Names != s.names {
		if err := b.validateNames(); err != nil {
			return err
		}
		s.names = b.Names
	}
	anyKey := func(keys []ebiten.Key) bool {
		for _, k := range keys {
			if int(k) >= 0 && int(k) < KeyCount && d.Keys[k] {
				return true
			}
		}
		return false
	}
	dz := b.DeadZone
	if dz <= 0 || dz >= 1 {
		dz = DefaultDeadZone // unset, or set out of range at run time
	}
	sources := func(srcs []Source) (v float64, down bool) {
		for _, src := range srcs {
			x, ok := src.value(d, dz)
			v, down = max(v, x), down || ok
		}
		return v, down
	}
	side := func(keys []ebiten.Key, srcs []Source) float64 {
		if anyKey(keys) {
			return 1
		}
		v, _ := sources(srcs)
		return v
	}
	s.AxisX = side(b.Right, b.RightSources) - side(b.Left, b.LeftSources)
	s.AxisY = side(b.Down, b.DownSources) - side(b.Up, b.UpSources)

	p := &s.Pointer
	prev := *p
	s.take.begin(s, &prev)
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
	if s.pointerConsumed {
		prev.Down = true // the consumed press is still held, unseen
	}
	p.Pressed = p.Down && !prev.Down
	p.Released = !p.Down && prev.Down
	p.Moved = s.started && (p.X != prev.X || p.Y != prev.Y)
	s.cursor = d.Cursor

	for a := range MaxActions {
		value, down := sources(b.Sources[a])
		if anyKey(b.Actions[a]) {
			value, down = 1, true
		}
		s.pointerOnly[a] = false
		if p.Down {
			for _, pa := range b.PointerActions {
				if int(pa) == a {
					s.pointerOnly[a] = !down
					value, down = 1, true
				}
			}
		}
		if !down {
			value = 0
		}
		was := s.down[a]
		if !was {
			s.consumed[a] = false // released at the last tick: seen again
		}
		s.down[a], s.pressed[a], s.released[a] = down, down && !was, !down && was
		s.values[a] = value
	}
	if s.pointerConsumed {
		if p.Down {
			p.Down, p.Pressed = false, false
		} else {
			s.pointerConsumed = false
			p.Released = false
		}
	}
	s.updateSticks(d, b, o)
	s.take.note(s, d, b, o)
	s.dirs.update(s)
	s.started = true
	return nil
}
