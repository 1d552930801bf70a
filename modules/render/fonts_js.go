//go:build js

package render

import (
	"image"
	"log"
	"strconv"
	"sync"
	"syscall/js"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// In the browser the Go fonts' text is laid out by their metrics tables
// (fontmetrics.go) — the same advances and line metrics as
// golang.org/x/image gives natively, so a text measures and wraps alike
// in both — and its glyphs are drawn by the page's own text renderer, one
// by one where render places them, into a 2D canvas whose pixels are read
// back. The download carries no font parser or rasterizer (about 47 kB
// of the platformer's, brotli -q 11); glyph shapes differ from the
// native ones by the renderer's anti-aliasing. A font of the game's own
// (NewFont) is rasterized by golang.org/x/image, as natively.

// openGoFont returns a Go font's face at size pixels, laid out by its
// metrics table and drawn by the page.
func openGoFont(s *fontSource, size float64) font.Face {
	return &pageFace{tableFace: *newTableFace(s.metrics.get(s.name), size), src: s, size: size}
}

// pageFace is a Go font's face in the browser.
type pageFace struct {
	tableFace
	src  *fontSource
	size float64
}

// pageText is the page's side: the fonts given to it, by the family
// name they were given under, and the canvas glyphs are drawn in. It is
// used under theAtlas.mu, as texts are drawn.
var pageText struct {
	mu       sync.Mutex
	families map[*fontSource]string
	ctx      js.Value
	w, h     int
	scratch  []byte
}

// family returns the CSS family name the page knows s's font by, giving
// the font to the page (a FontFace of its data) on first use. A font the
// page refuses is drawn in its sans-serif, and said once.
func family(s *fontSource) string {
	pageText.mu.Lock()
	defer pageText.mu.Unlock()
	if f, ok := pageText.families[s]; ok {
		return f
	}
	if pageText.families == nil {
		pageText.families = map[*fontSource]string{}
	}
	global := js.Global()
	name := "glue " + s.name
	data := s.data()
	u8 := global.Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	face := global.Get("FontFace").New(name, u8.Get("buffer"))
	// Made from bytes, a face is loaded at once in Chromium; a browser
	// that loads it later says when through its promise.
	if face.Get("status").String() != "loaded" {
		done := make(chan struct{}, 1)
		f := js.FuncOf(func(js.Value, []js.Value) any { done <- struct{}{}; return nil })
		face.Call("load").Call("then", f, f)
		<-done
		f.Release()
	}
	if st := face.Get("status").String(); st != "loaded" {
		log.Printf("render: the page did not take the font %s (%s); its text is drawn in the page's sans-serif", s.name, st)
		name = "sans-serif"
	} else {
		fonts := global.Get("document")
		if fonts.Truthy() {
			fonts = fonts.Get("fonts")
		} else {
			fonts = global.Get("fonts") // a worker
		}
		fonts.Call("add", face)
		name = strconv.Quote(name)
	}
	pageText.families[s] = name
	return name
}

// textCanvas returns the 2D context of the page's text canvas, at least w×h
// pixels, cleared over w×h.
func textCanvas(w, h int) js.Value {
	if pageText.ctx.IsUndefined() || w > pageText.w || h > pageText.h {
		pageText.w, pageText.h = max(w, pageText.w), max(h, pageText.h)
		canvas := js.Global().Get("OffscreenCanvas").New(pageText.w, pageText.h)
		pageText.ctx = canvas.Call("getContext", "2d", map[string]any{"willReadFrequently": true}) // it keeps its canvas
	}
	pageText.ctx.Call("clearRect", 0, 0, w, h)
	return pageText.ctx
}

// draw draws s's glyphs with the page's text renderer where
// face.glyphs places them, and adds their coverage to pix.
func (p *pageFace) draw(pix []byte, b image.Rectangle, f *face, s string, align Align, ax, ay float64) {
	fam := family(p.src)
	w, h := b.Dx(), b.Dy()
	ctx := textCanvas(w, h)
	ctx.Set("font", strconv.FormatFloat(p.size, 'g', -1, 64)+"px "+fam)
	ctx.Set("fillStyle", "#fff")
	ctx.Set("textBaseline", "alphabetic")
	f.glyphs(s, align, ax, ay, func(r rune, dot fixed.Point26_6) {
		if r > ' ' {
			ctx.Call("fillText", string(r), fixedFloat(dot.X), fixedFloat(dot.Y))
		}
	})
	n := 4 * w * h
	if cap(pageText.scratch) < n {
		pageText.scratch = make([]byte, n)
	}
	px := pageText.scratch[:n]
	data := ctx.Call("getImageData", 0, 0, w, h).Get("data")
	js.CopyBytesToGo(px, js.Global().Get("Uint8Array").New(data.Get("buffer"), data.Get("byteOffset"), data.Get("length")))
	for i := 0; i < n; i += 4 {
		if a := uint32(px[i+3]); a != 0 {
			cover(pix[i:], a)
		}
	}
	if n > maxTextScratch {
		// Keep no large buffer, nor a large canvas (see
		// textCache.pixels): the next text makes a canvas of its size.
		pageText.scratch = nil
		pageText.ctx = js.Undefined()
		pageText.w, pageText.h = 0, 0
	}
}
