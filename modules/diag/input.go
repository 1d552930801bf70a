package diag

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// The overlay reads the keyboard and the mouse in a draw stage, which
// runs once per frame also while the app is paused. Frames and
// Ebitengine's ticks do not match one to one (a fast display draws
// several frames per tick, a slow one runs several ticks per frame), so
// it looks at Ebitengine's tick counter: a key counts as pressed if it
// went down in one of the ticks since the last look, and nothing is read
// twice in one tick.

// maxLook bounds the ticks one look covers.
const maxLook = 30

// watch remembers Ebitengine's tick at the last look.
type watch struct {
	last int64
	// since is the number of ticks the current look covers; 0 if the
	// tick was looked at already.
	since int
}

// look starts a look at the input; it reports false if this tick was
// looked at before.
func (w *watch) look() bool {
	t := ebiten.Tick()
	w.since = int(min(max(t-w.last, 0), maxLook))
	if w.last == 0 {
		w.since = min(w.since, 1)
	}
	w.last = t
	return w.since > 0
}

// pressed reports whether k went down in the ticks of the current look.
func (w *watch) pressed(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d > 0 && d <= w.since
}

// clicked reports whether the left mouse button went down in the ticks
// of the current look.
func (w *watch) clicked() bool {
	d := inpututil.MouseButtonPressDuration(ebiten.MouseButtonLeft)
	return d > 0 && d <= w.since
}

// shift reports whether a Shift key is held.
func shift() bool { return ebiten.IsKeyPressed(ebiten.KeyShift) }
