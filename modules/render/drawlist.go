package render

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
)

type itemKind uint8

const (
	// kindQuad is a textured, tinted quadrilateral in world (or UI)
	// coordinates: a box, a sprite, a line segment, a triangle of a
	// polygon (whose fourth corner repeats the third).
	kindQuad itemKind = iota
	kindCircle
	kindText
	kindFunc
	// kindParticles is an emitter's particles: DrawList.runs[ref].
	kindParticles
)

// item is one thing to draw. Quads keep their corners in x, y (top-left,
// top-right, bottom-left, bottom-right for a rectangle) and the region
// of atlas page they sample in s; circles their centre in x[0], y[0]
// and radius in x[1]; texts and funcs an index into DrawList.texts or
// DrawList.funcs in ref.
type item struct {
	z     int
	layer int32
	ref   int32
	x, y  [4]float32
	s     [4]float32 // sx0, sy0, sx1, sy1
	c     color.RGBA
	page  uint16
	kind  itemKind
}

type textItem struct {
	s     string
	x, y  float64
	style TextStyle
	entry *textEntry // its place in the atlas, set by Flush
}

// batch is one draw call: a run of quads of one page (vertices [v0,
// v1)), a text drawn directly from its own image (text >= 0, its quad
// at [v0, v1)) or a custom func (fn >= 0).
type batch struct {
	text, fn int32
	page     uint16
	ui       bool // a func on a UI layer
	v0, v1   int32
}

// maxBatchQuads bounds the quads of one DrawTriangles32 call by
// Ebitengine's vertex limit (only reachable on 32-bit platforms).
const maxBatchQuads = min(ebiten.MaxVertexCount/4, 1<<30)

// countingSortSpan is the largest range of Z values (and of layers)
// sorted by counting; wider ranges use a stable comparison sort.
const countingSortSpan = 4096

// LayerUI is the lowest layer drawn in screen space: items on layers
// below it are in world coordinates, transformed by the [Camera]; items on
// LayerUI and above ignore the camera (scores, menus, buttons) and are
// never culled.
const LayerUI = 1 << 20

// LayerOverlay is the lowest layer of diagnostics overlays (modules/diag):
// in screen space like [LayerUI], drawn over everything else, and counted
// apart in [Stats] (OverlayDrawCalls, OverlayVertices) so that a frame's
// own figures can be told from the overlay's.
const LayerOverlay = 1 << 30

// Stats describes the last frame a [DrawList] flushed.
type Stats struct {
	// Shapes, Sprites and Texts count the boxes, circles, lines and
	// polygon pieces, the sprites, and the texts drawn; Funcs the custom
	// draw funcs called.
	Shapes, Sprites, Texts, Funcs int
	// Particles counts the particles drawn ([DrawList.AddParticles]).
	Particles int
	// Culled counts the items not drawn because they lay outside the
	// screen.
	Culled int
	// Batches is the number of DrawTriangles32 calls: one per run of
	// items from one atlas page, in draw order, not interrupted by a
	// text drawn directly or a custom func.
	Batches int
	// TextDraws counts the texts drawn directly, each with its own draw
	// call, because they are too large for the atlas.
	TextDraws int
	// Vertices and Indices are the totals passed to DrawTriangles32.
	Vertices, Indices int
	// OverlayDrawCalls and OverlayVertices are the part of DrawCalls()
	// and Vertices that drew items on [LayerOverlay] and above. Those
	// items start a batch of their own, so DrawCalls() minus
	// OverlayDrawCalls is what the frame would have taken without them.
	// (The other counts include the overlay's items.)
	OverlayDrawCalls, OverlayVertices int
}

// DrawCalls returns the number of draw calls issued by the list itself:
// batches and texts drawn directly (custom funcs not counted).
func (s Stats) DrawCalls() int { return s.Batches + s.TextDraws }

// DrawList is the frame's list of things to draw, a resource. The draw
// systems ([DrawBox], [DrawCircle], [DrawText], [DrawSprite], …) add to
// it; the plugin's flush system sorts it by layer and Z and draws it at
// the end of the frame. Items are quads from atlas pages — boxes, circles
// and texts from the shapes page, images from the image pages — so a run
// of items from one page is one DrawTriangles32 call. Game systems of
// the draw stages add to it too, through glue.ResMut[render.DrawList]:
// shapes, sprites, and custom draw funcs ([DrawList.AddFunc]) that are
// called in their place in the order.
//
// Every item has a layer and a Z: lower layers are drawn first, then
// lower Z within a layer, then items in the order they were added. The
// Add methods without a layer argument use the current layer, 0 unless
// set by [DrawList.SetLayer]. Layers from [LayerUI] up ignore the camera.
//
// A DrawList reuses its memory from frame to frame: in steady state,
// adding and flushing allocate nothing. A DrawList is not
// concurrent-safe; the draw stages run one system at a time.
type DrawList struct {
	items   []item
	scratch []item
	counts  []int
	texts   []textItem
	funcs   []func(dst *ebiten.Image)
	tri     []int // polygon triangulation scratch
	runs    []particleRun
	pts     []Point // stroke scratch: the points of a polyline
	geoM    affine  // the world transform of the pass being drawn
	subs    []subImage
	layer   int32
	verts   []ebiten.Vertex
	indices []uint32
	batches []batch
	triOpts ebiten.DrawTrianglesOptions
	stats   Stats
	fits    map[fitKey]fitted // texts wrapped or with a backdrop
	pixel   PixelArt          // pixel-art mode (pixelart.go)
	pixImg  *ebiten.Image     // its logical-size image
	pixOpts ebiten.DrawImageOptions

	fieldSub subImage // the field's part of a screen grown below it (flush)
}

// fitKey is a text drawn with TextStyle.Wrap or Backdrop: its string and
// what its wrapping and size depend on.
type fitKey struct {
	s          string
	font       Font
	size, wrap float64
}

// fitted is a text wrapped and measured, in logical pixels.
type fitted struct {
	s    string
	w, h float64
}

// maxFits bounds DrawList.fits: texts that change every frame (a timer
// shown wrapped) drop the cache now and then instead of growing it.
const maxFits = 256

// fit returns s wrapped to style.Wrap (if set) and its size, measuring
// only texts not seen before.
func (d *DrawList) fit(s string, style TextStyle) fitted {
	key := fitKey{s: s, font: style.Font, size: style.size(), wrap: style.Wrap}
	if f, ok := d.fits[key]; ok {
		return f
	}
	if d.fits == nil || len(d.fits) >= maxFits {
		d.fits = make(map[fitKey]fitted)
	}
	f := fitted{s: s}
	if style.Wrap > 0 {
		f.s = WrapText(s, style, style.Wrap)
	}
	f.w, f.h = MeasureText(f.s, style)
	d.fits[key] = f
	return f
}

// SetLayer sets the layer of the items added after it by the Add methods
// that take none. Flush and Reset set it back to 0.
func (d *DrawList) SetLayer(layer int) { d.layer = int32(layer) }

// Layer returns the current layer (see [DrawList.SetLayer]).
func (d *DrawList) Layer() int { return int(d.layer) }

func (d *DrawList) whiteQuad(c color.RGBA, layer int32, z int) *item {
	d.items = append(d.items, item{z: z, layer: layer, c: c, kind: kindQuad, s: [4]float32{whiteX, whiteY, whiteX, whiteY}})
	return &d.items[len(d.items)-1]
}

// AddRect adds a filled rectangle with top-left corner (x, y), width w
// and height h, in logical pixels, at Z z on the current layer.
func (d *DrawList) AddRect(x, y, w, h float64, c color.RGBA, z int) {
	d.addRect(x, y, w, h, c, d.layer, z)
}

func (d *DrawList) addRect(x, y, w, h float64, c color.RGBA, layer int32, z int) {
	it := d.whiteQuad(c, layer, z)
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	it.x = [4]float32{x0, x1, x0, x1}
	it.y = [4]float32{y0, y0, y1, y1}
}

// AddCircle adds a filled, anti-aliased circle with centre (cx, cy) and
// radius r, in logical pixels, at Z z on the current layer.
func (d *DrawList) AddCircle(cx, cy, r float64, c color.RGBA, z int) {
	d.addCircle(cx, cy, r, c, d.layer, z)
}

func (d *DrawList) addCircle(cx, cy, r float64, c color.RGBA, layer int32, z int) {
	d.items = append(d.items, item{x: [4]float32{float32(cx), float32(r)}, y: [4]float32{float32(cy)}, z: z, layer: layer, c: c, kind: kindCircle})
}

// AddText adds s, anchored at (x, y) in logical pixels, in style, at Z z
// on the current layer, wrapped and on a box if the style says so
// ([TextStyle.Wrap], [TextStyle.Backdrop]). The string is kept until the
// flush, not copied.
// On a layer under the camera, the anchor follows the camera but the text
// keeps its size and stays upright.
func (d *DrawList) AddText(s string, x, y float64, style TextStyle, z int) {
	d.addText(s, x, y, style, d.layer, z)
}

func (d *DrawList) addText(s string, x, y float64, style TextStyle, layer int32, z int) {
	if style.Wrap > 0 || style.Backdrop != (color.RGBA{}) {
		f := d.fit(s, style)
		s = f.s
		if style.Backdrop != (color.RGBA{}) && f.w > 0 && f.h > 0 {
			// The box's top-left corner: the text's, less the padding.
			bx := x - alignOffset(style.Align, f.w) - style.Pad
			by := y - alignOffset(style.VAlign, f.h) - style.Pad
			d.addRect(bx, by, f.w+2*style.Pad, f.h+2*style.Pad, style.Backdrop, layer, z)
		}
	}
	c := style.color()
	if c.A == 0 {
		return // transparent: nothing to draw
	}
	d.texts = append(d.texts, textItem{s: s, x: x, y: y, style: style})
	d.items = append(d.items, item{z: z, layer: layer, ref: int32(len(d.texts) - 1), c: c, kind: kindText})
}

// AddFunc adds a custom draw: fn is called during the flush, in its place
// in the order (after the items below it are drawn, before those above),
// with the image the list is drawn on: the screen, whose size is the
// logical size times [Screen].Scale. Its coordinates are screen pixels;
// [Camera.GeoM] maps world coordinates onto them. fn must not load
// images or flush a DrawList. It is kept until the flush.
func (d *DrawList) AddFunc(fn func(dst *ebiten.Image), z int) {
	d.funcs = append(d.funcs, fn)
	d.items = append(d.items, item{z: z, layer: d.layer, ref: int32(len(d.funcs) - 1), kind: kindFunc})
}

// Len returns the number of items added since the last flush or reset.
func (d *DrawList) Len() int { return len(d.items) }

// Reset drops every item added since the last flush, keeping the
// memory.
func (d *DrawList) Reset() {
	d.items = d.items[:0]
	clear(d.texts) // drop the strings
	d.texts = d.texts[:0]
	clear(d.funcs)
	d.funcs = d.funcs[:0]
	clear(d.runs) // drop the emitters' particles
	d.runs = d.runs[:0]
	d.layer = 0
}

// Stats returns what the last flush drew.
func (d *DrawList) Stats() Stats { return d.stats }

// Flush draws every item onto dst, without a camera, with logical
// coordinates multiplied by scale, and then resets the list; see
// [DrawList.FlushCamera].
func (d *DrawList) Flush(dst *ebiten.Image, scale float64) {
	d.FlushCamera(dst, scale, nil)
}

// FlushCamera draws every item onto dst in order (see [DrawList]), and
// then resets the list. Items on layers below [LayerUI] are transformed
// by cam (nil or a camera with Zoom 0: world coordinates are logical
// screen coordinates) and culled when they lie wholly outside dst; all
// logical coordinates are then multiplied by scale. The plugin's flush
// system calls it at the end of every frame with the screen and the
// [Camera] resource, unless the [Views] resource has views; call it
// yourself to draw a list elsewhere. A nil dst draws nothing but still
// counts [Stats], assuming every text fits the atlas, culling nothing.
func (d *DrawList) FlushCamera(dst *ebiten.Image, scale float64, cam *Camera) {
	d.flush(dst, scale, cam, nil, image.Rectangle{})
}

// FlushViews draws the items onto dst through several views of the world
// (see [Views]), and then resets the list: the items on layers below
// [LayerUI] once in each view, in the order of views, each clipped to its
// rectangle and through its own camera; then the UI layers once, over the
// whole of dst. It sets each view's camera's view size to the view's
// size. Custom draw funcs on world layers are called once per view, with
// the view's part of dst; [DrawList.GeoM] gives them the view's
// transform. [Stats] adds up the views. Without views it is FlushCamera
// without a camera.
func (d *DrawList) FlushViews(dst *ebiten.Image, scale float64, views []View) {
	if len(views) == 0 {
		d.flush(dst, scale, nil, nil, image.Rectangle{})
		return
	}
	d.flush(dst, scale, nil, views, image.Rectangle{})
}

// flush draws the list onto dst. A non-empty field is the part of dst
// the world layers are drawn in, clipped to it, while the UI layers
// cover the whole of dst (a screen grown below the field: Viewport.Below);
// an empty one is the whole of dst.
func (d *DrawList) flush(dst *ebiten.Image, scale float64, cam *Camera, views []View, field image.Rectangle) {
	if scale <= 0 {
		scale = 1
	}
	placed := dst != nil
	if !placed || field.Intersect(dst.Bounds()) == dst.Bounds() {
		field = image.Rectangle{} // the field is the whole screen
	} else {
		field = field.Intersect(dst.Bounds())
	}
	if placed {
		theAtlas.mu.Lock()
		defer theAtlas.mu.Unlock()
		c := &theAtlas.texts
		c.frame++
		for i := range d.texts {
			t := &d.texts[i]
			t.entry = c.place(t.s, t.style, scale)
		}
		c.dropDirect()
	}
	items := d.sorted()
	d.stats = Stats{}
	ui := affine{a: float32(scale), d: float32(scale)}
	if views == nil && placed && d.pixel.On {
		d.flushPixelArt(dst, scale, cam, items, field)
		d.Reset()
		return
	}
	if views == nil && !field.Empty() {
		// The world clipped to the field, at the same pixels as on a
		// screen that is the field; then the UI over the whole screen.
		v := view{world: ui, ui: ui, only: worldLayers}
		if cam != nil && (cam.Zoom != 0 || cam.shakeX != 0 || cam.shakeY != 0) {
			v.world = cam.affine().scaled(float32(scale))
		}
		v.setClip(field)
		d.prepare(items, &v, placed)
		d.draw(d.fieldImage(dst, field), &v)
		v = view{world: ui, ui: ui, only: uiLayers}
		v.setClip(dst.Bounds())
		d.prepare(items, &v, placed)
		d.draw(dst, &v)
		d.Reset()
		return
	}
	if views == nil {
		v := view{world: ui, ui: ui}
		if cam != nil && (cam.Zoom != 0 || cam.shakeX != 0 || cam.shakeY != 0) {
			v.world = cam.affine().scaled(float32(scale))
		}
		if placed {
			v.setClip(dst.Bounds())
		}
		d.prepare(items, &v, placed)
		if placed {
			d.draw(dst, &v)
		}
		d.Reset()
		return
	}
	var full image.Rectangle
	if placed {
		full = dst.Bounds()
	}
	worldArea := full
	if !field.Empty() {
		worldArea = field
	}
	for i := range views {
		vw := &views[i]
		vw.Camera.SetViewSize(vw.W, vw.H)
		r := image.Rect(int(math.Round(vw.X*scale)), int(math.Round(vw.Y*scale)),
			int(math.Round((vw.X+vw.W)*scale)), int(math.Round((vw.Y+vw.H)*scale)))
		v := view{ui: ui, only: worldLayers}
		v.world = ui
		if vw.Camera.Zoom != 0 {
			v.world = d.snap(vw.Camera.affine()).scaled(float32(scale))
		}
		v.world.tx += float32(r.Min.X)
		v.world.ty += float32(r.Min.Y)
		var sub *ebiten.Image
		if placed {
			r = r.Intersect(worldArea)
			if r.Empty() {
				continue
			}
			v.setClip(r)
			sub = d.subImage(i, dst, r)
			if vw.Background != (color.RGBA{}) {
				sub.Fill(&vw.Background) // a pointer: no copy to the heap
			}
		}
		d.prepare(items, &v, placed)
		if placed {
			d.draw(sub, &v)
		}
	}
	v := view{world: ui, ui: ui, only: uiLayers}
	if placed {
		v.setClip(full)
	}
	d.prepare(items, &v, placed)
	if placed {
		d.draw(dst, &v)
	}
	d.Reset()
}

// subImage returns dst's part r for view i, reusing last frame's when
// it is the same: SubImage allocates.
func (d *DrawList) subImage(i int, dst *ebiten.Image, r image.Rectangle) *ebiten.Image {
	for len(d.subs) <= i {
		d.subs = append(d.subs, subImage{})
	}
	s := &d.subs[i]
	if s.img == nil || s.dst != dst || s.r != r {
		*s = subImage{dst: dst, r: r, img: dst.SubImage(r).(*ebiten.Image)}
	}
	return s.img
}

// fieldImage returns dst's part r, the field of a screen grown below
// it, reusing last frame's when it is the same: SubImage allocates.
func (d *DrawList) fieldImage(dst *ebiten.Image, r image.Rectangle) *ebiten.Image {
	s := &d.fieldSub
	if s.img == nil || s.dst != dst || s.r != r {
		*s = subImage{dst: dst, r: r, img: dst.SubImage(r).(*ebiten.Image)}
	}
	return s.img
}

// subImage is a view's part of the image a list was flushed on.
type subImage struct {
	dst, img *ebiten.Image
	r        image.Rectangle
}

// GeoM returns the transform from world coordinates to the pixels of the
// image a custom draw func ([DrawList.AddFunc]) on a world layer is
// given: the camera's (or the view's, see [DrawList.FlushViews]), then
// the screen scale. Call it from the func, during the flush; it then
// changes from view to view. For a func on a UI layer it is the screen
// scale alone.
func (d *DrawList) GeoM() ebiten.GeoM { return d.geoM.geoM() }

// affine is a 2D affine transform: (x, y) ↦ (a·x + b·y + tx, c·x + d·y + ty).
type affine struct {
	a, b, c, d, tx, ty float32
}

// geoM returns m as an Ebitengine GeoM.
func (m affine) geoM() ebiten.GeoM {
	var g ebiten.GeoM
	g.SetElement(0, 0, float64(m.a))
	g.SetElement(0, 1, float64(m.b))
	g.SetElement(1, 0, float64(m.c))
	g.SetElement(1, 1, float64(m.d))
	g.SetElement(0, 2, float64(m.tx))
	g.SetElement(1, 2, float64(m.ty))
	return g
}

func (m affine) apply(x, y float32) (float32, float32) {
	return m.a*x + m.b*y + m.tx, m.c*x + m.d*y + m.ty
}

func (m affine) scaled(s float32) affine {
	return affine{m.a * s, m.b * s, m.c * s, m.d * s, m.tx * s, m.ty * s}
}

// layerSet is which layers a flush pass draws.
type layerSet uint8

const (
	allLayers   layerSet = iota
	worldLayers          // below LayerUI
	uiLayers             // LayerUI and up
)

// view is how a flush pass maps items onto dst.
type view struct {
	world, ui      affine // logical coordinates to dst pixels
	only           layerSet
	cull           bool
	x0, y0, x1, y1 float32 // the clip rectangle, dst pixels
}

// matrix returns the transform of the items of layer: ui for the UI
// layers, world for the others.
func (v *view) matrix(layer int32) *affine {
	if layer >= LayerUI {
		return &v.ui
	}
	return &v.world
}

func (v *view) setClip(r image.Rectangle) {
	v.cull = true
	v.x0, v.y0, v.x1, v.y1 = float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y)
}

// prepare turns the sorted items of v's layers into batches: vertices
// for runs of quads, references for texts drawn directly and custom
// funcs, adding to Stats. It touches no GPU resource. placed tells
// whether the texts have their atlas entries.
func (d *DrawList) prepare(items []item, v *view, placed bool) {
	d.verts = d.verts[:0]
	d.batches = d.batches[:0]
	quads := 0 // in the current batch
	maxQuads := 0
	page := uint16(0)
	// Items are sorted by layer: those of the overlay come last.
	ovl := sort.Search(len(items), func(i int) bool { return items[i].layer >= LayerOverlay })
	var ovlCalls, ovlVerts int
	for i := range items {
		if i == ovl {
			ovlCalls, ovlVerts = d.stats.DrawCalls(), len(d.verts)
			quads = 0 // the overlay's own batch
		}
		it := &items[i]
		if v.only == worldLayers && it.layer >= LayerUI || v.only == uiLayers && it.layer < LayerUI {
			continue
		}
		var t *textItem
		switch it.kind {
		case kindFunc:
			d.batches = append(d.batches, batch{text: -1, fn: it.ref, ui: it.layer >= LayerUI})
			d.stats.Funcs++
			quads = 0
			continue
		case kindText:
			d.stats.Texts++
			t = &d.texts[it.ref]
			if placed && t.entry == nil {
				continue // nothing to draw
			}
			if t.entry != nil && t.entry.direct {
				if !d.appendQuad(it, t, v.matrix(it.layer), v) {
					d.stats.Culled++
					continue
				}
				d.batches = append(d.batches, batch{text: it.ref, fn: -1, v0: int32(len(d.verts) - 4), v1: int32(len(d.verts))})
				d.stats.TextDraws++
				maxQuads = max(maxQuads, 1)
				quads = 0
				continue
			}
		case kindParticles:
			v0 := len(d.verts)
			k := d.appendParticles(it, v.matrix(it.layer), v)
			d.stats.Particles += k
			d.stats.Culled += len(d.runs[it.ref].parts) - k
			for off := 0; off < k; {
				if quads == 0 || quads == maxBatchQuads || it.page != page {
					d.batches = append(d.batches, batch{text: -1, fn: -1, page: it.page, v0: int32(v0 + 4*off)})
					d.stats.Batches++
					quads = 0
					page = it.page
				}
				take := min(k-off, maxBatchQuads-quads)
				quads += take
				off += take
				maxQuads = max(maxQuads, quads)
				d.batches[len(d.batches)-1].v1 = int32(v0 + 4*off)
			}
			continue
		case kindQuad:
			if it.page != 0 {
				d.stats.Sprites++
			} else {
				d.stats.Shapes++
			}
		default:
			d.stats.Shapes++
		}
		if !d.appendQuad(it, t, v.matrix(it.layer), v) {
			d.stats.Culled++
			continue
		}
		if quads == 0 || quads == maxBatchQuads || it.page != page {
			// The quad is in d.verts already: the batch starts with it.
			d.batches = append(d.batches, batch{text: -1, fn: -1, page: it.page, v0: int32(len(d.verts) - 4)})
			d.stats.Batches++
			quads = 0
			page = it.page
		}
		quads++
		maxQuads = max(maxQuads, quads)
		d.batches[len(d.batches)-1].v1 = int32(len(d.verts))
	}
	d.ensureIndices(maxQuads)
	d.stats.Vertices = len(d.verts)
	d.stats.Indices = len(d.verts) / 4 * 6
	if ovl < len(items) {
		d.stats.OverlayDrawCalls = d.stats.DrawCalls() - ovlCalls
		d.stats.OverlayVertices = len(d.verts) - ovlVerts
	}
}

// sorted returns the items in draw order: by layer, then Z, stable.
// Items added in order (the common case) are returned as they are;
// narrow ranges of Z and layer are sorted by counting, in linear time.
func (d *DrawList) sorted() []item {
	items := d.items
	if len(items) < 2 {
		return items
	}
	zlo, zhi := items[0].z, items[0].z
	llo, lhi := items[0].layer, items[0].layer
	inOrder := true
	for i := 1; i < len(items); i++ {
		a, b := &items[i-1], &items[i]
		if b.layer < a.layer || b.layer == a.layer && b.z < a.z {
			inOrder = false
		}
		zlo, zhi = min(zlo, b.z), max(zhi, b.z)
		llo, lhi = min(llo, b.layer), max(lhi, b.layer)
	}
	if inOrder {
		return items
	}
	zspan, lspan := uint64(zhi)-uint64(zlo), uint64(int64(lhi)-int64(llo))
	if zspan < countingSortSpan && lspan < countingSortSpan {
		// Least significant key first: by Z, then stably by layer.
		src, dst := items, slices.Grow(d.scratch[:0], len(items))[:len(items)]
		if zspan > 0 {
			d.countingPass(src, dst, int(zspan)+1, func(it *item) int { return it.z - zlo })
			src, dst = dst, src
		}
		if lspan > 0 {
			d.countingPass(src, dst, int(lspan)+1, func(it *item) int { return int(it.layer - llo) })
			src, dst = dst, src
		}
		// src holds the result; keep both buffers for the next frame.
		if &src[0] == &items[0] {
			d.scratch = dst
		} else {
			d.items, d.scratch = src, items
		}
		return src
	}
	slices.SortStableFunc(items, func(a, b item) int {
		return cmp.Or(cmp.Compare(a.layer, b.layer), cmp.Compare(a.z, b.z))
	})
	return items
}

// countingPass stably sorts src into dst by key, which is in [0, n).
func (d *DrawList) countingPass(src, dst []item, n int, key func(*item) int) {
	d.counts = slices.Grow(d.counts[:0], n+1)[:n+1]
	clear(d.counts)
	for i := range src {
		d.counts[key(&src[i])+1]++
	}
	for k := 1; k <= n; k++ {
		d.counts[k] += d.counts[k-1]
	}
	for i := range src {
		k := key(&src[i])
		dst[d.counts[k]] = src[i]
		d.counts[k]++
	}
}

// appendQuad appends the four vertices of an item, in dst pixels, mapped
// by m. t is the text of a text item; its entry is nil when only
// counting. It returns false, appending nothing, for an item culled.
func (d *DrawList) appendQuad(it *item, t *textItem, m *affine, v *view) bool {
	var xs, ys [4]float32
	var sx0, sy0, sx1, sy1 float32
	switch it.kind {
	case kindQuad:
		for k := range 4 {
			xs[k], ys[k] = m.apply(it.x[k], it.y[k])
		}
		sx0, sy0, sx1, sy1 = it.s[0], it.s[1], it.s[2], it.s[3]
	case kindCircle:
		// m scales lengths by the camera's zoom times the screen scale.
		r := it.x[1] * float32(math.Hypot(float64(m.a), float64(m.c)))
		disc := discFor(r)
		// The quad covers the disc's bounding box plus one texel, so
		// that the anti-aliased edge is drawn whole.
		ext := r * (disc.r + 1) / disc.r
		cx, cy := m.apply(it.x[0], it.y[0])
		xs = [4]float32{cx - ext, cx + ext, cx - ext, cx + ext}
		ys = [4]float32{cy - ext, cy - ext, cy + ext, cy + ext}
		sx0, sy0 = disc.cx-disc.r-1, disc.cy-disc.r-1
		sx1, sy1 = disc.cx+disc.r+1, disc.cy+disc.r+1
	case kindText:
		if e := t.entry; e != nil {
			// Whole screen pixels, one per texel: the text stays as
			// sharp as it was rendered.
			ax, ay := m.apply(float32(t.x), float32(t.y))
			x0 := float32(math.Round(float64(ax) - e.ax))
			y0 := float32(math.Round(float64(ay) - e.ay - alignOffset(t.style.VAlign, e.h)))
			x1, y1 := x0+float32(e.rect.Dx()), y0+float32(e.rect.Dy())
			xs = [4]float32{x0, x1, x0, x1}
			ys = [4]float32{y0, y0, y1, y1}
			sx0, sy0 = float32(e.rect.Min.X), float32(e.rect.Min.Y)
			sx1, sy1 = float32(e.rect.Max.X), float32(e.rect.Max.Y)
		}
	}
	if v.cull && it.layer < LayerUI {
		minX := min(xs[0], xs[1], xs[2], xs[3])
		maxX := max(xs[0], xs[1], xs[2], xs[3])
		minY := min(ys[0], ys[1], ys[2], ys[3])
		maxY := max(ys[0], ys[1], ys[2], ys[3])
		if maxX <= v.x0 || maxY <= v.y0 || minX >= v.x1 || minY >= v.y1 {
			return false
		}
	}
	r, g, b, a := float32(it.c.R)/255, float32(it.c.G)/255, float32(it.c.B)/255, float32(it.c.A)/255
	d.verts = append(d.verts,
		ebiten.Vertex{DstX: xs[0], DstY: ys[0], SrcX: sx0, SrcY: sy0, ColorR: r, ColorG: g, ColorB: b, ColorA: a},
		ebiten.Vertex{DstX: xs[1], DstY: ys[1], SrcX: sx1, SrcY: sy0, ColorR: r, ColorG: g, ColorB: b, ColorA: a},
		ebiten.Vertex{DstX: xs[2], DstY: ys[2], SrcX: sx0, SrcY: sy1, ColorR: r, ColorG: g, ColorB: b, ColorA: a},
		ebiten.Vertex{DstX: xs[3], DstY: ys[3], SrcX: sx1, SrcY: sy1, ColorR: r, ColorG: g, ColorB: b, ColorA: a},
	)
	return true
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
func (d *DrawList) draw(dst *ebiten.Image, v *view) {
	d.triOpts = ebiten.DrawTrianglesOptions{
		// Vertex colours are color.RGBA values, premultiplied.
		ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha,
		Filter:         d.filter(),
		// The atlas holds its own mipmap levels.
		DisableMipmaps: true,
	}
	for _, b := range d.batches {
		switch {
		case b.fn >= 0:
			d.geoM = v.world
			if b.ui {
				d.geoM = v.ui
			}
			d.funcs[b.fn](dst)
		case b.text >= 0:
			vs := d.verts[b.v0:b.v1]
			dst.DrawTriangles32(vs, d.indices[:6], d.texts[b.text].entry.img, &d.triOpts)
		default:
			vs := d.verts[b.v0:b.v1]
			dst.DrawTriangles32(vs, d.indices[:len(vs)/4*6], pageImage(b.page), &d.triOpts)
		}
	}
}
