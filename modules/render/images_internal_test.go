package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"testing"
)

// TestPagePackerNoOverlap packs many rectangles and checks that each lies
// inside its page and overlaps no other on the same page.
func TestPagePackerNoOverlap(t *testing.T) {
	p := pagePacker{size: 256}
	rng := rand.New(rand.NewPCG(3, 4))
	type placed struct {
		page int
		r    image.Rectangle
	}
	var all []placed
	for range 400 {
		w, h := 1+rng.IntN(60), 1+rng.IntN(60)
		page, pt, ok := p.alloc(w, h)
		if !ok {
			t.Fatalf("alloc(%d, %d) failed", w, h)
		}
		r := image.Rect(pt.X, pt.Y, pt.X+w, pt.Y+h)
		if !r.In(image.Rect(0, 0, 256, 256)) {
			t.Fatalf("rectangle %v is outside the 256×256 page", r)
		}
		for _, q := range all {
			if q.page == page && q.r.Overlaps(r) {
				t.Fatalf("rectangle %v overlaps %v on page %d", r, q.r, page)
			}
		}
		all = append(all, placed{page, r})
	}
	if n := len(p.pages); n < 2 {
		t.Errorf("%d pages for 400 rectangles of up to 60×60 in 256×256 pages, want more than 1", n)
	}
}

func TestPagePackerShelves(t *testing.T) {
	p := pagePacker{size: 100}
	want := []struct {
		w, h, page int
		at         image.Point
	}{
		{40, 30, 0, image.Pt(0, 0)},
		{40, 20, 0, image.Pt(40, 0)},
		{40, 20, 0, image.Pt(0, 30)}, // next shelf, below the tallest of the first
		{60, 60, 0, image.Pt(40, 30)},
		{30, 30, 1, image.Pt(0, 0)}, // no room below: a new page
		{100, 100, 2, image.Pt(0, 0)},
	}
	for _, c := range want {
		page, at, ok := p.alloc(c.w, c.h)
		if !ok || page != c.page || at != c.at {
			t.Errorf("alloc(%d, %d) = page %d at %v (%v), want page %d at %v", c.w, c.h, page, at, ok, c.page, c.at)
		}
	}
	if _, _, ok := p.alloc(101, 1); ok {
		t.Error("alloc of a rectangle wider than a page succeeded")
	}
}

func TestImageSub(t *testing.T) {
	img := Image{page: 1, x: 10, y: 20, w: 64, h: 32}
	s, err := img.Sub(16, 8, 16, 16)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Image{page: 1, x: 26, y: 28, w: 16, h: 16}); s != want {
		t.Errorf("Sub = %+v, want %+v", s, want)
	}
	for _, r := range [][4]int{{-1, 0, 4, 4}, {0, 0, 65, 1}, {60, 0, 8, 8}, {0, 0, 0, 4}} {
		if _, err := img.Sub(r[0], r[1], r[2], r[3]); err == nil {
			t.Errorf("Sub%v of a 64×32 image succeeded", r)
		}
	}
	if _, err := (Image{}).Sub(0, 0, 1, 1); err == nil {
		t.Error("Sub of the zero Image succeeded")
	}
}

// TestPremultipliedMatchesDraw checks premultiplied against image/draw's
// Draw into an image.RGBA, which it replaces, for the kinds of image PNG
// decoding makes (and a paletted one), with sub-image offsets.
func TestPremultipliedMatchesDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := image.Rect(3, 5, 3+17, 5+9)
	nrgba, rgba, gray := image.NewNRGBA(r), image.NewRGBA(r), image.NewGray16(r)
	pal := image.NewPaletted(r, color.Palette{color.Transparent, color.NRGBA{200, 100, 50, 128}, color.White})
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a := uint8(rng.IntN(256))
			nrgba.SetNRGBA(x, y, color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), a})
			rgba.SetRGBA(x, y, color.RGBA{a / 2, a / 3, a, a})
			gray.SetGray16(x, y, color.Gray16{uint16(rng.IntN(65536))})
			pal.SetColorIndex(x, y, uint8(rng.IntN(3)))
		}
	}
	for name, img := range map[string]image.Image{
		"NRGBA": nrgba, "RGBA": rgba, "Gray16": gray, "Paletted": pal,
		"NRGBA sub-image": nrgba.SubImage(image.Rect(5, 6, 15, 12)),
	} {
		b := img.Bounds()
		want := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(want, want.Bounds(), img, b.Min, draw.Src)
		if got := premultiplied(img); !bytes.Equal(got, want.Pix) {
			t.Errorf("%s: premultiplied differs from draw.Draw", name)
		}
	}
}
