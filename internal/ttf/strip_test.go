package ttf

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestStripKeepsOutlines checks that a stripped Go font has, glyph for
// glyph, the same outline, bounds and advance as the original, the same
// character map, kerning and metrics — all that x/image's renderer reads
// — and that it is much smaller.
func TestStripKeepsOutlines(t *testing.T) {
	for name, data := range map[string][]byte{"Go Regular": goregular.TTF, "Go Mono Bold": gomonobold.TTF} {
		stripped, err := StripHinting(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(stripped) > len(data)*6/10 {
			t.Errorf("%s: %d bytes stripped of %d, want less than 60%%", name, len(stripped), len(data))
		}
		a, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		b, err := sfnt.Parse(stripped)
		if err != nil {
			t.Fatalf("%s: the stripped font does not parse: %v", name, err)
		}
		if a.NumGlyphs() != b.NumGlyphs() {
			t.Fatalf("%s: %d glyphs, stripped %d", name, a.NumGlyphs(), b.NumGlyphs())
		}
		var ba, bb sfnt.Buffer
		ppem := fixed.I(37)
		for g := range a.NumGlyphs() {
			x := sfnt.GlyphIndex(g)
			sa, err1 := a.LoadGlyph(&ba, x, ppem, nil)
			sa = slices.Clone(sa)
			sb, err2 := b.LoadGlyph(&bb, x, ppem, nil)
			if (err1 == nil) != (err2 == nil) || !slices.Equal(sa, sb) {
				t.Fatalf("%s: glyph %d: outline differs (errors %v, %v)", name, g, err1, err2)
			}
			aa, _ := a.GlyphAdvance(&ba, x, ppem, font.HintingNone)
			ab, _ := b.GlyphAdvance(&bb, x, ppem, font.HintingNone)
			if aa != ab {
				t.Fatalf("%s: glyph %d: advance %v, stripped %v", name, g, aa, ab)
			}
		}
		for _, r := range "AVWaTo0123456789é€ωЖ" {
			xa, _ := a.GlyphIndex(&ba, r)
			xb, _ := b.GlyphIndex(&bb, r)
			if xa != xb {
				t.Errorf("%s: %q maps to glyph %d, stripped %d", name, r, xa, xb)
			}
		}
		for _, p := range []string{"AV", "To", "Wa", "LT"} {
			r := []rune(p)
			xa0, _ := a.GlyphIndex(&ba, r[0])
			xa1, _ := a.GlyphIndex(&ba, r[1])
			ka, _ := a.Kern(&ba, xa0, xa1, ppem, font.HintingNone)
			kb, _ := b.Kern(&bb, xa0, xa1, ppem, font.HintingNone)
			if ka != kb {
				t.Errorf("%s: kerning of %q %v, stripped %v", name, p, ka, kb)
			}
		}
		ma, _ := a.Metrics(&ba, ppem, font.HintingNone)
		mb, _ := b.Metrics(&bb, ppem, font.HintingNone)
		if ma != mb {
			t.Errorf("%s: metrics %+v, stripped %+v", name, ma, mb)
		}
		na, _ := a.Name(&ba, sfnt.NameIDCopyright)
		nb, _ := b.Name(&bb, sfnt.NameIDCopyright)
		if na != nb || na == "" {
			t.Errorf("%s: copyright %q, stripped %q", name, na, nb)
		}
		checkChecksums(t, name, stripped)
	}
}

// checkChecksums checks every table's checksum and the whole file's.
func checkChecksums(t *testing.T, name string, f []byte) {
	t.Helper()
	num := int(binary.BigEndian.Uint16(f[4:]))

	for i := range num {
		e := f[12+16*i:]
		tag := string(e[:4])
		off, n := binary.BigEndian.Uint32(e[8:]), binary.BigEndian.Uint32(e[12:])
		data := slices.Clone(f[off : off+n])
		if tag == "head" {

			binary.BigEndian.PutUint32(data[8:], 0)
		}
		if got, want := checksum(data), binary.BigEndian.Uint32(e[4:]); got != want {
			t.Errorf("%s: table %q checksum %#x, directory says %#x", name, tag, got, want)
		}
		if off%4 != 0 {
			t.Errorf("%s: table %q at %d, not 4-byte aligned", name, tag, off)
		}
	}
	if sum := checksum(f); sum != 0xB1B0AFBA {
		t.Errorf("%s: the file's checksum is %#x, want 0xB1B0AFBA (head.checkSumAdjustment)", name, sum)
	}
}

func TestStripBadFonts(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"text", []byte("this is not a font at all"), "not a TrueType font"},
		{"cut", goregular.TTF[:400], "lies outside the file"},
	} {
		if _, err := StripHinting(c.data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}
