package render

import (
	"image/color"
	"slices"

	"github.com/gluekit/glue"

	"github.com/hajimehoshi/ebiten/v2"
)

// Focus is whether the player is with the game — its window has the
// focus and, in a browser, its page is visible — a resource the
// [Plugin] inserts. Once the window has had the focus and lost it, the
// game runs no tick until it is back, unless the [Window] resource says
// RunUnfocused: a single-player game stops when the player switches
// windows or tabs (issue #40), and a networked one keeps its session
// ticking. A game whose Window says PauseMenu runs one more tick after
// the loss, with JustLost set, in which it opens its own pause menu
// ([PauseOnFocusLoss]); the next frame shows that menu, and no
// [PauseNotice]. Otherwise the next frame shows the world with
// PauseNotice over it (in the browser and with a Source).
//
// With the real window (Source nil) on the desktop, Ebitengine pauses
// the game itself (ebiten.SetRunnableOnUnfocused(false)): [Game] turns
// it on once it has seen the window focused, so reading the focus costs
// nothing per tick after that (ebiten.IsFocused allocates there: it runs
// on the main thread); Ebitengine then calls neither Update nor Draw
// while the focus is lost, and the last frame stays, with no notice.
// A game whose Window says PauseMenu needs its tick after the loss, so
// on the desktop its focus is read every 15th tick (a quarter of a
// second; one small allocation each time) and the loss is handled as in
// the browser.
// In the browser, where a player meets it most, [Game] reads the focus
// every tick (the page's document.hasFocus and hidden, as Ebitengine
// does every frame when it pauses itself); once a frame has been drawn
// with the focus lost, Ebitengine pauses the page (or the desktop
// window) itself until the focus is back (a hidden page counts as
// unfocused).
// A window that never had the focus is not paused: under a virtual
// display (Xvfb) a window may never get it, and a game must run there;
// its focus is read every tick for a second, then once a second.
//
// A game taking a [Screenshot] after a number of ticks (-screenshot, a
// test's TestMain) is not paused until the capture is taken: no player
// is there, and another window opening in the same X server can take
// the focus.
//
// With a Source (tests), [Game.Update] reads it before every tick and
// runs no tick while the focus is lost (but JustLost's); the world stays
// drawn, with PauseNotice over it or the game's own menu.
type Focus struct {
	// Source reads the focus. The default (nil) is the real window's,
	// as above; tests set their own, since they cannot rely on a real
	// window's.
	Source func() bool
	// Focused is the focus as last read.
	Focused bool
	// Lost reports that the window had the focus and has lost it: the
	// game is paused, unless it runs unfocused (seen with a Source and
	// in the browser; on the desktop Ebitengine pauses before it is read,
	// but for a game whose Window says PauseMenu).
	Lost bool
	// JustLost is set in the one tick run after the focus was found lost
	// in a game whose [Window] says PauseMenu: the game opens its pause
	// menu in it ([PauseOnFocusLoss]). It is false in every other tick.
	JustLost bool
	had      bool
	run      bool // the window runs unfocused
	menu     bool // the game opens its own pause menu (Window.PauseMenu)
	native   bool // the desktop: Ebitengine pauses the game itself
	held     bool // the notice or menu shown, Ebitengine pauses the window
	reads    int  // the real focus read so far, before it was seen
	tick     int
}

// MachineLocal marks Focus as this machine's (glue.MachineLocal).
func (Focus) MachineLocal() {}

// PauseNotice is the line drawn over the world while the game is paused
// for want of focus (but for a game that shows its own pause menu,
// [Window].PauseMenu).
const PauseNotice = "Paused — click or press a key to resume"

// focusEvery is how often, in ticks, the desktop window's focus is read
// while it has it, for a game whose Window says PauseMenu: every read
// allocates there.
const focusEvery = 15

// Paused reports whether the game is paused for want of focus: it was
// lost and the window does not run unfocused.
func (f *Focus) Paused() bool { return f.Lost && !f.run }

// pauses reports whether a game whose window is win (nil: none) is
// paused for want of focus this tick.
func (f *Focus) pauses(win *Window) bool {
	f.run = win != nil && win.RunUnfocused
	f.menu = win != nil && win.PauseMenu && !f.run
	f.JustLost = false
	if f.Source != nil {
		f.Focused = f.Source()
		f.had = f.had || f.Focused
		return f.lose(f.had && !f.Focused)
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
	case f.had: // the browser: read every tick; the desktop: every 15th
		if !focusReadEachTick && f.tick%focusEvery != 0 {
			return false
		}
	case f.reads >= 60 && f.tick%60 != 0:
		return false // not seen focused in a second: Xvfb, a page opened behind
	}
	f.reads++
	f.Focused = ebiten.IsFocused() // allocates on the desktop (the main thread)
	f.had = f.had || f.Focused
	if f.Focused && !focusReadEachTick && !f.menu {
		f.native = true
		ebiten.SetRunnableOnUnfocused(false)
		return false
	}
	paused := f.lose(f.had && !f.Focused)
	if !f.Lost && f.held {
		f.held = false
		ebiten.SetRunnableOnUnfocused(true)
	}
	return paused
}

// lose records whether the focus is lost and reports whether the game
// runs no tick: none while it is lost, but the one right after the loss
// of a game that opens its own pause menu (JustLost).
func (f *Focus) lose(lost bool) bool {
	f.JustLost = lost && !f.Lost && f.menu
	f.Lost = lost
	return lost && !f.run && !f.JustLost
}

// PauseOnFocusLoss returns the system, for the core stage glue.First,
// that pushes the state paused over the game's state S when the focus
// is lost ([Focus].JustLost) while that state is one of from: before the
// tick's own StateTransition, so that the game's OnEnter(paused) systems
// open its pause menu in that tick and the frame after it shows the menu
// — while the player is away, and when they come back. The game's
// [Window] says PauseMenu (a networked game's says RunUnfocused, and is
// never paused). A change of state already asked for (in the tick
// before) goes first: nothing is pushed then. In glue.First, whose
// systems are the same in every build of a game, it keeps a replay's
// fingerprint of the systems the same headless and in a window (in
// glue.PreUpdate it was listed beside the device reading, which a
// headless run leaves out, and a browser recording did not replay in
// the window). Breakout:
//
//	app.AddSystems(glue.First, render.PauseOnFocusLoss(Paused, Serving, Playing))
func PauseOnFocusLoss[S comparable](paused S, from ...S) *glue.System {
	return glue.Func(func(p struct {
		Focus glue.Res[Focus]
		State glue.Res[glue.State[S]]
		Next  glue.ResMut[glue.NextState[S]]
	}) {
		if !p.Focus.Get().JustLost || !slices.Contains(from, p.State.Get().Get()) {
			return
		}
		if _, pending := p.Next.Get().Pending(); !pending && !p.Next.Get().Popping() {
			p.Next.Get().Push(paused)
		}
	}).Named("render.pauseOnFocusLoss")
}

// drawn is called after a frame is drawn: once a frame has shown the
// pause notice (or the game's own pause menu), Ebitengine is left to
// pause the real window itself until the focus is back.
func (f *Focus) drawn() {
	if f.Lost && !f.run && f.Source == nil && !f.native && !f.held {
		f.held = true
		ebiten.SetRunnableOnUnfocused(false)
	}
}

// pauseNotice adds [PauseNotice] to d, centred on cam's view, while f
// says the game is paused for want of focus; the flush system calls it.
func pauseNotice(f *Focus, cam *Camera, d *DrawList) {
	if !f.Paused() || f.menu {
		return // the game shows its own pause menu
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
