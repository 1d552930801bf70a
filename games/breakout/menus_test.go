package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// menuGame is the game with its menus, driven headless by writing the
// input devices tick by tick.
type menuGame struct {
	t   *testing.T
	app *glue.App
}

func newMenuGame(t *testing.T) *menuGame {
	cfg := Config{Seed: 1, Settings: DefaultSettings(), Headless: true, Menus: true, NoDiag: true}
	app := NewApp(cfg)
	t.Cleanup(app.Close)
	g := &menuGame{t, app}
	g.tick()
	return g
}

func (g *menuGame) tick() {
	g.t.Helper()
	if err := g.app.Update(); err != nil {
		g.t.Fatal(err)
	}
	if err := g.app.Draw(); err != nil {
		g.t.Fatal(err)
	}
}

func (g *menuGame) key(k ebiten.Key) {
	d := glue.Resource[input.Devices](g.app)
	d.Keys[k] = true
	g.tick()
	d.Keys[k] = false
	g.tick()
	g.tick() // the state change requested in the second tick
}

// menus returns the IDs of the first widget of each visible menu.
func (g *menuGame) menus() []string {
	var out []string
	for _, e := range g.app.Entities(nil) {
		c, ok := g.app.Component(e, glue.TypeOf[ui.Menu]())
		if !ok {
			continue
		}
		m := c.(ui.Menu)
		if m.Hidden {
			continue
		}
		if f := m.Focused(); f != nil {
			out = append(out, f.Base().ID)
		}
	}
	return out
}

func (g *menuGame) phase() Phase { return glue.Resource[glue.State[Phase]](g.app).Get() }

func TestTitlePauseOptionsMenus(t *testing.T) {
	g := newMenuGame(t)
	if got := g.menus(); len(got) != 1 || got[0] != "start" {
		t.Fatalf("at start the menus focus %v, want the title menu on Start", got)
	}
	g.key(ebiten.KeyEnter) // Start: the title goes, the ball is not launched by the same key
	if got := g.menus(); len(got) != 0 {
		t.Fatalf("after Start: menus %v, want none", got)
	}
	if g.phase() != Serving {
		t.Fatalf("after Start: phase %v, want serving (Enter went to the menu)", g.phase())
	}
	g.key(ebiten.KeySpace) // launch
	if g.phase() != Playing {
		t.Fatalf("after Space: phase %v, want playing", g.phase())
	}
	g.key(ebiten.KeyEscape)
	if g.phase() != Paused || len(g.menus()) != 1 || g.menus()[0] != "resume" {
		t.Fatalf("after Escape: phase %v, menus %v; want paused with the pause menu on Resume", g.phase(), g.menus())
	}
	// Options: down twice, Enter; the pause menu hides under it.
	g.key(ebiten.KeyArrowDown)
	g.key(ebiten.KeyArrowDown)
	g.key(ebiten.KeyEnter)
	if got := g.menus(); len(got) != 1 || got[0] != "volume" {
		t.Fatalf("options: menus %v, want the options menu on Volume", got)
	}
	g.key(ebiten.KeyArrowLeft) // the master volume down a step
	g.key(ebiten.KeyArrowLeft)
	if v := glue.Resource[audio.Mixer](g.app).Master; v < 0.79 || v > 0.81 {
		t.Errorf("two steps left on Volume: master volume %v, want 0.8", v)
	}
	g.key(ebiten.KeyEscape) // Back to the pause menu, its focus where it was
	if got := g.menus(); len(got) != 1 || got[0] != "options" || g.phase() != Paused {
		t.Fatalf("Back from options: menus %v, phase %v; want the pause menu on Options, paused", got, g.phase())
	}
	g.key(ebiten.KeyEscape) // Back in the pause menu resumes
	if g.phase() != Playing || len(g.menus()) != 0 {
		t.Fatalf("Escape in the pause menu: phase %v, menus %v; want playing, no menu", g.phase(), g.menus())
	}
	g.key(ebiten.KeyP)
	g.key(ebiten.KeyEnter) // Resume, the pause menu's first button
	if g.phase() != Playing || len(g.menus()) != 0 {
		t.Fatalf("Resume: phase %v, menus %v; want playing, no menu", g.phase(), g.menus())
	}
}

// paddleX returns the paddle's x.
func (g *menuGame) paddleX() float64 {
	var x float64
	for _, e := range g.app.Entities(nil) {
		if _, ok := g.app.Component(e, glue.TypeOf[Paddle]()); !ok {
			continue
		}
		c, _ := g.app.Component(e, glue.TypeOf[physics.Body]())
		x = c.(physics.Body).Pos.X
	}
	return x
}

// TestModalMenuTakesThePointer is issue #40 item 5's regression: the
// pointer steered the paddle behind the title menu and behind the
// Options dialog. Each menu is modal: nothing behind it moves, whether
// the pointer moves, presses or drags beside the dialog.
func TestModalMenuTakesThePointer(t *testing.T) {
	g := newMenuGame(t)
	d := glue.Resource[input.Devices](g.app)
	sweep := func(what string) {
		t.Helper()
		x0 := g.paddleX()
		for i := range 40 {
			d.Cursor = input.Point{X: float64(5 + i*2), Y: 20 + float64(i)} // beside the dialog, moving
			d.Buttons[ebiten.MouseButtonLeft] = i >= 20 && i < 30           // a drag beside it too
			g.tick()
		}
		d.Buttons[ebiten.MouseButtonLeft] = false
		g.tick()
		if x := g.paddleX(); x != x0 {
			t.Errorf("%s: the pointer moved the paddle behind the modal menu from x %v to %v", what, x0, x)
		}
	}
	sweep("title menu")
	g.key(ebiten.KeyArrowDown) // Options
	g.key(ebiten.KeyEnter)
	if got := g.menus(); len(got) != 1 || got[0] != "volume" {
		t.Fatalf("menus %v, want the Options dialog on Volume", got)
	}
	sweep("Options dialog")
	g.key(ebiten.KeyEscape)  // back to the title, on Options
	g.key(ebiten.KeyArrowUp) // Start
	g.key(ebiten.KeyEnter)
	if got := g.menus(); len(got) != 0 {
		t.Fatalf("after Start: menus %v, want none", got)
	}
	x0 := g.paddleX()
	for i := range 40 {
		d.Cursor = input.Point{X: float64(5 + i*2), Y: 200}
		g.tick()
	}
	if g.paddleX() == x0 {
		t.Errorf("with no menu the pointer did not move the paddle (x %v): the test would prove nothing", x0)
	}
}

// TestDialogsFit (issue #40 item 5): every dialog lies inside the field
// the menus are laid out in (FieldW×FieldH) and inside a 320×240 and a
// 390×844 view, with no text cut. The Options dialog was 300 logical
// pixels wide in a 200-pixel field: its labels and slider were cut on
// both sides.
func TestDialogsFit(t *testing.T) {
	mix, snd, b := audio.Mixer{Master: 1}, audio.Sounds{}, input.DefaultBindings()
	dialogs := map[string]ui.Menu{
		"title":   titleMenu(),
		"pause":   pauseMenu(),
		"options": optionsMenu(&mix, &snd, &b, &render.Fullscreen{}),
	}
	for name, m := range dialogs {
		for _, size := range [][2]float64{{FieldW, FieldH}, {320, 240}, {390, 844}} {
			if err := m.Check(size[0], size[1]); err != nil {
				t.Errorf("%s dialog at %v×%v: %v", name, size[0], size[1], err)
			}
		}
	}
}

// TestFocusLossOpensThePauseMenu (issue #40 item 4): a game whose window
// loses the focus while it is played pauses into its pause menu (the
// ball stops where it was), shown in the frame after the loss, while the
// player is away and when they come back; it resumes from the menu only.
// The focus comes from render.Focus's Source, as a real window's cannot
// be relied on headless.
func TestFocusLossOpensThePauseMenu(t *testing.T) {
	g := newMenuGame(t)
	g.key(ebiten.KeyEnter) // Start
	g.key(ebiten.KeySpace) // launch
	for range 10 {
		g.tick()
	}
	if g.phase() != Playing {
		t.Fatalf("phase %v, want playing", g.phase())
	}
	focused := true
	glue.Resource[render.Focus](g.app).Source = func() bool { return focused }
	rg := render.NewGame(g.app)
	frame := func() {
		t.Helper()
		if err := rg.Update(); err != nil {
			t.Fatal(err)
		}
		if err := g.app.Draw(); err != nil {
			t.Fatal(err)
		}
	}
	frame()
	focused = false
	frame() // the tick after the loss: paused, the menu opens
	if g.phase() != Paused || len(g.menus()) != 1 || g.menus()[0] != "resume" {
		t.Fatalf("the focus lost: phase %v, menus %v; want paused with the pause menu on Resume", g.phase(), g.menus())
	}
	ball := func() physics.Vec {
		var p physics.Vec
		for _, e := range g.app.Entities(nil) {
			if _, ok := g.app.Component(e, glue.TypeOf[Ball]()); ok {
				c, _ := g.app.Component(e, glue.TypeOf[physics.Body]())
				p = c.(physics.Body).Pos
			}
		}
		return p
	}
	at := ball()
	for range 5 {
		frame()
	}
	focused = true
	for range 5 {
		frame()
	}
	if g.phase() != Paused || len(g.menus()) != 1 || ball() != at {
		t.Fatalf("away and back: phase %v, menus %v, ball %v (was %v); want paused in the pause menu, the ball still", g.phase(), g.menus(), ball(), at)
	}
	g.key(ebiten.KeyEnter) // Resume
	if g.phase() != Playing {
		t.Fatalf("Resume: phase %v, want playing", g.phase())
	}
}
