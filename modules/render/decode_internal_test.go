package render

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestDecodeFileErrors: a file that is not a PNG, or a PNG the decoder
// refuses, fails with an error that names the file and why. (A PNG
// always has a decoder now: image/png natively, the browser's own in a
// page; before, a program that did not import image/png was told to.)
func TestDecodeFileErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"hero.gif":  {Data: []byte("GIF89a")},
		"empty.png": {Data: nil},
		"cut.png":   {Data: []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")},
	}
	for _, c := range []struct{ path, want string }{
		{"hero.gif", `render: image "hero.gif" is not a valid PNG: it does not begin with PNG's signature (only PNG images are loaded)`},
		{"empty.png", `render: image "empty.png" is not a valid PNG: it does not begin with PNG's signature`},
		{"cut.png", `render: image "cut.png" is not a valid PNG: unexpected EOF`},
		{"none.png", `render: image "none.png": open none.png: file does not exist`},
	} {
		_, err := DecodeImage(fsys, c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("DecodeImage(%q) = %v, want it to begin %q", c.path, err, c.want)
		}
	}
}
