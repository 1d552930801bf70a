//go:build js

package render

import (
	"math"
	"strconv"
	"syscall/js"
)

// publishField sets <canvas data-glue-field="x y w h">, the field's
// rectangle in CSS pixels from the canvas's top-left corner, on the
// page's canvas (Ebitengine's, the page's only one), which the loader
// (web/static/loader.js) watches to keep its Files panel off the field.
// It is called only when the layout changed.
func publishField(x, y, w, h float64) {
	doc := js.Global().Get("document")
	if !doc.Truthy() {
		return
	}
	canvas := doc.Call("querySelector", "canvas")
	if !canvas.Truthy() {
		return
	}
	var b []byte
	for i, v := range [4]float64{x, y, w, h} {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendFloat(b, math.Round(v*100)/100, 'f', -1, 64)
	}
	canvas.Call("setAttribute", "data-glue-field", string(b))
}

// monitorAlways says that the Game may ask Ebitengine's monitor for the
// device scale whenever it lays out (game.go, deviceScale): in the
// browser the monitor is the page's devicePixelRatio.
const monitorAlways = true
