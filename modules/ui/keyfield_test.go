package ui_test

import (
	"slices"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

func controls() ui.Menu {
	return ui.Menu{Root: ui.Dialog("Controls",
		&ui.KeyField{Node: ui.Node{ID: "jump"}, Text: "Jump", Keys: []ebiten.Key{ebiten.KeySpace}},
		&ui.Button{Node: ui.Node{ID: "back"}, Text: "Back"},
	)}
}

func (h *harness) keyField() *ui.KeyField { return h.menuOf().Find("jump").(*ui.KeyField) }

// TestKeyFieldRebinds: Enter on the field makes it wait; the Enter
// still held is not taken; the next key down (here the down arrow) is,
// without moving the focus, and the game sees none of those keys;
// Escape and the gamepad's B cancel.
func TestKeyFieldRebinds(t *testing.T) {
	h := newHarness(t, controls())
	h.dev().Keys[ebiten.KeyEnter] = true
	h.tick()
	h.tick() // Enter held: not the new key
	if f := h.keyField(); !f.Waiting() || !slices.Equal(f.Keys, []ebiten.Key{ebiten.KeySpace}) {
		t.Fatalf("Enter on the field: waiting %v, keys %v; want waiting, Space", f.Waiting(), f.Keys)
	}
	h.dev().Keys[ebiten.KeyEnter] = false
	h.tick()
	h.dev().Keys[ebiten.KeyArrowDown] = true
	for range 30 { // held past the menu's repeat delay
		h.tick()
	}
	h.dev().Keys[ebiten.KeyArrowDown] = false
	h.tick()
	if f := h.keyField(); f.Waiting() || !slices.Equal(f.Keys, []ebiten.Key{ebiten.KeyArrowDown}) || h.focused() != "jump" {
		t.Fatalf("the down arrow: waiting %v, keys %v, focus %q; want the new key, the focus kept", f.Waiting(), f.Keys, h.focused())
	}
	if got := h.events; len(got) != 1 || got[0].Kind != ui.Changed || got[0].Key != ebiten.KeyArrowDown {
		t.Fatalf("events %+v, want one Changed with the down arrow", got)
	}
	h.want("the new key", "jump changed")
	if h.fired != 0 {
		t.Errorf("the game saw Primary %d times while the menu rebound a key", h.fired)
	}
	// Escape cancels, and is not Back; so does the pad's B.
	h.key(ebiten.KeySpace)
	h.key(ebiten.KeyEscape)
	if f := h.keyField(); f.Waiting() || f.Keys[0] != ebiten.KeyArrowDown {
		t.Fatalf("Escape while waiting: waiting %v, keys %v; want cancelled, the down arrow kept", f.Waiting(), f.Keys)
	}
	h.want("Escape while waiting")
	h.key(ebiten.KeySpace)
	h.dev().Pads = []input.Pad{{}}
	h.dev().Pads[0].Buttons[ebiten.StandardGamepadButtonRightRight] = true
	h.tick()
	h.dev().Pads[0].Buttons[ebiten.StandardGamepadButtonRightRight] = false
	h.tick()
	if h.keyField().Waiting() {
		t.Fatal("the gamepad's B did not cancel")
	}
	h.want("B while waiting")
	// Moving the focus away with the pointer cancels too.
	h.key(ebiten.KeySpace)
	b := h.menuOf().Find("back").Base()
	h.dev().Cursor = input.Point{X: b.X + 2, Y: b.Y + 2}
	h.tick()
	if h.focused() != "back" || h.keyField().Waiting() {
		t.Fatalf("the pointer over Back: focus %q, waiting %v; want Back, not waiting", h.focused(), h.keyField().Waiting())
	}
}

// Screen is a state for TestShowState.
type Screen uint8

const (
	Play Screen = iota
	Pause
	Options
)

// TestShowState: the menu of the state on top shows, the menus of the
// states paused beneath it hide, and show again when it is popped.
func TestShowState(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	glue.AddState(app, Play)
	app.AddSystems(glue.OnEnter(Pause), glue.Func(func(c glue.Commands) {
		c.Spawn(ui.Menu{Root: ui.Dialog("Paused")}, glue.StateScoped[Screen]{State: Pause})
	}))
	app.AddSystems(glue.OnEnter(Options), glue.Func(func(c glue.Commands) {
		c.Spawn(ui.Menu{Root: ui.Dialog("Options")}, glue.StateScoped[Screen]{State: Options})
	}))
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(ui.Menu{Root: ui.Dialog("HUD")}) }))
	app.AddSystems(glue.Update, ui.ShowState[Screen]())
	defer app.Close()
	shown := func() (out []string) {
		for _, e := range app.Entities(nil) {
			if c, ok := app.Component(e, glue.TypeOf[ui.Menu]()); ok && !c.(ui.Menu).Hidden {
				out = append(out, c.(ui.Menu).Root.(*ui.Panel).Child.(*ui.Column).Children[0].(*ui.Label).Text)
			}
		}
		slices.Sort(out)
		return out
	}
	for _, step := range []struct {
		op   func(*glue.NextState[Screen])
		want []string
	}{
		{func(n *glue.NextState[Screen]) {}, []string{"HUD"}},
		{func(n *glue.NextState[Screen]) { n.Push(Pause) }, []string{"HUD", "Paused"}},
		{func(n *glue.NextState[Screen]) { n.Push(Options) }, []string{"HUD", "Options"}},
		{func(n *glue.NextState[Screen]) { n.Pop() }, []string{"HUD", "Paused"}},
		{func(n *glue.NextState[Screen]) { n.Pop() }, []string{"HUD"}},
	} {
		step.op(glue.Resource[glue.NextState[Screen]](app))
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if got := shown(); !slices.Equal(got, step.want) {
			t.Errorf("menus shown %v, want %v", got, step.want)
		}
	}
}
