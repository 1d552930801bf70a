package ui

import "fmt"

// Check lays the menu out in a view of w×h logical pixels, as the
// plugin would, and reports the first widget that does not fit — the
// innermost: one that lies partly outside the view, or one laid out
// smaller than its content (a label or a button whose text would be
// cut) — and the mistakes a menu's widgets can make: two widgets with
// one ID (their events could not be told apart), a slider whose Min is
// above its Max or whose Value is outside them. A game's test calls it
// for each of its dialogs at the sizes it runs at; nil means everything
// is inside and nothing is cut.
func (m *Menu) Check(w, h float64) error {
	if m.Root == nil {
		return nil
	}
	m.dirty = true
	m.layout(w, h)
	th := m.theme()
	var err error
	ids := map[string]Widget{}
	var walk func(wd Widget)
	walk = func(wd Widget) {
		if err != nil || wd == nil {
			return
		}
		n := wd.Base()
		if n.ID != "" {
			if first, dup := ids[n.ID]; dup {
				err = fmt.Errorf("ui: %s and %s have the same ID %q: their events cannot be told apart; give each its own ID", describe(first), describe(wd), n.ID)
				return
			}
			ids[n.ID] = wd
		}
		if s, ok := wd.(*Slider); ok && (s.Min > s.Max || s.Value < s.Min || s.Value > s.Max) {
			err = fmt.Errorf("ui: %s has Min %g, Max %g and Value %g: Min must not be above Max, and Value must lie between them", describe(wd), s.Min, s.Max, s.Value)
			return
		}
		// The children first, so that the widget named is the innermost
		// that does not fit (a long label, not the panel it widens).
		if sc, ok := wd.(*Scroll); ok {
			for _, ch := range sc.Children {
				if sc.visible(ch) {
					walk(ch)
				}
			}
		} else {
			for _, ch := range wd.Contents() {
				walk(ch)
			}
		}
		if err != nil {
			return
		}
		const slack = 0.5 // rounding
		mw, mh := wd.Measure(th)
		switch {
		case n.X < -slack || n.Y < -slack || n.X+n.W > w+slack || n.Y+n.H > h+slack:
			err = fmt.Errorf("ui: %s lies at (%.0f, %.0f) %.0f×%.0f, outside the %.0f×%.0f view; shorten or split it (a Label can Wrap), or lay the menu out for a smaller screen", describe(wd), n.X, n.Y, n.W, n.H, w, h)
		case n.W+slack < mw || n.H+slack < mh:
			err = fmt.Errorf("ui: %s is laid out %.0f×%.0f but needs %.0f×%.0f: its text is cut", describe(wd), n.W, n.H, mw, mh)
		}
	}
	walk(m.Root)
	return err
}

// describe names a widget for messages: its type, ID and text.
func describe(w Widget) string {
	text := ""
	switch v := w.(type) {
	case *Label:
		text = v.Text
	case *Button:
		text = v.Text
	case *Toggle:
		text = v.Text
	case *Slider:
		text = v.Text
	case *Options:
		text = v.Text
	case *KeyField:
		text = v.Text
	}
	s := fmt.Sprintf("%T", w)
	if id := w.Base().ID; id != "" {
		s += fmt.Sprintf(" %q", id)
	}
	if text != "" {
		s += fmt.Sprintf(" (%q)", text)
	}
	return s
}
