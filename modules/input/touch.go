package input

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// MaxTouchButtons is the number of on-screen buttons [TouchControls]
// can have.
const MaxTouchButtons = 8

// MinTouchCSS is the smallest size, in CSS pixels, that a touch target
// should have: 44, as Apple's and the W3C's guidelines ask.
// [TouchControls.Check] holds the controls to it.
const MinTouchCSS = 44

// TouchSystem is the label of the system that reads the touches into the
// on-screen controls ([TouchControls]): in glue.PreUpdate, after
// [ReadDevicesSystem] and before [MapSystem]. It reads Devices.Touches,
// Keys and Pads and writes Devices.Screen and TouchControls.Shown.
var TouchSystem = glue.NewLabel("input.touchControls")

// TouchAnchor says what a touch control's X and Y are measured from.
type TouchAnchor uint8

// The anchors of touch controls. With a corner, X and Y are distances
// inwards from that corner of the controls' area to the control's
// centre: the space below the field, when the screen grows below it
// (render.Viewport.Below, a phone held upright) and every control
// anchored to a corner fits there, else the field itself. See
// [TouchControls.Arrange].
const (
	// TouchOnField places the control at X, Y in the field's logical
	// coordinates, whatever the screen: the default.
	TouchOnField TouchAnchor = iota
	// TouchBottomLeft measures X from the area's left edge and Y up from
	// its bottom edge.
	TouchBottomLeft
	// TouchBottomRight measures X from the area's right edge and Y up
	// from its bottom edge.
	TouchBottomRight
	// TouchTopLeft measures X from the area's left edge and Y down from
	// its top edge.
	TouchTopLeft
	// TouchTopRight measures X from the area's right edge and Y down from
	// its top edge.
	TouchTopRight
	touchAnchors // the number of anchors
)

// String returns the anchor's name, e.g. "TouchBottomLeft".
func (a TouchAnchor) String() string {
	switch a {
	case TouchOnField:
		return "TouchOnField"
	case TouchBottomLeft:
		return "TouchBottomLeft"
	case TouchBottomRight:
		return "TouchBottomRight"
	case TouchTopLeft:
		return "TouchTopLeft"
	case TouchTopRight:
		return "TouchTopRight"
	}
	return fmt.Sprintf("TouchAnchor(%d)", uint8(a))
}

// place returns the centre of a control anchored at a with offsets x, y
// in the area (ax, ay, aw, ah).
func (a TouchAnchor) place(x, y, ax, ay, aw, ah float64) Point {
	switch a {
	case TouchBottomLeft:
		return Point{ax + x, ay + ah - y}
	case TouchBottomRight:
		return Point{ax + aw - x, ay + ah - y}
	case TouchTopLeft:
		return Point{ax + x, ay + y}
	case TouchTopRight:
		return Point{ax + aw - x, ay + y}
	}
	return Point{x, y}
}

// TouchStick is an on-screen stick: a circle that a finger pushes, in
// logical pixels.
type TouchStick struct {
	// X and Y are the stick's centre, as Anchor says.
	X, Y float64
	// Anchor says what X and Y are measured from. The default (zero)
	// value, TouchOnField, takes them as field coordinates.
	Anchor TouchAnchor
	// Radius is how far the finger goes for full tilt; the drawn base
	// has this radius. Zero means no stick.
	Radius float64
	// Reach is how far from the centre a touch still moves the stick, so
	// that a thumb that slides off the base keeps steering. The default
	// (zero) value is 2 × Radius.
	Reach float64
}

// TouchButton is an on-screen button, a circle in logical pixels that
// presses an action while a finger is on it.
type TouchButton struct {
	// Action is what the button presses, as the keys bound to it do.
	Action Action
	// Label is drawn on the button, e.g. "A" or "Jump"; it may be empty.
	Label string
	// X, Y and Radius are the button's centre, as Anchor says, and its
	// radius.
	X, Y, Radius float64
	// Anchor says what X and Y are measured from. The default (zero)
	// value, TouchOnField, takes them as field coordinates.
	Anchor TouchAnchor
}

// TouchControls are on-screen controls for touch screens, a resource: a
// stick that pushes the axes (AxisX, AxisY) and buttons that press
// actions, as the keys and gamepads bound to them do. Give it to the
// [Plugin] (Plugin.Touch): the plugin binds the stick to the axes and
// each button to its action (see [TouchControls.Bind]), and the
// [TouchSystem] reads Devices.Touches into Devices.Screen each tick.
// Add [DrawTouchControls] to glue.Draw to draw them on the UI layer.
//
// The controls are shown from the first touch on and hidden again when
// a key or a gamepad button is pressed with no finger on the screen; a
// hidden control does nothing, so a touch elsewhere on a desktop only
// acts as the pointer. Positions are in logical pixels.
type TouchControls struct {
	// Stick is the stick; its zero value has none.
	Stick TouchStick
	// Buttons are the buttons, at most MaxTouchButtons.
	Buttons []TouchButton
	// Always shows the controls from the start and never hides them.
	Always bool
	// Off turns the controls off while it is set: they neither act nor
	// show, and touches are only the pointer. A game sets it while its
	// menus are open, or has Plugin.TouchOffWhile set it. The default
	// (false) is on.
	Off bool
	// Shown reports whether the controls are shown and act: the
	// [TouchSystem] sets it when a touch is seen.
	Shown bool
	// BelowField reports whether the controls anchored to a corner are
	// in the space below the field (a screen grown below it, a phone held
	// upright), not over the field: [TouchControls.Arrange] sets it.
	BelowField bool

	stickAt  Point                  // where the stick is (Arrange)
	buttonAt [MaxTouchButtons]Point // where the buttons are (Arrange)
	arranged bool                   // Arrange has placed them
}

// Arrange places the controls on a screen whose field is fieldW ×
// fieldH logical pixels, with below more logical pixels under it
// (render.Viewport: Width, Height and Below). Controls at TouchOnField
// stay at their X, Y. Those anchored to a corner go into the space below
// the field when there is room — it is at least as tall as the tallest
// control anchored to a bottom corner (its Y plus its radius) and the
// tallest anchored to a top corner together — and BelowField is set;
// otherwise they go into the field, over the game. The [TouchSystem]
// calls it every tick with the render.Viewport; tests call it to see
// where the controls are for a window. It returns an error naming the
// control if one is anchored to a corner and the field has no size (no
// render.Viewport with a Width and Height).
func (t *TouchControls) Arrange(fieldW, fieldH, below float64) error {
	var top, bottom float64 // the room the corners' controls need
	need := func(a TouchAnchor, y, r float64) {
		switch a {
		case TouchBottomLeft, TouchBottomRight:
			bottom = max(bottom, y+r)
		case TouchTopLeft, TouchTopRight:
			top = max(top, y+r)
		}
	}
	if t.Stick.Radius > 0 {
		need(t.Stick.Anchor, t.Stick.Y, t.Stick.Radius)
	}
	for _, b := range t.Buttons {
		need(b.Anchor, b.Y, b.Radius)
	}
	if (top > 0 || bottom > 0) && (fieldW <= 0 || fieldH <= 0) {
		return t.noField()
	}
	t.BelowField = (top > 0 || bottom > 0) && below >= top+bottom
	ax, ay, aw, ah := 0.0, 0.0, fieldW, fieldH
	if t.BelowField {
		ay, ah = fieldH, below
	}
	t.stickAt = t.Stick.Anchor.place(t.Stick.X, t.Stick.Y, ax, ay, aw, ah)
	for i, b := range t.Buttons {
		if i < MaxTouchButtons {
			t.buttonAt[i] = b.Anchor.place(b.X, b.Y, ax, ay, aw, ah)
		}
	}
	t.arranged = true
	return nil
}

// JSON returns where the controls are, for a page's state
// (render.Publish) and the browser tests: whether they are shown, off
// and below the field, and the stick's and each button's circle as
// [x, y, radius] in logical pixels, e.g.
// {"shown":true,"off":false,"below":true,"stick":[40,648.7,24],"buttons":[[284,652.7,22]]}.
// The stick is null without one. It allocates: call it only where the
// state is published.
func (t *TouchControls) JSON() string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"shown":%v,"off":%v,"below":%v,"stick":`, t.Shown, t.Off, t.BelowField)
	if s := t.StickAt(); t.Stick.Radius > 0 {
		fmt.Fprintf(&b, "[%.1f,%.1f,%.1f]", s.X, s.Y, t.Stick.Radius)
	} else {
		b.WriteString("null")
	}
	b.WriteString(`,"buttons":[`)
	for i, btn := range t.Buttons {
		if i > 0 {
			b.WriteByte(',')
		}
		c := t.ButtonAt(i)
		fmt.Fprintf(&b, "[%.1f,%.1f,%.1f]", c.X, c.Y, btn.Radius)
	}
	b.WriteString("]}")
	return b.String()
}

// noField is Arrange's error for corner anchors without a field size.
func (t *TouchControls) noField() error {
	what := "Stick"
	a := t.Stick.Anchor
	if a == TouchOnField || t.Stick.Radius <= 0 {
		for i, b := range t.Buttons {
			if b.Anchor != TouchOnField {
				what, a = fmt.Sprintf("Buttons[%d] (%s)", i, b.Label), b.Anchor
				break
			}
		}
	}
	return fmt.Errorf("input: TouchControls.%s is anchored at %v, but the screen has no size to measure from; add render.Plugin with a render.Window (render.SetupWindow) or a render.Viewport with Width and Height, or place it at TouchOnField", what, a)
}

// StickAt returns the stick's centre on the screen, in the field's
// logical coordinates (below the field, y ≥ its height), as last
// arranged ([TouchControls.Arrange]; before that, its X and Y).
func (t *TouchControls) StickAt() Point {
	if !t.arranged {
		return Point{t.Stick.X, t.Stick.Y}
	}
	return t.stickAt
}

// ButtonAt returns the centre of button i (of Buttons) on the screen, in
// the field's logical coordinates, as last arranged
// ([TouchControls.Arrange]; before that, its X and Y). It panics if i is
// out of range.
func (t *TouchControls) ButtonAt(i int) Point {
	b := t.Buttons[i]
	if !t.arranged || i >= MaxTouchButtons {
		return Point{b.X, b.Y}
	}
	return t.buttonAt[i]
}

// ProvidedBy returns "input.Plugin", the plugin that inserts
// TouchControls (when Plugin.Touch is set).
func (TouchControls) ProvidedBy() string { return "input.Plugin" }

// MachineLocal marks TouchControls as this machine's (glue.MachineLocal).
func (TouchControls) MachineLocal() {}

// ScreenInput is what the on-screen controls report at a tick: which
// buttons are held, and the stick's tilt.
type ScreenInput struct {
	// Buttons tells which of TouchControls.Buttons are touched.
	Buttons [MaxTouchButtons]bool
	// Stick is the stick's tilt, each coordinate -1 to 1 and the length
	// at most 1 (y grows downwards).
	Stick Point
}

// TouchButtonSource returns the source that is down while on-screen button
// i (TouchControls.Buttons[i]) is touched.
func TouchButtonSource(i int) Source { return Source{kind: screenButtonSource, code: int16(i)} }

// TouchStickSource returns the source for one direction of the on-screen
// stick: vertical false for the horizontal axis, dir < 0 for left (or
// up), dir > 0 for right (or down). Its value is the tilt that way
// beyond the dead zone, as for [PadAxis].
func TouchStickSource(vertical bool, dir int) Source {
	code := int16(0)
	if vertical {
		code = 1
	}
	return Source{kind: screenStickSource, code: code, neg: dir < 0}
}

// Bind adds the controls to b: the stick's four directions to the axes'
// sources (LeftSources …) and each button to its action's sources.
func (t *TouchControls) Bind(b *Bindings) {
	if t.Stick.Radius > 0 {
		b.LeftSources = append(b.LeftSources, TouchStickSource(false, -1))
		b.RightSources = append(b.RightSources, TouchStickSource(false, +1))
		b.UpSources = append(b.UpSources, TouchStickSource(true, -1))
		b.DownSources = append(b.DownSources, TouchStickSource(true, +1))
	}
	for i, btn := range t.Buttons {
		if i < MaxTouchButtons && btn.Action < MaxActions {
			b.Sources[btn.Action] = append(b.Sources[btn.Action], TouchButtonSource(i))
		}
	}
}

// validate reports controls that cannot work: too many buttons, an
// action out of range, a negative size.
func (t *TouchControls) validate() error {
	if len(t.Buttons) > MaxTouchButtons {
		return fmt.Errorf("input: TouchControls has %d buttons, more than MaxTouchButtons (%d); drop some", len(t.Buttons), MaxTouchButtons)
	}
	for i, b := range t.Buttons {
		if b.Action >= MaxActions {
			return fmt.Errorf("input: TouchControls.Buttons[%d] presses %v; actions go from 0 to %d (MaxActions-1)", i, b.Action, MaxActions-1)
		}
		if b.Radius <= 0 {
			return fmt.Errorf("input: TouchControls.Buttons[%d] (%s) has radius %v; give it a positive Radius", i, b.Label, b.Radius)
		}
		if b.Anchor >= touchAnchors {
			return fmt.Errorf("input: TouchControls.Buttons[%d] (%s) has anchor %v; use TouchOnField or a corner (TouchBottomLeft …)", i, b.Label, b.Anchor)
		}
	}
	if t.Stick.Radius < 0 || t.Stick.Reach < 0 {
		return fmt.Errorf("input: TouchControls.Stick has radius %v and reach %v; both must be ≥ 0", t.Stick.Radius, t.Stick.Reach)
	}
	if t.Stick.Anchor >= touchAnchors {
		return fmt.Errorf("input: TouchControls.Stick has anchor %v; use TouchOnField or a corner (TouchBottomLeft …)", t.Stick.Anchor)
	}
	return nil
}

// Check reports controls smaller than [MinTouchCSS] (44) CSS pixels
// across when a logical pixel is cssPerLogical CSS pixels wide (the
// window's CSS width over the logical width): a game's tests call it
// with the smallest window it supports, e.g. 390.0/320 for a phone in
// portrait showing a 320 pixel wide game.
func (t *TouchControls) Check(cssPerLogical float64) error {
	if t.Stick.Radius > 0 && 2*t.Stick.Radius*cssPerLogical < MinTouchCSS {
		return fmt.Errorf("input: the touch stick is %.0f CSS px across at %.3g CSS px per logical px, under %d; make Stick.Radius at least %.1f", 2*t.Stick.Radius*cssPerLogical, cssPerLogical, MinTouchCSS, MinTouchCSS/cssPerLogical/2)
	}
	for i, b := range t.Buttons {
		if 2*b.Radius*cssPerLogical < MinTouchCSS {
			return fmt.Errorf("input: touch button %d (%s) is %.0f CSS px across at %.3g CSS px per logical px, under %d; make its Radius at least %.1f", i, b.Label, 2*b.Radius*cssPerLogical, cssPerLogical, MinTouchCSS, MinTouchCSS/cssPerLogical/2)
		}
	}
	return nil
}

// read finds, from this tick's touches, the buttons held and the
// stick's tilt, and whether the controls are shown.
func (t *TouchControls) read(d *Devices) {
	d.Screen = ScreenInput{}
	switch {
	case t.Always || len(d.Touches) > 0:
		t.Shown = true
	case t.Shown && otherInput(d):
		t.Shown = false
	}
	if !t.Shown || t.Off {
		return
	}
	s, at := t.Stick, t.StickAt()
	reach := s.Reach
	if reach <= 0 {
		reach = 2 * s.Radius
	}
	best := math.Inf(1)
	for _, p := range d.Touches {
		for i, b := range t.Buttons {
			if c := t.ButtonAt(i); i < MaxTouchButtons && math.Hypot(p.X-c.X, p.Y-c.Y) <= b.Radius {
				d.Screen.Buttons[i] = true
			}
		}
		if s.Radius <= 0 {
			continue
		}
		dx, dy := p.X-at.X, p.Y-at.Y
		dist := math.Hypot(dx, dy)
		if dist > reach || dist >= best {
			continue
		}
		best = dist
		if dist > s.Radius {
			dx, dy = dx*s.Radius/dist, dy*s.Radius/dist
		}
		d.Screen.Stick = Point{dx / s.Radius, dy / s.Radius}
	}
}

// otherInput reports a key or a gamepad button down: the player has
// left the touch screen for a keyboard or a pad.
func otherInput(d *Devices) bool {
	for _, k := range d.Keys {
		if k {
			return true
		}
	}
	for i := range d.Pads {
		for _, b := range d.Pads[i].Buttons {
			if b {
				return true
			}
		}
	}
	return false
}

// touchSwitch returns the system that sets the touch controls' Off to
// off: "input.touchOff" and "input.touchOn", in glue.Update while
// Plugin.TouchOffWhile holds and while it does not (one function type:
// one instantiation of glue.Func in every build).
func touchSwitch(off bool) func(glue.ResMut[TouchControls]) {
	return func(t glue.ResMut[TouchControls]) { t.Get().Off = off }
}

// readTouch (glue.PreUpdate, TouchSystem) places the on-screen controls
// on the screen the render.Viewport describes, if the app has one, and
// reads the touches into them.
func readTouch(p struct {
	Devices  glue.ResMut[Devices]
	Touch    glue.ResMut[TouchControls]
	Viewport glue.Opt[render.Viewport]
	Cmds     glue.Commands
}) {
	t := p.Touch.Get()
	var vp render.Viewport
	if v := p.Viewport.Get(); v != nil {
		vp = *v
	}
	if err := t.Arrange(float64(vp.Width), float64(vp.Height), vp.Below); err != nil {
		p.Cmds.Fail(err)
		return
	}
	t.read(p.Devices.Get())
}

// Colours of the drawn controls: translucent, so the game shows through.
var (
	touchBase  = color.RGBA{40, 40, 40, 90}
	touchKnob  = color.RGBA{200, 200, 200, 140}
	touchIdle  = color.RGBA{200, 200, 200, 90}
	touchHeld  = color.RGBA{255, 255, 255, 170}
	touchLabel = render.TextStyle{Color: color.RGBA{20, 20, 20, 220}, Align: render.AlignCenter, VAlign: render.AlignCenter}
)

// DrawTouchControls returns the system that draws the [TouchControls]
// while they are shown, on render.LayerUI (screen coordinates, over the
// game): add it to glue.Draw in an app with the render plugin and
// Plugin.Touch. It reads TouchControls and Devices and writes the
// render.DrawList.
func DrawTouchControls() *glue.System {
	return glue.Func(drawTouch).In(DrawTouchSystem)
}

// DrawTouchSystem is the label of the system [DrawTouchControls] returns.
var DrawTouchSystem = glue.NewLabel("input.drawTouch")

func drawTouch(p struct {
	Touch   glue.Res[TouchControls]
	Devices glue.Res[Devices]
	List    glue.ResMut[render.DrawList]
}) {
	t, d, l := p.Touch.Get(), p.Devices.Get(), p.List.Get()
	if !t.Shown || t.Off {
		return
	}
	const z = 1 << 30 // over the game's UI
	layer := l.Layer()
	l.SetLayer(render.LayerUI)
	defer l.SetLayer(layer)
	if s, at := t.Stick, t.StickAt(); s.Radius > 0 {
		l.AddCircle(at.X, at.Y, s.Radius, touchBase, z)
		k := d.Screen.Stick
		l.AddCircle(at.X+k.X*s.Radius, at.Y+k.Y*s.Radius, s.Radius/2, touchKnob, z+1)
	}
	for i, b := range t.Buttons {
		c := touchIdle
		if i < MaxTouchButtons && d.Screen.Buttons[i] {
			c = touchHeld
		}
		at := t.ButtonAt(i)
		l.AddCircle(at.X, at.Y, b.Radius, c, z)
		if b.Label != "" {
			l.AddText(b.Label, at.X, at.Y, touchLabel, z+1)
		}
	}
}

// screenStickName names a direction of the on-screen stick.
func screenStickName(s Source) string {
	dir := [2][2]string{{"Right", "Left"}, {"Down", "Up"}}
	code, neg := int(s.code), 0
	if s.neg {
		neg = 1
	}
	if code < 0 || code > 1 {
		return fmt.Sprintf("TouchStick(%d)", code)
	}
	return "TouchStick(" + dir[code][neg] + ")"
}

// screenStickValue is a stick direction's value: its tilt that way
// beyond the dead zone, rescaled to 0..1 as for a gamepad axis.
func screenStickValue(s Source, d *Devices, deadZone float64) (float64, bool) {
	a := d.Screen.Stick.X
	if s.code == 1 {
		a = d.Screen.Stick.Y
	}
	if s.neg {
		a = -a
	}
	if a <= deadZone {
		return 0, false
	}
	v := min((a-deadZone)/(1-deadZone), 1)
	return v, true
}
