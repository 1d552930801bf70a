package render

import (
	"cmp"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

type itemKind uint8

const (
	kindBox itemKind = iota
	kindCircle
	kindText
)

// item is one thing to draw. Boxes keep their rectangle in x, y, w, h;
// circles their centre and radius in x, y, w; texts an index into
// DrawList.texts.
type item struct {
	x, y, w, h float32
	z          int
	text       int32
	c          color.RGBA
	kind       itemKind
}

type textItem struct {
	s     string
	x, y  float64
	style TextStyle
	entry *textEntry // its place in the atlas, set by Flush
}

// batch is one draw call: a run of quads (vertices [v0, v1)) or one text
// drawn directly.
type batch struct {
	text   int32 // index into texts, or -1 for quads
	v0, v1 int32
}

// maxBatchQuads bounds the quads of one DrawTriangles32 call by
// Ebitengine's vertex limit (only reachable on 32-bit platforms).
const maxBatchQuads = min(ebiten.MaxVertexCount/4, 1<<30)

// countingSortSpan is the largest range of Z values sorted by counting;
// wider ranges use a stable comparison sort.
const countingSortSpan = 4096

// Stats describes the last frame a [DrawList] flushed.
type Stats struct {
	// Shapes and Texts count the boxes and circles, and the texts, drawn.
	Shapes, Texts int
	// Batches is the number of DrawTriangles32 calls: one per run of
	// items, in draw order, not interrupted by a text drawn directly.
	Batches int
	// TextDraws counts the texts drawn directly, each with its own draw
	// call, because they are too large for the atlas.
	TextDraws int
	// Vertices and Indices are the totals passed to DrawTriangles32.
	Vertices, Indices int
}

// DrawCalls returns the number of draw calls issued: batches and texts
// drawn directly.
func (s Stats) DrawCalls() int { return s.Batches + s.TextDraws }

// DrawList is the frame's list of things to draw, a resource. The draw
// systems ([DrawBox], [DrawCircle], [DrawText]) add to it; the plugin's
// flush system sorts it by Z and draws it at the end of the frame. Boxes,
// circles and texts are all drawn from one atlas image, so the whole list
// is one DrawTriangles32 call — unless a text too large for the atlas
// must be drawn on its own, which splits it. Game systems of the draw
// stages may add to it too, through glue.ResMut[render.DrawList].
//
// A DrawList reuses its memory from frame to frame: in steady state,
// adding and flushing allocate nothing. A DrawList is not
// concurrent-safe; the draw stages run one system at a time.
type DrawList struct {
	items   []item
	scratch []item
	counts  []int
	texts   []textItem
	verts   []ebiten.Vertex
	indices []uint32
	batches []batch
	triOpts ebiten.DrawTrianglesOptions
	textOpt text.DrawOptions
	stats   Stats
}

// AddRect adds a filled rectangle with top-left corner (x, y), width w
// and height h, in logical pixels, at layer z.
func (d *DrawList) AddRect(x, y, w, h float64, c color.RGBA, z int) {
	d.items = append(d.items, item{x: float32(x), y: float32(y), w: float32(w), h: float32(h), z: z, c: c, kind: kindBox})
}

// AddCircle adds a filled, anti-aliased circle with centre (cx, cy) and
// radius r, in logical pixels, at layer z.
func (d *DrawList) AddCircle(cx, cy, r float64, c color.RGBA, z int) {
	d.items = append(d.items, item{x: float32(cx), y: float32(cy), w: float32(r), z: z, c: c, kind: kindCircle})
}

// AddText adds s, anchored at (x, y) in logical pixels, in style, at
// layer z. The string is kept until the flush, not copied.
func (d *DrawList) AddText(s string, x, y float64, style TextStyle, z int) {
	d.texts = append(d.texts, textItem{s: s, x: x, y: y, style: style})
	d.items = append(d.items, item{z: z, text: int32(len(d.texts) - 1), c: style.Color, kind: kindText})
}

// Len returns the number of items added since the last flush or reset.
func (d *DrawList) Len() int { return len(d.items) }

// Reset drops every item added since the last flush, keeping the
// memory.
func (d *DrawList) Reset() {
	d.items = d.items[:0]
	clear(d.texts) // drop the strings
	d.texts = d.texts[:0]
}

// Stats returns what the last flush drew.
func (d *DrawList) Stats() Stats { return d.stats }

// Flush draws every item onto dst, lowest Z first and in insertion order
// within a Z, with logical coordinates multiplied by scale, and then
// resets the list. The plugin's flush system calls it at the end of every
// frame with the screen; call it yourself to draw a list elsewhere. A nil
// dst draws nothing but still counts [Stats], assuming every text fits
// the atlas.
func (d *DrawList) Flush(dst *ebiten.Image, scale float64) {
	if scale <= 0 {
		scale = 1
	}
	if dst != nil {
		theAtlas.mu.Lock()
		defer theAtlas.mu.Unlock()
		c := &theAtlas.texts
		c.frame++
		for i := range d.texts {
			t := &d.texts[i]
			t.entry = c.place(t.s, t.style, scale)
		}
	}
	d.prepare(float32(scale), dst != nil)
	if dst != nil {
		d.draw(dst, scale)
	}
	d.Reset()
}

// prepare sorts the items and turns them into batches: vertices for runs
// of quads, references for texts drawn directly. It touches no GPU
// resource. placed tells whether the texts have their atlas entries.
func (d *DrawList) prepare(scale float32, placed bool) {
	items := d.sorted()
	d.verts = d.verts[:0]
	d.batches = d.batches[:0]
	d.stats = Stats{}
	quads := 0 // in the current batch
	maxQuads := 0
	for i := range items {
		it := &items[i]
		var t *textItem
		if it.kind == kindText {
			d.stats.Texts++
			t = &d.texts[it.text]
			if placed && t.entry == nil {
				continue // nothing to draw
			}
			if t.entry != nil && t.entry.direct {
				d.batches = append(d.batches, batch{text: it.text})
				d.stats.TextDraws++
				quads = 0
				continue
			}
		} else {
			d.stats.Shapes++
		}
		if quads == 0 || quads == maxBatchQuads {
			d.batches = append(d.batches, batch{text: -1, v0: int32(len(d.verts))})
			d.stats.Batches++
			quads = 0
		}
		d.appendQuad(it, t, scale)
		quads++
		maxQuads = max(maxQuads, quads)
		d.batches[len(d.batches)-1].v1 = int32(len(d.verts))
	}
	d.ensureIndices(maxQuads)
	d.stats.Vertices = len(d.verts)
	d.stats.Indices = len(d.verts) / 4 * 6
}

// sorted returns the items in draw order: by Z, stable. Items added in
// order (the common case) are returned as they are; a narrow range of Z
// values is sorted by counting, in linear time.
func (d *DrawList) sorted() []item {
	items := d.items
	if len(items) < 2 {
		return items
	}
	lo, hi := items[0].z, items[0].z
	inOrder := true
	for i := 1; i < len(items); i++ {
		z := items[i].z
		if z < items[i-1].z {
			inOrder = false
		}
		lo, hi = min(lo, z), max(hi, z)
	}
	if inOrder {
		return items
	}
	if span := uint64(hi) - uint64(lo); span < countingSortSpan {
		n := int(span) + 1
		d.counts = slices.Grow(d.counts[:0], n+1)[:n+1]
		clear(d.counts)
		for i := range items {
			d.counts[items[i].z-lo+1]++
		}
		for k := 1; k <= n; k++ {
			d.counts[k] += d.counts[k-1]
		}
		d.scratch = slices.Grow(d.scratch[:0], len(items))[:len(items)]
		for i := range items {
			k := items[i].z - lo
			d.scratch[d.counts[k]] = items[i]
			d.counts[k]++
		}
		return d.scratch
	}
	slices.SortStableFunc(items, func(a, b item) int { return cmp.Compare(a.z, b.z) })
	return items
}

// appendQuad appends the four vertices of a box, circle or atlas text, in
// screen pixels. t is the text of a text item; its entry is nil when
// only counting.
func (d *DrawList) appendQuad(it *item, t *textItem, scale float32) {
	var x0, y0, x1, y1, sx0, sy0, sx1, sy1 float32
	switch it.kind {
	case kindBox:
		x0, y0 = it.x*scale, it.y*scale
		x1, y1 = (it.x+it.w)*scale, (it.y+it.h)*scale
		sx0, sy0, sx1, sy1 = whiteX, whiteY, whiteX, whiteY
	case kindCircle:
		r := it.w * scale
		disc := discFor(r)
		// The quad covers the disc's bounding box plus one texel, so
		// that the anti-aliased edge is drawn whole.
		ext := r * (disc.r + 1) / disc.r
		cx, cy := it.x*scale, it.y*scale
		x0, y0, x1, y1 = cx-ext, cy-ext, cx+ext, cy+ext
		sx0, sy0 = disc.cx-disc.r-1, disc.cy-disc.r-1
		sx1, sy1 = disc.cx+disc.r+1, disc.cy+disc.r+1
	case kindText:
		if e := t.entry; e != nil {
			// Whole screen pixels, one per texel: the text stays as
			// sharp as it was rendered.
			s := float64(scale)
			x0 = float32(math.Round(t.x*s - e.ax))
			y0 = float32(math.Round(t.y*s - e.ay - alignOffset(t.style.VAlign, e.h)))
			x1, y1 = x0+float32(e.rect.Dx()), y0+float32(e.rect.Dy())
			sx0, sy0 = float32(e.rect.Min.X), float32(e.rect.Min.Y)
			sx1, sy1 = float32(e.rect.Max.X), float32(e.rect.Max.Y)
		}
	}
	r, g, b, a := float32(it.c.R)/255, float32(it.c.G)/255, float32(it.c.B)/255, float32(it.c.A)/255
	d.verts = append(d.verts,
		ebiten.Vertex{DstX: x0, DstY: y0, SrcX: sx0, SrcY: sy0, ColorR: r, ColorG: g, ColorB: b, ColorA: a},
		ebiten.Vertex{DstX: x1, DstY: y0, SrcX: sx1, SrcY: sy0, ColorR: r, ColorG: g, ColorB: b, ColorA: a},
		ebiten.Vertex{DstX: x0, DstY: y1, SrcX: sx0, SrcY: sy1, ColorR: r, ColorG: g, ColorB: b, ColorA: a},
		ebiten.Vertex{DstX: x1, DstY: y1, SrcX: sx1, SrcY: sy1, ColorR: r, ColorG: g, ColorB: b, ColorA: a},
	)
}

// ensureIndices makes d.indices hold the indices of at least n quads.
// Every batch starts at vertex 0 of its own slice, so one index pattern
// serves them all and is built once.
func (d *DrawList) ensureIndices(n int) {
	for q := uint32(len(d.indices) / 6); q < uint32(n); q++ {
		v := 4 * q
		d.indices = append(d.indices, v, v+1, v+2, v+1, v+3, v+2)
	}
}

// draw issues the prepared batches. The caller holds theAtlas.mu.
func (d *DrawList) draw(dst *ebiten.Image, scale float64) {
	d.triOpts = ebiten.DrawTrianglesOptions{
		// Vertex colours are color.RGBA values, premultiplied.
		ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha,
		Filter:         ebiten.FilterLinear,
		// The atlas holds its own mipmap levels.
		DisableMipmaps: true,
	}
	for _, b := range d.batches {
		if b.text < 0 {
			vs := d.verts[b.v0:b.v1]
			dst.DrawTriangles32(vs, d.indices[:len(vs)/4*6], atlasImage(), &d.triOpts)
			continue
		}
		d.drawTextDirect(dst, &d.texts[b.text], scale)
	}
}

// drawTextDirect draws a text too large for the atlas with text.Draw.
func (d *DrawList) drawTextDirect(dst *ebiten.Image, t *textItem, scale float64) {
	f := theAtlas.texts.faces.get(t.style.Font, t.style.size()*scale)
	op := &d.textOpt
	op.GeoM.Reset()
	op.GeoM.Translate(t.x*scale, t.y*scale)
	op.ColorScale.Reset()
	c := t.style.Color
	op.ColorScale.Scale(float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255)
	op.LineSpacing = f.lineSpacing
	op.PrimaryAlign = textAlign(t.style.Align)
	op.SecondaryAlign = textAlign(t.style.VAlign)
	text.Draw(dst, t.s, f.face, op)
}
