package input

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// Describe lists the sources bound to action a for the player, in the
// order they were bound, separated by commas, each by its [Source.Name]
// ("Space", "Left", "Right trigger", "Left mouse button"). It is "" for
// an action with no source. Menus and on-screen hints use it ("Saved (F9
// loads)") so that they follow a rebinding.
func (b *Bindings) Describe(a Action) string {
	var names []string
	for _, s := range b.Bound(nil, a) {
		names = append(names, s.Name())
	}
	return strings.Join(names, ", ")
}

// padButtonTitles are the standard layout's buttons as a player knows
// them (Xbox letters; PlayStation's cross, circle, square and triangle
// sit in the same places).
var padButtonTitles = [PadButtonCount]string{
	"Pad A", "Pad B", "Pad X", "Pad Y",
	"Left bumper", "Right bumper", "Left trigger", "Right trigger",
	"Back", "Start", "Left stick press", "Right stick press",
	"D-pad up", "D-pad down", "D-pad left", "D-pad right", "Pad Home",
}

// keyTitles are the keys whose Ebitengine names a player would not say.
var keyTitles = map[ebiten.Key]string{
	ebiten.KeyArrowLeft: "Left", ebiten.KeyArrowRight: "Right", ebiten.KeyArrowUp: "Up", ebiten.KeyArrowDown: "Down",
	ebiten.KeyShiftLeft: "Left Shift", ebiten.KeyShiftRight: "Right Shift",
	ebiten.KeyControlLeft: "Left Ctrl", ebiten.KeyControlRight: "Right Ctrl", ebiten.KeyControl: "Ctrl",
	ebiten.KeyAltLeft: "Left Alt", ebiten.KeyAltRight: "Right Alt",
	ebiten.KeyMetaLeft: "Left Meta", ebiten.KeyMetaRight: "Right Meta",
	ebiten.KeyEscape: "Esc", ebiten.KeyPageUp: "Page Up", ebiten.KeyPageDown: "Page Down",
	ebiten.KeyCapsLock: "Caps Lock", ebiten.KeyNumLock: "Num Lock", ebiten.KeyScrollLock: "Scroll Lock",
	ebiten.KeyPrintScreen: "Print Screen", ebiten.KeyContextMenu: "Menu",
	ebiten.KeyBackquote: "`", ebiten.KeyBackslash: `\`, ebiten.KeyBracketLeft: "[", ebiten.KeyBracketRight: "]",
	ebiten.KeyComma: ",", ebiten.KeyEqual: "=", ebiten.KeyMinus: "-", ebiten.KeyPeriod: ".",
	ebiten.KeyQuote: "'", ebiten.KeySemicolon: ";", ebiten.KeySlash: "/", ebiten.KeyIntlBackslash: `\`,
	ebiten.KeyNumpadAdd: "Num +", ebiten.KeyNumpadSubtract: "Num -", ebiten.KeyNumpadMultiply: "Num *",
	ebiten.KeyNumpadDivide: "Num /", ebiten.KeyNumpadDecimal: "Num .", ebiten.KeyNumpadEnter: "Num Enter",
	ebiten.KeyNumpadEqual: "Num =",
}

// Name is the source as a player calls it, for menus and hints: a key by
// its label ("Space", "A", "1", "Left", "Esc", "Left Shift"), "Left mouse
// button", "Touch", a gamepad button by its place ("Pad A", "Right
// trigger", "D-pad up", "Start") and an axis by its stick and direction
// ("Left stick left"). [Source.String] is the programmer's form
// ("Key(ArrowLeft)", "PadButton(RightBottom)").
func (s Source) Name() string {
	switch s.kind {
	case keySource:
		k := ebiten.Key(s.code)
		if t, ok := keyTitles[k]; ok {
			return t
		}
		n := k.String()
		switch {
		case strings.HasPrefix(n, "Digit"):
			return strings.TrimPrefix(n, "Digit")
		case strings.HasPrefix(n, "Numpad"):
			return "Num " + strings.TrimPrefix(n, "Numpad")
		case n == "":
			return fmt.Sprintf("Key %d", s.code)
		}
		return n
	case mouseSource:
		switch ebiten.MouseButton(s.code) {
		case ebiten.MouseButtonLeft:
			return "Left mouse button"
		case ebiten.MouseButtonRight:
			return "Right mouse button"
		case ebiten.MouseButtonMiddle:
			return "Middle mouse button"
		}
		return fmt.Sprintf("Mouse button %d", s.code+1)
	case padButtonSource:
		if s.code >= 0 && int(s.code) < PadButtonCount {
			return padButtonTitles[s.code]
		}
	case padAxisSource:
		if s.code >= 0 && int(s.code) < PadAxisCount {
			stick := "Left stick"
			if ebiten.StandardGamepadAxis(s.code) >= ebiten.StandardGamepadAxisRightStickHorizontal {
				stick = "Right stick"
			}
			vertical := ebiten.StandardGamepadAxis(s.code) == ebiten.StandardGamepadAxisLeftStickVertical ||
				ebiten.StandardGamepadAxis(s.code) == ebiten.StandardGamepadAxisRightStickVertical
			switch {
			case vertical && s.neg:
				return stick + " up"
			case vertical:
				return stick + " down"
			case s.neg:
				return stick + " left"
			}
			return stick + " right"
		}
	case screenButtonSource:
		return fmt.Sprintf("Touch button %d", s.code+1)
	case screenStickSource:
		n := screenStickName(s) // "TouchStick(Left)"
		return "Touch stick " + strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(n, "TouchStick("), ")"))
	}
	return s.String()
}
