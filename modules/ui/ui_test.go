package ui_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// harness is a headless app with a menu: tests write input.Devices tick
// by tick, and read the menu's events and what the game's own system
// saw of the input after the menu.
type harness struct {
	t      *testing.T
	app    *glue.App
	menu   glue.Entity
	events []ui.Event
	fired  int // the game's gun: Primary pressed or the pointer pressed, seen after the menu
}

func newHarness(t *testing.T, m ui.Menu) *harness {
	h := &harness{t: t}
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 320, Height: 240}
		h.menu = p.Cmds.Spawn(m)
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Events glue.Reader[ui.Event]
		Input  glue.Res[input.State]
	}) {
		h.events = append(h.events, p.Events.Read()...)
		if p.Input.Get().Pressed(input.Primary) || p.Input.Get().Pointer.Pressed {
			h.fired++
		}
	}))
	t.Cleanup(app.Close)
	h.app = app
	h.tick() // spawn, lay out
	return h
}

func (h *harness) dev() *input.Devices { return glue.Resource[input.Devices](h.app) }

func (h *harness) tick() {
	h.t.Helper()
	if err := h.app.Update(); err != nil {
		h.t.Fatal(err)
	}
	if err := h.app.Draw(); err != nil {
		h.t.Fatal(err)
	}
	d := h.dev()
	d.Chars = d.Chars[:0]
	d.Wheel = input.Point{}
}

// key taps k: down for a tick, then up for a tick.
func (h *harness) key(k ebiten.Key) {
	h.dev().Keys[k] = true
	h.tick()
	h.dev().Keys[k] = false
	h.tick()
}

// menuOf returns a copy of the menu component: its widgets are the
// menu's own (pointers).
func (h *harness) menuOf() *ui.Menu {
	c, ok := h.app.Component(h.menu, glue.TypeOf[ui.Menu]())
	if !ok {
		h.t.Fatal("no menu")
	}
	m := c.(ui.Menu)
	return &m
}

func (h *harness) take() []string {
	var out []string
	for _, e := range h.events {
		s := e.ID
		switch e.Kind {
		case ui.Clicked:
			s += " clicked"
		case ui.Changed:
			s += " changed"
		case ui.Submitted:
			s += " submitted " + e.Text
		case ui.Back:
			s = "back"
		}
		if e.Menu != h.menu {
			s += " (wrong menu)"
		}
		out = append(out, s)
	}
	h.events = nil
	return out
}

func (h *harness) want(what string, want ...string) {
	h.t.Helper()
	if got := h.take(); !slices.Equal(got, want) {
		h.t.Errorf("%s: events %q, want %q", what, got, want)
	}
}

func (h *harness) focused() string {
	f := h.menuOf().Focused()
	if f == nil {
		return ""
	}
	return f.Base().ID
}

func settings() ui.Menu {
	return ui.Menu{Root: &ui.Panel{Child: &ui.Column{Children: []ui.Widget{
		&ui.Label{Text: "Options"},
		&ui.Button{Node: ui.Node{ID: "start"}, Text: "Start"},
		&ui.Slider{Node: ui.Node{ID: "volume"}, Text: "Volume", Value: 0.5, Max: 1, Step: 0.1},
		&ui.Toggle{Node: ui.Node{ID: "mute"}, Text: "Mute"},
		&ui.Options{Node: ui.Node{ID: "size"}, Text: "Size", Items: []string{"S", "M", "L"}},
		&ui.Button{Node: ui.Node{ID: "off", Disabled: true}, Text: "Disabled"},
		&ui.Button{Node: ui.Node{ID: "quit"}, Text: "Quit"},
	}}}}
}

func TestKeyboard(t *testing.T) {
	h := newHarness(t, settings())
	if h.focused() != "start" {
		t.Fatalf("first focus %q, want the first button", h.focused())
	}
	h.key(ebiten.KeyEnter)
	h.want("Enter on Start", "start clicked")
	if h.fired != 0 {
		t.Errorf("the game saw Enter, handled by the menu, %d times", h.fired)
	}
	h.key(ebiten.KeyArrowDown)
	h.key(ebiten.KeyArrowRight)
	h.key(ebiten.KeyD) // WASD too
	if v := h.menuOf().Find("volume").(*ui.Slider).Value; v != 0.7 {
		t.Errorf("volume after two steps right: %v, want 0.7", v)
	}
	h.want("right twice on the slider", "volume changed", "volume changed")
	h.key(ebiten.KeyArrowDown)
	h.key(ebiten.KeySpace)
	if !h.menuOf().Find("mute").(*ui.Toggle).On {
		t.Error("Space did not turn the toggle on")
	}
	h.key(ebiten.KeyArrowDown)
	h.key(ebiten.KeyArrowLeft)
	if i := h.menuOf().Find("size").(*ui.Options).Index; i != 2 {
		t.Errorf("options after left from the first: %d, want 2 (wrapped)", i)
	}
	h.key(ebiten.KeyArrowDown) // skips the disabled button
	if h.focused() != "quit" {
		t.Errorf("focus %q, want quit: the disabled button is skipped", h.focused())
	}
	h.key(ebiten.KeyArrowDown) // wraps around
	if h.focused() != "start" {
		t.Errorf("focus %q after the last, want start", h.focused())
	}
	h.take()
	h.key(ebiten.KeyEscape)
	h.want("Escape", "back")
	// Held: one step, then repeats after a delay.
	h.dev().Keys[ebiten.KeyArrowDown] = true
	for range 19 {
		h.tick()
	}
	if h.focused() != "volume" {
		t.Errorf("held down for 19 ticks: focus %q, want volume (one step)", h.focused())
	}
	h.tick()
	if h.focused() != "mute" {
		t.Errorf("held down for 20 ticks: focus %q, want mute (repeated)", h.focused())
	}
	h.dev().Keys[ebiten.KeyArrowDown] = false
	if h.fired != 0 {
		t.Errorf("the game saw the menu's keys %d times", h.fired)
	}
}

func TestMouseAndTouch(t *testing.T) {
	h := newHarness(t, settings())
	quit := h.menuOf().Find("quit").Base()
	// The pointer over a button focuses it; a click clicks it and is not
	// seen by the game.
	h.dev().Cursor = input.Point{X: quit.X + quit.W/2, Y: quit.Y + quit.H/2}
	h.tick()
	if h.focused() != "quit" {
		t.Errorf("hovered: focus %q, want quit", h.focused())
	}
	h.dev().Buttons[ebiten.MouseButtonLeft] = true
	h.tick()
	h.dev().Buttons[ebiten.MouseButtonLeft] = false
	h.tick()
	h.want("click on Quit", "quit clicked")
	if h.fired != 0 {
		t.Errorf("the click on a button also fired the gun %d times", h.fired)
	}
	// A click outside the menu is the game's.
	h.dev().Cursor = input.Point{X: 2, Y: 2}
	h.dev().Buttons[ebiten.MouseButtonLeft] = true
	h.tick()
	h.dev().Buttons[ebiten.MouseButtonLeft] = false
	h.tick()
	if h.fired != 1 {
		t.Errorf("a click outside the menu fired %d times, want 1", h.fired)
	}
	h.want("click outside")
	// Dragging the slider by touch sets it where the finger is.
	vol := h.menuOf().Find("volume").Base()
	h.dev().Touches = []input.Point{{X: vol.X + vol.W - 6 - 80, Y: vol.Y + vol.H/2}} // the track's left end
	h.tick()
	if v := h.menuOf().Find("volume").(*ui.Slider).Value; v != 0 {
		t.Errorf("touched at the track's left: volume %v, want 0", v)
	}
	h.dev().Touches[0].X = vol.X + vol.W - 6 // its right end
	h.tick()
	if v := h.menuOf().Find("volume").(*ui.Slider).Value; v != 1 {
		t.Errorf("dragged to the track's right: volume %v, want 1", v)
	}
	h.dev().Touches = nil
	h.tick()
	h.want("slider dragged", "volume changed", "volume changed")
	if h.fired != 1 {
		t.Errorf("the touch on the slider fired the gun (%d)", h.fired)
	}
}

func TestGamepad(t *testing.T) {
	h := newHarness(t, settings())
	h.dev().Pads = []input.Pad{{}}
	pad := func() *input.Pad { return &h.dev().Pads[0] }
	press := func(b ebiten.StandardGamepadButton) {
		pad().Buttons[b] = true
		h.tick()
		pad().Buttons[b] = false
		h.tick()
	}
	press(ebiten.StandardGamepadButtonLeftBottom) // D-pad down
	if h.focused() != "volume" {
		t.Errorf("D-pad down: focus %q, want volume", h.focused())
	}
	pad().Axes[ebiten.StandardGamepadAxisLeftStickVertical] = 0.9 // the stick
	h.tick()
	pad().Axes[ebiten.StandardGamepadAxisLeftStickVertical] = 0
	h.tick()
	if h.focused() != "mute" {
		t.Errorf("stick down: focus %q, want mute", h.focused())
	}
	press(ebiten.StandardGamepadButtonRightBottom) // A
	h.want("A on the toggle", "mute changed")
	press(ebiten.StandardGamepadButtonRightRight) // B
	h.want("B", "back")
	if h.fired != 0 {
		t.Errorf("the game saw A %d times", h.fired)
	}
}

func TestTextFieldAndScroll(t *testing.T) {
	rows := make([]ui.Widget, 12)
	for i := range rows {
		rows[i] = &ui.Button{Node: ui.Node{ID: string(rune('a' + i))}, Text: "Score"}
	}
	list := &ui.Scroll{Children: rows, Height: 60}
	h := newHarness(t, ui.Menu{Root: &ui.Column{Children: []ui.Widget{
		&ui.TextField{Node: ui.Node{ID: "name"}, Max: 5},
		list,
	}}})
	h.dev().Chars = []rune("wasd!!")
	h.tick()
	h.key(ebiten.KeyBackspace)
	if f := h.menuOf().Find("name").(*ui.TextField); f.Text != "wasd" {
		t.Errorf("typed wasd!! (max 5) and a backspace: %q, want wasd", f.Text)
	}
	if h.focused() != "name" {
		t.Errorf("typing WASD moved the focus to %q", h.focused())
	}
	h.take()
	h.key(ebiten.KeyEnter)
	h.want("Enter in the field", "name submitted wasd")
	if h.fired != 0 {
		t.Errorf("the game saw the typing as Primary %d times", h.fired)
	}
	// Down through the list scrolls it.
	for range 8 {
		h.key(ebiten.KeyArrowDown)
	}
	if h.focused() != "h" || list.Offset <= 0 {
		t.Errorf("8 down: focus %q, offset %v; want h, scrolled", h.focused(), list.Offset)
	}
	n := h.menuOf().Find("h").Base()
	if n.Y < list.Y || n.Y+n.H > list.Y+list.H {
		t.Errorf("the focused row at %v..%v, outside the list's view %v..%v", n.Y, n.Y+n.H, list.Y, list.Y+list.H)
	}
	// The wheel scrolls back.
	h.dev().Cursor = input.Point{X: list.X + 2, Y: list.Y + 2}
	h.dev().Wheel = input.Point{Y: 100}
	h.tick()
	h.tick()
	if list.Offset != 0 {
		t.Errorf("wheel up: offset %v, want 0", list.Offset)
	}
}

// TestMenuFrameAllocatesNothing: a frame of a 20-widget menu, update and
// draw, allocates nothing.
// TestMenuFrameAllocatesNothing: a tick and a frame of a 20-widget
// menu, and of one with a KeyField (whose text is made again only when
// it changes), allocate nothing.
func TestMenuFrameAllocatesNothing(t *testing.T) {
	for name, m := range map[string]ui.Menu{"a 20-widget menu": twenty(), "a KeyField": controls()} {
		h := newHarness(t, m)
		for range 5 {
			h.tick()
		}
		if n := testing.AllocsPerRun(50, func() { h.tick() }); n != 0 {
			t.Errorf("a tick and frame of %s allocate %v times, want 0", name, n)
		}
	}
}

func twenty() ui.Menu {
	var ws []ui.Widget
	for i := range 5 {
		id := strings.Repeat("x", i+1)
		ws = append(ws,
			&ui.Button{Node: ui.Node{ID: "b" + id}, Text: "Button " + id},
			&ui.Slider{Node: ui.Node{ID: "s" + id}, Text: "Slider", Max: 1},
			&ui.Toggle{Node: ui.Node{ID: "t" + id}, Text: "Toggle"},
			&ui.Label{Text: "Label " + id},
		)
	}
	return ui.Menu{Root: &ui.Panel{Child: &ui.Column{Children: ws}}}
}

// BenchmarkMenuFrame_20 measures a tick and a frame of an app with a
// 20-widget menu and nothing else: the menu's update (input handling)
// and draw (its items added to the draw list), with the input mapping
// and the draw list's flush (vertices, no screen).
func BenchmarkMenuFrame_20(b *testing.B) {
	t := &testing.T{}
	h := newHarness(t, twenty())
	for range 5 {
		h.tick()
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := h.app.Update(); err != nil {
			b.Fatal(err)
		}
		if err := h.app.Draw(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMenuOver: a menu opened Over another hides it from the frame it is
// spawned in, and takes the keys; despawned, it shows the menu beneath
// again in that frame, with its focus where it was.
func TestMenuOver(t *testing.T) {
	var parent, sub glue.Entity
	var open, close bool
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 320, Height: 240}
		parent = p.Cmds.Spawn(settings())
	}))
	app.AddSystems(glue.Update, glue.Func(func(cmds glue.Commands) {
		if open {
			sub = cmds.Spawn(ui.Menu{Over: parent, Layer: 1, Root: ui.Dialog("Sub", &ui.Button{Node: ui.Node{ID: "back"}, Text: "Back"})})
		}
		if close {
			cmds.Despawn(sub)
		}
		open, close = false, false
	}))
	t.Cleanup(app.Close)
	h := &harness{t: t, app: app}
	h.tick()
	h.menu = parent
	h.key(ebiten.KeyArrowDown) // Start to Volume
	hidden := func() bool { return h.menuOf().Hidden }
	open = true
	h.tick()
	if !hidden() {
		t.Fatal("the menu beneath shows in the frame its cover was opened")
	}
	h.key(ebiten.KeyArrowDown) // to the cover, not to the menu beneath
	if got := h.focused(); got != "volume" {
		t.Errorf("with a menu over it, the focus moved to %q", got)
	}
	close = true
	h.tick()
	if hidden() || h.focused() != "volume" {
		t.Errorf("after its cover went: hidden %v, focus %q; want shown, on volume", hidden(), h.focused())
	}
}
