package render

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
)

// face is a font at one pixel size, with its vertical metrics in
// pixels. Its glyphs are rasterized by golang.org/x/image's opentype
// package, or, for the Go fonts in the browser, drawn by the page
// (fonts_js.go); render lays out and composes texts itself (text.go, glyphs.go)
// instead of going through Ebitengine's text/v2, whose shaping engine
// (go-text/typesetting) and the image decoders it registers add about
// 0.7 MB to a WebAssembly build for texts that need no shaping.
type face struct {
	font                         Font
	size                         float64
	face                         font.Face
	ascent, descent, lineSpacing float64
}

func newFace(f Font, size float64) face {
	s := f.source()
	xf := s.open(s, size)
	m := xf.Metrics()
	return face{font: f, size: size, face: xf,
		ascent: fixedFloat(m.Ascent), descent: fixedFloat(m.Descent), lineSpacing: fixedFloat(m.Height)}
}

// maxFaces bounds a face cache: a game that animates text sizes would
// otherwise grow it without end.
const maxFaces = 16

// faceCache holds the faces texts were drawn with, so that drawing text
// makes no faces in steady state.
type faceCache struct {
	faces []face
	next  int // the entry to replace when full
}

func (c *faceCache) get(f Font, size float64) *face {
	for i := range c.faces {
		if c.faces[i].font == f && c.faces[i].size == size {
			return &c.faces[i]
		}
	}
	if len(c.faces) < maxFaces {
		c.faces = append(c.faces, newFace(f, size))
		return &c.faces[len(c.faces)-1]
	}
	i := c.next
	c.next = (c.next + 1) % maxFaces
	c.faces[i] = newFace(f, size)
	return &c.faces[i]
}

// MeasureText returns the size, in logical pixels, of s drawn in style:
// the width of its longest line and the height of its lines. Games use
// it to lay out text, e.g. to centre a box behind a label. MeasureText is
// concurrent-safe.
func MeasureText(s string, style TextStyle) (width, height float64) {
	f := newFace(style.Font, style.size())
	return f.measure(s)
}

// alignOffset returns how far the anchor lies from the start of an
// extent of length n.
func alignOffset(a Align, n float64) float64 {
	switch a {
	case AlignCenter:
		return n / 2
	case AlignEnd:
		return n
	}
	return 0
}

// Texts are drawn from the atlas's text area, where each distinct string,
// font, pixel size and horizontal alignment is rendered once, in white:
// laying out and rasterizing glyphs every frame would cost far more than
// one quad from an atlas region, and a score or a title changes far less
// often than it is drawn. When the area is full, the
// texts not drawn in the current frame are dropped and the others are
// packed anew.

type textKey struct {
	s     string
	font  Font
	size  float64 // in screen pixels
	align Align
}

// textEntry is a text in the atlas: its region (with padding), the
// text's measured size in screen pixels, and where its anchor lies in the
// region: x of the horizontal anchor, y of the first line's top.
type textEntry struct {
	key    textKey
	rect   image.Rectangle
	w, h   float64
	ax, ay float64
	used   uint64 // the frame that last drew it
	// direct is set for a text that does not fit the atlas: it is
	// rendered into an image of its own, img, drawn with its own draw
	// call, and rect is img's bounds.
	direct bool
	img    *ebiten.Image
}

// textCache is the atlas's text part.
type textCache struct {
	m      map[textKey]*textEntry
	pack   shelfPacker
	faces  faceCache
	frame  uint64
	buf    []byte // rasterization scratch
	direct int    // entries drawn directly, from images of their own
}

// place returns the atlas entry for s in style at scale, rendering it if
// it is new; nil for a text with nothing to draw. The caller holds
// theAtlas.mu.
func (c *textCache) place(s string, style TextStyle, scale float64) *textEntry {
	key := textKey{s: s, font: style.Font, size: style.size() * scale, align: style.Align}
	if e, ok := c.m[key]; ok {
		e.used = c.frame
		return e
	}
	f := c.faces.get(key.font, key.size)
	w, h := f.measure(s)
	if w <= 0 || h <= 0 {
		return nil
	}
	// Glyphs may reach beyond their advance and line box (overhangs,
	// accents): leave them room.
	pad := math.Ceil(key.size/4) + 1
	e := &textEntry{key: key, w: w, h: h, ax: pad + alignOffset(key.align, w), ay: pad, used: c.frame}
	e.rect = image.Rect(0, 0, int(math.Ceil(w)+2*pad), int(math.Ceil(h)+2*pad))
	if c.m == nil {
		c.m = map[textKey]*textEntry{}
		c.pack.reset(textArea)
	}
	if !c.alloc(e) {
		c.repack()
		if !c.alloc(e) {
			c.renderDirect(e)
		}
	}
	c.m[key] = e
	return e
}

// maxTextScratch is the largest rasterization, in bytes, that goes
// through the text cache's kept scratch buffer (a score, a title): a
// 64×64 pixel region.
const maxTextScratch = 16 << 10

// pixels returns s rendered in white for e, in a buffer of e.rect's size
// that is valid until the next call.
func (c *textCache) pixels(e *textEntry) []byte {
	n := 4 * e.rect.Dx() * e.rect.Dy()
	var pix []byte
	switch {
	case n > maxTextScratch:
		// A large text (a wrapped message on its box) is rasterized
		// once into a buffer of its own, not kept: a scratch buffer
		// grown to it would be kept for good (issue #40: Breakout's
		// "won" message kept 104 KB from the first win on).
		pix = make([]byte, n)
	case cap(c.buf) < n:
		c.buf = make([]byte, n)
		fallthrough
	default:
		pix = c.buf[:n]
	}
	clear(pix)
	f := c.faces.get(e.key.font, e.key.size)
	f.rasterize(pix, image.Rect(0, 0, e.rect.Dx(), e.rect.Dy()), e.key.s, e.key.align, e.ax, e.ay)
	return pix
}

// renderDirect renders a text too large for the atlas into an image of
// its own.
func (c *textCache) renderDirect(e *textEntry) {
	e.direct = true
	c.direct++
	e.rect = e.rect.Sub(e.rect.Min)
	e.img = ebiten.NewImage(e.rect.Dx(), e.rect.Dy())
	e.img.WritePixels(c.pixels(e)) // copied: the buffer can go
	c.buf = nil                    // keep no large buffer for the atlas's small texts
}

// dropDirect frees the images of the texts drawn directly that were not
// drawn in the last two flushes.
func (c *textCache) dropDirect() {
	if c.direct == 0 {
		return
	}
	for k, e := range c.m {
		if e.direct && c.frame-e.used > 2 {
			e.img.Deallocate()
			delete(c.m, k)
			c.direct--
		}
	}
}

// alloc finds room for e and renders it there.
func (c *textCache) alloc(e *textEntry) bool {
	pt, ok := c.pack.alloc(e.rect.Dx(), e.rect.Dy())
	if !ok {
		return false
	}
	e.rect = e.rect.Sub(e.rect.Min).Add(pt)
	atlasImage().SubImage(e.rect).(*ebiten.Image).WritePixels(c.pixels(e))
	return true
}

// repack empties the text area and places anew the texts drawn in the
// current frame, dropping the others.
func (c *textCache) repack() {
	atlasImage().SubImage(textArea).(*ebiten.Image).Clear()
	c.pack.reset(textArea)
	var keep []*textEntry
	for k, e := range c.m {
		if e.used != c.frame {
			if e.direct {
				e.img.Deallocate()
				c.direct--
			}
			delete(c.m, k)
		} else if !e.direct {
			keep = append(keep, e)
		}
	}
	// Keep the previous order, so that packing is deterministic.
	slices.SortFunc(keep, func(a, b *textEntry) int {
		return cmp.Or(cmp.Compare(a.rect.Min.Y, b.rect.Min.Y), cmp.Compare(a.rect.Min.X, b.rect.Min.X))
	})
	for _, e := range keep {
		if !c.alloc(e) {
			c.renderDirect(e)
		}
	}
}
