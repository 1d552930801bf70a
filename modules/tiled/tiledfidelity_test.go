package tiled_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gluekit/glue/modules/tiled"
)

// These tests pin down what Tiled's own renderer (tmxrasterizer of Tiled
// 1.8.2, `tmxrasterizer --no-smoothing`) draws for a map that glue drew
// otherwise: a diagonally flipped tile that is not square, a tint colour
// whose alpha is below ff, and fractional layer offsets. Their maps and
// images are made here.

// pngOf encodes img as a PNG.
func pngOf(img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// pixelID is a distinct opaque colour for each pixel (x, y) of a tile
// image, so that where a pixel lands after a flip can be checked.
func pixelID(x, y int) color.NRGBA {
	return color.NRGBA{uint8(40 + 10*x), uint8(40 + 10*y), 200, 255}
}

// idImage is a w×h image of pixelID colours.
func idImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, pixelID(x, y))
		}
	}
	return img
}

// TestDiagonalFlipOfNonSquareTileKeepsItsCorner checks where a
// diagonally flipped tile that is not square is drawn. Tiled turns the
// tile about its centre and then moves it by (h-w)/2 both ways (its
// CellRenderer's "compensate for the swap of image dimensions"), so that
// the turned tile, h wide and w tall, keeps the bottom-left corner the
// unturned tile has in its cell: tmxrasterizer draws a flipped 16×8 tile
// in the cell at (80, 8) of a 16×8 grid over x 80–88, y 0–16, where glue
// drew it over x 84–92, y 4–20. A diagonal flip transposes the image:
// its pixel (u, v) is drawn at (left+v, top+u). Both a grid tileset of
// 16×8 tiles and an image-collection tileset of an 8×16 image are
// checked, on an 8×8 grid, pixel by pixel.
func TestDiagonalFlipOfNonSquareTileKeepsItsCorner(t *testing.T) {
	const d = 0x20000000 // Tiled's diagonal flip flag
	fsys := fstest.MapFS{
		"wide.png": {Data: pngOf(idImage(16, 8))},
		"tall.png": {Data: pngOf(idImage(8, 16))},
		"m.tmx": {Data: []byte(fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="6" height="6" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="wide" tilewidth="16" tileheight="8" tilecount="1" columns="1"><image source="wide.png" width="16" height="8"/></tileset>
 <tileset firstgid="2" name="tall" tilewidth="8" tileheight="16" tilecount="1" columns="0"><grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0"><image width="8" height="16" source="tall.png"/></tile>
 </tileset>
 <layer id="1" name="l" width="6" height="6"><data encoding="csv">
0,0,0,0,0,0,
%d,0,0,0,0,0,
0,0,0,0,0,0,
0,0,0,0,0,0,
0,0,0,%d,0,0,
0,0,0,0,0,0</data></layer>
</map>`, 1|d, 2|d))},
	}
	m, err := tiled.Load(fsys, "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	got := drawMap(t, m, 0, 0, 48, 48)
	// The wide tile (16×8) in cell (0, 1), whose bottom-left corner is
	// (0, 16): turned, 8×16 over x 0–8, y 0–16. The tall tile (8×16) in
	// cell (3, 4), bottom-left corner (24, 40): turned, 16×8 over x
	// 24–40, y 32–40.
	want := image.NewRGBA(got.Bounds())
	for _, tl := range []struct{ left, top, w, h int }{{0, 0, 16, 8}, {24, 32, 8, 16}} {
		for u := range tl.w {
			for v := range tl.h {
				want.Set(tl.left+v, tl.top+u, pixelID(u, v))
			}
		}
	}
	bad := 0
	for y := range 48 {
		for x := range 48 {
			if g, w := got.RGBAAt(x, y), want.RGBAAt(x, y); g != w {
				if bad < 5 {
					t.Errorf("(%d, %d) is %v, Tiled draws %v", x, y, g, w)
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels differ from what Tiled draws", bad)
	}
}

// TestTintAlphaFollowsTiled checks a layer tint whose alpha is below ff.
// Tiled multiplies a tile's pixels by the tint's colour, then keeps the
// tint alpha's share of each premultiplied pixel; Qt holds an image
// without a transparent pixel without an alpha channel, so there the
// tint's alpha darkens the colour, while an image with a transparent
// pixel fades. Tints of nested groups multiply, alpha included. The
// wanted colours are what tmxrasterizer drew for this map (read from its
// PNG, unpremultiplied): tile 1 is opaque (60, 90, 210), tile 2 the same
// with one transparent pixel.
//
//   - layer a (tint #80ffffff, opacity 0.75): tile 1 (30, 45, 105, 191),
//     tile 2 (60, 90, 209, 96); glue drew tile 1 as (60, 90, 210, 96).
//   - layer b (tint #80ffffff in group #c0ffffff of opacity 0.5 in group
//     #80ff8040): tile 1 (11, 8, 10, 127), tile 2 (58, 42, 53, 24).
//   - layer c (tint #ff8040): both (60, 45, 53, 255).
//   - an image layer of tile 1's colour (tint #80ffffff): (30, 45, 105, 255).
//
// (Tiled 1.8.2 ignores an image layer's offsety without an offsetx, so
// the image layer has both.)
func TestTintAlphaFollowsTiled(t *testing.T) {
	sheet := image.NewNRGBA(image.Rect(0, 0, 16, 8))
	for y := range 8 {
		for x := range 16 {
			sheet.SetNRGBA(x, y, color.NRGBA{60, 90, 210, 255})
		}
	}
	sheet.SetNRGBA(15, 7, color.NRGBA{})
	plain := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range 64 {
		plain.SetNRGBA(i%8, i/8, color.NRGBA{60, 90, 210, 255})
	}
	fsys := fstest.MapFS{
		"sheet.png": {Data: pngOf(sheet)},
		"plain.png": {Data: pngOf(plain)},
		"m.tmx": {Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="2" height="4" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="2" columns="2"><image source="sheet.png" width="16" height="8"/></tileset>
 <layer id="1" name="a" width="2" height="4" tintcolor="#80ffffff" opacity="0.75"><data encoding="csv">1,2,0,0,0,0,0,0</data></layer>
 <group id="2" name="g" tintcolor="#80ff8040"><group id="3" name="g2" tintcolor="#c0ffffff" opacity="0.5">
  <layer id="4" name="b" width="2" height="4" tintcolor="#80ffffff"><data encoding="csv">0,0,1,2,0,0,0,0</data></layer>
 </group></group>
 <layer id="5" name="c" width="2" height="4" tintcolor="#ff8040"><data encoding="csv">0,0,0,0,1,2,0,0</data></layer>
 <imagelayer id="6" name="i" offsetx="8" offsety="24" tintcolor="#80ffffff"><image source="plain.png" width="8" height="8"/></imagelayer>
</map>`)},
	}
	m, err := tiled.Load(fsys, "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	got := drawMap(t, m, 0, 0, 16, 32)
	for _, c := range []struct {
		what string
		x, y int
		want color.NRGBA
	}{
		{"layer a, opaque tile", 3, 3, color.NRGBA{30, 45, 105, 191}},
		{"layer a, tile with a transparent pixel", 11, 3, color.NRGBA{60, 90, 209, 96}},
		{"layer b in groups, opaque tile", 3, 11, color.NRGBA{11, 8, 10, 127}},
		{"layer b in groups, tile with a transparent pixel", 11, 11, color.NRGBA{58, 42, 53, 24}},
		{"layer c, opaque tile", 3, 19, color.NRGBA{60, 45, 53, 255}},
		{"layer c, tile with a transparent pixel", 11, 19, color.NRGBA{60, 45, 53, 255}},
		{"image layer", 11, 27, color.NRGBA{30, 45, 105, 255}},
	} {
		// Compared premultiplied, as drawn: tmxrasterizer's 8-bit
		// unpremultiplied colours are coarse at a low alpha.
		w := color.RGBAModel.Convert(c.want).(color.RGBA)
		if g := got.RGBAAt(c.x, c.y); diff(g, w) > rasterTolerance {
			t.Errorf("%s: (%d, %d) is %v, Tiled draws %v premultiplied (%v in its PNG)", c.what, c.x, c.y, g, w, c.want)
		}
	}
}

// TestFractionalLayerOffsets loads a map whose group, tile layer, image
// layer and object layer have fractional offsets, which Tiled saves
// when a layer is dragged with snapping off; go-tiled reads offsets as
// ints and failed the Load ("strconv.ParseInt: parsing "2.5""). They
// are read as they are: a group at offsetx 2.5 holding a layer at 0.5
// draws the layer 3 px right, where tmxrasterizer draws it, and an
// object in a layer at 0.25 is 0.25 px right. An offset that is not a
// number is an error naming the layer and the attribute.
func TestFractionalLayerOffsets(t *testing.T) {
	plain := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range 64 {
		plain.SetNRGBA(i%8, i/8, color.NRGBA{60, 90, 210, 255})
	}
	src := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="8" tileheight="8" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="1"><image source="plain.png" width="8" height="8"/></tileset>
 <group id="1" name="g" offsetx="2.5" offsety="1">
  <layer id="2" name="half" width="2" height="2" offsetx="0.5" offsety="-1"><data encoding="csv">1,0,0,0</data></layer>
  <imagelayer id="3" name="pic" offsetx="-0.5" offsety="7.5"><image source="plain.png" width="8" height="8"/></imagelayer>
 </group>
 <objectgroup id="4" name="objs" offsetx="0.25" offsety="-0.75"><object id="1" type="Coin" x="4" y="4"/></objectgroup>
</map>`
	fsys := fstest.MapFS{"plain.png": {Data: pngOf(plain)}, "m.tmx": {Data: []byte(src)}}
	m, err := tiled.Load(fsys, "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if o := m.Objects(); len(o) != 1 || o[0].X != 4.25 || o[0].Y != 3.25 {
		t.Errorf("objects %+v, want the coin at (4.25, 3.25)", o)
	}
	got := drawMap(t, m, 0, 0, 16, 24)
	blue := color.RGBA{60, 90, 210, 255}
	for _, c := range []struct {
		x, y int
		want color.RGBA
	}{
		{2, 0, color.RGBA{}}, {3, 0, blue}, {10, 7, blue}, {11, 7, color.RGBA{}},
		// The image layer at (2, 8.5): rows 8 and 16 half covered are
		// left out of the check.
		{1, 12, color.RGBA{}}, {2, 12, blue}, {9, 12, blue}, {10, 12, color.RGBA{}},
	} {
		if g := got.RGBAAt(c.x, c.y); g != c.want {
			t.Errorf("(%d, %d) is %v, want %v", c.x, c.y, g, c.want)
		}
	}

	bad := strings.Replace(src, `offsety="-1"`, `offsety="one"`, 1)
	_, err = tiled.Load(fstest.MapFS{"plain.png": {Data: pngOf(plain)}, "m.tmx": {Data: []byte(bad)}}, "m.tmx")
	if err == nil || !strings.Contains(err.Error(), "m.tmx") || !strings.Contains(err.Error(), `layer "half"`) || !strings.Contains(err.Error(), `offsety "one"`) {
		t.Errorf("an offset that is not a number: %v, want an error naming the file, the layer and the attribute", err)
	}
}
