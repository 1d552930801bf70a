//go:build !js

package diag

import "github.com/hajimehoshi/ebiten/v2"

// pagePressed and pageClicked report presses seen by a web page; outside
// the browser there is none (ok is false) and the edges of Ebitengine's
// input state tell.
func pagePressed(ebiten.Key) (pressed, ok bool) { return false, false }

func pageClicked() (clicked, ok bool) { return false, false }

// pageForget drops the presses a page saw; there is none.
func pageForget() {}
