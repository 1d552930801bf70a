package render

import (
	_ "embed" // the Go fonts
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

//go:generate go run ../../internal/genfont -out fonts

// The Go fonts of golang.org/x/image/font/gofont, without their hinting
// (made by internal/genfont): render rasterizes without hinting, and the
// glyphs' instructions were more than half of each file.
var (
	//go:embed fonts/goregular.ttf
	goRegularTTF []byte
	//go:embed fonts/gomonobold.ttf
	goMonoBoldTTF []byte
)

// The Go fonts' layout metrics (made by internal/genfont with
// internal/ttf.Metrics), by which the browser build lays their text out
// (fonts_js.go).
var (
	//go:embed fonts/goregular.metrics
	goRegularMetrics []byte
	//go:embed fonts/gomonobold.metrics
	goMonoBoldMetrics []byte
)

// Font is a typeface texts are drawn in: one of the Go fonts
// (golang.org/x/image/font/gofont) or a font of the game's own
// ([NewFont]). The zero Font is Go Regular. A Font is a small comparable
// value, for a [TextStyle].
//
// A font's data is linked into the program only if the program uses it:
// a game that never calls [FontMonoBold] does not carry Go Mono Bold (the
// Go fonts are embedded without their hinting, which render does not use:
// 75 and 83 kB, about 32 and 34 kB of a compressed WebAssembly download).
type Font struct {
	src *fontSource
}

// fontSource is a font: a Go font's data, parsed on first use (natively)
// or laid out by its metrics table (in the browser), or a font parsed by
// NewFont (data nil).
type fontSource struct {
	name    string
	data    func() []byte
	metrics *metricsTable
	// open returns the font's face at a size in pixels: openGoFont for
	// a Go font (fonts_js.go, fonts_other.go), openParsed for NewFont's,
	// so that a program that never calls NewFont carries no font parser
	// in the browser.
	open func(s *fontSource, size float64) font.Face
	once sync.Once
	font *opentype.Font
}

// The Go fonts. Their data is reached only through these variables, so a
// font no code refers to is left out by the linker.
var (
	goRegular = fontSource{name: "Go Regular", data: func() []byte { return goRegularTTF },
		metrics: &metricsTable{data: func() []byte { return goRegularMetrics }}, open: openGoFont}
	goMonoBold = fontSource{name: "Go Mono Bold", data: func() []byte { return goMonoBoldTTF },
		metrics: &metricsTable{data: func() []byte { return goMonoBoldMetrics }}, open: openGoFont}
)

// FontRegular returns Go Regular, a proportional sans-serif: the zero
// Font, the default.
func FontRegular() Font { return Font{} }

// FontMonoBold returns Go Mono Bold, a fixed-width bold font: digits
// keep their place as a score changes.
func FontMonoBold() Font { return Font{src: &goMonoBold} }

// NewFont parses a TrueType or OpenType font (the contents of a .ttf or
// .otf file) for texts to be drawn in; name names it in errors and in
// [Font.String]. The error names the font when data is not a font.
// Texts are laid out without shaping: a font for scripts that need it
// (Arabic, Devanagari, …) draws their letters unjoined.
func NewFont(name string, data []byte) (Font, error) {
	f, err := opentype.Parse(data)
	if err != nil {
		return Font{}, fmt.Errorf("render: font %q is not a TrueType or OpenType font: %w", name, err)
	}
	return Font{src: &fontSource{name: name, font: f, open: openParsed}}, nil
}

// openParsed returns the face of the parsed font of s at size pixels, whose
// glyphs golang.org/x/image rasterizes.
func openParsed(s *fontSource, size float64) font.Face {
	xf, err := opentype.NewFace(s.parsed(), &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(fmt.Sprintf("render: the font %s at size %v: %v", s.name, size, err))
	}
	return xf
}

// String returns the font's name.
func (f Font) String() string { return f.source().name }

func (f Font) source() *fontSource {
	if f.src == nil {
		return &goRegular
	}
	return f.src
}

// parsed returns the parsed font, parsing a Go font on first use.
func (s *fontSource) parsed() *opentype.Font {
	if s.data == nil {
		return s.font
	}
	s.once.Do(func() {
		font, err := opentype.Parse(s.data())
		if err != nil {
			panic(fmt.Sprintf("render: parsing the embedded font %s: %v", s.name, err))
		}
		s.font = font
	})
	return s.font
}
