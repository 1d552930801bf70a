// Package ttf rewrites TrueType fonts for glue's use: StripHinting drops
// what a renderer that does not hint never reads. modules/render draws
// with golang.org/x/image's opentype package without hinting
// (font.HintingNone), which runs no TrueType instructions, so the
// instructions — more than half of the Go fonts' glyph data — are dead
// weight in every program, and in every WebAssembly download.
package ttf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// StripHinting returns font (a TrueType font: glyf outlines) without its
// hinting: the instructions of every glyph, the fpgm, prep and cvt
// tables, and without the glyph names of its post table (format 3). The
// outlines, metrics, kerning, character map and names (the copyright and
// licence) are kept byte for byte. The result has long loca offsets and
// correct table checksums.
func StripHinting(font []byte) ([]byte, error) {
	tables, err := rewriteGlyphs(font, func(_ int, g []byte) ([]byte, error) { return stripGlyph(g) })
	if err != nil {
		return nil, err
	}
	if maxp := tables["maxp"]; len(maxp) >= 32 {
		binary.BigEndian.PutUint16(maxp[26:], 0) // maxSizeOfInstructions
	}
	for _, t := range []string{"fpgm", "prep", "cvt "} {
		delete(tables, t)
	}
	if post, ok := tables["post"]; ok && len(post) >= 32 {
		post = slices.Clone(post[:32])
		binary.BigEndian.PutUint32(post, 0x00030000) // no glyph names
		tables["post"] = post
	}
	return writeFont(tables), nil
}

// rewriteGlyphs returns font's tables with every glyph's outline (fn is
// given the glyph's number and data, never empty) replaced by what fn
// returns (nothing makes a glyph without outline), in long loca offsets;
// head and maxp are copies the caller may change.
func rewriteGlyphs(font []byte, fn func(g int, data []byte) ([]byte, error)) (map[string][]byte, error) {
	tables, err := readTables(font)
	if err != nil {
		return nil, err
	}
	for _, t := range []string{"head", "maxp", "loca", "glyf"} {
		if _, ok := tables[t]; !ok {
			return nil, fmt.Errorf("ttf: no %s table: not a TrueType font with glyf outlines", t)
		}
	}
	head := slices.Clone(tables["head"])
	maxp := slices.Clone(tables["maxp"])
	if len(head) < 54 || len(maxp) < 6 {
		return nil, errors.New("ttf: head or maxp table too short")
	}
	n := int(binary.BigEndian.Uint16(maxp[4:]))
	offsets, err := readLoca(tables["loca"], n, int16(binary.BigEndian.Uint16(head[50:])))
	if err != nil {
		return nil, err
	}
	glyf := tables["glyf"]
	var out []byte
	loca := make([]byte, 4*(n+1))
	for g := range n {
		binary.BigEndian.PutUint32(loca[4*g:], uint32(len(out)))
		a, b := offsets[g], offsets[g+1]
		if b < a || b > len(glyf) {
			return nil, fmt.Errorf("ttf: glyph %d: loca offsets %d..%d outside the glyf table (%d bytes)", g, a, b, len(glyf))
		}
		if b == a {
			continue // no outline (a space)
		}
		data, err := fn(g, glyf[a:b])
		if err != nil {
			return nil, fmt.Errorf("ttf: glyph %d: %w", g, err)
		}
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	binary.BigEndian.PutUint32(loca[4*n:], uint32(len(out)))
	tables["glyf"], tables["loca"] = out, loca
	binary.BigEndian.PutUint16(head[50:], 1) // long loca offsets
	tables["head"], tables["maxp"] = head, maxp
	return tables, nil
}

// readTables returns the tables of an sfnt file by tag.
func readTables(font []byte) (map[string][]byte, error) {
	if len(font) < 12 {
		return nil, errors.New("ttf: too short for a font")
	}
	if v := binary.BigEndian.Uint32(font); v != 0x00010000 && v != 0x74727565 { // 1.0, "true"
		return nil, fmt.Errorf("ttf: version %#08x: not a TrueType font", v)
	}
	num := int(binary.BigEndian.Uint16(font[4:]))
	if len(font) < 12+16*num {
		return nil, errors.New("ttf: table directory cut short")
	}
	tables := map[string][]byte{}
	for i := range num {
		e := font[12+16*i:]
		tag := string(e[:4])
		off, n := int(binary.BigEndian.Uint32(e[8:])), int(binary.BigEndian.Uint32(e[12:]))
		if off < 0 || n < 0 || off+n > len(font) {
			return nil, fmt.Errorf("ttf: table %q (%d bytes at %d) lies outside the file", tag, n, off)
		}
		tables[tag] = font[off : off+n]
	}
	return tables, nil
}

// readLoca returns the n+1 glyph offsets of a loca table.
func readLoca(loca []byte, n int, format int16) ([]int, error) {
	out := make([]int, n+1)
	switch format {
	case 0:
		if len(loca) < 2*(n+1) {
			return nil, errors.New("ttf: loca table too short")
		}
		for i := range out {
			out[i] = 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
		}
	case 1:
		if len(loca) < 4*(n+1) {
			return nil, errors.New("ttf: loca table too short")
		}
		for i := range out {
			out[i] = int(binary.BigEndian.Uint32(loca[4*i:]))
		}
	default:
		return nil, fmt.Errorf("ttf: loca format %d", format)
	}
	return out, nil
}

// Composite glyph flags.
const (
	argsAreWords     = 0x0001
	haveScale        = 0x0008
	moreComponents   = 0x0020
	haveXYScale      = 0x0040
	haveTwoByTwo     = 0x0080
	haveInstructions = 0x0100
)

// stripGlyph returns a glyph's data without its instructions.
func stripGlyph(g []byte) ([]byte, error) {
	if len(g) < 10 {
		return nil, errors.New("shorter than a glyph header")
	}
	contours := int16(binary.BigEndian.Uint16(g))
	if contours >= 0 {
		// Simple: header, endPtsOfContours, instructionLength,
		// instructions, flags and coordinates.
		p := 10 + 2*int(contours)
		if len(g) < p+2 {
			return nil, errors.New("cut short before its instructions")
		}
		il := int(binary.BigEndian.Uint16(g[p:]))
		if len(g) < p+2+il {
			return nil, errors.New("cut short in its instructions")
		}
		out := slices.Clone(g[:p+2])
		binary.BigEndian.PutUint16(out[p:], 0)
		return append(out, g[p+2+il:]...), nil
	}
	// Composite: components, then instructions if the last one says so.
	out := slices.Clone(g)
	instructions := false
	p, err := eachComponent(out, func(p int) {
		flags := binary.BigEndian.Uint16(out[p:])
		instructions = flags&haveInstructions != 0
		binary.BigEndian.PutUint16(out[p:], flags&^haveInstructions)
	})
	if err != nil {
		return nil, err
	}
	if instructions && len(out) < p+2 {
		return nil, errors.New("cut short before its instructions")
	}
	return out[:p], nil
}

// eachComponent calls fn with the offset of each component record of a
// composite glyph (its flags, then its glyph number) and returns the
// offset after the last.
func eachComponent(g []byte, fn func(p int)) (int, error) {
	p := 10
	for {
		if len(g) < p+4 {
			return 0, errors.New("cut short in its components")
		}
		flags := binary.BigEndian.Uint16(g[p:])
		fn(p)
		p += 4 // flags, glyph index
		if flags&argsAreWords != 0 {
			p += 4
		} else {
			p += 2
		}
		switch {
		case flags&haveScale != 0:
			p += 2
		case flags&haveXYScale != 0:
			p += 4
		case flags&haveTwoByTwo != 0:
			p += 8
		}
		if flags&moreComponents == 0 {
			break
		}
	}
	if p > len(g) {
		return 0, errors.New("cut short in its components")
	}
	return p, nil
}

// writeFont writes tables as an sfnt file: the directory sorted by tag,
// each table 4-byte aligned, with its checksum, and head's
// checkSumAdjustment.
func writeFont(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	slices.Sort(tags)
	num := len(tags)
	es := bits.Len(uint(num)) - 1
	out := make([]byte, 12+16*num)
	binary.BigEndian.PutUint32(out, 0x00010000)
	binary.BigEndian.PutUint16(out[4:], uint16(num))
	binary.BigEndian.PutUint16(out[6:], uint16(16<<es))
	binary.BigEndian.PutUint16(out[8:], uint16(es))
	binary.BigEndian.PutUint16(out[10:], uint16(16*num-16<<es))
	headAt := -1
	for i, t := range tags {
		data := tables[t]
		if t == "head" {
			data = slices.Clone(data)
			binary.BigEndian.PutUint32(data[8:], 0) // checkSumAdjustment, set below
			headAt = len(out)
		}
		e := out[12+16*i:]
		copy(e, t)
		binary.BigEndian.PutUint32(e[4:], checksum(data))
		binary.BigEndian.PutUint32(e[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(e[12:], uint32(len(data)))
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	}
	return out
}

// checksum is the sfnt checksum: the sum of big-endian uint32s, the last
// padded with zeros.
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
