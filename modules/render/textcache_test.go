package render

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// needDisplay skips a test that draws when there is no display (the
// tests then do not run inside a game loop; see main_test.go).
func needDisplay(t *testing.T) {
	t.Helper()
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			t.Skip("render: no DISPLAY, so no window to draw in; run the tests under `xvfb-run -a go test ./modules/render/...`")
		}
	}
}

func entry(s string, f Font, size float64) *textEntry {
	theAtlas.mu.Lock()
	defer theAtlas.mu.Unlock()
	return theAtlas.texts.m[textKey{s: s, font: f, size: size}]
}

func TestTextAtlasReuse(t *testing.T) {
	needDisplay(t)
	dst := ebiten.NewImage(64, 32)
	defer dst.Deallocate()
	var d DrawList
	white := TextStyle{Color: color.RGBA{255, 255, 255, 255}}
	red := TextStyle{Color: color.RGBA{255, 0, 0, 255}}
	d.AddText("reuse 7", 0, 0, white, 0)
	d.AddText("reuse 7", 20, 0, red, 0) // another colour: the same entry, tinted
	d.AddText("", 40, 0, white, 0)      // nothing to draw
	d.Flush(dst, 1)
	e := entry("reuse 7", FontRegular, DefaultTextSize)
	if e == nil || e.direct {
		t.Fatalf("entry of \"reuse 7\" = %+v, want one in the atlas", e)
	}
	if len(d.texts) != 0 {
		t.Errorf("texts not reset after the flush")
	}
	if got, want := d.Stats(), (Stats{Texts: 3, Batches: 1, Vertices: 8, Indices: 12}); got != want {
		t.Errorf("Stats = %+v, want %+v (the empty text draws nothing)", got, want)
	}
	d.AddText("reuse 7", 0, 0, white, 0)
	d.Flush(dst, 1)
	if entry("reuse 7", FontRegular, DefaultTextSize) != e {
		t.Error("the atlas entry was not reused in the next frame")
	}
	d.AddText("reuse 7", 0, 0, white, 0)
	d.Flush(dst, 2)
	if entry("reuse 7", FontRegular, 2*DefaultTextSize) == nil {
		t.Error("no entry at scale 2: another scale is another pixel size")
	}
}

func TestTextAtlasRepack(t *testing.T) {
	needDisplay(t)
	dst := ebiten.NewImage(256, 128)
	defer dst.Deallocate()
	var d DrawList
	big := TextStyle{Size: 96, Color: color.RGBA{255, 255, 255, 255}, Font: FontMonoBold}
	// Each frame draws a kept text and a new one of about 300×110
	// texels: the text area holds about 24, so it fills and is repacked.
	for i := range 60 {
		d.AddText("kept", 0, 0, big, 0)
		d.AddText(fmt.Sprintf("%04d", i), 0, 0, big, 0)
		d.Flush(dst, 1)
	}
	theAtlas.mu.Lock()
	n := len(theAtlas.texts.m)
	theAtlas.mu.Unlock()
	if n >= 60 {
		t.Errorf("%d texts in the atlas after 60 frames of new texts: it was never repacked", n)
	}
	if e := entry("kept", FontMonoBold, 96); e == nil || e.direct {
		t.Errorf("the text drawn every frame was dropped by a repack: %+v", e)
	}
	if e := entry("0000", FontMonoBold, 96); e != nil {
		t.Errorf("the text of frame 0 survived the repacks: %+v", e)
	}
	// What is drawn is still right after the repacks.
	dst.Clear()
	d.AddText("kept", 0, 0, TextStyle{Size: 96, Color: color.RGBA{0, 255, 0, 255}, Font: FontMonoBold}, 0)
	d.Flush(dst, 1)
	if green := countColour(dst, color.RGBA{0, 255, 0, 255}); green < 200 {
		t.Errorf("%d solid green pixels after the repacks, want the text's glyphs", green)
	}
}

func countColour(img *ebiten.Image, c color.RGBA) int {
	b := img.Bounds()
	pix := image.NewRGBA(b)
	img.ReadPixels(pix.Pix)
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if pix.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

func TestTextTooLargeForTheAtlas(t *testing.T) {
	needDisplay(t)
	dst := ebiten.NewImage(256, 128)
	defer dst.Deallocate()
	var d DrawList
	red := color.RGBA{255, 0, 0, 255}
	huge := TextStyle{Size: 400, Color: color.RGBA{0, 0, 255, 255}}
	d.AddRect(0, 0, 8, 8, red, 0)
	d.AddText("WWWW", 0, 0, huge, 0)
	d.AddRect(100, 100, 8, 8, red, 0)
	d.Flush(dst, 1)
	if e := entry("WWWW", FontRegular, 400); e == nil || !e.direct {
		t.Fatalf("entry of a 400-pixel text = %+v, want one drawn directly", e)
	}
	if got, want := d.Stats(), (Stats{Shapes: 2, Texts: 1, Batches: 2, TextDraws: 1, Vertices: 8, Indices: 12}); got != want {
		t.Errorf("Stats = %+v, want %+v: the direct text splits the batch", got, want)
	}
	if blue := countColour(dst, color.RGBA{0, 0, 255, 255}); blue < 1000 {
		t.Errorf("%d blue pixels, want the huge text drawn", blue)
	}
	if n := countColour(dst.SubImage(image.Rect(100, 100, 108, 108)).(*ebiten.Image), red); n != 64 {
		t.Errorf("%d red pixels in the second box, want 64: it is drawn over the text", n)
	}
}

func TestCachedTextIsTinted(t *testing.T) {
	needDisplay(t)
	dst := ebiten.NewImage(64, 32)
	defer dst.Deallocate()
	var d DrawList
	style := TextStyle{Size: 24, Color: color.RGBA{0, 255, 0, 255}, Font: FontMonoBold}
	d.AddText("##", 0, 0, style, 0)
	d.Flush(dst, 1)
	img := image.NewRGBA(image.Rect(0, 0, 64, 32))
	dst.ReadPixels(img.Pix)
	solid := 0
	for i := 0; i < len(img.Pix); i += 4 {
		r, g, b, a := img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]
		if r != 0 || b != 0 || g != a {
			t.Fatalf("pixel %d = %v, want premultiplied green only", i/4, img.Pix[i:i+4])
		}
		if a == 255 {
			solid++
		}
	}
	if solid < 20 {
		t.Errorf("%d solid green pixels, want the glyphs' cores", solid)
	}
}
