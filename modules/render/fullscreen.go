package render

import "github.com/hajimehoshi/ebiten/v2"

// Fullscreen asks for the window in full screen, a resource the [Plugin]
// inserts: a system sets On (a key, a menu's toggle: ui.FullscreenKey)
// and [Game.Update] applies it with ebiten.SetFullscreen — the window
// natively, the page's Fullscreen API in a browser (which grants it only
// in answer to a key press or a click). The default (false) is a window.
//
// Full screen left behind the game's back — the browser's Escape, the
// window manager — sets On back to false: while full screen is on and
// has been seen granted, [Game.Update] reads it back (every
// [FullscreenReadEvery] ticks from the real window, every tick from a
// Source), so the next toggle enters full screen again (issue #40).
// Nothing is read while in a window.
type Fullscreen struct {
	On bool
	// Source reads whether the window is in full screen. The default
	// (nil) is ebiten.IsFullscreen; tests set their own.
	Source func() bool
}

// MachineLocal marks Fullscreen as this machine's (glue.MachineLocal).
func (Fullscreen) MachineLocal() {}

// FullscreenReadEvery is how often, in ticks, [Game.Update] reads the real
// window's full screen back while it is on: ebiten.IsFullscreen
// allocates (on the desktop it runs on the main thread; in the browser
// the full-screen element is a JavaScript object), so it is read six
// times a second at 60 ticks a second, not every tick. In a window
// nothing is read and nothing allocated.
const FullscreenReadEvery = 10

// fullscreenState is what the [Game] applied of [Fullscreen].
type fullscreenState struct {
	applied bool // the full screen asked of Ebitengine last
	seen    bool // it was read back on since it was applied
	tick    int  // ticks since applied, for the reads' cadence
}

// applyFullscreen sets Ebitengine's full screen to f.On when it differs
// from what was applied last, and while it is on reads it back: once it
// has been seen on (a browser grants it asynchronously) and is then
// read off, full screen was left without the game, and f.On goes back
// to false.
func applyFullscreen(f *Fullscreen, s *fullscreenState) {
	if f == nil {
		return
	}
	if f.On != s.applied {
		*s = fullscreenState{applied: f.On}
		ebiten.SetFullscreen(f.On)
		return
	}
	if !s.applied {
		return
	}
	s.tick++
	var on bool
	switch {
	case f.Source != nil:
		on = f.Source()
	case s.tick%FullscreenReadEvery != 0:
		return
	default:
		on = ebiten.IsFullscreen()
	}
	switch {
	case on:
		s.seen = true
	case s.seen: // left behind the game's back
		f.On, *s = false, fullscreenState{}
	}
}
