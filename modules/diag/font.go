package diag

import (
	_ "embed" // the overlay's font
	"strings"
	"sync"

	"github.com/gluekit/glue/modules/render"
)

//go:generate go run ../../internal/genfont -overlay overlay.ttf

// overlayTTF is Go Mono Bold without hinting and with the outlines of only
// the characters the overlay draws (printable ASCII and µ; made by
// internal/genfont): a fixed-width font whose digits and letters line up
// in columns, in 21 KB instead of the whole font's 80 KB, which a browser
// build would otherwise download for the overlay alone.
//
//go:embed overlay.ttf
var overlayTTF []byte

// overlayFont returns the overlay's font, parsed on first use.
var overlayFont = sync.OnceValue(func() render.Font {
	f, err := render.NewFont("Go Mono Bold (diag overlay)", overlayTTF)
	if err != nil {
		panic("diag: the embedded overlay font does not parse: " + err.Error())
	}
	return f
})

// drawable returns s with each character the overlay's font does not
// draw (outside printable ASCII and µ) replaced by '?', so that it shows
// as a mark rather than a blank; s itself when there is none.
func drawable(s string) string {
	if strings.IndexFunc(s, undrawable) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if undrawable(r) {
			return '?'
		}
		return r
	}, s)
}

func undrawable(r rune) bool { return (r < ' ' || r > '~') && r != 'µ' }
