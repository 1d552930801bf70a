package render_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// Aseprite exports as artists make them (issue #36): trimmed frames,
// repeat counts, batch exports, images named by the game.

// trimmed is a 2-frame walk exported with "Trim Sprite": each 16×16
// frame keeps only its 4×6 opaque part, at (5, 7) in frame 0 and at
// (6, 8) in frame 1.
const trimmed = `{ "frames": [
  { "filename": "walk 0.aseprite", "frame": { "x": 0, "y": 0, "w": 4, "h": 6 }, "rotated": false, "trimmed": true,
    "spriteSourceSize": { "x": 5, "y": 7, "w": 4, "h": 6 }, "sourceSize": { "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "walk 1.aseprite", "frame": { "x": 4, "y": 0, "w": 4, "h": 6 }, "rotated": false, "trimmed": true,
    "spriteSourceSize": { "x": 6, "y": 8, "w": 4, "h": 6 }, "sourceSize": { "w": 16, "h": 16 }, "duration": 100 }
 ],
 "meta": { "image": "walk.png", "size": { "w": 8, "h": 6 },
  "frameTags": [ { "name": "walk", "from": 0, "to": 1, "direction": "forward", "repeat": "3" } ] } }`

func opaquePNG(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	return encodePNG(img)
}

func TestAsepriteTrimmedFramesKeepTheirOffsets(t *testing.T) {
	fsys := fstest.MapFS{"walk.json": {Data: []byte(trimmed)}, "walk.png": {Data: opaquePNG(8, 6)}}
	a, err := render.LoadAseprite(fsys, "walk.json")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		f, _ := a.Sheet.Frame(i)
		if w, h := f.Size(); w != 16 || h != 16 {
			t.Fatalf("frame %d is %dx%d, want the untrimmed 16x16 (sourceSize), so the walk does not jump", i, w, h)
		}
	}
	if !displayOK {
		return
	}
	// Drawn at (0, 0), frame 1's opaque part is at (6, 8)..(10, 14).
	f, _ := a.Sheet.Frame(1)
	img := drawSprites(t, 16, 16, render.Sprite{Image: f})
	if c := img.RGBAAt(6, 8); c.A != 255 {
		t.Errorf("pixel (6, 8) is %v, want the frame's opaque part", c)
	}
	if c := img.RGBAAt(5, 7); c.A != 0 {
		t.Errorf("pixel (5, 7) is %v, want transparent (frame 0's corner, not frame 1's)", c)
	}
}

func TestAsepriteRepeatPlaysNTimes(t *testing.T) {
	fsys := fstest.MapFS{"walk.json": {Data: []byte(trimmed)}, "walk.png": {Data: opaquePNG(8, 6)}}
	a, err := render.LoadAseprite(fsys, "walk.json")
	if err != nil {
		t.Fatal(err)
	}
	walk, _ := a.Clip("walk")
	if walk.Repeat != 3 {
		t.Fatalf("walk repeats %d times, want 3 (repeat \"3\")", walk.Repeat)
	}
	an := render.NewAnimator(walk)
	ended := 0
	for range 5 { // 5 frames of 0.1 s: the third play's first frame
		if an.Advance(0.1) {
			ended++
		}
	}
	if an.Done() || an.Index() != 1 {
		t.Fatalf("after 5 frames: done %v on frame %d, want still playing frame 1", an.Done(), an.Index())
	}
	if an.Advance(0.1) {
		ended++
	}
	if !an.Done() || an.Index() != 1 || ended != 1 {
		t.Fatalf("after 6 frames (3 plays): done %v on frame %d, ended %d times; want done on the last frame, once", an.Done(), an.Index(), ended)
	}
}

func TestAsepritePingPongRepeatAndDurations(t *testing.T) {
	c := &render.Clip{Name: "bob", Mode: render.PingPong, Repeat: 2,
		Durations: []float64{0.1, 0.2, 0.3}}
	for range 3 {
		img, err := render.NewImage(image.NewRGBA(image.Rect(0, 0, 1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		c.Frames = append(c.Frames, img)
	}
	an := render.NewAnimator(c)
	// Each pass is one play (as Aseprite counts them): 0 1 2 then 1 0,
	// each frame for its own duration; then it stops on frame 0.
	var seen []int
	for range 20 {
		seen = append(seen, an.Index())
		an.Advance(0.05)
	}
	got := strings.Trim(strings.ReplaceAll(fmt.Sprint(seen), " ", ","), "[]")
	want := "0,0,1,1,1,1,2,2,2,2,2,2,1,1,1,1,0,0,0,0"
	if got != want || !an.Done() {
		t.Fatalf("frames every 50 ms %s (done %v), want %s then done", got, an.Done(), want)
	}
}

func TestAsepriteImageOption(t *testing.T) {
	fsys := fstest.MapFS{"art/walk.json": {Data: []byte(trimmed)}, "pngs/walk-v2.png": {Data: opaquePNG(8, 6)}}
	if _, err := render.LoadAseprite(fsys, "art/walk.json"); err == nil {
		t.Fatal("no error for meta.image art/walk.png, which is not there")
	}
	a, err := render.LoadAsepriteOptions(fsys, "art/walk.json", &render.AsepriteOptions{Image: "pngs/walk-v2.png"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Sheet.Len() != 2 {
		t.Fatalf("%d frames, want 2", a.Sheet.Len())
	}
}

func TestAsepriteTagOutsideItsSpriteWarns(t *testing.T) {
	// A batch export of two sprites; the tag "run" spans hero's last frame
	// and slime's first.
	const batch = `{ "frames": [
  { "filename": "hero 0.aseprite", "frame": { "x": 0, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "hero 1.aseprite", "frame": { "x": 16, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "slime 0.aseprite", "frame": { "x": 32, "y": 0, "w": 16, "h": 16 }, "duration": 100 }
 ],
 "meta": { "image": "batch.png", "frameTags": [
  { "name": "idle", "from": 0, "to": 1, "direction": "forward" },
  { "name": "run", "from": 1, "to": 2, "direction": "forward" } ] } }`
	fsys := fstest.MapFS{"batch.json": {Data: []byte(batch)}, "batch.png": {Data: sheetPNG()}}
	var warned []string
	a, err := render.LoadAsepriteOptions(fsys, "batch.json", &render.AsepriteOptions{Warn: func(msg string) { warned = append(warned, msg) }})
	if err != nil {
		t.Fatal(err)
	}
	want := `render: Aseprite sheet "batch.json": tag "run" spans frames 1 to 2, which belong to the sprites "hero" and "slime"`
	if len(warned) != 1 || !strings.Contains(warned[0], want) || len(a.Warnings) != 1 {
		t.Fatalf("warnings %q, want one containing %q", warned, want)
	}
}

func encodePNG(img image.Image) []byte {
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// drawSprites draws sprites through a DrawList onto a fresh w×h image and
// reads it back.
func drawSprites(t *testing.T, w, h int, sprites ...render.Sprite) *image.RGBA {
	t.Helper()
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	var list render.DrawList
	for i := range sprites {
		list.AddSprite(&sprites[i])
	}
	list.Flush(dst, 1)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(out.Pix)
	return out
}
