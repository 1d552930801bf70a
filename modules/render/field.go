package render

import "math"

// The field on the page (docs/web.md, "The Files panel"): the part of the
// window the world and the HUD use — the Viewport's Width × Height, not
// the letterbox around it nor the space a GrowDown screen adds below it —
// in the window's coordinates, which in the browser are CSS pixels of
// the game's canvas. The Game's Layout works it out, and in the browser
// publishes it on the canvas (<canvas data-glue-field="x y w h">) when it
// changes, so that the page can keep its own controls off the field.

// fieldLayout is what the field's place follows: the window's size given
// to Layout (outside), the screen image's size Layout returned (screen),
// and the field's size on that image (field), the last two in screen
// pixels.
type fieldLayout struct {
	outW, outH, screenW, screenH, fieldW, fieldH int
}

// rect returns the field's rectangle in the window: the screen image is
// scaled to fit the window, keeping its aspect, and centred (Ebitengine's
// letterbox), and the field is the image's top-left fieldW × fieldH.
func (l fieldLayout) rect() (x, y, w, h float64) {
	if l.outW <= 0 || l.outH <= 0 || l.screenW <= 0 || l.screenH <= 0 {
		return 0, 0, 0, 0
	}
	k := math.Min(float64(l.outW)/float64(l.screenW), float64(l.outH)/float64(l.screenH))
	x = (float64(l.outW) - float64(l.screenW)*k) / 2
	y = (float64(l.outH) - float64(l.screenH)*k) / 2
	return x, y, float64(l.fieldW) * k, float64(l.fieldH) * k
}

// fieldPublisher tells the page where the field is, once per change of
// its layout: nothing is done, allocated or called while it stays.
type fieldPublisher struct {
	last fieldLayout
	told bool
	// publish is called with the field's rectangle when it changes; nil
	// calls publishField (the page's canvas in the browser, nothing
	// elsewhere).
	publish func(x, y, w, h float64)
}

// layout records a layout: the window outW × outH, the screen image
// screenW × screenH, and vp's field on it (the whole screen if vp is nil
// or follows the window).
func (p *fieldPublisher) layout(outW, outH, screenW, screenH int, vp *Viewport) {
	l := fieldLayout{outW: outW, outH: outH, screenW: screenW, screenH: screenH, fieldW: screenW, fieldH: screenH}
	if vp != nil {
		if w, h := vp.ScreenSize(); w > 0 {
			l.fieldW, l.fieldH = min(w, screenW), min(h, screenH)
		}
	}
	if p.told && l == p.last {
		return
	}
	p.last, p.told = l, true
	x, y, w, h := l.rect()
	if p.publish != nil {
		p.publish(x, y, w, h)
		return
	}
	publishField(x, y, w, h)
}
