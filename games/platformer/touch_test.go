package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
)

// TestTouchControls: on a phone the hero runs with the on-screen stick
// and jumps with the on-screen button, both at once; a touch elsewhere
// does not jump (it used to: a touch anywhere jumped and nothing ran).
// The controls show from the first touch and fit a finger on a phone in
// portrait (390 CSS px across for 320 logical); II pauses, and the
// controls are off in the pause menu.
func TestTouchControls(t *testing.T) {
	g := newGame(t)
	g.start()
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
	s := tc.Stick
	right := input.Point{X: s.X + s.Radius, Y: s.Y}
	jump := input.Point{X: tc.Buttons[0].X, Y: tc.Buttons[0].Y}

	touch(20) // land
	touch(10, input.Point{X: 160, Y: 60})
	if b, _ := g.hero(); b.Vel.Y < 0 {
		t.Errorf("a touch in the middle of the screen made the hero jump (vertical speed %v)", b.Vel.Y)
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
	if err := tc.Check(390.0 / 320); err != nil {
		t.Errorf("on a phone in portrait: %v", err)
	}

	// The II button pauses; in the pause menu the controls are off, so
	// touching where II was does not resume.
	pause := input.Point{X: tc.Buttons[1].X, Y: tc.Buttons[1].Y}
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
