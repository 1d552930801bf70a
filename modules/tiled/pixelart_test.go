package tiled_test

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/hajimehoshi/ebiten/v2"
)

// seamColour is what the screen holds before the map is drawn: a pixel
// of it afterwards is a seam between tiles (the map covers the view).
var seamColour = color.RGBA{255, 0, 255, 255}

// drawScaled draws the logical w×h view of m centred on world point (x,
// y) at the given scale onto a screen filled with seamColour, and reads
// it back.
func drawScaled(tb testing.TB, m *tiled.Map, x, y float64, w, h int, scale float64, pa render.PixelArt) *image.RGBA {
	tb.Helper()
	requireDisplay(tb)
	sw, sh := int(math.Ceil(float64(w)*scale)), int(math.Ceil(float64(h)*scale))
	dst := ebiten.NewImage(sw, sh)
	defer dst.Deallocate()
	dst.Fill(seamColour)
	var list render.DrawList
	list.SetPixelArt(pa)
	cam := render.Camera{X: x, Y: y, Zoom: 1}
	cam.SetViewSize(float64(w), float64(h))
	m.Draw(&list, &cam)
	list.FlushCamera(dst, scale, &cam)
	out := image.NewRGBA(image.Rect(0, 0, sw, sh))
	dst.ReadPixels(out.Pix)
	return out
}

// seams counts the pixels of img that are not opaque or have the seam
// colour's tint: magenta, or a blend with it (red and blue both above
// green by a third).
func seams(img *image.RGBA) int {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		r, g, b, a := int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2]), img.Pix[i+3]
		if a != 255 || (r > g+85 && b > g+85) {
			n++
		}
	}
	return n
}

// blurred counts the s×s blocks of screen pixels (one logical pixel at
// scale s) that are not all one colour.
func blurred(img *image.RGBA, s int) int {
	n := 0
	b := img.Bounds()
	for y := 0; y+s <= b.Dy(); y += s {
		for x := 0; x+s <= b.Dx(); x += s {
			c := img.RGBAAt(x, y)
		block:
			for yy := y; yy < y+s; yy++ {
				for xx := x; xx < x+s; xx++ {
					if img.RGBAAt(xx, yy) != c {
						n++
						break block
					}
				}
			}
		}
	}
	return n
}

func TestPixelArtHasNoSeams(t *testing.T) {
	// zstd.tmx is covered by its floor and a layer of patterned tiles;
	// the camera sits between pixels.
	m := load(t, "zstd.tmx")
	const x, y, w, h = 20.3, 14.6, 32, 24
	linear := drawScaled(t, m, x, y, w, h, 4, render.PixelArt{})
	t.Logf("linear filtering at scale 4: %d seam pixels, %d of %d logical pixels blurred", seams(linear), blurred(linear, 4), w*h)

	crisp := drawScaled(t, m, x, y, w, h, 4, render.PixelArt{On: true, SnapCamera: true})
	if n := seams(crisp); n != 0 {
		t.Errorf("pixel art at scale 4: %d seam pixels, want 0", n)
	}
	if n := blurred(crisp, 4); n != 0 {
		t.Errorf("pixel art at scale 4 with the camera snapped: %d of %d logical pixels are not one colour, want 0", n, w*h)
	}
	// At a fractional scale and camera position, unsnapped: still no seam.
	for _, s := range []float64{2.5, 3, 1.75} {
		img := drawScaled(t, m, x+0.37, y+0.81, w, h, s, render.PixelArt{On: true})
		if n := seams(img); n != 0 {
			t.Errorf("pixel art at scale %g: %d seam pixels, want 0", s, n)
		}
	}
}
