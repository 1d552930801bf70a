package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
)

// TestTouchControls: on a phone the hero runs with the on-screen stick
// and jumps with the on-screen button, both at once; a touch elsewhere
// does not jump (it used to: a touch anywhere jumped and nothing ran).
// The controls show from the first touch and fit a finger; II pauses,
// and the controls are off in the pause menu. Held sideways (the window
// as the field's aspect) the controls are over the field, where they
// always were; held upright (390×844 CSS px) they are below it, at the
// screen's bottom corners, and a touch where the jump button is over the
// field no longer jumps (before render.Window.GrowDown they were on the
// 390×219 strip, over the game).
func TestTouchControls(t *testing.T) {
	for _, c := range []struct {
		name       string
		outW, outH int
		below      bool
	}{{"sideways", 844, 390, false}, {"upright", 390, 844, true}} {
		t.Run(c.name, func(t *testing.T) { touchControls(t, c.outW, c.outH, c.below) })
	}
}

func touchControls(t *testing.T, outW, outH int, below bool) {
	g := newGame(t)
	g.start()
	vp := glue.Resource[render.Viewport](g.app)
	if !vp.GrowDown {
		t.Fatal("the platformer's render.Viewport does not grow down (render.Window.GrowDown)")
	}
	vp.LayoutDevice(outW, outH, 3) // what the Game's Layout does in a phone's page of that size
	d := glue.Resource[input.Devices](g.app)
	tc := glue.Resource[input.TouchControls](g.app)
	if tc == nil {
		t.Fatal("the platformer has no input.TouchControls")
	}
	if tc.Shown {
		t.Fatal("touch controls shown before any touch")
	}
	touch := func(n int, at ...input.Point) {
		for range n {
			d.Touches = append(d.Touches[:0], at...)
			if err := g.app.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	touch(20) // land
	if tc.BelowField != below {
		t.Fatalf("in a %d×%d window the controls are below the field: %v, want %v (Viewport.Below %.1f)", outW, outH, tc.BelowField, below, vp.Below)
	}
	s := tc.StickAt()
	right := input.Point{X: s.X + tc.Stick.Radius, Y: s.Y}
	jump := tc.ButtonAt(0)
	for i, b := range tc.Buttons {
		at := tc.ButtonAt(i)
		if top := at.Y - b.Radius; below && top < 180 {
			t.Errorf("button %s reaches y %.1f, into the 180 pixel tall field", b.Label, top)
		}
	}
	if top := s.Y - tc.Stick.Radius; below && top < 180 {
		t.Errorf("the stick reaches y %.1f, into the field", top)
	}

	touch(10, input.Point{X: 160, Y: 60})
	if b, _ := g.hero(); b.Vel.Y < 0 {
		t.Errorf("a touch in the middle of the screen made the hero jump (vertical speed %v)", b.Vel.Y)
	}
	if below {
		touch(10, input.Point{X: 284, Y: 140}) // where the jump button is, sideways
		if b, _ := g.hero(); b.Vel.Y < 0 {
			t.Errorf("a touch on the field where the jump button is sideways made the hero jump upright (vertical speed %v)", b.Vel.Y)
		}
	}
	if !tc.Shown {
		t.Error("touch controls hidden after a touch")
	}
	touch(5)
	start, _ := g.hero()
	touch(30, right)
	ran, _ := g.hero()
	if dx := ran.Pos.X - start.Pos.X; dx < 40 {
		t.Fatalf("30 ticks of the stick pushed right ran the hero %v px, want about 55", dx)
	}
	touch(1, right, jump)
	jumped, _ := g.hero()
	if jumped.Vel.Y >= 0 || jumped.Vel.X <= 0 {
		t.Fatalf("stick right and jump at once: speed %v, want up and right", jumped.Vel)
	}
	// At least 44 CSS px across: the screen fills the window's width
	// upright, its height sideways.
	if err := tc.Check(min(float64(outW)/320, float64(outH)/(180+vp.Below))); err != nil {
		t.Errorf("in a %d×%d window: %v", outW, outH, err)
	}

	// The II button pauses; in the pause menu the controls are off, so
	// touching where II was does not resume.
	pause := tc.ButtonAt(1)
	touch(3)
	touch(1, pause)
	touch(2)
	if g.phase() != Paused || !tc.Off {
		t.Fatalf("after a touch on II: %v, controls off %v; want Paused, true", g.phase(), tc.Off)
	}
	touch(1, pause)
	touch(2)
	if g.phase() != Paused {
		t.Fatalf("a touch where II was, in the pause menu: %v, want still Paused", g.phase())
	}
}
