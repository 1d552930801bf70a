package diag_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/hajimehoshi/ebiten/v2"
)

// state is the test game's state the rewind restores: the counter and
// the mover's position.
type state struct {
	n, held, x int
}

func stateOf(w *window) state {
	c := glue.Resource[Counter](w.app)
	s := state{n: c.N, held: c.Held, x: -1}
	for _, e := range w.app.Entities(nil) {
		if m, ok := w.app.Component(e, glue.TypeOf[Mover]()); ok {
			s.x = m.(Mover).X
		}
	}
	return s
}

// TestWindowRewind plays the test game with Space held for a while, with
// the overlay shown, pauses it with F6, steps back and forth with
// Shift+F7 and F7, scrubs the timeline with a click, and resumes: the
// world shown is the one of the tick rewound to — re-simulated with the
// recorded Space presses, not the live keys — the inspector follows the
// selected entity, the memory is shown, and resuming plays on from there.
func TestWindowRewind(t *testing.T) {
	requireWindow(t)
	reset()
	press(t, "F3")
	until(t, "the overlay", func(w *window) bool { return overlay(w).Shown() })
	frames(30)
	id := windowID(t)
	xdo(t, "keydown", "--window", id, "space")
	frames(30)
	xdo(t, "keyup", "--window", id, "space")
	// Frames are not ticks (a fast window draws more frames than it runs
	// ticks): wait for the history to hold enough ticks.
	until(t, "45 ticks of history", func(w *window) bool {
		first, last, _, _ := overlay(w).History()
		return first != 0 && last-first >= 45
	})
	press(t, "F6")
	until(t, "F6 to pause", func(w *window) bool { return w.app.Paused() })
	frames(2)
	var at0 state
	var first, last uint64
	onFrame(func(w *window) {
		at0 = stateOf(w)
		var bytes int
		first, last, _, bytes = overlay(w).History()
		if bytes <= 0 {
			t.Errorf("the history takes %d bytes", bytes)
		}
		// Select the mover: the inspector follows it through restores,
		// which give it new ids.
		for _, e := range w.app.Entities(nil) {
			if _, ok := w.app.Component(e, glue.TypeOf[Mover]()); ok {
				overlay(w).Select(e)
			}
		}
		overlay(w).Inspect(true)
	})
	if at0.held == 0 {
		t.Fatalf("Space was never seen down: %+v", at0)
	}
	if last-first < 40 {
		t.Fatalf("the history holds ticks %d to %d only", first, last)
	}
	t.Logf("paused at %+v, history %d-%d", at0, first, last)

	// Shift+F7: one tick back.
	xdo(t, "keydown", "shift")
	press(t, "F7")
	xdo(t, "keyup", "shift")
	until(t, "Shift+F7 to show the tick before", func(w *window) bool {
		_, _, at, _ := overlay(w).History()
		return at == last-1 && stateOf(w).n == at0.n-1
	})
	onFrame(func(w *window) {
		s := stateOf(w)
		if s.x != at0.x-1 && s.x != at0.x-10 {
			t.Errorf("one tick back the mover is at %d, it was at %d", s.x, at0.x)
		}
		if _, ok := overlay(w).Selected(); !ok {
			t.Error("the selected mover is lost after the rewind")
		}
		overlay(w).Refresh()
	})
	frames(2)
	onFrame(func(w *window) {
		text := strings.Join(overlay(w).InspectorText(), "\n")
		if want := fmt.Sprintf("diag_test.Mover {X:%d}", stateOf(w).x); !strings.Contains(text, want) {
			t.Errorf("the inspector does not show the mover at the tick rewound to, %q:\n%s", want, text)
		}
		lines := strings.Join(overlay(w).OverlayText(), "\n")
		if !strings.Contains(lines, "rewind ") {
			t.Errorf("the overlay does not show the rewind:\n%s", lines)
		}
	})

	// A click in the middle of the timeline: a tick re-simulated from a
	// snapshot.
	var bx, by, bw, bh float64
	onFrame(func(w *window) { bx, by, bw, bh = overlay(w).Timeline() })
	if bw <= 0 || by+bh > winH {
		t.Fatalf("the timeline is at %g,%g %gx%g, not on the %dx%d screen", bx, by, bw, bh, winW, winH)
	}
	click(t, bx+bw/2, by+bh/2)
	cx := float64(int((bx+bw/2)*winScale)) / winScale // where the pointer lands
	mid := first + uint64((cx-bx)/bw*float64(last-first+1))
	var at uint64
	until(t, "the click on the timeline to rewind to its middle", func(w *window) bool {
		_, _, at, _ = overlay(w).History()
		return at+1 >= mid && at <= mid+1 && stateOf(w).n == at0.n-int(last-at)
	})
	t.Logf("the click rewound to tick %d (the middle: %d)", at, mid)
	// Back to the last tick: re-simulated from the recorded input, the
	// world is the one paused on, Space presses and all.
	onFrame(func(w *window) { overlay(w).Rewind(last) })
	until(t, "the rewind to the last tick", func(w *window) bool {
		_, _, at, _ := overlay(w).History()
		return at == last
	})
	onFrame(func(w *window) {
		if s := stateOf(w); s != at0 {
			t.Errorf("re-simulated to the last tick: %+v, want %+v (as played)", s, at0)
		}
	})

	// Rewind a second and resume: a new branch from there.
	onFrame(func(w *window) { overlay(w).Rewind(last - 30) })
	until(t, "the rewind a second back", func(w *window) bool {
		_, _, at, _ := overlay(w).History()
		return at == last-30
	})
	press(t, "F6")
	until(t, "F6 to resume from the past", func(w *window) bool {
		_, l, at, _ := overlay(w).History()
		return !w.app.Paused() && at == l && l > last-30 && stateOf(w).n > at0.n-30
	})
	onFrame(func(w *window) {
		if ebiten.IsKeyPressed(ebiten.KeySpace) {
			t.Error("Space still down")
		}
	})
	reset()
}
