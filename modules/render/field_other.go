//go:build !js

package render

// publishField does nothing outside the browser: there is no page to
// tell where the field is.
func publishField(x, y, w, h float64) {}

// monitorAlways says that the Game asks Ebitengine's monitor for the
// device scale only in a game started by Run (game.go, deviceScale):
// natively, asking before the game runs starts the window system.
const monitorAlways = false
