package ttf

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestSubsetKeepsWhatItNames checks that a subset keeps the outlines of
// the runes it names and the missing-glyph box, drops every other
// outline, and keeps every glyph's number and advance. (The Go fonts draw
// accented letters as simple glyphs; TestComponents covers composites.)
func TestSubsetKeepsWhatItNames(t *testing.T) {
	full, err := StripHinting(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Subset(full, "Aé")
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) > len(full)/3 {
		t.Errorf("subset of 2 runes is %d bytes of %d", len(sub), len(full))
	}
	a, _ := sfnt.Parse(full)
	b, err := sfnt.Parse(sub)
	if err != nil {
		t.Fatalf("the subset does not parse: %v", err)
	}
	if a.NumGlyphs() != b.NumGlyphs() {
		t.Fatalf("%d glyphs, subset %d", a.NumGlyphs(), b.NumGlyphs())
	}
	var ba, bb sfnt.Buffer
	ppem := fixed.I(37)
	outline := func(f *sfnt.Font, buf *sfnt.Buffer, r rune) []sfnt.Segment {
		g, _ := f.GlyphIndex(buf, r)
		s, err := f.LoadGlyph(buf, g, ppem, nil)
		if err != nil {
			t.Fatalf("glyph of %q: %v", r, err)
		}
		return slices.Clone(s)
	}
	for _, r := range "Aé" {
		if sa, sb := outline(a, &ba, r), outline(b, &bb, r); len(sa) == 0 || !slices.Equal(sa, sb) {
			t.Errorf("%q: outline of %d segments, subset %d, or different", r, len(sa), len(sb))
		}
	}
	if s, err := b.LoadGlyph(&bb, 0, ppem, nil); err != nil || len(s) == 0 {
		t.Errorf("the missing-glyph box lost its outline (%d segments, %v)", len(s), err)
	}
	for _, r := range "BZe!" {
		if s := outline(b, &bb, r); len(s) != 0 {
			t.Errorf("%q kept an outline of %d segments", r, len(s))
		}
		g, _ := a.GlyphIndex(&ba, r)
		aa, _ := a.GlyphAdvance(&ba, g, ppem, font.HintingNone)
		ab, _ := b.GlyphAdvance(&bb, g, ppem, font.HintingNone)
		if aa != ab {
			t.Errorf("%q: advance %v, subset %v", r, aa, ab)
		}
	}
	checkChecksums(t, "subset", sub)
	if _, err := Subset(full, "A\U0001F600"); err == nil || !strings.Contains(err.Error(), "no glyph for") {
		t.Errorf("a rune the font lacks: error %v, want one naming it", err)
	}
}

// TestComponents reads the glyphs a composite glyph is made of, which a
// subset keeps with it.
func TestComponents(t *testing.T) {
	g := []byte{
		0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, // a composite: -1 contours, bounding box
		0x00, 0x21, 0, 5, 0, 1, 0, 2, // more components, words: glyph 5, dx, dy
		0x00, 0x08, 0, 9, 1, 2, 0x40, 0, // a scale: glyph 9, dx, dy (bytes), scale 1.0
	}
	if got, err := components(g); err != nil || !slices.Equal(got, []uint16{5, 9}) {
		t.Errorf("components = %v, %v; want [5 9]", got, err)
	}
	if _, err := components(g[:20]); err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Errorf("a composite cut short: error %v", err)
	}
	if got, err := components([]byte{0, 1, 0, 0, 0, 0, 0, 0, 0, 0}); err != nil || got != nil {
		t.Errorf("a simple glyph: %v, %v; want none", got, err)
	}
}
