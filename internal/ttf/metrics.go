package ttf

import (
	"encoding/binary"
	"fmt"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// MetricsMagic begins a metrics table (Metrics).
const MetricsMagic = "gfm1"

// Metrics returns the layout metrics of font (TrueType or OpenType) as
// the table modules/render lays text out by in the browser, where it
// draws the glyphs with the page's own text renderer and carries no font
// parser: everything golang.org/x/image/font/sfnt reports of the font
// for unhinted text without kerning, in font units. Little-endian:
//
//	"gfm1"
//	u16 units per em
//	u16 ascent, descent, line height (sfnt.Font.Metrics at 1 unit per em)
//	u16 the advance of glyph 0 (the missing-glyph box)
//	u32 n: the characters the font has a glyph for
//	n × u32 those characters, ascending
//	n × u16 their advances
//
// It fails for a font with kerning (render's table has none) or with
// values out of range.
func Metrics(data []byte) ([]byte, error) {
	f, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	var b sfnt.Buffer
	upem := fixed.Int26_6(f.UnitsPerEm())
	m, err := f.Metrics(&b, upem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	out := []byte(MetricsMagic)
	u16 := func(what string, v fixed.Int26_6) error {
		if v < 0 || v > 0xffff {
			return fmt.Errorf("ttf: metrics: %s %d is out of range", what, v)
		}
		out = binary.LittleEndian.AppendUint16(out, uint16(v))
		return nil
	}
	notdef, err := f.GlyphAdvance(&b, 0, upem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	for _, v := range []struct {
		what string
		v    fixed.Int26_6
	}{{"units per em", upem}, {"ascent", m.Ascent}, {"descent", m.Descent}, {"height", m.Height}, {"glyph 0's advance", notdef}} {
		if err := u16(v.what, v.v); err != nil {
			return nil, err
		}
	}
	var runes []rune
	var advs []fixed.Int26_6
	for r := rune(0); r <= unicode.MaxRune; r++ {
		x, err := f.GlyphIndex(&b, r)
		if err != nil || x == 0 {
			continue
		}
		a, err := f.GlyphAdvance(&b, x, upem, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("ttf: metrics: %U: %v", r, err)
		}
		runes, advs = append(runes, r), append(advs, a)
	}
	// Kerning as golang.org/x/image/font/opentype's Face.Kern asks for it
	// (at a ppem of the units per em, whatever the size): none for every
	// pair of glyphs, or the table, which has none, would lay out
	// otherwise than the Go rasterizer does.
	for x := range f.NumGlyphs() {
		for x2 := range f.NumGlyphs() {
			if k, err := f.Kern(&b, sfnt.GlyphIndex(x), sfnt.GlyphIndex(x2), upem, font.HintingNone); err == nil && k != 0 {
				return nil, fmt.Errorf("ttf: metrics: the font kerns glyphs %d and %d; the table has no kerning", x, x2)
			} else if err == sfnt.ErrNotFound {
				break
			}
		}
	}
	out = binary.LittleEndian.AppendUint32(out, uint32(len(runes)))
	for _, r := range runes {
		out = binary.LittleEndian.AppendUint32(out, uint32(r))
	}
	for i, a := range advs {
		if err := u16(fmt.Sprintf("the advance of %U", runes[i]), a); err != nil {
			return nil, err
		}
	}
	return out, nil
}
