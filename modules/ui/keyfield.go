package ui

import (
	"slices"
	"strings"

	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// KeyField shows an action's keys, "Jump: Space", and rebinds it: when
// activated (Enter, Space, A, a click) it shows "Jump: press a key" and
// waits, with the menu's navigation held, until every key is up and
// then one goes down. That key becomes Keys, and the field sends
// [Changed] with Key; the game rebinds the action with it,
// Bindings.SetKey(Jump, e.Key), which keeps the action's gamepad sources
// and gives an action that had the key Jump's old one, so that no key
// does two things. Escape, or the gamepad's B, cancels.
type KeyField struct {
	Node
	Text string
	Keys []ebiten.Key

	waiting, armed bool
	shownKeys      []ebiten.Key // the keys label was made for
	shownWait      bool
	label          string
}

// text returns what the field shows, made again only when it changes.
func (f *KeyField) text() string {
	if f.label != "" && f.shownWait == f.waiting && slices.Equal(f.shownKeys, f.Keys) {
		return f.label
	}
	names := make([]string, len(f.Keys))
	for i, k := range f.Keys {
		names[i] = input.Key(k).Name()
	}
	f.label = f.Text + ": " + strings.Join(names, ", ")
	if f.waiting {
		f.label = f.Text + ": press a key"
	}
	f.shownKeys, f.shownWait = append(f.shownKeys[:0], f.Keys...), f.waiting
	return f.label
}

// Measure returns the least size of the key field ([Widget]).
func (f *KeyField) Measure(th *Theme) (float64, float64) {
	w, h := textSize(f.text(), th)
	return max(w+2*th.Padding, f.MinW), max(h+2*th.Padding, f.MinH)
}

// Draw adds the key field to d ([Widget]).
func (f *KeyField) Draw(d *render.DrawList, th *Theme, _ *Menu) {
	box(d, f.X, f.Y, f.W, f.H, th.Widget, &th.WidgetImage, 0)
	d.AddText(f.text(), f.X+f.W/2, f.Y+f.H/2, textStyle(th, &f.Node, render.AlignCenter), 2)
}

// Activate is Primary or a click on the key field ([Control]).
func (f *KeyField) Activate(*Menu) { f.waiting, f.armed = true, false }

// Adjust is left or right on the key field; it reports whether it used it ([Control]).
func (f *KeyField) Adjust(*Menu, int) bool { return false }

// Press is the pointer going down on the key field ([Control]).
func (f *KeyField) Press(m *Menu, _, _ float64) { f.Activate(m) }

// Drag is the pointer moving while down on the key field ([Control]).
func (f *KeyField) Drag(*Menu, float64, float64) {}

// Waiting reports whether the field waits for a key.
func (f *KeyField) Waiting() bool { return f.waiting }

// capture takes the key the field waits for; back is the gamepad's B,
// pressed this tick.
func (f *KeyField) capture(m *Menu, dev *input.Devices, back bool) {
	down := slices.Index(dev.Keys[:], true)
	switch {
	case back || f.armed && ebiten.Key(down) == ebiten.KeyEscape:
		f.waiting = false
	case down < 0:
		f.armed = true // every key is up: the next one down is the new key
	case f.armed:
		f.waiting = false
		f.Keys = []ebiten.Key{ebiten.Key(down)}
		m.Send(Event{Kind: Changed, ID: f.ID, Key: ebiten.Key(down)})
	}
}
