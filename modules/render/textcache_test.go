package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/gluekit/glue/internal/ttf"
	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
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
	e := entry("reuse 7", FontRegular(), DefaultTextSize)
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
	if entry("reuse 7", FontRegular(), DefaultTextSize) != e {
		t.Error("the atlas entry was not reused in the next frame")
	}
	d.AddText("reuse 7", 0, 0, white, 0)
	d.Flush(dst, 2)
	if entry("reuse 7", FontRegular(), 2*DefaultTextSize) == nil {
		t.Error("no entry at scale 2: another scale is another pixel size")
	}
}

func TestTextAtlasRepack(t *testing.T) {
	needDisplay(t)
	dst := ebiten.NewImage(256, 128)
	defer dst.Deallocate()
	var d DrawList
	big := TextStyle{Size: 96, Color: color.RGBA{255, 255, 255, 255}, Font: FontMonoBold()}
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
	if e := entry("kept", FontMonoBold(), 96); e == nil || e.direct {
		t.Errorf("the text drawn every frame was dropped by a repack: %+v", e)
	}
	if e := entry("0000", FontMonoBold(), 96); e != nil {
		t.Errorf("the text of frame 0 survived the repacks: %+v", e)
	}
	// What is drawn is still right after the repacks.
	dst.Clear()
	d.AddText("kept", 0, 0, TextStyle{Size: 96, Color: color.RGBA{0, 255, 0, 255}, Font: FontMonoBold()}, 0)
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
	if e := entry("WWWW", FontRegular(), 400); e == nil || !e.direct {
		t.Fatalf("entry of a 400-pixel text = %+v, want one drawn directly", e)
	}
	// The direct text is a quad of its own image: its vertices count.
	if got, want := d.Stats(), (Stats{Shapes: 2, Texts: 1, Batches: 2, TextDraws: 1, Vertices: 12, Indices: 18}); got != want {
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
	style := TextStyle{Size: 24, Color: color.RGBA{0, 255, 0, 255}, Font: FontMonoBold()}
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

func TestLines(t *testing.T) {
	for _, c := range []struct {
		s    string
		want []string
	}{
		{"a", []string{"a"}},
		{"a\nb", []string{"a", "b"}},
		{"a\r\nb\rc", []string{"a", "b", "c"}},
		{"a\n", []string{"a"}},
		{"\na", []string{"", "a"}},
		{"a\n\nb", []string{"a", "", "b"}},
		{"a\u2028b", []string{"a", "b"}},
	} {
		var got []string
		for rest := c.s; rest != ""; {
			var line string
			line, rest = nextLine(rest)
			got = append(got, line)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("lines of %q = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestMeasureLines(t *testing.T) {
	style := TextStyle{Size: 20}
	w1, h1 := MeasureText("Score", style)
	w2, h2 := MeasureText("Score\nHigh score", style)
	wHigh, _ := MeasureText("High score", style)
	if w1 <= 0 || h1 < 20 || h1 > 30 {
		t.Fatalf("MeasureText(Score, 20 px) = %v×%v, want a plausible size", w1, h1)
	}
	if w2 != wHigh {
		t.Errorf("width of two lines = %v, want the longer line's %v", w2, wHigh)
	}
	f := newFace(FontRegular(), 20)
	if want := h1 + f.lineSpacing; math.Abs(h2-want) > 1e-9 {
		t.Errorf("height of two lines = %v, want one line's %v plus the line spacing %v", h2, h1, f.lineSpacing)
	}
	if w, h := MeasureText("", style); w != 0 || h != 0 {
		t.Errorf("MeasureText(\"\") = %v×%v, want 0×0", w, h)
	}
}

// TestTextRasterCentred checks the layout of a rendered text in the
// atlas: each line of a centred, two-line text is centred on the anchor,
// and the ink stays inside the entry's region.
func TestTextRasterCentred(t *testing.T) {
	f := newFace(FontRegular(), 20)
	const W, H = 200, 60
	pix := make([]byte, 4*W*H)
	f.rasterize(pix, image.Rect(0, 0, W, H), "ii\nWWWW", AlignCenter, 100, 4)
	inkX := func(y0, y1 int) (lo, hi int) {
		lo, hi = W, -1
		for y := y0; y < y1; y++ {
			for x := range W {
				if pix[4*(y*W+x)+3] > 64 {
					lo, hi = min(lo, x), max(hi, x)
				}
			}
		}
		return lo, hi
	}
	split := 4 + int(f.lineSpacing)
	for _, r := range [][2]int{{0, split}, {split, H}} {
		lo, hi := inkX(r[0], r[1])
		if hi < 0 {
			t.Fatalf("no ink in rows %d..%d", r[0], r[1])
		}
		if c := (lo + hi) / 2; c < 97 || c > 103 {
			t.Errorf("line in rows %d..%d spans x %d..%d, centre %d; want about 100", r[0], r[1], lo, hi, c)
		}
	}
	for i := 0; i < len(pix); i += 4 {
		if pix[i] != pix[i+3] || pix[i+1] != pix[i+3] || pix[i+2] != pix[i+3] {
			t.Fatalf("pixel %d = %v, want premultiplied white", i/4, pix[i:i+4])
		}
	}
}

func TestNewFont(t *testing.T) {
	if _, err := NewFont("notes.txt", []byte("not a font")); err == nil || !strings.Contains(err.Error(), `render: font "notes.txt" is not a TrueType or OpenType font`) {
		t.Errorf("NewFont of text: error %v, want one naming the font", err)
	}
	f, err := NewFont("Go Mono Bold, again", gomonobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	if f.String() != "Go Mono Bold, again" || FontMonoBold().String() != "Go Mono Bold" || (Font{}).String() != "Go Regular" {
		t.Errorf("names: %v, %v, %v", f, FontMonoBold(), Font{})
	}
	if f == FontMonoBold() || FontRegular() != (Font{}) {
		t.Error("a font of the game's own equals a Go font, or FontRegular is not the zero Font")
	}
	// The same data measures the same as the Go font.
	a, _ := MeasureText("Score 120", TextStyle{Font: f, Size: 20})
	b, _ := MeasureText("Score 120", TextStyle{Font: FontMonoBold(), Size: 20})
	if a != b || a == 0 {
		t.Errorf("width in the game's copy of Go Mono Bold = %v, in Go Mono Bold %v", a, b)
	}
}

// TestEmbeddedFontsAreCurrent checks that fonts/ holds the Go fonts of
// the x/image version in go.mod, stripped of their hinting: run
// `go generate ./modules/render` when it fails.
func TestEmbeddedFontsAreCurrent(t *testing.T) {
	for _, c := range []struct {
		name           string
		embedded, from []byte
	}{{"goregular.ttf", goRegularTTF, goregular.TTF}, {"gomonobold.ttf", goMonoBoldTTF, gomonobold.TTF}} {
		want, err := ttf.StripHinting(c.from)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(c.embedded, want) {
			t.Errorf("fonts/%s is not the stripped Go font of this x/image version: run go generate ./modules/render", c.name)
		}
	}
	for _, c := range []struct {
		name           string
		embedded, font []byte
	}{{"goregular.metrics", goRegularMetrics, goRegularTTF}, {"gomonobold.metrics", goMonoBoldMetrics, goMonoBoldTTF}} {
		want, err := ttf.Metrics(c.font)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(c.embedded, want) {
			t.Errorf("fonts/%s is not the metrics of its font: run go generate ./modules/render", c.name)
		}
	}
}

// TestLargeTextKeepsNoScratch (issue #40): a large text (Breakout's
// wrapped "won" message on its box) is rasterized into a buffer of its
// own; the text cache's kept scratch buffer stays small. It grew to the
// largest text ever drawn and was kept for good: 104 KB from Breakout's
// first win on.
func TestLargeTextKeepsNoScratch(t *testing.T) {
	needDisplay(t)
	dst := ebiten.NewImage(256, 256)
	defer dst.Deallocate()
	var d DrawList
	msg := TextStyle{Size: 16, Wrap: 188, Backdrop: color.RGBA{34, 38, 56, 255}, Pad: 4, Align: AlignCenter}
	d.AddText("You win! Score 360. Press R or Space to play again", 100, 100, msg, 0)
	d.AddText("Score 0", 0, 0, TextStyle{Size: 12}, 0)
	d.Flush(dst, 2)
	theAtlas.mu.Lock()
	kept, largest := cap(theAtlas.texts.buf), 0
	for _, e := range theAtlas.texts.m {
		largest = max(largest, 4*e.rect.Dx()*e.rect.Dy())
	}
	theAtlas.mu.Unlock()
	if largest <= maxTextScratch {
		t.Fatalf("the largest text is %d bytes: want one larger than the scratch's %d", largest, maxTextScratch)
	}
	if kept > maxTextScratch {
		t.Errorf("the text cache keeps a %d-byte scratch buffer after a large text; want at most %d", kept, maxTextScratch)
	}
}
