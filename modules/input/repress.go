package input

import "github.com/hajimehoshi/ebiten/v2"

// keyEdges is readDevices' memory of the keyboard between ticks, so that
// every press counts once at any frame rate (issue #40, item 3).
type keyEdges struct {
	down    [KeyCount]bool // Devices.Keys as written at the previous tick
	pending [KeyCount]bool // a press to show at the next tick
}

// sample writes this tick's keys into keys from pressed and justPressed
// (Ebitengine's ebiten.IsKeyPressed and inpututil.IsKeyJustPressed).
//
// At a low frame rate a key's release and its next press can reach the
// game in one frame, between two ticks: Ebitengine then reports the key
// down at both ticks, and [State] would see one press held throughout.
// A key that was down at the previous tick and is pressed again in this
// one is therefore written up for this tick and down for the next: the
// second press counts, one tick late. (A key pressed and released within
// one tick is down for that tick: Ebitengine reports a key down in the
// tick of its press.) It allocates nothing.
func (e *keyEdges) sample(keys *[KeyCount]bool, pressed, justPressed func(ebiten.Key) bool) {
	for k := range keys {
		key := ebiten.Key(k)
		down := pressed(key) || e.pending[k]
		e.pending[k] = false
		if down && e.down[k] && justPressed(key) {
			down, e.pending[k] = false, true // up now, down at the next tick
		}
		keys[k], e.down[k] = down, down
	}
}
