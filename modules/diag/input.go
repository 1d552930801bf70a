package diag

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// The overlay reads the keyboard and the mouse in a draw stage, which
// runs once per frame also while the app is paused. Frames and
// Ebitengine's ticks do not match one to one (a fast display draws
// several frames per tick, a slow one runs several ticks per frame), so
// a press is recognised by its edge: a key counts as pressed when it is
// down now and was not at the last look, or has been down for fewer
// ticks than then (released and pressed again between two looks).

// Inputs the overlay watches, indexes of watch.prev.
const (
	inOverlay = iota
	inInspector
	inPause
	inStep
	inFilter
	inClick
	inputs
)

// watch remembers how long each input had been down at the last look.
type watch struct {
	prev [inputs]int
}

// edge records that input i has been down for d ticks (0: up) and
// reports whether it went down since the last look.
func (w *watch) edge(i, d int) bool {
	p := w.prev[i]
	w.prev[i] = d
	return d > 0 && (p == 0 || d < p)
}

// pressed reports whether key k, watched as input i, went down since the
// last look. In the browser the page's own key events say so (see
// input_js.go): they are never missed, however slow the frames.
func (w *watch) pressed(i int, k ebiten.Key) bool {
	if p, ok := pagePressed(k); ok {
		return p
	}
	return w.edge(i, inpututil.KeyPressDuration(k))
}

// clicked reports whether the left mouse button went down since the last
// look.
func (w *watch) clicked() bool {
	if p, ok := pageClicked(); ok {
		return p
	}
	return w.edge(inClick, inpututil.MouseButtonPressDuration(ebiten.MouseButtonLeft))
}

// forget drops what happened to the inputs other than the two that show
// the panels: they are not read while nothing is shown.
func (w *watch) forget() {
	for i := inPause; i < inputs; i++ {
		w.prev[i] = 0
	}
	pageForget()
}

// shift reports whether a Shift key is held.
func shift() bool { return ebiten.IsKeyPressed(ebiten.KeyShift) }
