package input

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Stick is a 2D axis — move, aim — that gamepad sticks, direction keys
// and the pointer drive, as [Bindings].Sticks says; [State.Stick] reads
// it. The package names two; a game declares others below MaxSticks.
type Stick uint8

const (
	// MoveStick moves: WASD, the arrows, the D-pad and the left stick by
	// default.
	MoveStick Stick = iota
	// AimStick aims: the right stick, and the pointer relative to
	// [Origins] (the player on screen), by default.
	AimStick
)

// MaxSticks is the number of sticks: valid sticks are 0 to MaxSticks-1.
const MaxSticks = 4

// PadStick names a stick of Ebitengine's standard gamepad layout.
type PadStick uint8

const (
	// NoPadStick reads no gamepad stick.
	NoPadStick PadStick = iota
	// LeftPadStick is the left stick.
	LeftPadStick
	// RightPadStick is the right stick.
	RightPadStick
)

// StickBinding is what drives one [Stick]. Sources are tried in this
// order, and the first that is off centre gives the stick's value: the
// gamepad stick (past the dead zone), the direction sources (keys,
// D-pad buttons), the pointer. Rebind a stick at run time by replacing
// its StickBinding through glue.ResMut[input.Bindings].
type StickBinding struct {
	// Pad is the gamepad stick read as one 2D value, with a round dead
	// zone: tilting it diagonally gives a diagonal of length up to 1.
	Pad PadStick
	// Left, Right, Up and Down push the stick towards -x, +x, -y and +y
	// by their values; a diagonal of two keys has length 1, not √2.
	Left, Right, Up, Down []Source
	// Pointer drives the stick with the pointer's offset from the
	// stick's point in [Origins]: full length at PointerRadius logical
	// pixels and beyond; with PointerRadius 0 the value is the unit
	// direction towards the pointer.
	Pointer       bool
	PointerRadius float64
	// DeadZone is the round dead zone of the gamepad stick and the
	// pointer, 0 to below 1, as a share of the full length; the default
	// (0) is DefaultDeadZone for the pad and none for the pointer.
	DeadZone float64
}

// Origins is the resource that holds each stick's point for the pointer
// (see [StickBinding].Pointer), in logical pixels: the player's position
// on screen, which a game system sets every tick through
// glue.ResMut[input.Origins]. The stick uses the point set before the
// tick's mapping, in glue.PreUpdate.
type Origins struct {
	Points [MaxSticks]Point
}

// ProvidedBy returns "input.Plugin", the plugin that inserts Origins.
func (Origins) ProvidedBy() string { return "input.Plugin" }

// MachineLocal marks Origins as this machine's (glue.MachineLocal).
func (Origins) MachineLocal() {}

// Stick returns stick s's value: x and y from -1 to 1, a vector of
// length up to 1 (y grows downwards). It is (0, 0) for a stick outside
// 0..MaxSticks-1.
func (s *State) Stick(st Stick) (x, y float64) {
	if st >= MaxSticks {
		return 0, 0
	}
	return s.sticks[st].X, s.sticks[st].Y
}

// defaultSticks sets the default stick bindings.
func defaultSticks(b *Bindings) {
	key := func(ks ...ebiten.Key) []Source {
		var out []Source
		for _, k := range ks {
			out = append(out, Key(k))
		}
		return out
	}
	b.Sticks[MoveStick] = StickBinding{
		Pad:   LeftPadStick,
		Left:  append(key(ebiten.KeyA, ebiten.KeyArrowLeft), PadButton(ebiten.StandardGamepadButtonLeftLeft)),
		Right: append(key(ebiten.KeyD, ebiten.KeyArrowRight), PadButton(ebiten.StandardGamepadButtonLeftRight)),
		Up:    append(key(ebiten.KeyW, ebiten.KeyArrowUp), PadButton(ebiten.StandardGamepadButtonLeftTop)),
		Down:  append(key(ebiten.KeyS, ebiten.KeyArrowDown), PadButton(ebiten.StandardGamepadButtonLeftBottom)),
	}
	b.Sticks[AimStick] = StickBinding{Pad: RightPadStick, Pointer: true}
}

// validateSticks reports stick bindings that name nothing.
func (b *Bindings) validateSticks() error {
	for i := range b.Sticks {
		sb := &b.Sticks[i]
		for d, srcs := range [4][]Source{sb.Left, sb.Right, sb.Up, sb.Down} {
			for _, s := range srcs {
				if err := s.validate(); err != nil {
					return fmt.Errorf("input: Bindings.Sticks[%d].%s: %v", i, [4]string{"Left", "Right", "Up", "Down"}[d], err)
				}
			}
		}
		if sb.Pad > RightPadStick {
			return fmt.Errorf("input: Bindings.Sticks[%d].Pad is %d; use input.NoPadStick, LeftPadStick or RightPadStick", i, sb.Pad)
		}
		if sb.DeadZone < 0 || sb.DeadZone >= 1 || sb.PointerRadius < 0 {
			return fmt.Errorf("input: Bindings.Sticks[%d] has DeadZone %v and PointerRadius %v; the dead zone goes from 0 to below 1, the radius from 0", i, sb.DeadZone, sb.PointerRadius)
		}
	}
	return nil
}

// radial applies a round dead zone dz to (x, y): zero within it, and
// rescaled so that its edge is 0 and length 1 (or more, clamped) is 1.
func radial(x, y, dz float64) Point {
	m := math.Hypot(x, y)
	if m <= dz || m == 0 {
		return Point{}
	}
	k := min((m-dz)/(1-dz), 1) / m
	return Point{x * k, y * k}
}

// updateSticks maps the devices to the sticks' values.
func (s *State) updateSticks(d *Devices, b *Bindings, o *Origins) {
	for i := range b.Sticks {
		sb := &b.Sticks[i]
		s.sticks[i] = sb.value(d, o.Points[i], &s.Pointer)
	}
}

func (sb *StickBinding) value(d *Devices, origin Point, p *Pointer) Point {
	if sb.Pad != NoPadStick {
		h, v := ebiten.StandardGamepadAxisLeftStickHorizontal, ebiten.StandardGamepadAxisLeftStickVertical
		if sb.Pad == RightPadStick {
			h, v = ebiten.StandardGamepadAxisRightStickHorizontal, ebiten.StandardGamepadAxisRightStickVertical
		}
		dz := sb.DeadZone
		if dz == 0 {
			dz = DefaultDeadZone
		}
		best := Point{}
		for i := range d.Pads {
			pv := radial(d.Pads[i].Axes[h], d.Pads[i].Axes[v], dz)
			if math.Hypot(pv.X, pv.Y) > math.Hypot(best.X, best.Y) {
				best = pv
			}
		}
		if best != (Point{}) {
			return best
		}
	}
	side := func(srcs []Source) float64 {
		v := 0.0
		for _, src := range srcs {
			x, _ := src.value(d, DefaultDeadZone)
			v = max(v, x)
		}
		return v
	}
	x, y := side(sb.Right)-side(sb.Left), side(sb.Down)-side(sb.Up)
	if x != 0 || y != 0 {
		if m := math.Hypot(x, y); m > 1 {
			x, y = x/m, y/m
		}
		return Point{x, y}
	}
	if sb.Pointer {
		dx, dy := p.X-origin.X, p.Y-origin.Y
		if sb.PointerRadius > 0 {
			return radial(dx/sb.PointerRadius, dy/sb.PointerRadius, sb.DeadZone)
		}
		if m := math.Hypot(dx, dy); m > 0 {
			return Point{dx / m, dy / m}
		}
	}
	return Point{}
}
