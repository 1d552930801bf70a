package render

import (
	"image"
	"math"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/math/fixed"
)

// Text layout and rasterization. A text is laid out in lines (split at
// the same line breaks as Ebitengine's text/v2: \n, \r\n, \r, \v, \f,
// U+0085, U+2028, U+2029); each line is a run of glyphs advanced by the
// font's advances and kerning, with no shaping, which Latin, Greek and
// Cyrillic texts do not need. Glyphs are rasterized at their exact
// sub-pixel position on the line; each line's baseline lies on a whole
// pixel, so horizontal strokes stay sharp.

// lineBreaks are the characters that end a line.
const lineBreaks = "\n\v\f\r\u0085\u2028\u2029"

// nextLine returns the first line of s, without its line break, and the
// rest of s after the break. A line break at the very end of s does not
// start another line.
func nextLine(s string) (line, rest string) {
	i := strings.IndexAny(s, lineBreaks)
	if i < 0 {
		return s, ""
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	end := i + n
	if s[i] == '\r' && end < len(s) && s[end] == '\n' {
		end++
	}
	return s[:i], s[end:]
}

func fixedFloat(x fixed.Int26_6) float64 { return float64(x) / 64 }

func floatFixed(x float64) fixed.Int26_6 {
	if x < 0 {
		return -fixed.Int26_6(-x*64 + 0.5)
	}
	return fixed.Int26_6(x*64 + 0.5)
}

// advance returns the width of one line (no line breaks): the sum of its
// glyphs' advances and the kerning between them.
func (f *face) advance(line string) fixed.Int26_6 {
	var x fixed.Int26_6
	prev := rune(-1)
	for _, r := range line {
		if prev >= 0 {
			x += f.face.Kern(prev, r)
		}
		a, _ := f.face.GlyphAdvance(r)
		x += a
		prev = r
	}
	return x
}

// measure returns the width of s's longest line and the height of its
// lines: the line spacing between the first line's top and the last
// line's, plus the ascent and descent of one line. Empty s measures 0×0.
func (f *face) measure(s string) (width, height float64) {
	if s == "" {
		return 0, 0
	}
	lines := 0
	for rest := s; rest != ""; {
		var line string
		line, rest = nextLine(rest)
		width = max(width, fixedFloat(f.advance(line)))
		lines++
	}
	return width, float64(lines-1)*f.lineSpacing + f.ascent + f.descent
}

// glyphs calls fn for each glyph of s with the point on its baseline
// where it is drawn: each line placed about ax by align, ay the top of
// the first line, glyphs advanced by the font's advances and kerning
// (those advance measures), the baseline on a whole pixel, as text/v2
// does, so horizontal strokes stay sharp.
func (f *face) glyphs(s string, align Align, ax, ay float64, fn func(r rune, dot fixed.Point26_6)) {
	top := ay
	for rest := s; rest != ""; top += f.lineSpacing {
		var line string
		line, rest = nextLine(rest)
		dot := fixed.Point26_6{
			X: floatFixed(ax - alignOffset(align, fixedFloat(f.advance(line)))),
			Y: fixed.I(int(math.Floor(top + f.ascent))),
		}
		prev := rune(-1)
		for _, r := range line {
			if prev >= 0 {
				dot.X += f.face.Kern(prev, r)
			}
			fn(r, dot)
			a, _ := f.face.GlyphAdvance(r)
			dot.X += a
			prev = r
		}
	}
}

// cover adds coverage a (0 to 255) to the premultiplied white pixel at
// dst[0:4], as alpha "over".
func cover(dst []byte, a uint32) {
	d := uint32(dst[3])
	o := byte(a + d - (a*d+127)/255)
	dst[0], dst[1], dst[2], dst[3] = o, o, o, o
}

// pageDrawer is a face whose glyphs the page draws (fonts_js.go): draw
// does what rasterize says, placing each glyph where glyphs says.
type pageDrawer interface {
	draw(pix []byte, b image.Rectangle, f *face, s string, align Align, ax, ay float64)
}

// rasterize renders s in white into pix, a premultiplied RGBA image of
// bounds b (row stride 4·b.Dx()), with the anchor at (ax, ay) (glyphs).
// Glyphs add to what pix holds (coverage is combined as alpha "over"), and
// are clipped to b.
func (f *face) rasterize(pix []byte, b image.Rectangle, s string, align Align, ax, ay float64) {
	if d, ok := f.face.(pageDrawer); ok {
		d.draw(pix, b, f, s, align, ax, ay)
		return
	}
	stride := 4 * b.Dx()
	f.glyphs(s, align, ax, ay, func(r rune, dot fixed.Point26_6) {
		dr, mask, mp, _, _ := f.face.Glyph(dot, r)
		m, ok := mask.(*image.Alpha)
		if !ok || dr.Empty() {
			return
		}
		clip := dr.Intersect(b)
		for y := clip.Min.Y; y < clip.Max.Y; y++ {
			src := m.Pix[(y-dr.Min.Y+mp.Y)*m.Stride+(clip.Min.X-dr.Min.X+mp.X):]
			dst := pix[(y-b.Min.Y)*stride+4*(clip.Min.X-b.Min.X):]
			for x := range clip.Dx() {
				if a := uint32(src[x]); a != 0 {
					cover(dst[4*x:], a)
				}
			}
		}
	})
}
