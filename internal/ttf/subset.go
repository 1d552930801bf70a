package ttf

import (
	"encoding/binary"
	"errors"
	"fmt"

	"golang.org/x/image/font/sfnt"
)

// KeepGlyphs returns font (a TrueType font: glyf outlines) with the
// outlines of only the glyphs in keep, glyph 0 (the missing-glyph box)
// and the glyphs their composites are made of; every other glyph is
// left without outline. Glyph numbers, the character map, advances and
// kerning are unchanged, so text in the kept glyphs lays out as with the
// whole font, and other characters take their place blank.
func KeepGlyphs(font []byte, keep []uint16) ([]byte, error) {
	// First pass: each glyph's components, to keep what kept composites
	// are made of.
	parts := map[int][]uint16{}
	if _, err := rewriteGlyphs(font, func(g int, data []byte) ([]byte, error) {
		c, err := components(data)
		parts[g] = c
		return data, err
	}); err != nil {
		return nil, err
	}
	kept := map[int]bool{}
	var visit func(g int)
	visit = func(g int) {
		if kept[g] {
			return
		}
		kept[g] = true
		for _, c := range parts[g] {
			visit(int(c))
		}
	}
	visit(0)
	for _, g := range keep {
		visit(int(g))
	}
	tables, err := rewriteGlyphs(font, func(g int, data []byte) ([]byte, error) {
		if kept[g] {
			return data, nil
		}
		return nil, nil
	})
	if err != nil {
		return nil, err
	}
	return writeFont(tables), nil
}

// components returns the glyphs a composite glyph is made of, or nil for
// a simple glyph.
func components(g []byte) ([]uint16, error) {
	if len(g) < 10 {
		return nil, errors.New("shorter than a glyph header")
	}
	if int16(binary.BigEndian.Uint16(g)) >= 0 {
		return nil, nil
	}
	var out []uint16
	_, err := eachComponent(g, func(p int) { out = append(out, binary.BigEndian.Uint16(g[p+2:])) })
	return out, err
}

// OverlayRunes are the characters modules/diag's overlay draws with its
// font: printable ASCII and µ (of µs). The overlay shows any other
// character as '?'.
const OverlayRunes = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~µ"

// Subset returns font (a TrueType font: glyf outlines) with the outlines
// of only the glyphs that runes map to ([KeepGlyphs]). A rune the font
// does not map is an error.
func Subset(font []byte, runes string) ([]byte, error) {
	f, err := sfnt.Parse(font)
	if err != nil {
		return nil, fmt.Errorf("ttf: %w", err)
	}
	var b sfnt.Buffer
	var keep []uint16
	for _, r := range runes {
		g, err := f.GlyphIndex(&b, r)
		if err != nil {
			return nil, fmt.Errorf("ttf: glyph of %q: %w", r, err)
		}
		if g == 0 {
			return nil, fmt.Errorf("ttf: the font has no glyph for %q", r)
		}
		keep = append(keep, uint16(g))
	}
	return KeepGlyphs(font, keep)
}
