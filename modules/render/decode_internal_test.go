package render

import (
	"bufio"
	"errors"
	"image"
	"strings"
	"testing"
)

// TestDecodeErrorNamesTheMissingDecoder: in a program that does not
// import image/png (render imports none; a WebAssembly build of it has
// none), image.Decode fails a PNG with image.ErrFormat, and the error
// says what to add instead of calling the PNG invalid. The test binary
// has the decoder (the tests encode PNGs), so the message is checked as
// decodeError makes it.
func TestDecodeErrorNamesTheMissingDecoder(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR", `render: image "hero.png" (x) is a PNG, and this program has no PNG decoder: add import _ "image/png" to the game's main package`},
		{"GIF89a", `render: image "hero.png" (x) is not a valid PNG: it does not begin with PNG's signature`},
		{"", `render: image "hero.png" (x) is not a valid PNG: it does not begin with PNG's signature`},
	} {
		err := decodeError("hero.png", " (x)", bufio.NewReader(strings.NewReader(c.data)), image.ErrFormat)
		if !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("decodeError(%q) = %v, want it to begin %q", c.data, err, c.want)
		}
	}
	inner := errors.New("png: invalid format: bad CRC")
	if err := decodeError("hero.png", "", bufio.NewReader(strings.NewReader("")), inner); !errors.Is(err, inner) || !strings.Contains(err.Error(), "is not a valid PNG: png: invalid format") {
		t.Errorf("decodeError(a decoder's error) = %v, want it wrapped", err)
	}
}
