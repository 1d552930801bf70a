package render_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

// TestFullscreenLeftOutside (issue #40 item 4): full screen left behind
// the game's back (the browser's Escape) sets Fullscreen.On back to
// false, so the next toggle enters full screen again; before the browser
// grants it (asynchronously), its being off is not taken for a leave.
func TestFullscreenLeftOutside(t *testing.T) {
	g, _, _ := focusGame(t, nil)
	f := glue.Resource[render.Fullscreen](g.App())
	granted := false
	reads := 0
	f.Source = func() bool { reads++; return granted }
	update := func(what string, want bool) {
		t.Helper()
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if f.On != want {
			t.Errorf("%s: Fullscreen.On %v, want %v", what, f.On, want)
		}
	}
	update("in a window", false)
	if reads != 0 {
		t.Errorf("in a window: the full screen read %d times, want none", reads)
	}
	f.On = true // F11
	update("asked", true)
	update("not granted yet", true)
	granted = true
	update("granted", true)
	update("in full screen", true)
	granted = false // the browser's Escape
	update("left with Escape", false)
	f.On = true // the next F11 enters it again
	update("asked again", true)
	granted = true
	update("granted again", true)
	f.On = false // left by the game
	update("left by the game", false)
	reads = 0
	update("in a window again", false)
	if reads != 0 {
		t.Errorf("in a window again: the full screen read %d times, want none", reads)
	}
	if a := testing.AllocsPerRun(100, func() { _ = g.Update() }); a != 0 {
		t.Errorf("a tick in a window allocates %v times, want 0", a)
	}
	f.On, granted = true, true
	_ = g.Update()
	if a := testing.AllocsPerRun(100, func() { _ = g.Update() }); a != 0 {
		t.Errorf("a tick in full screen (read back from the Source) allocates %v times, want 0", a)
	}
}
