package ui

import "fmt"

// MinTargetCSS is the least size, in CSS pixels, of a control a finger
// presses: 44, as Apple's and the W3C's guidelines ask.
const MinTargetCSS = 44

// CheckTargets lays the menu out in a view of w×h logical pixels, as
// [Menu.Check] does, and reports the first control (a widget that takes
// the focus: a button, a slider, a toggle, a key field) less than
// [MinTargetCSS] CSS pixels tall or wide when a logical pixel is
// cssPerLogical CSS pixels wide: too small for a finger. A game's test
// calls it for each dialog with its smallest touch screen, e.g.
// cssPerLogical 390.0/320 for a 320 pixel wide field on a phone held
// upright (390 CSS px across). nil means every control is large enough.
func (m *Menu) CheckTargets(w, h, cssPerLogical float64) error {
	if m.Root == nil {
		return nil
	}
	if cssPerLogical <= 0 {
		return fmt.Errorf("ui: CheckTargets needs the CSS pixels per logical pixel, got %v; pass the window's CSS width over the logical width", cssPerLogical)
	}
	m.dirty = true
	m.layout(w, h)
	const slack = 0.5 // rounding
	var err error
	var walk func(wd Widget)
	walk = func(wd Widget) {
		if err != nil || wd == nil {
			return
		}
		if _, ok := wd.(Control); ok {
			n := wd.Base()
			if min(n.W, n.H)*cssPerLogical+slack < MinTargetCSS {
				err = fmt.Errorf("ui: %s is %.0f×%.0f CSS px (%.0f×%.0f logical at %.3g CSS px each), under %d for a finger; give it MinH (and MinW) %.1f or more",
					describe(wd), n.W*cssPerLogical, n.H*cssPerLogical, n.W, n.H, cssPerLogical, MinTargetCSS, MinTargetCSS/cssPerLogical)
				return
			}
		}
		for _, ch := range wd.Contents() {
			walk(ch)
		}
	}
	walk(m.Root)
	return err
}
