package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Focus is whether the player is with the game — its window has the
// focus and, in a browser, its page is visible — a resource the
// [Plugin] inserts. Once the window has had the focus and lost it, the
// game runs no tick until it is back, unless the [Window] resource says
// RunUnfocused: a single-player game stops when the player switches
// windows or tabs (issue #40), and a networked one keeps its session
// ticking.
//
// With the real window (Source nil) on the desktop, Ebitengine pauses
// the game itself (ebiten.SetRunnableOnUnfocused(false)): [Game] turns
// it on once it has seen the window focused, so reading the focus costs
// nothing per tick after that (ebiten.IsFocused allocates there: it runs
// on the main thread); Ebitengine then calls neither Update nor Draw
// while the focus is lost, and the last frame stays, with no notice.
// In the browser, where a player meets it most, [Game] reads the focus
// every tick (the page's document.hasFocus and hidden, as Ebitengine
// does every frame when it pauses itself); when it is lost the game
// runs no tick and the next frame shows the world with [PauseNotice]
// over it (issue #40); after that frame Ebitengine pauses the page
// itself until the focus is back (a hidden page counts as unfocused).
// A window that never had the focus is not paused: under a virtual
// display (Xvfb) a window may never get it, and a game must run there;
// its focus is read every tick for a second, then once a second.
//
// With a Source (tests), [Game.Update] reads it before every tick and
// runs no tick while the focus is lost; the world stays drawn, with
// [PauseNotice] over it.
type Focus struct {
	// Source reads the focus. The default (nil) is the real window's,
	// as above; tests set their own, since they cannot rely on a real
	// window's.
	Source func() bool
	// Focused is the focus as last read.
	Focused bool
	// Lost reports that the window had the focus and has lost it: the
	// game is paused, unless it runs unfocused (seen with a Source and
	// in the browser; on the desktop Ebitengine pauses before it is read).
	Lost   bool
	had    bool
	run    bool // the window runs unfocused
	native bool // the desktop: Ebitengine pauses the game itself
	held   bool // the browser: the notice shown, Ebitengine pauses the page
	reads  int  // the real focus read so far, before it was seen
	tick   int
}

// MachineLocal marks Focus as this machine's (glue.MachineLocal).
func (Focus) MachineLocal() {}

// PauseNotice is the line drawn over the world while the game is paused
// for want of focus.
const PauseNotice = "Paused — click or press a key to resume"

// Paused reports whether the game is paused for want of focus: it was
// lost and the window does not run unfocused.
func (f *Focus) Paused() bool { return f.Lost && !f.run }

// pauses reports whether a game whose window is win (nil: none) is
// paused for want of focus this tick.
func (f *Focus) pauses(win *Window) bool {
	f.run = win != nil && win.RunUnfocused
	if f.Source != nil {
		f.Focused = f.Source()
		f.had = f.had || f.Focused
		f.Lost = f.had && !f.Focused
		return f.Lost && !f.run
	}
	if f.run {
		f.Lost = false
		return false
	}
	if f.native {
		return false // the desktop: Ebitengine pauses the game itself
	}
	f.tick++
	switch {
	case f.Lost: // Ebitengine calls Update again once it is back
	case f.had: // the browser: read every tick
	case f.reads >= 60 && f.tick%60 != 0:
		return false // not seen focused in a second: Xvfb, a page opened behind
	}
	f.reads++
	f.Focused = ebiten.IsFocused() // allocates on the desktop (the main thread)
	f.had = f.had || f.Focused
	if f.Focused && !focusReadEachTick {
		f.native = true
		ebiten.SetRunnableOnUnfocused(false)
		return false
	}
	f.Lost = f.had && !f.Focused
	if !f.Lost && f.held {
		f.held = false
		ebiten.SetRunnableOnUnfocused(true)
	}
	return f.Lost
}

// drawn is called after a frame is drawn: once a frame has shown the
// pause notice, Ebitengine is left to pause the real window itself
// until the focus is back.
func (f *Focus) drawn() {
	if f.Lost && !f.run && f.Source == nil && !f.native && !f.held {
		f.held = true
		ebiten.SetRunnableOnUnfocused(false)
	}
}

// pauseNotice adds [PauseNotice] to d, centred on cam's view, while f
// says the game is paused for want of focus; the flush system calls it.
func pauseNotice(f *Focus, cam *Camera, d *DrawList) {
	if !f.Paused() {
		return
	}
	w, h := cam.ViewSize()
	layer := d.Layer()
	d.SetLayer(LayerOverlay - 1) // over the game's UI, under diagnostics
	d.AddText(PauseNotice, w/2, h/2, pauseStyle, 0)
	d.SetLayer(layer)
}

// pauseStyle is [PauseNotice]'s style: white on a dark box.
var pauseStyle = TextStyle{
	Color: color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}, Align: AlignCenter, VAlign: AlignCenter,
	Backdrop: color.RGBA{A: 0xc0}, Pad: 6,
}
