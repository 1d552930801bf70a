package input

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
)

// PadButtonCount is the number of buttons of Ebitengine's standard
// gamepad layout.
const PadButtonCount = int(ebiten.StandardGamepadButtonMax) + 1

// PadAxisCount is the number of axes of Ebitengine's standard gamepad
// layout.
const PadAxisCount = int(ebiten.StandardGamepadAxisMax) + 1

// DefaultDeadZone is [Bindings.DeadZone] when it is zero: how far a
// gamepad axis must move from its centre before it counts.
const DefaultDeadZone = 0.2

type sourceKind uint8

const (
	noSource sourceKind = iota
	keySource
	mouseSource
	touchSource
	padButtonSource
	padAxisSource
	screenButtonSource // an on-screen touch button (touch.go)
	screenStickSource  // a direction of the on-screen stick (touch.go)
)

// Source is one thing that can trigger an action or push an axis: a key,
// a mouse button, a touch, a gamepad button or one direction of a gamepad
// axis, or an on-screen touch control. Make one with [Key], [Mouse],
// [Touch], [PadButton], [PadAxis], [TouchButtonSource] or
// [TouchStickSource];
// the zero Source is invalid. Gamepad sources read every connected
// gamepad with Ebitengine's standard layout: the action is down if it is
// down on any of them.
//
// A source has a value from 0 to 1: 1 or 0 for keys, mouse buttons and
// touches, the pressure of an analogue gamepad button (a trigger), and
// for an axis direction how far the stick is pushed that way beyond the
// dead zone, rescaled so that the edge of the dead zone is 0 and full
// tilt 1. A source is down while its value is above 0 (for a gamepad
// button: while Ebitengine reports it pressed).
type Source struct {
	kind sourceKind
	code int16
	neg  bool // the negative direction of an axis
}

// Key returns the source for a keyboard key.
func Key(k ebiten.Key) Source { return Source{kind: keySource, code: int16(k)} }

// Mouse returns the source for a mouse button.
func Mouse(b ebiten.MouseButton) Source { return Source{kind: mouseSource, code: int16(b)} }

// Touch returns the source that is down while any finger touches the
// screen.
func Touch() Source { return Source{kind: touchSource} }

// PadButton returns the source for a button of the standard gamepad
// layout, e.g. ebiten.StandardGamepadButtonRightBottom (A on an Xbox pad,
// cross on a PlayStation pad).
func PadButton(b ebiten.StandardGamepadButton) Source {
	return Source{kind: padButtonSource, code: int16(b)}
}

// PadAxis returns the source for one direction of an axis of the
// standard gamepad layout: dir < 0 for left (or up), dir > 0 for right
// (or down), e.g. PadAxis(ebiten.StandardGamepadAxisLeftStickHorizontal,
// -1) for the left stick pushed left.
func PadAxis(a ebiten.StandardGamepadAxis, dir int) Source {
	return Source{kind: padAxisSource, code: int16(a), neg: dir < 0}
}

var padButtonNames = [PadButtonCount]string{
	"RightBottom", "RightRight", "RightLeft", "RightTop",
	"FrontTopLeft", "FrontTopRight", "FrontBottomLeft", "FrontBottomRight",
	"CenterLeft", "CenterRight", "LeftStick", "RightStick",
	"LeftTop", "LeftBottom", "LeftLeft", "LeftRight", "CenterCenter",
}

var padAxisNames = [PadAxisCount]string{
	"LeftStickHorizontal", "LeftStickVertical", "RightStickHorizontal", "RightStickVertical",
}

// String describes the source, e.g. "Key(Space)", "Mouse(1)",
// "PadButton(RightBottom)" or "PadAxis(LeftStickHorizontal-)".
func (s Source) String() string {
	switch s.kind {
	case keySource:
		return fmt.Sprintf("Key(%v)", ebiten.Key(s.code))
	case mouseSource:
		return fmt.Sprintf("Mouse(%d)", s.code)
	case touchSource:
		return "Touch"
	case padButtonSource:
		if s.code >= 0 && int(s.code) < PadButtonCount {
			return "PadButton(" + padButtonNames[s.code] + ")"
		}
		return fmt.Sprintf("PadButton(%d)", s.code)
	case padAxisSource:
		dir := "+"
		if s.neg {
			dir = "-"
		}
		if s.code >= 0 && int(s.code) < PadAxisCount {
			return "PadAxis(" + padAxisNames[s.code] + dir + ")"
		}
		return fmt.Sprintf("PadAxis(%d%s)", s.code, dir)
	case screenButtonSource:
		return fmt.Sprintf("TouchButton(%d)", s.code)
	case screenStickSource:
		return screenStickName(s)
	}
	return "Source{}"
}

// validate reports a source that names nothing.
func (s Source) validate() error {
	limit := 0
	switch s.kind {
	case keySource:
		limit = KeyCount
	case mouseSource:
		limit = ButtonCount
	case touchSource:
		return nil
	case padButtonSource:
		limit = PadButtonCount
	case padAxisSource:
		limit = PadAxisCount
	case screenButtonSource:
		limit = MaxTouchButtons
	case screenStickSource:
		limit = 2
	default:
		return fmt.Errorf("the zero input.Source; make sources with input.Key, Mouse, Touch, PadButton or PadAxis")
	}
	if s.code < 0 || int(s.code) >= limit {
		return fmt.Errorf("%v is out of range (0 to %d)", s, limit-1)
	}
	return nil
}

// value returns the source's value and whether it is down. A source out
// of range (bindings changed at run time to name no key) is never down.
func (s Source) value(d *Devices, deadZone float64) (float64, bool) {
	if s.code < 0 {
		return 0, false
	}
	switch s.kind {
	case keySource:
		if int(s.code) < KeyCount && d.Keys[s.code] {
			return 1, true
		}
	case mouseSource:
		if int(s.code) < ButtonCount && d.Buttons[s.code] {
			return 1, true
		}
	case touchSource:
		if len(d.Touches) > 0 {
			return 1, true
		}
	case padButtonSource:
		if int(s.code) >= PadButtonCount {
			return 0, false
		}
		v, down := 0.0, false
		for i := range d.Pads {
			p := &d.Pads[i]
			if p.Buttons[s.code] {
				bv := p.ButtonValues[s.code]
				if bv <= 0 {
					bv = 1 // a digital button, or a driver without values
				}
				down, v = true, max(v, min(bv, 1))
			}
		}
		return v, down
	case padAxisSource:
		if int(s.code) >= PadAxisCount {
			return 0, false
		}
		v := 0.0
		for i := range d.Pads {
			a := d.Pads[i].Axes[s.code]
			if s.neg {
				a = -a
			}
			if a > deadZone {
				v = max(v, min((a-deadZone)/(1-deadZone), 1))
			}
		}
		return v, v > 0
	case screenButtonSource:
		if int(s.code) < MaxTouchButtons && d.Screen.Buttons[s.code] {
			return 1, true
		}
	case screenStickSource:
		return screenStickValue(s, d, deadZone)
	}
	return 0, false
}
