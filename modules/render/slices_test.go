package render_test

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
)

// slicedJSON is an Aseprite export of a 12×8 sprite of 3 frames with
// three slices: "panel" (frame 0 on, a nine-slice centre leaving edges of
// 3, 2, 1 and 1 pixels on the left, top, right and bottom), "hitbox"
// (moving at frame 2, with a pivot) and "hand" (from frame 1 on).
const slicedJSON = `{ "frames": [
   { "filename": "knight 0.aseprite", "frame": { "x": 0, "y": 0, "w": 12, "h": 8 }, "rotated": false, "trimmed": false, "duration": 100 },
   { "filename": "knight 1.aseprite", "frame": { "x": 12, "y": 0, "w": 12, "h": 8 }, "rotated": false, "trimmed": false, "duration": 100 },
   { "filename": "knight 2.aseprite", "frame": { "x": 24, "y": 0, "w": 12, "h": 8 }, "rotated": false, "trimmed": false, "duration": 100 }
 ],
 "meta": { "app": "https://www.aseprite.org/", "image": "knight.png", "size": { "w": 36, "h": 8 }, "frameTags": [],
  "slices": [
   { "name": "panel", "color": "#0000ffff", "keys": [ { "frame": 0, "bounds": { "x": 2, "y": 1, "w": 8, "h": 6 }, "center": { "x": 3, "y": 2, "w": 4, "h": 3 } } ] },
   { "name": "hitbox", "color": "#ff0000ff", "data": "hurt", "keys": [
     { "frame": 2, "bounds": { "x": 4, "y": 2, "w": 6, "h": 6 }, "pivot": { "x": 3, "y": 6 } },
     { "frame": 0, "bounds": { "x": 3, "y": 2, "w": 6, "h": 6 }, "pivot": { "x": 3, "y": 6 } }
   ] },
   { "name": "hand", "color": "#00ff00ff", "keys": [ { "frame": 1, "bounds": { "x": 9, "y": 4, "w": 2, "h": 2 } } ] }
  ] } }`

// slicedPNG is the sheet: frame 0 has the panel slice's edges red and
// its centre green, blue around the slice.
func slicedPNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 36, 8))
	for y := range 8 {
		for x := range 36 {
			c := blue
			if x >= 2 && x < 10 && y >= 1 && y < 7 {
				c = red
				if x >= 5 && x < 9 && y >= 3 && y < 6 {
					c = green
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

func slicedFS(json string) fstest.MapFS {
	return fstest.MapFS{"art/knight.json": {Data: []byte(json)}, "art/knight.png": {Data: slicedPNG()}}
}

func TestAsepriteSlices(t *testing.T) {
	a, err := render.LoadAseprite(slicedFS(slicedJSON), "art/knight.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Slices) != 3 {
		t.Fatalf("%d slices, want 3", len(a.Slices))
	}
	hit, err := a.Slice("hitbox")
	if err != nil || hit.Data != "hurt" || len(hit.Keys) != 2 || hit.Keys[0].Frame != 0 {
		t.Fatalf("hitbox %+v (%v); want its data and its 2 keys in frame order", hit, err)
	}
	for frame, x := range map[int]int{0: 3, 1: 3, 2: 4} {
		if k, ok := hit.At(frame); !ok || k.Bounds.Min.X != x {
			t.Errorf("hitbox at frame %d starts at x %d (%v), want %d", frame, k.Bounds.Min.X, ok, x)
		}
	}
	// A hitbox for a body at the sprite's origin, its bottom centre (6, 8):
	// x 3..9, y 2..8 is -3..3, -6..0.
	k, _ := hit.At(0)
	x0, y0, x1, y1 := k.Rect(6, 8)
	if x0 != -3 || y0 != -6 || x1 != 3 || y1 != 0 {
		t.Fatalf("hitbox rectangle (%g, %g)-(%g, %g), want (-3, -6)-(3, 0)", x0, y0, x1, y1)
	}
	if s := physics.Box(physics.Vec{X: x0, Y: y0}, physics.Vec{X: x1, Y: y1}).String(); s != "Polygon([{-3 -6} {3 -6} {3 0} {-3 0}])" {
		t.Fatalf("the hitbox's collider %s", s)
	}
	if s := physics.Box(physics.Vec{X: -3, Y: -2}, physics.Vec{X: 3, Y: 2}).String(); s != "Rect(6x4)" {
		t.Fatalf("a centred box's collider %s, want a Rect", s)
	}
	if ox, oy := k.Origin(); ox != 0.5 || oy != 1 {
		t.Fatalf("the pivot as an origin (%g, %g), want (0.5, 1)", ox, oy)
	}
	if hand, _ := a.Slice("hand"); func() bool { _, ok := hand.At(0); return ok }() {
		t.Fatal("the hand slice holds at frame 0, before its first key")
	}
	if _, _, err := a.SliceImage("hand", 0); err == nil || !strings.Contains(err.Error(), `slice "hand" has no key at frame 0; its first is at frame 1`) {
		t.Fatalf("the hand at frame 0: %v", err)
	}
	img, pk, err := a.SliceImage("panel", 0)
	if err != nil || pk.Center != image.Rect(3, 2, 7, 5) {
		t.Fatalf("panel: %v, %+v", err, pk)
	}
	f0, _ := a.Sheet.Frame(0)
	if got, want := img.Bounds(), f0.Bounds().Add(image.Pt(2, 1)); got.Min != want.Min || got.Dx() != 8 || got.Dy() != 6 {
		t.Fatalf("panel's image %v, want 8x6 at frame 0's (2, 1), %v", got, want.Min)
	}
	if _, err := a.Slice("foot"); err == nil || !strings.Contains(err.Error(), `no slice "foot"; its slices are ["hand" "hitbox" "panel"]`) {
		t.Fatalf("an unknown slice: %v", err)
	}
	ns, err := ui.NineSliceOf(a, "panel")
	if err != nil || ns.Left != 3 || ns.Top != 2 || ns.Right != 1 || ns.Bottom != 1 {
		t.Fatalf("nine slices %+v (%v), want edges 3, 2, 1, 1", ns, err)
	}
	if _, err := ui.NineSliceOf(a, "hand"); err == nil {
		t.Fatal("a slice without a key at frame 0 made nine slices")
	}
	if _, err := ui.NineSliceOf(a, "hitbox"); err == nil || !strings.Contains(err.Error(), `slice "hitbox" has no nine-slice centre; tick "9-Slices"`) {
		t.Fatalf("a slice without a centre: %v", err)
	}
}

func TestBadAsepriteSlicesNameTheSlice(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`{ "frame": 1, "bounds": { "x": 9, "y": 4, "w": 2, "h": 2 } }`, `{ "frame": 5, "bounds": { "x": 9, "y": 4, "w": 2, "h": 2 } }`, `slice "hand" has a key at frame 5, outside the 3 frames`},
		{`"center": { "x": 3, "y": 2, "w": 4, "h": 3 }`, `"center": { "x": 3, "y": 2, "w": 9, "h": 3 }`, `slice "panel" at frame 0: its nine-slice centre (3,2)-(12,5) is not inside its 8x6 bounds`},
		{`"name": "hand"`, `"name": "panel"`, `two slices are named "panel"`},
		{`"bounds": { "x": 9, "y": 4, "w": 2, "h": 2 }`, `"bounds": { "x": 9, "y": 4, "w": 0, "h": 2 }`, `slice "hand" at frame 1 has no bounds, or empty ones`},
	} {
		bad := strings.Replace(slicedJSON, c.from, c.to, 1)
		if bad == slicedJSON {
			t.Fatalf("%q is not in the test's JSON", c.from)
		}
		_, err := render.LoadAseprite(slicedFS(bad), "art/knight.json")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "art/knight.json") {
			t.Errorf("error %v, want one naming the file and containing %q", err, c.want)
		}
	}
}

// TestPanelFromAsepriteSlice draws a ui panel 40×30 with the nine slices
// of an Aseprite slice: each edge keeps its own width (3, 2, 1 and 1
// pixels of red) and the green centre is stretched; the blue around the
// slice in the sheet is never drawn.
func TestPanelFromAsepriteSlice(t *testing.T) {
	requireDisplay(t)
	a, err := render.LoadAseprite(slicedFS(slicedJSON), "art/knight.json")
	if err != nil {
		t.Fatal(err)
	}
	ns, err := ui.NineSliceOf(a, "panel")
	if err != nil {
		t.Fatal(err)
	}
	th := ui.DefaultTheme()
	th.PanelImage = ns
	app := newApp(t, 1, ui.Menu{Theme: &th, Anchor: ui.TopLeft, Root: &ui.Panel{Node: ui.Node{MinW: 40, MinH: 30}}})
	app.AddPlugins(input.Plugin{Headless: true}, ui.Plugin{})
	got := frame(t, render.NewGame(app))
	checkNear(t, got, 1, 15, red, "the left edge, 3 wide")
	// The middle's 4×3 texels are stretched 9 times: half a texel from
	// its edges the linear filter still blends in the red edge, so the
	// middle is checked a texel in.
	checkNear(t, got, 12, 15, green, "the middle, right of the 3-pixel left edge")
	if c := got.RGBAAt(4, 15); c.G < c.R {
		t.Errorf("4 pixels in from the left: %v, want mostly the green middle: the left edge is stretched", c)
	}
	checkNear(t, got, 39, 15, red, "the right edge, 1 wide")
	checkNear(t, got, 30, 15, green, "the middle, left of the 1-pixel right edge")
	if c := got.RGBAAt(37, 15); c.G < c.R {
		t.Errorf("2 pixels in from the right: %v, want mostly the green middle: the right edge is stretched", c)
	}
	checkNear(t, got, 20, 0, red, "the top edge, 2 high")
	checkNear(t, got, 20, 11, green, "the middle, under the 2-pixel top edge")
	if c := got.RGBAAt(20, 3); c.G < c.R {
		t.Errorf("3 pixels down from the top: %v, want mostly the green middle: the top edge is stretched", c)
	}
	checkNear(t, got, 20, 29, red, "the bottom edge")
	checkNear(t, got, 20, 15, green, "the stretched middle")
	for y := range 30 {
		for x := range 40 {
			if c := got.RGBAAt(x, y); c.B > 128 && c.R < 64 && c.G < 64 {
				t.Fatalf("(%d, %d) is %v: the sheet's blue around the slice is drawn", x, y, c)
			}
		}
	}
}
