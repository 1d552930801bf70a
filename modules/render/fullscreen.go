package render

import "github.com/hajimehoshi/ebiten/v2"

// Fullscreen asks for the window in full screen, a resource the [Plugin]
// inserts: a system sets On (a key, a menu's toggle: ui.FullscreenKey)
// and [Game.Update] applies it with ebiten.SetFullscreen — the window
// natively, the page's Fullscreen API in a browser (which grants it only
// in answer to a key press or a click). The default (false) is a window.
type Fullscreen struct {
	On bool
}

// MachineLocal marks Fullscreen as this machine's (glue.MachineLocal).
func (Fullscreen) MachineLocal() {}

// applyFullscreen sets Ebitengine's full screen to f.On when it differs
// from what was applied last (*applied).
func applyFullscreen(f *Fullscreen, applied *bool) {
	if f == nil || f.On == *applied {
		return
	}
	*applied = f.On
	ebiten.SetFullscreen(f.On)
}
