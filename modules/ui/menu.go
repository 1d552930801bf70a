package ui

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// Anchor is the point of the screen a [Menu] is placed at.
type Anchor uint8

const (
	// Center centres the menu on the screen. It is the default.
	Center Anchor = iota
	// TopLeft puts the menu in the top-left corner.
	TopLeft
	// Top centres the menu along the top edge.
	Top
	// TopRight puts the menu in the top-right corner.
	TopRight
	// Left centres the menu along the left edge.
	Left
	// Right centres the menu along the right edge.
	Right
	// BottomLeft puts the menu in the bottom-left corner.
	BottomLeft
	// Bottom centres the menu along the bottom edge.
	Bottom
	// BottomRight puts the menu in the bottom-right corner.
	BottomRight
)

// anchors are the anchors' places, as fractions of the room left
// around the menu.
var anchors = [...][2]float64{
	Center: {0.5, 0.5}, TopLeft: {0, 0}, Top: {0.5, 0}, TopRight: {1, 0},
	Left: {0, 0.5}, Right: {1, 0.5}, BottomLeft: {0, 1}, Bottom: {0.5, 1}, BottomRight: {1, 1},
}

// EventKind is what happened to a widget.
type EventKind uint8

const (
	// Clicked: a [Button] was activated.
	Clicked EventKind = iota + 1
	// Changed: a [Toggle] (On), [Slider] (Value), [Options] (Index),
	// [TextField] (Text) or [KeyField] (Key) changed.
	Changed
	// Submitted: Enter in a [TextField] (Text).
	Submitted
	// Back: the player asked to leave the menu (input.Pause — Escape, P,
	// the gamepad's Start — or the gamepad's right face button, B).
	Back
)

// Event is what a menu tells the game, written by [UpdateSystem] for
// the game's systems to read with glue.Reader[ui.Event]: the menu's
// entity, what happened, the widget's ID and its new value (or key).
//
// Only the field of the widget's kind is set; the others are zero, and a
// zero Key is ebiten.KeyA, so read Key only for a [KeyField]'s Changed.
type Event struct {
	// Menu is the menu's entity.
	Menu glue.Entity
	// Kind is what happened.
	Kind EventKind
	// ID is the widget's ID ("" for Back, which is the menu's).
	ID string
	// Value is a [Slider]'s new value (Changed).
	Value float64
	// Index is an [Options] widget's new choice (Changed).
	Index int
	// On is a [Toggle]'s new state (Changed).
	On bool
	// Text is a [TextField]'s text (Changed, Submitted).
	Text string
	// Key is a [KeyField]'s new key (Changed); zero, ebiten.KeyA, for
	// every other widget.
	Key ebiten.Key
}

// Menu is a component: a tree of widgets placed on the screen, drawn on
// the UI layers of the [render.DrawList] and driven by keyboard, mouse,
// touch and gamepad. Spawn one per menu or HUD; scope it to a state
// (glue.StateScoped) and it goes with the state.
//
// The menu on the highest Layer that has widgets to focus gets the
// keyboard and the gamepad: up and down (the sources of the bindings'
// axes: arrows, WASD, D-pad, left stick) move the focus, wrapping
// around; left and right adjust sliders, toggles and options (and, in a
// Modal menu, move the focus over other widgets); input.Primary (Enter,
// Space, A) activates; input.Pause (Escape, Start) or B sends [Back].
// The pointer (mouse or touch) focuses what it is over and presses it.
//
// The menu consumes what it handles (input.State.Consume, ConsumeDir),
// so that the game's systems, which run after it, do not see it, and
// passes on what it does not use: a menu that is not Modal takes up and
// down only when it has two widgets to focus, and left and right only
// while they adjust the focused widget, so a HUD's buttons beside a
// board leave the board its arrows; a Modal menu takes every direction
// and the whole pointer, so nothing behind it moves. Keys and buttons
// the game needs beside any menu are marked as its own in GameKeys.
type Menu struct {
	Root Widget
	// Anchor places the menu on the screen, moved by X and Y.
	Anchor Anchor
	X, Y   float64
	// Layer orders the menu above render.LayerUI: a pause menu over the
	// HUD has a higher one. Two Modal menus shown on one Layer fail the
	// tick in a native build: which of them the player uses would not be
	// said (the browser build leaves the check out, for its size).
	Layer int
	// Theme is how it looks; nil is DefaultTheme().
	Theme *Theme
	// GameKeys are keys and gamepad sources that are the game's: the
	// menu neither navigates, activates nor goes back with them, and
	// leaves them to the game (a HUD beside a board that Space and the
	// arrows play). Mark an action's sources with
	// Bindings.Bound(nil, action). The default (nil) marks none.
	GameKeys []input.Source
	// Modal takes the whole pointer while the menu is shown: every
	// press, on a widget or not, and its moves (input.State.TakePointer),
	// so that nothing behind the menu moves; the game's systems see the
	// pointer stand still where it was when the menu opened.
	Modal bool
	// Hidden menus are neither drawn nor driven.
	Hidden bool
	// Over is the menu this one was opened over (an options menu over
	// the pause menu): while this one lives, the plugin hides that one,
	// and shows it again, its focus where it was, once this one is
	// despawned. The zero Entity is no menu.
	Over glue.Entity

	covered    bool // hidden by a menu Over it
	built      bool
	idsChecked bool // sameIDs ran since the last build (native builds)
	controls   []Control
	scrollOf   []*Scroll // each control's scroll, or nil
	focus      int
	laidW      float64
	laidH      float64
	dirty      bool
	events     []Event
	dragging   Control
	navDir     int
	navHeld    int    // ticks the direction has been held
	navSteps   int    // repeat steps taken in this hold
	navFrame   uint64 // the frame of the last step (render.Screen.Frame)
	ticks      int
	prevBack   bool
	prevBksp   bool
	prevEnter  bool
	prevPrim   bool // the menu's own Primary sources were down
	prevPause  bool // the menu's own Pause sources were down
	keysSeen   bool // keys has run: prevPrim and prevPause are set
	navUsed    bool // the held direction moved the focus or adjusted
	settling   bool // it sent Clicked, Submitted or Back: it takes no key for a tick
	theDefault Theme
}

// theme returns the menu's theme.
func (m *Menu) theme() *Theme {
	if m.Theme != nil {
		return m.Theme
	}
	if m.theDefault.Text.Size == 0 {
		m.theDefault = DefaultTheme()
	}
	return &m.theDefault
}

// Refresh makes the menu find its widgets again and lay them out: call
// it after adding, removing or resizing widgets.
func (m *Menu) Refresh() {
	m.built = false
	m.dirty = true
}

func (m *Menu) build() {
	if m.built {
		return
	}
	m.built, m.idsChecked = true, false
	m.controls = m.controls[:0]
	m.scrollOf = m.scrollOf[:0]
	var walk func(w Widget, sc *Scroll)
	walk = func(w Widget, sc *Scroll) {
		if w == nil {
			return
		}
		if c, ok := w.(Control); ok {
			m.controls = append(m.controls, c)
			m.scrollOf = append(m.scrollOf, sc)
		}
		if s, ok := w.(*Scroll); ok {
			sc = s
		}
		for _, ch := range w.Contents() {
			walk(ch, sc)
		}
	}
	walk(m.Root, nil)
	if m.focus >= len(m.controls) || m.focus < 0 || !m.enabled(m.focus) {
		m.focus = 0
		m.moveFocus(0)
	}
}

// sameIDs returns the error of two controls of the menu with one ID,
// whose events the game cannot tell apart (a "Quit" button that said
// "play" acted as Play, silently: a stranger, 30 Nov), or nil. Check
// finds it too, in a test; the plugin checks every menu it builds.
func (m *Menu) sameIDs() error {
	for i, a := range m.controls {
		id := a.Base().ID
		if id == "" {
			continue
		}
		for _, b := range m.controls[:i] {
			if b.Base().ID == id {
				return fmt.Errorf("ui: %s and %s have the same ID %q: their events cannot be told apart; give each its own ID", describe(b), describe(a), id)
			}
		}
	}
	return nil
}

func (m *Menu) enabled(i int) bool { return i < len(m.controls) && !m.controls[i].Base().Disabled }

// moveFocus moves the focus dir steps (-1 up, +1 down, 0 to the first
// enabled from here), skipping disabled widgets, wrapping around.
func (m *Menu) moveFocus(dir int) {
	n := len(m.controls)
	if n == 0 {
		return
	}
	i := m.focus
	if dir == 0 {
		dir = 1
		i--
	}
	for range n {
		i = ((i+dir)%n + n) % n
		if m.enabled(i) {
			m.setFocus(i)
			return
		}
	}
}

func (m *Menu) setFocus(i int) {
	if f, ok := m.Focused().(*KeyField); ok && i != m.focus {
		f.waiting = false // it waits for a key only while focused
	}
	m.focus = i
	if sc := m.scrollOf[i]; sc != nil && sc.scrollTo(m.controls[i].Base()) {
		m.dirty = true
	}
}

// Focused returns the focused widget, or nil.
func (m *Menu) Focused() Widget {
	m.build()
	if m.focus < len(m.controls) {
		return m.controls[m.focus]
	}
	return nil
}

// Focus focuses the widget with the given ID and reports whether there
// is one that can take the focus.
func (m *Menu) Focus(id string) bool {
	m.build()
	for i, c := range m.controls {
		if c.Base().ID == id && m.enabled(i) {
			m.setFocus(i)
			return true
		}
	}
	return false
}

// Find returns the widget with the given ID, or nil.
func (m *Menu) Find(id string) Widget {
	var find func(w Widget) Widget
	find = func(w Widget) Widget {
		if w == nil {
			return nil
		}
		if w.Base().ID == id {
			return w
		}
		for _, ch := range w.Contents() {
			if f := find(ch); f != nil {
				return f
			}
		}
		return nil
	}
	return find(m.Root)
}

// Send sends e to the game from the menu, as its widgets do: a
// game's own [Control] tells what happened with it. The plugin sets
// e.Menu and writes it out with the menu's other events.
func (m *Menu) Send(e Event) { m.events = append(m.events, e) }

func (m *Menu) blink() bool { return m.ticks/30%2 == 0 }

// layout places the widgets for a view of w×h logical pixels.
func (m *Menu) layout(w, h float64) {
	if m.Root == nil || !m.dirty && w == m.laidW && h == m.laidH {
		return
	}
	m.build()
	th := m.theme()
	mw, mh := m.Root.Measure(th)
	a := anchors[min(int(m.Anchor), len(anchors)-1)]
	x, y := (w-mw)*a[0], (h-mh)*a[1]
	m.Root.Place(x+m.X, y+m.Y, mw, mh, th)
	m.laidW, m.laidH, m.dirty = w, h, false
}

// drawMenu adds the menu's widgets to d.
func (m *Menu) drawMenu(d *render.DrawList) {
	th := m.theme()
	saved := d.Layer()
	d.SetLayer(render.LayerUI + m.Layer)
	if m.Root != nil {
		m.drawTree(d, th, m.Root)
	}
	if f := m.Focused(); f != nil && !f.Base().Disabled {
		n := f.Base()
		fw := th.FocusWidth
		outline(d, n.X-fw, n.Y-fw, n.W+2*fw, n.H+2*fw, fw, th.Focus, 3)
	}
	d.SetLayer(saved)
}

// drawTree draws w and its children; a scroll's children only if they
// lie wholly in its view.
func (m *Menu) drawTree(d *render.DrawList, th *Theme, w Widget) {
	w.Draw(d, th, m)
	sc, _ := w.(*Scroll)
	for _, ch := range w.Contents() {
		if sc != nil && !sc.visible(ch) {
			continue
		}
		m.drawTree(d, th, ch)
	}
}

// controlAt returns the index of the enabled control under (x, y), or -1.
func (m *Menu) controlAt(x, y float64) int {
	for i, c := range m.controls {
		n := c.Base()
		if n.Disabled || !n.contains(x, y) {
			continue
		}
		if sc := m.scrollOf[i]; sc != nil && (!sc.visible(c) || !sc.contains(x, y)) {
			continue
		}
		return i
	}
	return -1
}

// scrollAt returns the scroll under (x, y), or nil.
func (m *Menu) scrollAt(x, y float64) *Scroll {
	var found *Scroll
	var walk func(w Widget)
	walk = func(w Widget) {
		if s, ok := w.(*Scroll); ok && s.contains(x, y) {
			found = s
		}
		for _, ch := range w.Contents() {
			walk(ch)
		}
	}
	if m.Root != nil {
		walk(m.Root)
	}
	return found
}

// Repeat timing of held directions, in ticks. A held direction steps
// once when pressed, then once at repeatDelay and every repeatEvery
// ticks after: ticks follow real time (a slow frame runs several to
// catch up), and at most one step is taken per frame drawn, so a slow
// frame's catch-up ticks do not jump the focus several rows at once; a
// step due in a frame that already took one is taken in the next while
// the direction is held (issue #40, item 3).
const (
	repeatDelay = 20
	repeatEvery = 6
)

// keys handles the keyboard and gamepad, for the top menu. It reads the
// menu's own sources from the devices through the bindings (leaving out
// GameKeys), and hides from the game what it used: a modal menu every
// direction it is pushed, one that is not modal only the directions
// that moved its focus or adjusted a widget.
//
// frame counts the frames drawn (render.Screen.Frame): the ticks
// between two frames see the same; 0, as in headless runs that draw no
// frame, leaves repeat to the ticks alone.
func (m *Menu) keys(in *input.State, dev *input.Devices, b *input.Bindings, frame uint64) {
	if len(m.controls) == 0 {
		if m.Modal {
			m.keysNoFocus(in, dev, b)
		}
		return
	}
	if m.settling {
		// The tick after a click, a submit or a back, the game is
		// likely closing the menu (a state change despawns it only in
		// the next tick's transition): it takes no key, and the keys
		// then held are not pressed in it if it stays.
		m.settling, m.keysSeen, m.navDir, m.navHeld = false, false, 0, 0
		return
	}
	_, field := m.Focused().(*TextField)
	// Up and down, with repeat; in a text field only the arrows and the
	// gamepad (the letters are typed).
	ax := m.side(dev, b, b.Right, b.RightSources) - m.side(dev, b, b.Left, b.LeftSources)
	ay := m.side(dev, b, b.Down, b.DownSources) - m.side(dev, b, b.Up, b.UpSources)
	if field {
		ay, ax = 0, 0
		if dev.Keys[ebiten.KeyArrowUp] {
			ay = -1
		} else if dev.Keys[ebiten.KeyArrowDown] {
			ay = 1
		}
		for i := range dev.Pads {
			p := &dev.Pads[i]
			if p.Buttons[ebiten.StandardGamepadButtonLeftTop] {
				ay = -1
			} else if p.Buttons[ebiten.StandardGamepadButtonLeftBottom] {
				ay = 1
			}
		}
	}
	dir := 0
	switch {
	case ay <= -0.5:
		dir = -1
	case ay >= 0.5:
		dir = 1
	case ax <= -0.5:
		dir = -2
	case ax >= 0.5:
		dir = 2
	}
	back := m.padBack(dev)
	primary := m.action(dev, b, input.Primary)
	pause := m.action(dev, b, input.Pause)
	if !m.keysSeen { // keys held as the menu opens are not pressed in it, unless pressed this tick
		m.prevPrim = primary && !in.Pressed(input.Primary)
		m.prevPause, m.keysSeen = pause && !in.Pressed(input.Pause), true
	}
	primaryPressed, pausePressed := primary && !m.prevPrim, pause && !m.prevPause
	m.prevPrim, m.prevPause = primary, pause
	if f, ok := m.controls[m.focus].(*KeyField); ok && f.waiting {
		f.capture(m, dev, back && !m.prevBack)
		m.navDir, m.navHeld, m.navSteps, m.prevBack = dir, 0, 0, back // a key held on from here is not a step
		in.Consume(input.Primary)
		in.Consume(input.Pause)
		m.takeDirs(in, ax, ay, true)
		return
	}
	step := false
	if dir != m.navDir {
		m.navDir, m.navHeld, m.navSteps, m.navFrame, step = dir, 1, 0, frame, dir != 0
		m.navUsed = false
	} else if dir != 0 {
		m.navHeld++
		due := 0 // repeat steps due by now
		if m.navHeld >= repeatDelay {
			due = (m.navHeld-repeatDelay)/repeatEvery + 1
		}
		if due > m.navSteps && (frame == 0 || frame != m.navFrame) {
			m.navSteps++
			m.navFrame, step = frame, true
		}
	}
	if step {
		switch dir {
		case -1, 1:
			if m.Modal || m.focusable() > 1 {
				m.moveFocus(dir)
				m.navUsed = true
			}
		default:
			if m.controls[m.focus].Adjust(m, dir/2) {
				m.navUsed = true
			} else if m.Modal {
				m.moveFocus(dir / 2)
				m.navUsed = true
			}
		}
	}
	switch {
	case m.Modal || field:
		m.takeDirs(in, ax, ay, true) // nothing behind moves
	case m.navUsed && (dir == -1 || dir == 1):
		m.takeDirs(in, 0, ay, true)
	case m.navUsed:
		m.takeDirs(in, ax, 0, true)
	}
	if back && !m.prevBack || pausePressed {
		m.Send(Event{Kind: Back})
		in.Consume(input.Pause)
	}
	m.prevBack = back
	enter := dev.Keys[ebiten.KeyEnter] || dev.Keys[ebiten.KeyNumpadEnter]
	if f, ok := m.controls[m.focus].(*TextField); ok {
		bksp := dev.Keys[ebiten.KeyBackspace]
		f.typed(m, dev.Chars, bksp && !m.prevBksp)
		m.prevBksp = bksp
		if enter && !m.prevEnter {
			f.Activate(m)
		}
		in.Consume(input.Primary) // Space is typed, not pressed
	} else if primaryPressed {
		m.controls[m.focus].Activate(m)
		in.Consume(input.Primary)
	}
	m.prevEnter = enter
}

// keysNoFocus is keys for a modal menu with nothing to focus (a message,
// "Saving…"): it takes the directions and Primary, so that nothing behind
// it moves or clicks, and sends Back for input.Pause or the gamepad's B.
func (m *Menu) keysNoFocus(in *input.State, dev *input.Devices, b *input.Bindings) {
	if m.settling {
		m.settling, m.keysSeen = false, false
		return
	}
	back := m.padBack(dev)
	pause := m.action(dev, b, input.Pause)
	if !m.keysSeen { // keys held as the menu opens are not pressed in it
		m.prevPause, m.prevBack, m.keysSeen = pause && !in.Pressed(input.Pause), back, true
	}
	ax := m.side(dev, b, b.Right, b.RightSources) - m.side(dev, b, b.Left, b.LeftSources)
	ay := m.side(dev, b, b.Down, b.DownSources) - m.side(dev, b, b.Up, b.UpSources)
	m.takeDirs(in, ax, ay, true)
	in.Consume(input.Primary)
	if back && !m.prevBack || pause && !m.prevPause {
		m.Send(Event{Kind: Back})
		in.Consume(input.Pause)
	}
	m.prevPause, m.prevBack = pause, back
}

// padBack reports whether a gamepad's B (the right face's right button)
// is down, unless the game binds it to an action of its own.
func (m *Menu) padBack(dev *input.Devices) bool {
	if m.gameKey(input.PadButton(ebiten.StandardGamepadButtonRightRight)) {
		return false
	}
	for i := range dev.Pads {
		if dev.Pads[i].Buttons[ebiten.StandardGamepadButtonRightRight] {
			return true
		}
	}
	return false
}

// takeDirs consumes, if take, the directions of the axes that ax and ay
// (the menu's own) push.
func (m *Menu) takeDirs(in *input.State, ax, ay float64, take bool) {
	if !take {
		return
	}
	for d, v := range [...]float64{input.Left: -ax, input.Right: ax, input.Up: -ay, input.Down: ay} {
		if v >= input.DirReleaseAt {
			in.ConsumeDir(input.Direction(d))
		}
	}
}

// focusable returns how many widgets can take the focus.
func (m *Menu) focusable() int {
	n := 0
	for i := range m.controls {
		if m.enabled(i) {
			n++
		}
	}
	return n
}

// gameKey reports whether src is one of the game's keys (GameKeys).
func (m *Menu) gameKey(src input.Source) bool {
	for _, g := range m.GameKeys {
		if g == src {
			return true
		}
	}
	return false
}

// side returns how far the keys and sources of one side of an axis that
// are not the game's push it.
func (m *Menu) side(dev *input.Devices, b *input.Bindings, keys []ebiten.Key, srcs []input.Source) float64 {
	v := 0.0
	for _, k := range keys {
		if s := input.Key(k); !m.gameKey(s) {
			v = max(v, b.Value(s, dev))
		}
	}
	for _, s := range srcs {
		if !m.gameKey(s) {
			v = max(v, b.Value(s, dev))
		}
	}
	return v
}

// action reports whether a key or gamepad source of action a that is
// not the game's is down (the pointer is the menu's pointer handling).
func (m *Menu) action(dev *input.Devices, b *input.Bindings, a input.Action) bool {
	v := 0.0
	alt := dev.Keys[ebiten.KeyAltLeft] || dev.Keys[ebiten.KeyAltRight] || dev.Keys[ebiten.KeyAlt]
	for _, k := range b.Actions[a] {
		if alt && (k == ebiten.KeyEnter || k == ebiten.KeyNumpadEnter) {
			continue // Alt+Enter switches full screen (FullscreenKey)
		}
		if s := input.Key(k); !m.gameKey(s) {
			v = max(v, b.Value(s, dev))
		}
	}
	for _, s := range b.Sources[a] {
		if s != input.Touch() && s != input.Mouse(ebiten.MouseButtonLeft) && !m.gameKey(s) {
			v = max(v, b.Value(s, dev))
		}
	}
	return v > 0
}

// pointer handles the mouse or a touch over the menu; it reports
// whether the menu took it.
func (m *Menu) pointer(in *input.State, dev *input.Devices) bool {
	p := in.Pointer
	if m.dragging != nil {
		// The press was consumed: in.Pointer hides it; the devices do not.
		if dev.Buttons[ebiten.MouseButtonLeft] || len(dev.Touches) > 0 {
			m.dragging.Drag(m, p.X, p.Y)
			in.ConsumePointer()
			return true
		}
		m.dragging = nil
		return true
	}
	if dev.Wheel.Y != 0 {
		if s := m.scrollAt(p.X, p.Y); s != nil {
			s.Offset -= dev.Wheel.Y * 16
			m.dirty = true
		}
	}
	i := m.controlAt(p.X, p.Y)
	if i >= 0 && (p.Moved || p.Pressed) {
		m.setFocus(i)
	}
	if !p.Pressed {
		return i >= 0
	}
	if i >= 0 {
		c := m.controls[i]
		c.Press(m, p.X, p.Y)
		if _, ok := c.(*Slider); ok {
			m.dragging = c
		}
		in.ConsumePointer()
		return true
	}
	if m.Modal || m.Root != nil && m.Root.Base().contains(p.X, p.Y) {
		in.ConsumePointer()
		return true
	}
	return false
}
