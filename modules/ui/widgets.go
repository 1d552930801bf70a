package ui

import (
	"math"
	"strconv"

	"github.com/gluekit/glue/modules/render"
)

// Widget is a part of a [Menu]: the widgets of this package — [Label],
// [Picture], [Button], [Toggle], [Slider], [Options], [TextField],
// [KeyField] — the containers that lay them out — [Panel], [Column],
// [Row], [Scroll] — and widgets a game writes itself. Their exported
// fields may be changed while the menu runs; call [Menu.Refresh] after
// adding or removing widgets.
//
// A game's widget embeds [Node] (which gives it Base, Place and
// Contents) and writes Measure and Draw; one that takes the focus and
// input implements [Control] too, and tells the game what happened with
// [Menu.Send].
type Widget interface {
	// Base returns the widget's common fields.
	Base() *Node
	// Measure returns the least size the widget needs, in logical
	// pixels, drawn with th (a Node's MinW and MinH included).
	Measure(th *Theme) (w, h float64)
	// Place lays the widget (and its contents) out in the rectangle
	// (x, y, w, h), logical screen pixels: at least its Measure.
	Place(x, y, w, h float64, th *Theme)
	// Draw adds the widget to d, as laid out; the menu draws its
	// Contents after it and the focus outline over it.
	Draw(d *render.DrawList, th *Theme, m *Menu)
	// Contents returns the widgets inside it, or nil.
	Contents() []Widget
}

// Node is what every widget has: its ID (named in its events), whether
// it is disabled, its least size, and the rectangle it was laid out in.
type Node struct {
	// ID names the widget in the [Event]s it sends and for [Menu.Find].
	ID string
	// Disabled widgets are drawn greyed and cannot be focused.
	Disabled bool
	// MinW and MinH are the least size, in logical pixels.
	MinW, MinH float64
	// X, Y, W and H are where the widget was last laid out, in logical
	// screen pixels.
	X, Y, W, H float64
}

// Base returns n.
func (n *Node) Base() *Node { return n }

// Place lays the node out in (x, y, w, h) ([Widget]).
func (n *Node) Place(x, y, w, h float64, _ *Theme) { n.X, n.Y, n.W, n.H = x, y, w, h }

// Contents returns the widgets inside the node ([Widget]).
func (n *Node) Contents() []Widget { return nil }
func (n *Node) contains(x, y float64) bool {
	return x >= n.X && y >= n.Y && x < n.X+n.W && y < n.Y+n.H
}

// Control is a widget that takes the focus and input: the menu gives
// the focused one the keyboard and the gamepad, and the pointer to the
// one under it.
type Control interface {
	Widget
	// Activate is Primary (Enter, Space, A) or a click.
	Activate(m *Menu)
	// Adjust is left (dir -1) or right (+1); it reports whether the
	// widget used it (a menu that is not modal then takes the key).
	Adjust(m *Menu, dir int) bool
	// Press handles the pointer going down at (x, y) on the widget, and
	// Drag its moving while down (the menu keeps giving Drag to a
	// *Slider until release).
	Press(m *Menu, x, y float64)
	Drag(m *Menu, x, y float64)
}

func textSize(s string, th *Theme) (float64, float64) {
	return render.MeasureText(s, th.Text)
}

func textStyle(th *Theme, n *Node, align render.Align) render.TextStyle {
	st := th.Text
	if n.Disabled {
		st.Color = th.Disabled
	}
	st.Align, st.VAlign = align, render.AlignCenter
	return st
}

// Label is a line of text.
type Label struct {
	Node
	Text string
	// Align places the text in the label's width: render.AlignStart (the
	// default), AlignCenter or AlignEnd.
	Align render.Align
	// Wrap, if positive, breaks the text between words into lines no
	// wider than Wrap logical pixels (render.WrapText), so that a long
	// line fits a narrow screen. The default (zero) keeps one line.
	Wrap float64
}

// Measure returns the least size of the label ([Widget]).
func (l *Label) Measure(th *Theme) (float64, float64) {
	s := l.Text
	if l.Wrap > 0 {
		s = render.WrapText(s, th.Text, l.Wrap)
	}
	w, h := textSize(s, th)
	return max(w, l.MinW), max(h, l.MinH)
}

// Draw adds the label to d ([Widget]).
func (l *Label) Draw(d *render.DrawList, th *Theme, _ *Menu) {
	x := l.X
	switch l.Align {
	case render.AlignCenter:
		x += l.W / 2
	case render.AlignEnd:
		x += l.W
	}
	st := textStyle(th, &l.Node, l.Align)
	st.Wrap = l.Wrap
	d.AddText(l.Text, x, l.Y+l.H/2, st, 2)
}

// Picture is an image, drawn at its size times Scale (zero: 1).
type Picture struct {
	Node
	Image render.Image
	Scale float64
}

func (p *Picture) scale() float64 {
	if p.Scale > 0 {
		return p.Scale
	}
	return 1
}

// Measure returns the least size of the picture ([Widget]).
func (p *Picture) Measure(*Theme) (float64, float64) {
	w, h := p.Image.Size()
	return max(float64(w)*p.scale(), p.MinW), max(float64(h)*p.scale(), p.MinH)
}

// Draw adds the picture to d ([Widget]).
func (p *Picture) Draw(d *render.DrawList, _ *Theme, _ *Menu) {
	if p.Image.IsZero() {
		return
	}
	w, h := p.Image.Size()
	s := p.scale()
	d.AddSprite(&render.Sprite{Image: p.Image, X: p.X + (p.W-float64(w)*s)/2, Y: p.Y + (p.H-float64(h)*s)/2, ScaleX: s, ScaleY: s, Layer: d.Layer(), Z: 1})
}

// Button is a text that sends a [Clicked] event when activated.
type Button struct {
	Node
	Text string
}

// Measure returns the least size of the button ([Widget]).
func (b *Button) Measure(th *Theme) (float64, float64) {
	w, h := textSize(b.Text, th)
	return max(w+2*th.Padding, b.MinW), max(h+2*th.Padding, b.MinH)
}

// Draw adds the button to d ([Widget]).
func (b *Button) Draw(d *render.DrawList, th *Theme, m *Menu) {
	box(d, b.X, b.Y, b.W, b.H, th.Widget, &th.WidgetImage, 0)
	d.AddText(b.Text, b.X+b.W/2, b.Y+b.H/2, textStyle(th, &b.Node, render.AlignCenter), 2)
}

// Activate is Primary or a click on the button ([Control]).
func (b *Button) Activate(m *Menu) { m.Send(Event{Kind: Clicked, ID: b.ID}) }

// Adjust is left or right on the button; it reports whether it used it ([Control]).
func (b *Button) Adjust(*Menu, int) bool { return false }

// Press is the pointer going down on the button ([Control]).
func (b *Button) Press(m *Menu, _, _ float64) { b.Activate(m) }

// Drag is the pointer moving while down on the button ([Control]).
func (b *Button) Drag(*Menu, float64, float64) {}

// Toggle is an on/off switch with a text; it sends [Changed] with On.
type Toggle struct {
	Node
	Text string
	On   bool
}

// Measure returns the least size of the toggle ([Widget]).
func (t *Toggle) Measure(th *Theme) (float64, float64) {
	w, h := textSize(t.Text, th)
	return max(w+h+3*th.Padding, t.MinW), max(h+2*th.Padding, t.MinH)
}

// Draw adds the toggle to d ([Widget]).
func (t *Toggle) Draw(d *render.DrawList, th *Theme, _ *Menu) {
	box(d, t.X, t.Y, t.W, t.H, th.Widget, &th.WidgetImage, 0)
	s := t.H - 2*th.Padding
	bx := t.X + t.W - th.Padding - s
	d.AddRect(bx, t.Y+th.Padding, s, s, th.Panel, 1)
	if t.On {
		d.AddRect(bx+s/4, t.Y+th.Padding+s/4, s/2, s/2, th.Accent, 2)
	}
	d.AddText(t.Text, t.X+th.Padding, t.Y+t.H/2, textStyle(th, &t.Node, render.AlignStart), 2)
}

// Activate is Primary or a click on the toggle ([Control]).
func (t *Toggle) Activate(m *Menu) {
	t.On = !t.On
	m.Send(Event{Kind: Changed, ID: t.ID, On: t.On})
}

// Adjust is left or right on the toggle; it reports whether it used it ([Control]).
func (t *Toggle) Adjust(m *Menu, dir int) bool {
	if on := dir > 0; on != t.On {
		t.Activate(m)
	}
	return true
}

// Press is the pointer going down on the toggle ([Control]).
func (t *Toggle) Press(m *Menu, _, _ float64) { t.Activate(m) }

// Drag is the pointer moving while down on the toggle ([Control]).
func (t *Toggle) Drag(*Menu, float64, float64) {}

// Slider is a value from Min to Max in steps of Step (zero: a tenth of
// the range), with a text; it sends [Changed] with Value. Left and right
// move it a step; the pointer sets it where it presses and drags.
type Slider struct {
	Node
	Text           string
	Value          float64
	Min, Max, Step float64
	// TrackW is the track's width (zero: 80 logical pixels).
	TrackW float64
}

func (s *Slider) track(th *Theme) (x, w float64) {
	w = s.TrackW
	if w <= 0 {
		w = 80
	}
	return s.X + s.W - th.Padding - w, w
}

// Measure returns the least size of the slider ([Widget]).
func (s *Slider) Measure(th *Theme) (float64, float64) {
	w, h := textSize(s.Text, th)
	tw := s.TrackW
	if tw <= 0 {
		tw = 80
	}
	return max(w+tw+3*th.Padding, s.MinW), max(h+2*th.Padding, s.MinH)
}

func (s *Slider) frac() float64 {
	if s.Max <= s.Min {
		return 0
	}
	return min(max((s.Value-s.Min)/(s.Max-s.Min), 0), 1)
}

// Draw adds the slider to d ([Widget]).
func (s *Slider) Draw(d *render.DrawList, th *Theme, _ *Menu) {
	box(d, s.X, s.Y, s.W, s.H, th.Widget, &th.WidgetImage, 0)
	tx, tw := s.track(th)
	th2 := max(4, (s.H-2*th.Padding)/3)
	ty := s.Y + (s.H-th2)/2
	d.AddRect(tx, ty, tw, th2, th.Panel, 1)
	d.AddRect(tx, ty, tw*s.frac(), th2, th.Accent, 2)
	d.AddText(s.Text, s.X+th.Padding, s.Y+s.H/2, textStyle(th, &s.Node, render.AlignStart), 2)
}

func (s *Slider) set(m *Menu, v float64) {
	v = min(max(v, s.Min), s.Max)
	if st := s.step(); st > 0 {
		v = s.Min + math.Round((v-s.Min)/st)*st
		v = min(max(math.Round(v*1e9)/1e9, s.Min), s.Max) // 0.7, not 0.7000000000000001
	}
	if v != s.Value {
		s.Value = v
		m.Send(Event{Kind: Changed, ID: s.ID, Value: v})
	}
}

func (s *Slider) step() float64 {
	if s.Step > 0 {
		return s.Step
	}
	return (s.Max - s.Min) / 10
}

// Activate is Primary or a click on the slider ([Control]).
func (s *Slider) Activate(*Menu) {}

// Adjust is left or right on the slider; it reports whether it used it ([Control]).
func (s *Slider) Adjust(m *Menu, dir int) bool {
	s.set(m, s.Value+float64(dir)*s.step())
	return true
}

// Press is the pointer going down on the slider ([Control]).
func (s *Slider) Press(m *Menu, x, y float64) { s.Drag(m, x, y) }

// Drag is the pointer moving while down on the slider ([Control]).
func (s *Slider) Drag(m *Menu, x, _ float64) {
	tx, tw := s.track(m.theme())
	s.set(m, s.Min+(x-tx)/tw*(s.Max-s.Min))
}

// Options is a choice among Items, shown as "Text: item" and cycled by
// activating it, by left and right, or by a click; it sends [Changed]
// with Index.
type Options struct {
	Node
	Text  string
	Items []string
	Index int
}

// Measure returns the least size of the options ([Widget]).
func (o *Options) Measure(th *Theme) (float64, float64) {
	w, h := textSize(o.Text, th)
	iw := 0.0
	for _, it := range o.Items {
		x, _ := textSize(it, th)
		iw = max(iw, x)
	}
	return max(w+iw+3*th.Padding+16, o.MinW), max(h+2*th.Padding, o.MinH)
}

// Draw adds the options to d ([Widget]).
func (o *Options) Draw(d *render.DrawList, th *Theme, _ *Menu) {
	box(d, o.X, o.Y, o.W, o.H, th.Widget, &th.WidgetImage, 0)
	d.AddText(o.Text, o.X+th.Padding, o.Y+o.H/2, textStyle(th, &o.Node, render.AlignStart), 2)
	if o.Index >= 0 && o.Index < len(o.Items) {
		d.AddText(o.Items[o.Index], o.X+o.W-th.Padding, o.Y+o.H/2, textStyle(th, &o.Node, render.AlignEnd), 2)
	}
}

// Activate is Primary or a click on the options ([Control]).
func (o *Options) Activate(m *Menu) { o.Adjust(m, 1) }

// Adjust is left or right on the options; it reports whether it used it ([Control]).
func (o *Options) Adjust(m *Menu, dir int) bool {
	if n := len(o.Items); n > 0 {
		o.Index = ((o.Index+dir)%n + n) % n
		m.Send(Event{Kind: Changed, ID: o.ID, Index: o.Index})
	}
	return true
}

// Press is the pointer going down on the options ([Control]).
func (o *Options) Press(m *Menu, _, _ float64) { o.Activate(m) }

// Drag is the pointer moving while down on the options ([Control]).
func (o *Options) Drag(*Menu, float64, float64) {}

// TextField is a line of text the player types while it has focus, up
// to Max characters (zero: 24): a name for the high-score table. It
// sends [Changed] with Text as it changes and [Submitted] on Enter.
type TextField struct {
	Node
	Text  string
	Max   int
	Width float64 // the field's width (zero: 120 logical pixels)
}

func (f *TextField) max() int {
	if f.Max > 0 {
		return f.Max
	}
	return 24
}

// Measure returns the least size of the text field ([Widget]).
func (f *TextField) Measure(th *Theme) (float64, float64) {
	_, h := textSize("Mg", th)
	w := f.Width
	if w <= 0 {
		w = 120
	}
	return max(w, f.MinW), max(h+2*th.Padding, f.MinH)
}

// Draw adds the text field to d ([Widget]).
func (f *TextField) Draw(d *render.DrawList, th *Theme, m *Menu) {
	box(d, f.X, f.Y, f.W, f.H, th.Widget, &th.WidgetImage, 0)
	d.AddRect(f.X+2, f.Y+2, f.W-4, f.H-4, th.Panel, 1)
	d.AddText(f.Text, f.X+th.Padding, f.Y+f.H/2, textStyle(th, &f.Node, render.AlignStart), 2)
	if m.Focused() == Widget(f) && m.blink() {
		w, _ := textSize(f.Text, th) // only while typing: the field is focused
		d.AddRect(f.X+th.Padding+w+1, f.Y+th.Padding, 1, f.H-2*th.Padding, th.Text.Color, 3)
	}
}

// typed applies typed characters and Backspace.
func (f *TextField) typed(m *Menu, chars []rune, backspace bool) {
	changed := false
	if backspace && len(f.Text) > 0 {
		r := []rune(f.Text)
		f.Text = string(r[:len(r)-1])
		changed = true
	}
	for _, c := range chars {
		if c < 0x20 || c == 0x7f || len([]rune(f.Text)) >= f.max() {
			continue
		}
		f.Text += string(c)
		changed = true
	}
	if changed {
		m.Send(Event{Kind: Changed, ID: f.ID, Text: f.Text})
	}
}

// Activate is Primary or a click on the text field ([Control]).
func (f *TextField) Activate(m *Menu) { m.Send(Event{Kind: Submitted, ID: f.ID, Text: f.Text}) }

// Adjust is left or right on the text field; it reports whether it used it ([Control]).
func (f *TextField) Adjust(*Menu, int) bool { return false }

// Press is the pointer going down on the text field ([Control]).
func (f *TextField) Press(*Menu, float64, float64) {}

// Drag is the pointer moving while down on the text field ([Control]).
func (f *TextField) Drag(*Menu, float64, float64) {}

// Panel is a background behind one child, Padding wide (zero: the
// theme's).
type Panel struct {
	Node
	Child   Widget
	Padding float64
	kids    [1]Widget
}

func (p *Panel) pad(th *Theme) float64 {
	if p.Padding > 0 {
		return p.Padding
	}
	return th.Padding
}

// Measure returns the least size of the panel ([Widget]).
func (p *Panel) Measure(th *Theme) (float64, float64) {
	w, h := 0.0, 0.0
	if p.Child != nil {
		w, h = p.Child.Measure(th)
	}
	return max(w+2*p.pad(th), p.MinW), max(h+2*p.pad(th), p.MinH)
}

// Place lays the panel out in (x, y, w, h) ([Widget]).
func (p *Panel) Place(x, y, w, h float64, th *Theme) {
	p.Node.Place(x, y, w, h, th)
	if p.Child != nil {
		pd := p.pad(th)
		p.Child.Place(x+pd, y+pd, w-2*pd, h-2*pd, th)
	}
}

// Draw adds the panel to d ([Widget]).
func (p *Panel) Draw(d *render.DrawList, th *Theme, _ *Menu) {
	box(d, p.X, p.Y, p.W, p.H, th.Panel, &th.PanelImage, -1)
}

// Contents returns the widgets inside the panel ([Widget]).
func (p *Panel) Contents() []Widget {
	if p.Child == nil {
		return nil
	}
	p.kids[0] = p.Child
	return p.kids[:]
}

// Column lays its children out top to bottom, each as wide as the
// column, Spacing apart (zero: the theme's).
type Column struct {
	Node
	Children []Widget
	Spacing  float64
}

// Row lays its children out left to right, each as tall as the row.
type Row struct {
	Node
	Children []Widget
	Spacing  float64
}

func spacing(s float64, th *Theme) float64 {
	if s > 0 {
		return s
	}
	return th.Spacing
}

// measureLine returns the size of children in a line, down (a column)
// or across (a row), gap apart.
func measureLine(children []Widget, gap float64, down bool, th *Theme) (along, across float64) {
	for i, ch := range children {
		w, h := ch.Measure(th)
		if down {
			w, h = h, w
		}
		along += w
		across = max(across, h)
		if i > 0 {
			along += gap
		}
	}
	return along, across
}

// placeLine places children in a line from (x, y), each as wide (or
// tall) as the line.
func placeLine(children []Widget, x, y, w, h, gap float64, down bool, th *Theme) {
	for _, ch := range children {
		cw, chh := ch.Measure(th)
		if down {
			ch.Place(x, y, w, chh, th)
			y += chh + gap
		} else {
			ch.Place(x, y, cw, h, th)
			x += cw + gap
		}
	}
}

// Measure returns the least size of the column ([Widget]).
func (c *Column) Measure(th *Theme) (float64, float64) {
	h, w := measureLine(c.Children, spacing(c.Spacing, th), true, th)
	return max(w, c.MinW), max(h, c.MinH)
}

// Place lays the column out in (x, y, w, h) ([Widget]).
func (c *Column) Place(x, y, w, h float64, th *Theme) {
	c.Node.Place(x, y, w, h, th)
	placeLine(c.Children, x, y, w, h, spacing(c.Spacing, th), true, th)
}

// Draw adds the column to d ([Widget]).
func (c *Column) Draw(*render.DrawList, *Theme, *Menu) {}

// Contents returns the widgets inside the column ([Widget]).
func (c *Column) Contents() []Widget { return c.Children }

// Measure returns the least size of the row ([Widget]).
func (r *Row) Measure(th *Theme) (float64, float64) {
	w, h := measureLine(r.Children, spacing(r.Spacing, th), false, th)
	return max(w, r.MinW), max(h, r.MinH)
}

// Place lays the row out in (x, y, w, h) ([Widget]).
func (r *Row) Place(x, y, w, h float64, th *Theme) {
	r.Node.Place(x, y, w, h, th)
	placeLine(r.Children, x, y, w, h, spacing(r.Spacing, th), false, th)
}

// Draw adds the row to d ([Widget]).
func (r *Row) Draw(*render.DrawList, *Theme, *Menu) {}

// Contents returns the widgets inside the row ([Widget]).
func (r *Row) Contents() []Widget { return r.Children }

// Scroll is a column that shows Height logical pixels of its children
// at a time: the mouse wheel scrolls it, and moving the focus scrolls
// the focused child into view. Children wholly outside the view are
// not drawn, and a child cut by its edge is not drawn either.
type Scroll struct {
	Node
	Children []Widget
	Height   float64
	Spacing  float64
	// Offset is how far it is scrolled, in logical pixels.
	Offset float64
	full   float64
}

// Measure returns the least size of the scroll ([Widget]).
func (s *Scroll) Measure(th *Theme) (float64, float64) {
	h, w := measureLine(s.Children, spacing(s.Spacing, th), true, th)
	s.full = h
	return max(w, s.MinW), max(min(h, s.Height), s.MinH)
}

// Place lays the scroll out in (x, y, w, h) ([Widget]).
func (s *Scroll) Place(x, y, w, h float64, th *Theme) {
	s.Node.Place(x, y, w, h, th)
	s.Offset = min(max(s.Offset, 0), max(s.full-h, 0))
	placeLine(s.Children, x, y-s.Offset, w, h, spacing(s.Spacing, th), true, th)
}

// visible reports whether a child lies wholly inside the view.
func (s *Scroll) visible(ch Widget) bool {
	n := ch.Base()
	return n.Y >= s.Y-0.5 && n.Y+n.H <= s.Y+s.H+0.5
}

// scrollTo scrolls child n into view.
func (s *Scroll) scrollTo(n *Node) bool {
	switch {
	case n.Y < s.Y:
		s.Offset -= s.Y - n.Y
	case n.Y+n.H > s.Y+s.H:
		s.Offset += n.Y + n.H - (s.Y + s.H)
	default:
		return false
	}
	return true
}

// Draw adds the scroll to d ([Widget]).
func (s *Scroll) Draw(*render.DrawList, *Theme, *Menu) {}

// Contents returns the widgets inside the scroll ([Widget]).
func (s *Scroll) Contents() []Widget { return s.Children }

// Format returns v with the fewest decimals that show step: a slider's
// value for a label.
func Format(v, step float64) string {
	dec := 0
	for step > 0 && step < 1 && dec < 6 {
		step *= 10
		dec++
	}
	return strconv.FormatFloat(v, 'f', dec, 64)
}
