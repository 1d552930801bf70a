package render

import (
	"cmp"
	"image/color"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

var (
	red  = color.RGBA{255, 0, 0, 255}
	blue = color.RGBA{0, 0, 255, 255}
)

func TestBatchManyBoxes(t *testing.T) {
	var d DrawList
	const n = 1000
	for i := range n {
		d.AddRect(float64(i), 0, 1, 1, red, 0)
	}
	d.Flush(nil, 1)
	want := Stats{Shapes: n, Batches: 1, Vertices: 4 * n, Indices: 6 * n}
	if got := d.Stats(); got != want {
		t.Errorf("Stats after %d boxes = %+v, want %+v", n, got, want)
	}
	if got := d.Stats().DrawCalls(); got != 1 {
		t.Errorf("DrawCalls = %d, want 1", got)
	}
	if len(d.batches) != 1 || d.batches[0] != (batch{text: -1, fn: -1, v0: 0, v1: 4 * n}) {
		t.Errorf("batches = %+v, want one of %d vertices", d.batches, 4*n)
	}
	if d.Len() != 0 {
		t.Errorf("Len after Flush = %d, want 0", d.Len())
	}
}

func TestBatchIndices(t *testing.T) {
	var d DrawList
	d.AddRect(0, 0, 1, 1, red, 0)
	d.AddRect(1, 0, 1, 1, red, 0)
	d.Flush(nil, 1)
	want := []uint32{0, 1, 2, 1, 3, 2, 4, 5, 6, 5, 7, 6}
	if got := d.indices[:12]; !slices.Equal(got, want) {
		t.Errorf("indices = %v, want %v", got, want)
	}
}

func TestBoxVertices(t *testing.T) {
	var d DrawList
	half := color.RGBA{128, 0, 0, 128}
	d.AddRect(10, 20, 30, 40, half, 0)
	d.Flush(nil, 2)
	v := d.verts
	if len(v) != 4 {
		t.Fatalf("%d vertices, want 4", len(v))
	}
	corners := [4][2]float32{{20, 40}, {80, 40}, {20, 120}, {80, 120}}
	for i, c := range corners {
		if v[i].DstX != c[0] || v[i].DstY != c[1] {
			t.Errorf("vertex %d at (%v, %v), want (%v, %v): logical coordinates times the scale", i, v[i].DstX, v[i].DstY, c[0], c[1])
		}
		if v[i].SrcX != whiteX || v[i].SrcY != whiteY {
			t.Errorf("vertex %d samples (%v, %v), want the atlas's white point", i, v[i].SrcX, v[i].SrcY)
		}
		if v[i].ColorR != 128.0/255 || v[i].ColorG != 0 || v[i].ColorA != 128.0/255 {
			t.Errorf("vertex %d colour (%v, %v, %v, %v), want the premultiplied colour", i, v[i].ColorR, v[i].ColorG, v[i].ColorB, v[i].ColorA)
		}
	}
}

func TestCircleVertices(t *testing.T) {
	var d DrawList
	d.AddCircle(50, 50, 6, red, 0)
	d.Flush(nil, 2) // screen radius 12 → the 16-texel disc
	v := d.verts
	disc := discFor(12)
	if disc.r != 16 {
		t.Fatalf("discFor(12) has radius %v, want 16", disc.r)
	}
	ext := float32(12) * 17 / 16
	if v[0].DstX != 100-ext || v[3].DstY != 100+ext {
		t.Errorf("quad spans (%v, %v)…(%v, %v), want %v around (100, 100)", v[0].DstX, v[0].DstY, v[3].DstX, v[3].DstY, ext)
	}
	if v[0].SrcX != disc.cx-17 || v[3].SrcX != disc.cx+17 {
		t.Errorf("quad samples x %v…%v, want the disc's box plus a texel, %v…%v", v[0].SrcX, v[3].SrcX, disc.cx-17, disc.cx+17)
	}
}

func TestDiscFor(t *testing.T) {
	for _, c := range []struct {
		r    float32
		want float32
	}{{0.5, 4}, {4, 4}, {4.1, 8}, {31, 32}, {64, 64}, {500, 64}} {
		if got := discFor(c.r).r; got != c.want {
			t.Errorf("discFor(%v) = disc of radius %v, want %v", c.r, got, c.want)
		}
	}
}

func TestAtlasPixels(t *testing.T) {
	pix := discPixels()
	w := atlasLayout.w
	alpha := func(x, y int) byte { return pix[4*(y*w+x)+3] }
	for _, d := range atlasLayout.levels {
		cx, cy := int(d.cx), int(d.cy)
		if a := alpha(cx, cy); a != 255 {
			t.Errorf("disc r=%v: centre alpha %d, want 255", d.r, a)
		}
		if a := alpha(cx-int(d.r)-2, cy-int(d.r)-2); a != 0 {
			t.Errorf("disc r=%v: margin alpha %d, want 0", d.r, a)
		}
		if a := alpha(cx+int(d.r)-1, cy+int(d.r)-1); a != 0 {
			t.Errorf("disc r=%v: bounding-box corner alpha %d, want 0", d.r, a)
		}
		partial := 0
		for y := cy - int(d.r) - 1; y <= cy+int(d.r); y++ {
			for x := cx - int(d.r) - 1; x <= cx+int(d.r); x++ {
				if a := alpha(x, y); a > 0 && a < 255 {
					partial++
				}
			}
		}
		if partial < int(d.r) {
			t.Errorf("disc r=%v: %d partly covered texels, want an anti-aliased edge", d.r, partial)
		}
	}
	for i := 0; i < len(pix); i += 4 {
		if pix[i] != pix[i+3] || pix[i+1] != pix[i+3] || pix[i+2] != pix[i+3] {
			t.Fatalf("texel %d = %v, want premultiplied white", i/4, pix[i:i+4])
		}
	}
	whiteA := alpha(int(whiteX), int(whiteY))
	if whiteA != 255 {
		t.Errorf("white point alpha %d, want 255", whiteA)
	}
}

func TestTextsJoinTheBatch(t *testing.T) {
	var d DrawList
	d.AddRect(0, 0, 1, 1, red, 0)
	d.AddCircle(0, 0, 1, red, 0)
	d.AddText("a", 0, 0, TextStyle{}, 0)
	d.AddRect(0, 0, 1, 1, red, 0)
	d.Flush(nil, 1)
	if got, want := d.Stats(), (Stats{Shapes: 3, Texts: 1, Batches: 1, Vertices: 16, Indices: 24}); got != want {
		t.Errorf("box, circle, text, box: Stats = %+v, want %+v", got, want)
	}
	if got := d.Stats().DrawCalls(); got != 1 {
		t.Errorf("DrawCalls = %d, want 1", got)
	}
}

// order returns the x of each prepared quad's first vertex: the items'
// draw order, for items added with x = their index.
func order(d *DrawList) []float32 {
	var xs []float32
	for i := 0; i < len(d.verts); i += 4 {
		xs = append(xs, d.verts[i].DstX)
	}
	return xs
}

func TestSortIsStable(t *testing.T) {
	for name, zs := range map[string][]int{
		"narrow range (counting sort)": {2, 1, 2, 0, 1, 0, 2},
		"wide range (stable sort)":     {2 << 40, 1, 2 << 40, -3 << 40, 1, -3 << 40, 2 << 40},
	} {
		t.Run(name, func(t *testing.T) {
			var d DrawList
			for i, z := range zs {
				d.AddRect(float64(i), 0, 1, 1, red, z)
			}
			d.prepare(d.sorted(), identity(), false)
			// Sorted by Z; equal Z in insertion order.
			want := []float32{3, 5, 1, 4, 0, 2, 6}
			if got := order(&d); !slices.Equal(got, want) {
				t.Errorf("draw order = %v, want %v", got, want)
			}
		})
	}
}

func TestSortedInputKeepsOrder(t *testing.T) {
	var d DrawList
	for i := range 5 {
		d.AddRect(float64(i), 0, 1, 1, red, i/2)
	}
	d.prepare(d.sorted(), identity(), false)
	if got, want := order(&d), []float32{0, 1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("draw order = %v, want %v", got, want)
	}
}

func TestResetDropsItems(t *testing.T) {
	var d DrawList
	d.AddRect(0, 0, 1, 1, red, 0)
	d.AddText("gone", 0, 0, TextStyle{}, 0)
	d.Reset()
	if d.Len() != 0 || len(d.texts) != 0 {
		t.Errorf("after Reset: Len %d, texts %d; want 0", d.Len(), len(d.texts))
	}
	d.Flush(nil, 1)
	if d.Stats() != (Stats{}) {
		t.Errorf("Stats of an empty flush = %+v, want zero", d.Stats())
	}
}

func TestFlushAllocatesNothing(t *testing.T) {
	var d DrawList
	fill := func() {
		for i := range 2000 {
			d.AddRect(float64(i), 0, 1, 1, blue, (i*7)%5) // unsorted Z
			if i%500 == 0 {
				d.AddCircle(0, 0, 3, red, 1)
				d.AddText("score", 0, 0, TextStyle{}, 9)
			}
		}
		d.Flush(nil, 2)
	}
	fill() // grow to size
	if n := testing.AllocsPerRun(10, fill); n != 0 {
		t.Errorf("adding and flushing 2000 items allocates %v times per frame, want 0", n)
	}
	wide := func() {
		for i := range 2000 {
			d.AddRect(float64(i), 0, 1, 1, blue, (i%3)<<40)
		}
		d.Flush(nil, 1)
	}
	wide()
	if n := testing.AllocsPerRun(10, wide); n != 0 {
		t.Errorf("stable-sorting 2000 items allocates %v times per frame, want 0", n)
	}
}

// identity is a view without camera or scale, culling nothing.
func identity() *view {
	id := affine{a: 1, d: 1}
	return &view{world: id, ui: id}
}

// TestSortByLayerThenZ checks the draw order against a reference stable
// sort, over several frames (the counting sort swaps the list's
// buffers), for narrow ranges (counting) and wide ones (comparison).
func TestSortByLayerThenZ(t *testing.T) {
	var d DrawList
	rng := rand.New(rand.NewPCG(9, 10))
	for frame := range 12 {
		n := 1 + rng.IntN(300)
		type key struct{ layer, z, i int }
		keys := make([]key, n)
		for i := range keys {
			layer, z := rng.IntN(3)-1, rng.IntN(5)-2
			switch frame % 4 {
			case 1:
				layer *= LayerUI // wide layer range
			case 2:
				z <<= 40 // wide Z range
			case 3:
				layer = 0 // one layer
			}
			keys[i] = key{layer, z, i}
			d.SetLayer(layer)
			d.AddRect(float64(i), 0, 1, 1, red, z)
		}
		d.prepare(d.sorted(), identity(), false)
		want := slices.Clone(keys)
		slices.SortStableFunc(want, func(a, b key) int {
			if a.layer != b.layer {
				return cmp.Compare(a.layer, b.layer)
			}
			return cmp.Compare(a.z, b.z)
		})
		got := order(&d)
		for i, k := range want {
			if got[i] != float32(k.i) {
				t.Fatalf("frame %d: position %d draws item %v, want %d (layer %d, z %d)", frame, i, got[i], k.i, k.layer, k.z)
			}
		}
		d.Reset()
	}
}

// TestModuleSystemsIgnoreSetLayer checks that a layer a game's system
// left set does not leak into the items of the module's systems, which
// carry their own layer.
func TestModuleSystemsIgnoreSetLayer(t *testing.T) {
	var d DrawList
	d.SetLayer(LayerUI)
	d.addRect(0, 0, 1, 1, red, 0, 0)
	d.addPolygon([]Point{{0, 0}, {1, 0}, {0, 1}}, Point{}, 0, 1, red, 0, 0)
	d.addSegment(0, 0, 1, 1, 1, 0, red, 0, 0)
	for i, it := range d.items {
		if it.layer != 0 {
			t.Errorf("item %d on layer %d, want 0", i, it.layer)
		}
	}
	d.Reset()
	if d.Layer() != 0 {
		t.Errorf("Layer after Reset = %d, want 0", d.Layer())
	}
}

// A TextStyle's zero colour is opaque white, so that TextStyle{} shows
// (it used to be transparent: the text drew nothing).
func TestZeroTextColourIsWhite(t *testing.T) {
	var d DrawList
	d.AddText("hi", 0, 0, TextStyle{}, 0)
	d.AddText("red", 0, 0, TextStyle{Color: color.RGBA{R: 255, A: 255}}, 0)
	if got := d.items[0].c; got != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("zero colour drawn as %v, want opaque white", got)
	}
	if got := d.items[1].c; got != (color.RGBA{R: 255, A: 255}) {
		t.Errorf("red drawn as %v", got)
	}
}

// A style with Wrap and Backdrop draws the text wrapped, on a box of its
// wrapped size plus Pad, placed by the text's alignment, at the text's Z
// and under it; an empty text has no box; a text drawn again is neither
// wrapped nor measured again: no allocation.
func TestTextWrapAndBackdrop(t *testing.T) {
	var d DrawList
	style := TextStyle{Size: 16, Align: AlignCenter, VAlign: AlignCenter, Wrap: 120, Backdrop: blue, Pad: 4}
	const msg = "Nothing saved yet (F5 saves) and a longer reason to wrap"
	d.AddText(msg, 100, 200, style, 4)
	d.AddText("", 100, 50, style, 4)
	if len(d.items) != 3 || d.items[0].kind != kindQuad || d.items[1].kind != kindText || d.items[2].kind != kindText {
		t.Fatalf("items %+v; want a box, the text, and the empty text without a box", d.items)
	}
	want := WrapText(msg, style, 120)
	if got := d.texts[0].s; got != want || !strings.Contains(got, "\n") {
		t.Errorf("text drawn as %q, want %q", got, want)
	}
	w, h := MeasureText(want, style)
	box, bx, by := d.items[0], 100-w/2-4, 200-h/2-4
	if box.c != blue || box.z != 4 || box.x[0] != float32(bx) || box.y[0] != float32(by) || box.x[1] != float32(bx+(w+8)) || box.y[2] != float32(by+(h+8)) {
		t.Errorf("box %+v; want %v at (%v, %v), %v by %v, Z 4", box, blue, bx, by, w+8, h+8)
	}
	d.Flush(nil, 1)
	frame := func() {
		d.AddText(msg, 100, 200, style, 4)
		d.Flush(nil, 1)
	}
	frame()
	if n := testing.AllocsPerRun(10, frame); n != 0 {
		t.Errorf("drawing a wrapped text on a backdrop allocates %v times per frame, want 0", n)
	}
}
