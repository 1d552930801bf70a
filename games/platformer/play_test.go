package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/games/platformer/level"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/hajimehoshi/ebiten/v2"
)

// game is the real game, headless, driven by key presses tick by tick.
type game struct {
	t   *testing.T
	app *glue.App
}

func newGame(t *testing.T) *game {
	app, err := NewApp(Config{Headless: true, Saves: &save.Memory{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	return &game{t: t, app: app}
}

// tick runs one tick with the given keys down (all others up).
func (g *game) tick(keys ...ebiten.Key) {
	g.t.Helper()
	d := glue.Resource[input.Devices](g.app)
	if d != nil {
		clear(d.Keys[:])
		for _, k := range keys {
			d.Keys[k] = true
		}
	}
	if err := g.app.Update(); err != nil {
		g.t.Fatal(err)
	}
}

func (g *game) phase() Phase { return glue.Resource[glue.State[Phase]](g.app).Get() }

func (g *game) progress() *Progress { return glue.Resource[Progress](g.app) }

// find returns the bodies of the entities with a T.
func find[T any](g *game) (out []physics.Body) {
	for _, e := range g.app.Entities(nil) {
		if _, ok := g.app.Component(e, glue.TypeOf[T]()); ok {
			b, _ := g.app.Component(e, glue.TypeOf[physics.Body]())
			out = append(out, b.(physics.Body))
		}
	}
	return out
}

func (g *game) hero() (physics.Body, physics.Character) {
	for _, e := range g.app.Entities(nil) {
		if _, ok := g.app.Component(e, glue.TypeOf[Player]()); ok {
			b, _ := g.app.Component(e, glue.TypeOf[physics.Body]())
			c, _ := g.app.Component(e, glue.TypeOf[physics.Character]())
			return b.(physics.Body), c.(physics.Character)
		}
	}
	g.t.Fatal("no hero")
	return physics.Body{}, physics.Character{}
}

// start presses Space on the title.
func (g *game) start() {
	g.tick()
	g.tick(ebiten.KeySpace)
	g.tick()
	if g.phase() != Playing {
		g.t.Fatalf("after Space on the title: %v, want Playing", g.phase())
	}
}

// autopilot decides the keys of one tick from what the hero sees: run
// right, jump at the water and at enemies ahead, and wait for the moving
// platform at both ends of its pit.
type autopilot struct{ jumping int }

const pitL, pitR = 60 * 16, 67 * 16 // the moving platform's pit

func (a *autopilot) keys(g *game) []ebiten.Key {
	b, c := g.hero()
	x, y := b.Pos.X, b.Pos.Y
	right := true
	plats := find[Mover](g)
	if len(plats) == 1 {
		p := plats[0].Pos.X
		if c.OnFloor && x+5 > pitL-8 && x < pitL && p-24 > pitL+1 {
			right = false // wait at the edge for the platform
		}
		if c.OnFloor && x >= pitL && x < pitR && p+24 < pitR-1 {
			right = false // ride it to the far side
		}
	}
	jump := false
	if c.OnFloor && a.jumping == 0 {
		if x > 26*16-16 && x < 26*16-2 {
			jump = true // the water
		}
		for _, e := range find[Enemy](g) {
			if dx := e.Pos.X - x; dx > 0 && dx < 40 && e.Pos.Y-y < 12 && y-e.Pos.Y < 12 {
				jump = true
			}
		}
		if jump {
			a.jumping = 18
		}
	}
	var keys []ebiten.Key
	if right {
		keys = append(keys, ebiten.KeyArrowRight)
	}
	if a.jumping > 1 {
		keys = append(keys, ebiten.KeySpace)
	}
	if a.jumping > 0 {
		a.jumping--
	}
	return keys
}

func TestPlaysThroughToTheWin(t *testing.T) {
	g := newGame(t)
	g.start()
	var a autopilot
	checkpoint, rode := false, false
	for tick := 0; tick < 60*120; tick++ {
		g.tick(a.keys(g)...)
		if g.progress().Check.X > 700 {
			checkpoint = true
		}
		if b, c := g.hero(); c.OnFloor && b.Pos.X > pitL+8 && b.Pos.X < pitR-8 {
			rode = true // nothing but the moving platform is there to stand on
		}
		switch g.phase() {
		case Won:
			pr := g.progress()
			if pr.Score < 50 || pr.Lives < 1 || !checkpoint || !rode {
				t.Fatalf("won with score %d, %d lives, checkpoint %v, rode the platform %v", pr.Score, pr.Lives, checkpoint, rode)
			}
			t.Logf("won after %d ticks with score %d and %d lives", tick, pr.Score, pr.Lives)
			g.tick()
			g.want("the win", Won, "YOU WIN!>play")
			return
		case GameOver:
			b, _ := g.hero()
			t.Fatalf("game over at tick %d, hero at %v", tick, b.Pos)
		}
	}
	b, c := g.hero()
	t.Fatalf("not won after 2 minutes: hero at %v %+v, phase %v", b.Pos, c, g.phase())
}

func TestQuickSaveAndLoad(t *testing.T) {
	g := newGame(t)
	g.start()
	for range 30 {
		g.tick()
	}
	g.tick(ebiten.KeyF5)
	saved, _ := g.hero()
	for range 120 { // run right over the first coins
		g.tick(ebiten.KeyArrowRight)
	}
	if g.progress().Score == 0 || len(find[Coin](g)) == 10 {
		t.Fatalf("no coin picked up running right: score %d", g.progress().Score)
	}
	coins := len(find[Coin](g))
	g.tick(ebiten.KeyF9)
	for range 3 {
		g.tick()
	}
	b, _ := g.hero()
	if pr := g.progress(); pr.Score != 0 || len(pr.Taken) != 0 {
		t.Fatalf("after loading: score %d, taken %v; want the saved 0 and none", pr.Score, pr.Taken)
	}
	if n := len(find[Coin](g)); n <= coins {
		t.Fatalf("after loading: %d coins, want the ones picked up after the save back (more than %d)", n, coins)
	}
	if d := b.Pos.Sub(saved.Pos).Len(); d > 2 {
		t.Fatalf("after loading the hero is at %v, %v px from where it was saved (%v)", b.Pos, d, saved.Pos)
	}
}

func TestHitsCostLivesUntilGameOver(t *testing.T) {
	g := newGame(t)
	g.start()
	lives := g.progress().Lives
	for tick := 0; tick < 60*30 && g.phase() == Playing; tick++ {
		g.tick(ebiten.KeyArrowRight) // into the enemy and the water, never jumping
		if l := g.progress().Lives; l < lives {
			b, _ := g.hero()
			if b.Pos.X > 100 {
				t.Fatalf("after a hit the hero is at %v, want the start (the last checkpoint)", b.Pos)
			}
			lives = l
		}
	}
	b, _ := g.hero()
	t.Logf("phase %v, hero at %v", g.phase(), b.Pos)
	if g.phase() != GameOver || g.progress().Lives != 0 {
		t.Fatalf("phase %v with %d lives, want GameOver with 0", g.phase(), g.progress().Lives)
	}
	g.tick(ebiten.KeySpace)
	g.tick()
	if g.phase() != Playing || g.progress().Lives != StartLives {
		t.Fatalf("Space after game over: %v with %d lives", g.phase(), g.progress().Lives)
	}
}

func TestPause(t *testing.T) {
	g := newGame(t)
	g.start()
	g.tick(ebiten.KeyP)
	g.tick()
	if g.phase() != Paused {
		t.Fatalf("after P: %v", g.phase())
	}
	before, _ := g.hero()
	for range 30 {
		g.tick(ebiten.KeyArrowRight)
	}
	if after, _ := g.hero(); after.Pos != before.Pos {
		t.Fatalf("the hero moved while paused: %v to %v", before.Pos, after.Pos)
	}
	g.tick(ebiten.KeyP)
	g.tick()
	if g.phase() != Playing {
		t.Fatalf("after P again: %v", g.phase())
	}
}

// TestLevelReloadsWhileThePlayerKeepsGoing plays from a copy of the level
// folder (as -dev does) and edits the map while the hero runs: the level
// respawns with the edit, the hero goes on from where it was.
func TestLevelReloadsWhileThePlayerKeepsGoing(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{level.Map, "tiles.png", "hills.png"} {
		data, err := fs.ReadFile(level.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	app, err := NewApp(Config{Headless: true, Saves: &save.Memory{}, Level: os.DirFS(dir), Watch: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	g := &game{t: t, app: app}
	g.start()
	for range 40 {
		g.tick(ebiten.KeyArrowRight)
	}
	coins, before := len(find[Coin](g)), must(g.hero())
	// Drop every coin from the map, as an edit in Tiled would.
	data, _ := os.ReadFile(filepath.Join(dir, level.Map))
	var kept []string
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.Contains(line, `type="Coin"`) {
			kept = append(kept, line)
		}
	}
	os.WriteFile(filepath.Join(dir, level.Map), []byte(strings.Join(kept, "\n")), 0o644)
	later := time.Now().Add(time.Second)
	os.Chtimes(filepath.Join(dir, level.Map), later, later)
	for range 40 {
		g.tick(ebiten.KeyArrowRight)
	}
	after := must(g.hero())
	if n := len(find[Coin](g)); coins == 0 || n != 0 {
		t.Fatalf("%d coins before the edit, %d after; want some, then none", coins, n)
	}
	if lv := glue.Resource[tiled.Level](app); lv.Loads != 2 {
		t.Fatalf("the map was loaded %d times, want 2", lv.Loads)
	}
	if after.Pos.X <= before.Pos.X || g.phase() != Playing {
		t.Fatalf("the hero went from %v to %v (%v): it should keep running right", before.Pos, after.Pos, g.phase())
	}
}

func must(b physics.Body, _ physics.Character) physics.Body { return b }

// TestGamepad starts the game with the pad's A button, runs with the left
// stick and jumps with A.
func TestGamepad(t *testing.T) {
	g := newGame(t)
	pad := func(a bool, stickX float64) {
		d := glue.Resource[input.Devices](g.app)
		d.Pads = []input.Pad{{}}
		d.Pads[0].Buttons[ebiten.StandardGamepadButtonRightBottom] = a
		d.Pads[0].Axes[ebiten.StandardGamepadAxisLeftStickHorizontal] = stickX
		if err := g.app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	pad(false, 0)
	pad(true, 0)
	pad(false, 0)
	if g.phase() != Playing {
		t.Fatalf("after A on the title: %v", g.phase())
	}
	start, _ := g.hero()
	for range 30 {
		pad(false, 1)
	}
	ran, _ := g.hero()
	pad(true, 0)
	jumped, _ := g.hero()
	if ran.Pos.X-start.Pos.X < 40 || jumped.Vel.Y >= 0 {
		t.Fatalf("the stick ran the hero %v px (want about 55) and A gave it a vertical speed of %v (want up)", ran.Pos.X-start.Pos.X, jumped.Vel.Y)
	}
}

// TestCoyoteTimeAndJumpBuffer: a jump pressed a few ticks after running
// off a ledge still jumps (coyote time), one pressed too late does not;
// a jump pressed a few ticks before landing jumps on landing (buffer).
func TestCoyoteTimeAndJumpBuffer(t *testing.T) {
	for _, c := range []struct {
		late  int // ticks after leaving the ledge
		jumps bool
	}{{3, true}, {12, false}} {
		g := newGame(t)
		g.start()
		var a autopilot
		for b, _ := g.hero(); b.Pos.X < 360; b, _ = g.hero() {
			g.tick(a.keys(g)...) // past the first enemy
			if g.phase() != Playing {
				t.Fatalf("%v before the water's edge", g.phase())
			}
		}
		left := 0
		for range 120 {
			b, ch := g.hero()
			if !ch.OnFloor && b.Vel.Y >= 0 && left == 0 && b.Pos.X > 400 {
				left = 1 // ran off the water's edge
			}
			keys := []ebiten.Key{ebiten.KeyArrowRight}
			if left > 0 {
				if left == c.late {
					keys = append(keys, ebiten.KeySpace)
				}
				left++
			}
			g.tick(keys...)
			if left > c.late {
				break
			}
		}
		b, _ := g.hero()
		if up := b.Vel.Y < 0; up != c.jumps {
			t.Errorf("jump pressed %d ticks after leaving the ledge: moving up %v, want %v", c.late, up, c.jumps)
		}
	}
	// The buffer: jump, and press again 5 ticks before landing.
	g := newGame(t)
	g.start()
	g.tick(ebiten.KeySpace)
	var path []physics.Body
	for range 60 {
		g.tick()
		b, _ := g.hero()
		path = append(path, b)
	}
	land := 0
	for i, b := range path {
		if i > 0 && b.Vel.Y == 0 {
			land = i
			break
		}
	}
	g = newGame(t)
	g.start()
	g.tick(ebiten.KeySpace)
	for i := range land + 2 {
		if i == land-5 {
			g.tick(ebiten.KeySpace)
		} else {
			g.tick()
		}
	}
	if b, _ := g.hero(); b.Vel.Y >= 0 {
		t.Errorf("a jump pressed 5 ticks before landing did not jump on landing: velocity %v", b.Vel)
	}
}
