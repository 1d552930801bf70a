package ui_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// holdDown holds ArrowDown for ticks ticks, perFrame ticks to a frame
// (a slow frame runs several ticks to catch up, all seeing the same
// render.Screen.Frame), then lets go; it returns the focus moves in each
// frame.
func holdDown(h *harness, ticks, perFrame int) []int {
	h.t.Helper()
	scr := glue.Resource[render.Screen](h.app)
	var moves []int
	h.dev().Keys[ebiten.KeyArrowDown] = true
	for i := range ticks {
		if i%perFrame == 0 {
			scr.Frame++
			moves = append(moves, 0)
		}
		before := h.focused()
		h.tick()
		if h.focused() != before {
			moves[len(moves)-1]++
		}
	}
	h.dev().Keys[ebiten.KeyArrowDown] = false
	scr.Frame++
	h.tick()
	return moves
}

// TestKeyRepeatSlowFrames: a held key's repeat follows the held time, not
// the frames, and moves the focus at most once a frame: at 7.5 frames a
// second (8 ticks a frame) a 600 ms hold moves it as often as at 60, one
// row at a time (issue #40, item 3: catch-up ticks fired repeats in
// bursts, two rows in one frame).
func TestKeyRepeatSlowFrames(t *testing.T) {
	total := func(moves []int) (n int) {
		for _, m := range moves {
			n += m
		}
		return n
	}
	const ticks = 36 // 600 ms at 60 ticks a second
	want := total(holdDown(newHarness(t, settings()), ticks, 1))
	if want < 3 {
		t.Fatalf("a 600 ms hold at 60 fps moved the focus %d times, want a step and repeats", want)
	}
	for _, perFrame := range []int{4, 8, 15} {
		moves := holdDown(newHarness(t, settings()), ticks, perFrame)
		for f, m := range moves {
			if m > 1 {
				t.Errorf("%d ticks a frame: frame %d moved the focus %d rows, want at most 1 (moves per frame %v)", perFrame, f+1, m, moves)
			}
		}
		got := total(moves)
		frames := len(moves)
		if got != min(want, frames) {
			t.Errorf("%d ticks a frame: a 600 ms hold moved the focus %d times in %d frames, want %d as at 60 fps (moves per frame %v)", perFrame, got, frames, min(want, frames), moves)
		}
	}
}
