//go:build !js

package render

// focusReadEachTick: on the desktop ebiten.IsFocused allocates (it runs
// on the main thread), so the focus is left to Ebitengine once seen
// (focus.go).
const focusReadEachTick = false
