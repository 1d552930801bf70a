package render

import "github.com/hajimehoshi/ebiten/v2"

// Focus is whether the player is with the game — its window has the
// focus and, in a browser, its page is visible — a resource the
// [Plugin] inserts. Once the window has had the focus and lost it, the
// game runs no tick until it is back, unless the [Window] resource says
// RunUnfocused: a single-player game stops when the player switches
// windows or tabs (issue #40), and a networked one keeps its session
// ticking.
//
// With the real window (Source nil), Ebitengine pauses the game itself
// (ebiten.SetRunnableOnUnfocused(false), on the desktop and in the
// browser, where a hidden page counts as unfocused): [Game] turns it on
// once it has seen the window focused, so reading the focus costs
// nothing per tick after that. A window that never had the focus is not
// paused: under a virtual display (Xvfb) a window may never get it, and
// a game must run there; its focus is read every tick for a second, then
// once a second.
//
// With a Source (tests), [Game.Update] reads it before every tick and
// runs no tick while the focus is lost; the world stays drawn.
type Focus struct {
	// Source reads the focus. The default (nil) is the real window's,
	// as above; tests set their own, since they cannot rely on a real
	// window's.
	Source func() bool
	// Focused is the focus as last read.
	Focused bool
	// Lost reports that the window had the focus and has lost it: the
	// game is paused, unless it runs unfocused (read from a Source).
	Lost   bool
	had    bool
	native bool // Ebitengine pauses the game itself
	reads  int  // the real focus read so far, before it was seen
	tick   int
}

// MachineLocal marks Focus as this machine's (glue.MachineLocal).
func (Focus) MachineLocal() {}

// pauses reports whether a game whose window is win (nil: none) is
// paused for want of focus this tick.
func (f *Focus) pauses(win *Window) bool {
	run := win != nil && win.RunUnfocused
	if f.Source != nil {
		f.Focused = f.Source()
		f.had = f.had || f.Focused
		f.Lost = f.had && !f.Focused
		return f.Lost && !run
	}
	if run || f.native {
		return false
	}
	f.tick++
	if f.reads >= 60 && f.tick%60 != 0 {
		return false // not seen focused in a second: Xvfb, a page opened behind
	}
	f.reads++
	if ebiten.IsFocused() { // allocates (the main thread): read until seen
		f.Focused, f.had, f.native = true, true, true
		ebiten.SetRunnableOnUnfocused(false)
	}
	return false
}
