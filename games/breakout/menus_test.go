package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
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
