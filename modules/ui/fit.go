package ui

import "fmt"

// Check lays the menu out in a view of w×h logical pixels, as the
// plugin would, and reports the first widget that does not fit: one
// that lies partly outside the view, or one laid out smaller than its
// content (a label or a button whose text would be cut). A game's test
// calls it for each of its dialogs at the sizes it runs at; nil means
// everything is inside and nothing is cut.
func (m *Menu) Check(w, h float64) error {
	if m.Root == nil {
		return nil
	}
	m.dirty = true
	m.layout(w, h)
	th := m.theme()
	var err error
	var walk func(wd Widget)
	walk = func(wd Widget) {
		if err != nil || wd == nil {
			return
		}
		n := wd.Base()
		const slack = 0.5 // rounding
		mw, mh := wd.Measure(th)
		switch {
		case n.X < -slack || n.Y < -slack || n.X+n.W > w+slack || n.Y+n.H > h+slack:
			err = fmt.Errorf("ui: %s lies at (%.0f, %.0f) %.0f×%.0f, outside the %.0f×%.0f view; shorten or split it, or lay the menu out for a smaller screen", describe(wd), n.X, n.Y, n.W, n.H, w, h)
		case n.W+slack < mw || n.H+slack < mh:
			err = fmt.Errorf("ui: %s is laid out %.0f×%.0f but needs %.0f×%.0f: its text is cut", describe(wd), n.W, n.H, mw, mh)
		}
		if sc, ok := wd.(*Scroll); ok {
			for _, ch := range sc.Children {
				if sc.visible(ch) {
					walk(ch)
				}
			}
			return
		}
		for _, ch := range wd.Contents() {
			walk(ch)
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
