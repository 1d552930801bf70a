package ui_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// keysApp runs a menu beside a game system that records, each tick,
// what it saw of the keyboard after the menu.
type keysApp struct {
	t      *testing.T
	app    *glue.App
	menu   glue.Entity
	seen   string
	events []ui.Event
}

func newKeysApp(t *testing.T, m ui.Menu, over ...ui.Menu) *keysApp {
	t.Helper()
	k := &keysApp{t: t, app: glue.NewApp()}
	k.app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	k.app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 320, Height: 240}
		k.menu = p.Cmds.Spawn(m)
		for _, o := range over {
			p.Cmds.Spawn(o) // menus over it, which the test's events name by kind only
		}
	}))
	k.app.AddSystems(glue.Update, glue.Func(func(p struct {
		Input  glue.Res[input.State]
		Events glue.Reader[ui.Event]
	}) {
		s := p.Input.Get()
		k.seen = fmt.Sprintf("x %v y %v primary %v pause %v", s.AxisX, s.AxisY, s.Pressed(input.Primary), s.Pressed(input.Pause))
		k.events = append(k.events, p.Events.Read()...)
	}))
	t.Cleanup(k.app.Close)
	k.tick()
	return k
}

func (k *keysApp) tick() {
	k.t.Helper()
	if err := k.app.Update(); err != nil {
		k.t.Fatal(err)
	}
}

// press holds key down for a tick and returns what the game saw then,
// the focused widget and the menu's events; then releases it.
func (k *keysApp) Press(key ebiten.Key) (seen, focus, events string) {
	k.t.Helper()
	d := glue.Resource[input.Devices](k.app)
	d.Keys[key] = true
	k.tick()
	seen = k.seen
	d.Keys[key] = false
	k.tick()
	c, _ := k.app.Component(k.menu, glue.TypeOf[ui.Menu]())
	m := c.(ui.Menu)
	if f := m.Focused(); f != nil {
		focus = f.Base().ID
	}
	for _, e := range k.events {
		if e.Kind == ui.Back && e.Menu != k.menu {
			events += "back-over " // in a menu over the test's
		} else if e.Kind == ui.Back {
			events += "back "
		} else {
			events += e.ID + " "
		}
	}
	k.events = nil
	return seen, focus, events
}

// hud is a HUD with two buttons, not modal, as a puzzle shows beside its
// board.
func hud(gameKeys ...input.Source) ui.Menu {
	return ui.Menu{Anchor: ui.TopRight, GameKeys: gameKeys, Root: &ui.Column{Children: []ui.Widget{
		&ui.Button{Node: ui.Node{ID: "undo"}, Text: "Undo"},
		&ui.Button{Node: ui.Node{ID: "restart"}, Text: "Restart"},
	}}}
}

// TestMenuPassesKeysItDoesNotUse (issue #38 item 2): a menu that is not
// modal takes the keys it uses — up and down move its focus, and the
// game does not see them — and passes on those it does not: left and
// right on a button are the game's.
func TestMenuPassesKeysItDoesNotUse(t *testing.T) {
	k := newKeysApp(t, hud())
	seen, focus, ev := k.Press(ebiten.KeyArrowLeft)
	if seen != "x -1 y 0 primary false pause false" || focus != "undo" || ev != "" {
		t.Errorf("Left beside a HUD: the game saw %q, focus %q, events %q; want x -1 for the game, the focus kept on undo", seen, focus, ev)
	}
	seen, focus, _ = k.Press(ebiten.KeyArrowDown)
	if seen != "x 0 y 0 primary false pause false" || focus != "restart" {
		t.Errorf("Down in a HUD: the game saw %q, focus %q; want the focus on restart and nothing for the game", seen, focus)
	}
	seen, _, ev = k.Press(ebiten.KeyEnter)
	if seen != "x 0 y 0 primary false pause false" || ev != "restart " {
		t.Errorf("Enter in a HUD: the game saw %q, events %q; want restart clicked, unseen by the game", seen, ev)
	}
}

// TestGameKeysAreNotTaken (issue #38 item 2): keys marked as the game's
// (Menu.GameKeys) neither navigate nor activate nor go back, and the
// game sees them; the menu's other keys still work.
func TestGameKeysAreNotTaken(t *testing.T) {
	b := input.DefaultBindings()
	k := newKeysApp(t, hud(append(b.Bound(nil, input.Pause), input.Key(ebiten.KeySpace), input.Key(ebiten.KeyS))...))
	seen, _, ev := k.Press(ebiten.KeySpace)
	if seen != "x 0 y 0 primary true pause false" || ev != "" {
		t.Errorf("Space, a game key: the game saw %q, events %q; want Primary for the game, no click", seen, ev)
	}
	seen, focus, _ := k.Press(ebiten.KeyS)
	if seen != "x 0 y 1 primary false pause false" || focus != "undo" {
		t.Errorf("S, a game key: the game saw %q, focus %q; want y 1 for the game, the focus kept", seen, focus)
	}
	seen, _, ev = k.Press(ebiten.KeyEscape)
	if seen != "x 0 y 0 primary false pause true" || ev != "" {
		t.Errorf("Escape, the game's pause: the game saw %q, events %q; want Pause for the game, no Back", seen, ev)
	}
	seen, focus, _ = k.Press(ebiten.KeyArrowDown)
	if seen != "x 0 y 0 primary false pause false" || focus != "restart" {
		t.Errorf("ArrowDown, the menu's: the game saw %q, focus %q; want the focus on restart", seen, focus)
	}
	seen, _, ev = k.Press(ebiten.KeyEnter)
	if seen != "x 0 y 0 primary false pause false" || ev != "restart " {
		t.Errorf("Enter, the menu's: the game saw %q, events %q; want restart clicked", seen, ev)
	}
}

// TestModalMenuTakesTheKeyboard: behind a modal menu the game sees no
// direction, even one the menu does not use.
func TestModalMenuTakesTheKeyboard(t *testing.T) {
	m := hud()
	m.Modal = true
	k := newKeysApp(t, m)
	seen, focus, _ := k.Press(ebiten.KeyArrowLeft)
	if seen != "x 0 y 0 primary false pause false" || focus != "restart" {
		t.Errorf("Left in a modal menu: the game saw %q, focus %q; want nothing for the game, the focus moved (wrapping) to restart", seen, focus)
	}
}

// TestClickedMenuLetsGoOfKeys: the tick after a modal menu's button is
// clicked — when a game that closes it by a state change still has it,
// since StateScoped entities go in the next transition — the menu takes
// no key: a direction pressed then is the game's, and stays the game's
// while held. Before, the menu took it, and a player who held Right as
// the game began did not move until they let go (the platformer's sync
// test: the hero never ran).
func TestClickedMenuLetsGoOfKeys(t *testing.T) {
	m := hud()
	m.Modal = true
	k := newKeysApp(t, m)
	if _, _, ev := k.Press(ebiten.KeyEnter); ev != "undo " {
		t.Fatalf("Enter: events %q; want undo clicked", ev)
	}
	d := glue.Resource[input.Devices](k.app)
	// Press holds Enter a tick and releases it a tick; hold Right now,
	// as the first tick of the game after the click would.
	d.Keys[ebiten.KeyEnter] = true
	k.tick() // the click
	d.Keys[ebiten.KeyEnter], d.Keys[ebiten.KeyArrowRight] = false, true
	k.tick()
	if k.seen != "x 1 y 0 primary false pause false" {
		t.Errorf("Right held the tick after a click: the game saw %q; want x 1", k.seen)
	}
	k.tick()
	k.tick()
	if k.seen != "x 0 y 0 primary false pause false" {
		t.Errorf("Right held on with the modal menu still there: the game saw %q; want nothing (the menu takes it again)", k.seen)
	}
}

// A modal menu with nothing to focus — a message over a menu — takes the
// keyboard all the same: Enter clicks nothing behind it, and Escape goes
// back in it, not in the menu below. Before, the keys went to the menu
// below, the top one with widgets to focus: a stranger's "Quit to
// title?" message let Enter click the button under it, and could not be
// closed by keyboard.
func TestModalMessageTakesTheKeyboard(t *testing.T) {
	below := hud()
	below.Modal = true
	msg := ui.Menu{Modal: true, Layer: 1, Root: &ui.Column{Children: []ui.Widget{&ui.Label{Text: "Saving…"}}}}
	k := newKeysApp(t, below, msg)
	seen, _, ev := k.Press(ebiten.KeyEnter)
	if ev != "" || seen != "x 0 y 0 primary false pause false" {
		t.Errorf("Enter over a modal message: events %q, the game saw %q; want no click below and nothing for the game", ev, seen)
	}
	if _, focus, _ := k.Press(ebiten.KeyArrowDown); focus != "undo" {
		t.Errorf("Down over a modal message: the focus below moved to %q", focus)
	}
	if _, _, ev := k.Press(ebiten.KeyEscape); ev != "back-over " {
		t.Errorf("Escape over a modal message: events %q; want Back in the message's menu only", ev)
	}
}

// Check finds what a stranger's menus got wrong silently: two widgets
// with one ID, a slider whose Min is above its Max or whose Value is
// outside them; and it names the long label that does not fit, not the
// panel it widens.
func TestCheckFindsMenuMistakes(t *testing.T) {
	menu := func(ws ...ui.Widget) *ui.Menu {
		return &ui.Menu{Root: ui.Dialog("OPTIONS", ws...)}
	}
	for _, c := range []struct {
		name string
		m    *ui.Menu
		want string
	}{
		{"same ID", menu(&ui.Button{Node: ui.Node{ID: "ok"}, Text: "OK"}, &ui.Button{Node: ui.Node{ID: "ok"}, Text: "Cancel"}), `have the same ID "ok"`},
		{"min above max", menu(&ui.Slider{Node: ui.Node{ID: "vol"}, Text: "Volume", Min: 10, Max: 0, Value: 5}), "Min 10, Max 0 and Value 5"},
		{"value outside", menu(&ui.Slider{Node: ui.Node{ID: "vol"}, Text: "Volume", Min: 0, Max: 1, Value: 7}), "Min 0, Max 1 and Value 7"},
		{"long label", menu(&ui.Label{Text: "This label is far too long to fit in a small window at all, really"}), "*ui.Label"},
	} {
		if err := c.m.Check(320, 240); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check = %v, want an error with %q", c.name, err, c.want)
		}
	}
}
