package main

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// menus returns the menus shown, as "TITLE>focused widget".
func (g *game) menus() (out []string) {
	for _, e := range g.app.Entities(nil) {
		if c, ok := g.app.Component(e, glue.TypeOf[ui.Menu]()); ok && !c.(ui.Menu).Hidden {
			m := c.(ui.Menu)
			title := m.Root.(*ui.Panel).Child.(*ui.Column).Children[0].(*ui.Label).Text
			out = append(out, title+">"+m.Focused().Base().ID)
		}
	}
	return out
}

// key taps k (a tick down, a tick up) and runs the tick that makes the
// state change it asked for.
func (g *game) key(k ebiten.Key) {
	g.t.Helper()
	g.tick(k)
	g.tick()
	g.tick()
}

func (g *game) want(what string, ph Phase, menus ...string) {
	g.t.Helper()
	if got := g.menus(); g.phase() != ph || !slices.Equal(got, menus) {
		g.t.Fatalf("%s: %v with menus %q, want %v with %q", what, g.phase(), got, ph, menus)
	}
}

// TestMenus drives the menus with keys, headless: the title, options over
// it (the volume, the jump key rebound), play, the pause menu over the
// running game (which stays, stopped: no despawn, no new game on
// resuming), options over the pause menu and back, the new jump key in
// play, and the game over menu's retry.
func TestMenus(t *testing.T) {
	g := newGame(t)
	g.tick()
	g.want("at start", Title, menuTitle+">play")
	g.key(ebiten.KeyArrowDown)
	g.key(ebiten.KeyEnter)
	g.want("Options on the title", Options, "OPTIONS>volume")
	g.key(ebiten.KeyArrowLeft)
	g.key(ebiten.KeyArrowLeft)
	if v := glue.Resource[audio.Mixer](g.app).Master; fmt.Sprintf("%.1f", v) != "0.8" {
		t.Errorf("two steps left on Volume: master volume %v, want 0.8", v)
	}
	g.key(ebiten.KeyArrowDown)
	g.key(ebiten.KeyEnter) // the jump key waits for a key...
	g.key(ebiten.KeyJ)     // ...and takes J
	if k := glue.Resource[input.Bindings](g.app).Actions[Jump]; !slices.Equal(k, []ebiten.Key{ebiten.KeyJ}) {
		t.Fatalf("jump rebound to J: the bindings' jump keys are %v", k)
	}
	g.key(ebiten.KeyEscape)
	g.want("Escape in the options", Title, menuTitle+">options")
	g.key(ebiten.KeyArrowUp)
	g.key(ebiten.KeyEnter)
	g.want("Play", Playing)
	for range 120 {
		g.tick(ebiten.KeyArrowRight) // over the first coins
	}
	score, coins, hero := g.progress().Score, len(find[Coin](g)), must(g.hero())
	if score == 0 || glue.Resource[audio.Sounds](g.app).Played() == 0 {
		t.Fatalf("running right: score %d, sounds played %d; want coins picked up with a sound", score, glue.Resource[audio.Sounds](g.app).Played())
	}
	g.key(ebiten.KeyEscape)
	g.want("Escape in play", Paused, "PAUSED>resume")
	for range 30 {
		g.tick(ebiten.KeyArrowRight)
	}
	g.key(ebiten.KeyArrowDown)
	g.key(ebiten.KeyEnter)
	g.want("Options in the pause menu", Options, "OPTIONS>volume")
	g.key(ebiten.KeyEscape)
	g.want("Back from the options", Paused, "PAUSED>options")
	if after := must(g.hero()); after.Pos != hero.Pos || len(find[Coin](g)) != coins || g.progress().Score != score {
		t.Fatalf("under the menus the game changed: hero %v to %v, coins %d to %d, score %d to %d", hero.Pos, after.Pos, coins, len(find[Coin](g)), score, g.progress().Score)
	}
	if st := glue.Resource[glue.State[Phase]](g.app); !slices.Equal(st.Under(), []Phase{Playing}) {
		t.Fatalf("under the pause menu: %v, want Playing", st.Under())
	}
	g.key(ebiten.KeyArrowUp)
	g.key(ebiten.KeyEnter)
	g.want("Resume", Playing)
	if g.progress().Score != score || len(find[Coin](g)) != coins {
		t.Fatalf("resuming started a new game: score %d, %d coins; want %d, %d", g.progress().Score, len(find[Coin](g)), score, coins)
	}
	for range 20 {
		g.tick()
	}
	g.tick(ebiten.KeySpace)
	if b, c := g.hero(); b.Vel.Y < 0 {
		t.Fatalf("Space still jumps after jump was rebound to J: %+v %+v", b, c)
	}
	for range 20 {
		g.tick()
	}
	g.tick(ebiten.KeyJ)
	if b, _ := g.hero(); b.Vel.Y >= 0 {
		t.Fatal("J does not jump after jump was rebound to it")
	}
	// Lose every life: the game over menu, then Try again.
	for tick := 0; tick < 60*30 && g.phase() == Playing; tick++ {
		g.tick(ebiten.KeyArrowRight)
	}
	g.tick()
	g.want("out of lives", GameOver, "GAME OVER>play")
	g.key(ebiten.KeyEnter)
	g.want("Try again", Playing)
	if pr := g.progress(); pr.Lives != StartLives || pr.Score != 0 {
		t.Fatalf("Try again: %d lives, score %d; want a new game", pr.Lives, pr.Score)
	}
	g.key(ebiten.KeyP)
	g.key(ebiten.KeyArrowUp) // wraps to Quit to title
	g.key(ebiten.KeyEnter)
	g.want("Quit to title", Title, menuTitle+">play")
	g.click("options") // the mouse too
	g.want("a click on Options", Options, "OPTIONS>volume")
}

// click presses the mouse on the shown widget with the given ID for a
// tick, drawing each tick (the menus are laid out when drawn).
func (g *game) click(id string) {
	g.t.Helper()
	d := glue.Resource[input.Devices](g.app)
	for i, down := range []bool{false, true, false, false} {
		if err := g.app.Draw(); err != nil {
			g.t.Fatal(err)
		}
		if i == 0 {
			for _, e := range g.app.Entities(nil) {
				c, ok := g.app.Component(e, glue.TypeOf[ui.Menu]())
				if m, _ := c.(ui.Menu); ok && !m.Hidden && m.Find(id) != nil {
					b := m.Find(id).Base()
					d.Cursor = input.Point{X: b.X + b.W/2, Y: b.Y + b.H/2}
				}
			}
		}
		d.Buttons[ebiten.MouseButtonLeft] = down
		g.tick()
	}
}

// TestDialogsFit (issue #40 item 5): every dialog lies inside the
// 320×180 field the menus are laid out in, and inside a 320×240 and a
// 390×844 view, with no text cut.
func TestDialogsFit(t *testing.T) {
	b := input.DefaultBindings()
	b.Actions[Jump] = []ebiten.Key{ebiten.KeyZ}
	for _, ph := range []Phase{Title, Paused, Options, GameOver, Won} {
		m := phaseMenu(ph, 123456, 0.5, &b, false)
		for _, size := range [][2]float64{{320, 180}, {320, 240}, {390, 844}} {
			if err := m.Check(size[0], size[1]); err != nil {
				t.Errorf("%v dialog at %v×%v: %v", ph, size[0], size[1], err)
			}
			if err := m.CheckTargets(size[0], size[1], 390.0/320); err != nil {
				t.Errorf("%v dialog at %v×%v on a phone held upright: %v", ph, size[0], size[1], err)
			}
		}
	}
}

// TestFocusLossOpensThePauseMenu (issue #40 item 4): the window losing
// the focus while the hero runs opens the pause menu, in the frame after
// the loss; the game stays paused (the hero where it was) while the
// player is away and when they come back, until Resume. On the title
// the loss changes no menu. The focus comes from render.Focus's Source.
func TestFocusLossOpensThePauseMenu(t *testing.T) {
	g := newGame(t)
	focused := true
	glue.Resource[render.Focus](g.app).Source = func() bool { return focused }
	rg := render.NewGame(g.app)
	frame := func(keys ...ebiten.Key) {
		t.Helper()
		d := glue.Resource[input.Devices](g.app)
		clear(d.Keys[:])
		for _, k := range keys {
			d.Keys[k] = true
		}
		if err := rg.Update(); err != nil {
			t.Fatal(err)
		}
	}
	frame()
	focused = false
	frame()
	focused = true
	frame()
	g.want("the focus lost on the title", Title, menuTitle+">play")
	g.key(ebiten.KeyEnter)
	for range 10 {
		frame(ebiten.KeyArrowRight)
	}
	g.want("playing", Playing)
	focused = false
	frame(ebiten.KeyArrowRight) // the tick after the loss
	g.want("the focus lost", Paused, "PAUSED>resume")
	at := find[Player](g)
	for range 5 {
		frame(ebiten.KeyArrowRight)
	}
	focused = true
	for range 5 {
		frame()
	}
	g.want("away and back", Paused, "PAUSED>resume")
	if now := find[Player](g); now[0].Pos != at[0].Pos {
		t.Errorf("the hero moved from %v to %v while paused", at[0].Pos, now[0].Pos)
	}
	g.key(ebiten.KeyEnter)
	g.want("Resume", Playing)
}
