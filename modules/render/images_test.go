package render_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gluekit/glue/modules/render"
)

func pngBytes(t testing.TB, w, h int, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestLoadImageErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"ok.png":      {Data: pngBytes(t, 4, 4, red)},
		"corrupt.png": {Data: []byte("\x89PNG\r\n\x1a\nnot really")},
		"text.png":    {Data: []byte("hello")},
		"huge.png":    {Data: pngBytes(t, render.PageSize+1, 1, red)},
	}
	for _, c := range []struct{ path, want string }{
		{"missing.png", `render: image "missing.png": open missing.png: file does not exist`},
		{"corrupt.png", `render: image "corrupt.png" is not a valid PNG`},
		{"text.png", `render: image "text.png" is not a valid PNG`},
		{"huge.png", `render: image "huge.png" is 2049x1 pixels, larger than an atlas page`},
	} {
		_, err := render.LoadImage(fsys, c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("LoadImage(%q) = %v, want an error starting %q", c.path, err, c.want)
		}
	}
	// All or none: a bad file among good ones fails the call.
	if imgs, err := render.LoadImages(fsys, "ok.png", "missing.png"); err == nil || imgs != nil {
		t.Errorf("LoadImages(ok, missing) = %v, %v; want an error", imgs, err)
	}
	// The files decode side by side; the error is the first path's that
	// failed, whichever decode ended first.
	for range 20 {
		_, err := render.LoadImages(fsys, "ok.png", "corrupt.png", "ok.png", "text.png")
		if want := `render: image "corrupt.png"`; err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Fatalf("LoadImages(ok, corrupt, ok, text) = %v, want an error starting %q", err, want)
		}
	}
}
