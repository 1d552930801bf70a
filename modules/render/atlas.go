package render

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// The atlas is the one image every box, circle and text is drawn from, so
// that the whole draw list goes to the GPU as one DrawTriangles32 call
// (more only if a text is too large for the atlas). Its top-left corner
// holds white, anti-aliased discs of several radii — mipmap levels chosen
// by hand, so that a circle is drawn from the smallest disc at least as
// large as it is on screen — and boxes sample the solid centre of the
// largest disc. The rest holds texts, rendered in white once per distinct
// string, font, size and alignment (see text.go). Vertex colours tint the
// white.

// atlasSize is the atlas's width and height.
const atlasSize = 1024

// discRadii are the radii, in texels, of the atlas's discs.
var discRadii = [...]int{4, 8, 16, 32, 64}

// discMargin is the transparent border around each disc's bounding box:
// one texel the quad covers so that the anti-aliased edge is not cut,
// and one more so that linear filtering never reads a neighbour.
const discMargin = 2

// discLevel is one disc in the atlas: its centre and radius in texels.
type discLevel struct {
	cx, cy, r float32
}

// atlasLayout places the discs side by side.
var atlasLayout = func() (l struct {
	levels [len(discRadii)]discLevel
	w, h   int
}) {
	x := 0
	for i, r := range discRadii {
		cell := 2*r + 2*discMargin
		l.levels[i] = discLevel{cx: float32(x + discMargin + r), cy: float32(discMargin + r), r: float32(r)}
		x += cell
		l.h = max(l.h, cell)
	}
	l.w = x
	return l
}()

// textArea is the part of the atlas that holds texts.
var textArea = image.Rect(0, atlasLayout.h+discMargin, atlasSize, atlasSize)

// whiteX and whiteY is the atlas point boxes sample: the centre of the
// largest disc, solid white for many texels around.
var (
	whiteX = atlasLayout.levels[len(discRadii)-1].cx
	whiteY = atlasLayout.levels[len(discRadii)-1].cy
)

// discFor returns the disc to draw a circle of screen radius r from.
func discFor(r float32) *discLevel {
	for i := range atlasLayout.levels {
		if atlasLayout.levels[i].r >= r {
			return &atlasLayout.levels[i]
		}
	}
	return &atlasLayout.levels[len(discRadii)-1]
}

// discPixels renders the discs' part of the atlas (atlasLayout.w ×
// atlasLayout.h): premultiplied white with each texel's coverage,
// sampled 4×4 times per texel (discCoverage).
func discPixels() []byte {
	w, h := atlasLayout.w, atlasLayout.h
	pix := make([]byte, 4*w*h)
	for _, d := range atlasLayout.levels {
		r := float64(d.r)
		x0, y0 := int(d.cx-d.r)-1, int(d.cy-d.r)-1
		for y := y0; y < y0+int(2*d.r)+2; y++ {
			for x := x0; x < x0+int(2*d.r)+2; x++ {
				// Only texels on the edge are sampled: one whose square is
				// inside the disc by a margin is covered, one outside it
				// by a margin is not (the browser build runs this at
				// start: a fifth of the time).
				var a byte
				near, far := texelDistances(float64(x)-float64(d.cx), float64(y)-float64(d.cy))
				switch {
				case far < (r-edgeMargin)*(r-edgeMargin):
					a = 255
				case near > (r+edgeMargin)*(r+edgeMargin):
					continue
				default:
					a = discCoverage(d, x, y)
				}
				i := 4 * (y*w + x)
				pix[i], pix[i+1], pix[i+2], pix[i+3] = a, a, a, a
			}
		}
	}
	return pix
}

// discCoverage returns the part of texel (x, y) that disc d covers, in
// 255ths, sampled 4×4 times.
func discCoverage(d discLevel, x, y int) byte {
	const n = 4
	r := float64(d.r)
	in := 0
	for sy := range n {
		for sx := range n {
			dx := float64(x) + (float64(sx)+0.5)/n - float64(d.cx)
			dy := float64(y) + (float64(sy)+0.5)/n - float64(d.cy)
			if dx*dx+dy*dy <= r*r {
				in++
			}
		}
	}
	return byte(math.Round(255 * float64(in) / (n * n)))
}

// edgeMargin keeps discPixels' shortcuts away from the edge, where
// rounding could make a texel's corners and its samples disagree.
const edgeMargin = 1.0 / 64

// texelDistances returns the squared distances from the origin to the
// nearest and the farthest point of the unit square with top-left corner
// (x, y).
func texelDistances(x, y float64) (near, far float64) {
	axis := func(a float64) (lo, hi float64) {
		b := a + 1
		switch {
		case a > 0:
			lo = a
		case b < 0:
			lo = -b
		}
		return lo, max(math.Abs(a), math.Abs(b))
	}
	nx, fx := axis(x)
	ny, fy := axis(y)
	return nx*nx + ny*ny, fx*fx + fy*fy
}

// theAtlas is the process's atlas: Ebitengine runs one game per process,
// and its images belong to that game. Its text part is a cache that any
// DrawList fills; the mutex makes that safe should two DrawLists flush
// at once.
var theAtlas struct {
	mu     sync.Mutex
	img    *ebiten.Image
	texts  textCache
	images imagePages
}

// newPage makes an atlas page of size × size pixels: a texture of its
// own (Unmanaged), not a region of one of Ebitengine's shared atlases,
// which keep a pixel of padding around each image and so would put a
// 1024² page into a 2048×1024 texture and a 2048² one into 4096×2048 —
// twice the memory, and twice the texture to clear at start.
func newPage(size int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, size, size), &ebiten.NewImageOptions{Unmanaged: true})
}

// atlasImage returns the atlas image, creating it on first use. The
// caller holds theAtlas.mu.
func atlasImage() *ebiten.Image {
	if theAtlas.img == nil {
		theAtlas.img = newPage(atlasSize)
		discs := theAtlas.img.SubImage(image.Rect(0, 0, atlasLayout.w, atlasLayout.h)).(*ebiten.Image)
		discs.WritePixels(discPixels())
	}
	return theAtlas.img
}

// shelfPacker places rectangles in rows ("shelves") left to right, top to
// bottom, within an area. Space is reclaimed only all at once, by reset.
type shelfPacker struct {
	area       image.Rectangle
	x, y, rowH int
}

func (p *shelfPacker) reset(area image.Rectangle) {
	*p = shelfPacker{area: area, x: area.Min.X, y: area.Min.Y}
}

// alloc returns the top-left corner of a free w×h rectangle, or false if
// the area has no room left.
func (p *shelfPacker) alloc(w, h int) (image.Point, bool) {
	if w > p.area.Dx() || h > p.area.Dy() {
		return image.Point{}, false
	}
	if p.x+w > p.area.Max.X {
		p.x, p.y, p.rowH = p.area.Min.X, p.y+p.rowH, 0
	}
	if p.y+h > p.area.Max.Y {
		return image.Point{}, false
	}
	pt := image.Pt(p.x, p.y)
	p.x += w
	p.rowH = max(p.rowH, h)
	return pt, true
}
