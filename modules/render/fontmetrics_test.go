package render

import (
	"testing"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// The browser lays the Go fonts' text out by their metrics tables
// (fonts_js.go); natively golang.org/x/image's opentype faces lay it out.
// Both must give every character the same advance, and every size the
// same line metrics, or a menu would wrap, and a label sit, otherwise in
// the browser than natively.
func TestMetricsTablesLayOutAsOpentype(t *testing.T) {
	for _, src := range []*fontSource{&goRegular, &goMonoBold} {
		m := src.metrics.get(src.name)
		if len(m.runes) < 600 {
			t.Fatalf("%s: a table of %d characters", src.name, len(m.runes))
		}
		for _, size := range []float64{6, 7.5, 8, 10, 11.25, 12, 13.37, 16, 18, 20, 24, 31.9, 36, 48, 64, 96, 144} {
			want, err := opentype.NewFace(src.parsed(), &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
			if err != nil {
				t.Fatal(err)
			}
			got := newTableFace(m, size)
			wm, gm := want.Metrics(), got.Metrics()
			if wm.Ascent != gm.Ascent || wm.Descent != gm.Descent || wm.Height != gm.Height {
				t.Errorf("%s at %v px: table metrics %+v, opentype %+v", src.name, size, gm, wm)
			}
			bad := 0
			check := func(r rune) {
				wa, wok := want.GlyphAdvance(r)
				ga, gok := got.GlyphAdvance(r)
				if (wa != ga || wok != gok) && bad < 5 {
					bad++
					t.Errorf("%s at %v px: %U advances %v (%v) by the table, %v (%v) by opentype", src.name, size, r, ga, gok, wa, wok)
				}
				if k := want.Kern('A', r); k != 0 && bad < 5 {
					bad++
					t.Errorf("%s at %v px: opentype kerns A%c by %v; the table does not", src.name, size, r, k)
				}
			}
			for r := rune(0); r < 0x3000; r++ {
				check(r)
			}
			for _, r := range []rune{0xfffd, 0x1f600, unicode.MaxRune} {
				check(r)
			}
		}
	}
}
