package render

import (
	"encoding/binary"
	"fmt"
	"image"
	"slices"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// fontMetrics is a font's layout metrics read from a table that
// internal/ttf.Metrics made of it (fonts/*.metrics): in the browser,
// render lays the Go fonts' text out by it, exactly as
// golang.org/x/image/font/opentype lays it out natively, and the page
// draws the glyphs (fonts_js.go), so that the download carries no font
// parser or rasterizer.
type fontMetrics struct {
	upem, ascent, descent, height, notdef int32
	runes                                 []rune
	advs                                  []uint16
}

// metricsTable is a table's bytes and, on first use, what they say.
type metricsTable struct {
	data func() []byte
	once sync.Once
	m    fontMetrics
}

// get decodes the table on first use; a table that does not decode is
// glue's mistake (the tables are generated and tested), and panics.
func (t *metricsTable) get(name string) *fontMetrics {
	t.once.Do(func() {
		if err := t.m.decode(t.data()); err != nil {
			panic(fmt.Sprintf("render: the metrics of the embedded font %s: %v", name, err))
		}
	})
	return &t.m
}

func (m *fontMetrics) decode(b []byte) error {
	const head = 4 + 5*2 + 4
	if len(b) < head || string(b[:4]) != "gfm1" {
		return fmt.Errorf("not a metrics table")
	}
	le := binary.LittleEndian
	m.upem, m.ascent, m.descent, m.height, m.notdef = int32(le.Uint16(b[4:])), int32(le.Uint16(b[6:])), int32(le.Uint16(b[8:])), int32(le.Uint16(b[10:])), int32(le.Uint16(b[12:]))
	n := int(le.Uint32(b[14:]))
	if m.upem == 0 || len(b) != head+6*n {
		return fmt.Errorf("a table of %d bytes for %d characters", len(b), n)
	}
	m.runes, m.advs = make([]rune, n), make([]uint16, n)
	for i := range n {
		m.runes[i] = rune(le.Uint32(b[head+4*i:]))
		m.advs[i] = le.Uint16(b[head+4*n+2*i:])
	}
	return nil
}

// scale is golang.org/x/image/font/sfnt's rounding of font units times
// a ppem to 26.6 pixels.
func (m *fontMetrics) scale(units int32, ppem fixed.Int26_6) fixed.Int26_6 {
	x := fixed.Int26_6(units) * ppem
	if x >= 0 {
		x += fixed.Int26_6(m.upem) / 2
	} else {
		x -= fixed.Int26_6(m.upem) / 2
	}
	return x / fixed.Int26_6(m.upem)
}

// tableFace is a font.Face at one size whose metrics and advances come
// from a metrics table; it has no glyph images (Glyph reports none), as
// its text is drawn by someone else (the page, fonts_js.go).
type tableFace struct {
	m    *fontMetrics
	ppem fixed.Int26_6
}

// newTableFace returns the face of m at size pixels (72 DPI), with
// opentype.NewFace's ppem.
func newTableFace(m *fontMetrics, size float64) *tableFace {
	return &tableFace{m: m, ppem: fixed.Int26_6(0.5 + size*64)}
}

func (f *tableFace) Close() error { return nil }

// GlyphAdvance returns r's advance; for a character the font has no glyph
// for, the missing-glyph box's, and false (as opentype's Face does).
func (f *tableFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if i, ok := slices.BinarySearch(f.m.runes, r); ok {
		return f.m.scale(int32(f.m.advs[i]), f.ppem), true
	}
	return f.m.scale(f.m.notdef, f.ppem), false
}

// Kern returns 0: the tables are made only of fonts that kern nothing.
func (f *tableFace) Kern(r0, r1 rune) fixed.Int26_6 { return 0 }

// Metrics returns the face's vertical metrics.
func (f *tableFace) Metrics() font.Metrics {
	return font.Metrics{
		Height:  f.m.scale(f.m.height, f.ppem),
		Ascent:  f.m.scale(f.m.ascent, f.ppem),
		Descent: f.m.scale(f.m.descent, f.ppem),
	}
}

// GlyphBounds returns the box of r's advance and the line: the table has
// no outlines.
func (f *tableFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	adv, ok := f.GlyphAdvance(r)
	m := f.Metrics()
	return fixed.Rectangle26_6{Min: fixed.Point26_6{Y: -m.Ascent}, Max: fixed.Point26_6{X: adv, Y: m.Descent}}, adv, ok
}

// Glyph reports no glyph image: the face's text is drawn by the page.
func (f *tableFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	adv, _ := f.GlyphAdvance(r)
	return image.Rectangle{}, nil, image.Point{}, adv, false
}
