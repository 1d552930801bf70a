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
)

func sheetPNG() []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 48, 16)))
	return b.Bytes()
}

const asepriteHash = `{ "frames": {
   "hero 2.aseprite": { "frame": { "x": 32, "y": 0, "w": 16, "h": 16 }, "rotated": false, "trimmed": false, "duration": 300 },
   "hero 0.aseprite": { "frame": { "x": 0, "y": 0, "w": 16, "h": 16 }, "rotated": false, "trimmed": false, "duration": 100 },
   "hero 1.aseprite": { "frame": { "x": 16, "y": 0, "w": 16, "h": 16 }, "rotated": false, "trimmed": false, "duration": 200 }
 },
 "meta": { "app": "https://www.aseprite.org/", "image": "hero.png", "size": { "w": 48, "h": 16 },
  "frameTags": [
   { "name": "walk", "from": 0, "to": 2, "direction": "forward" },
   { "name": "back", "from": 0, "to": 2, "direction": "reverse" },
   { "name": "bob", "from": 1, "to": 2, "direction": "pingpong" },
   { "name": "hit", "from": 0, "to": 1, "direction": "forward", "repeat": "1" }
  ] } }`

func TestLoadAsepriteHashKeepsOrderAndReadsTags(t *testing.T) {
	fsys := fstest.MapFS{"art/hero.json": {Data: []byte(asepriteHash)}, "art/hero.png": {Data: sheetPNG()}}
	a, err := render.LoadAseprite(fsys, "art/hero.json")
	if err != nil {
		t.Fatal(err)
	}
	if a.Sheet.Len() != 3 {
		t.Fatalf("%d frames, want 3", a.Sheet.Len())
	}
	f0, _ := a.Sheet.Frame(0)
	if f0.Bounds().Dx() != 16 {
		t.Fatalf("frame 0 %v", f0.Bounds())
	}
	first, _ := a.Sheet.Frame(0)
	last, _ := a.Sheet.Frame(2)
	walk, _ := a.Clip("walk")
	if len(walk.Frames) != 3 || walk.Frames[0] != first || walk.Durations[0] != 0.3 || walk.Mode != render.Loop {
		t.Fatalf("walk: %+v; want the file's first frame (x 32, 300 ms) first, looping", walk)
	}
	back, _ := a.Clip("back")
	if back.Frames[0] != last || back.Durations[0] != 0.2 {
		t.Fatalf("reverse tag starts with %v (%v s), want the last frame", back.Frames[0].Bounds(), back.Durations[0])
	}
	if bob, _ := a.Clip("bob"); bob.Mode != render.PingPong || len(bob.Frames) != 2 {
		t.Fatalf("bob: %+v", bob)
	}
	if hit, _ := a.Clip("hit"); hit.Mode != render.Once {
		t.Fatalf("hit plays %v, want once", hit.Mode)
	}
	if _, err := a.Clip("run"); err == nil || !strings.Contains(err.Error(), `no tag "run"; its tags are ["back" "bob" "hit" "walk"]`) {
		t.Fatalf("unknown tag: %v", err)
	}
}

func TestLoadAsepriteArray(t *testing.T) {
	js := `{"frames": [{"frame": {"x":0,"y":0,"w":48,"h":16}, "duration": 50}], "meta": {"image": "hero.png", "frameTags": []}}`
	a, err := render.LoadAseprite(fstest.MapFS{"hero.json": {Data: []byte(js)}, "hero.png": {Data: sheetPNG()}}, "hero.json")
	if err != nil || a.Sheet.Len() != 1 {
		t.Fatalf("%v, %v", a, err)
	}
}

func TestBadAsepriteNamesTheFile(t *testing.T) {
	png := sheetPNG()
	for _, c := range []struct{ name, js, want string }{
		{"not json", "{", `render: Aseprite sheet "a.json": not an Aseprite JSON export`},
		{"no frames", `{"meta": {"image": "a.png"}}`, `render: Aseprite sheet "a.json": no frames`},
		{"outside", `{"frames": [{"frame": {"x":40,"y":0,"w":16,"h":16}, "duration": 50}], "meta": {"image": "a.png"}}`, `render: Aseprite sheet "a.json": frame 0: render: region (40, 0) 16x16 is not inside the 48x16 image`},
		{"missing image", `{"frames": [{"frame": {"x":0,"y":0,"w":16,"h":16}, "duration": 50}], "meta": {"image": "b.png"}}`, `render: Aseprite sheet "a.json": render: image "b.png"`},
		{"bad tag", `{"frames": [{"frame": {"x":0,"y":0,"w":16,"h":16}, "duration": 50}], "meta": {"image": "a.png", "frameTags": [{"name": "x", "from": 0, "to": 3}]}}`, `tag "x" spans frames 0 to 3, outside the 1 frames`},
		{"bad direction", `{"frames": [{"frame": {"x":0,"y":0,"w":16,"h":16}, "duration": 50}], "meta": {"image": "a.png", "frameTags": [{"name": "x", "from": 0, "to": 0, "direction": "sideways"}]}}`, `tag "x" has direction "sideways"`},
	} {
		_, err := render.LoadAseprite(fstest.MapFS{"a.json": {Data: []byte(c.js)}, "a.png": {Data: png}}, "a.json")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
	}
	if _, err := render.LoadAseprite(fstest.MapFS{}, "gone.json"); err == nil || !strings.Contains(err.Error(), `"gone.json"`) {
		t.Errorf("missing file: %v", err)
	}
}

// TestAsepriteFramesAreNamed: Sheet.Named and Sheet.Index find an
// Aseprite frame by its filename, in the array form ("filename") and in
// the hash form (the frame's key), and Named's error lists the names.
func TestAsepriteFramesAreNamed(t *testing.T) {
	const array = `{ "frames": [
  { "filename": "hero 0.aseprite", "frame": { "x": 0, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "hero 1.aseprite", "frame": { "x": 16, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "hero 2.aseprite", "frame": { "x": 32, "y": 0, "w": 16, "h": 16 }, "duration": 100 }
 ], "meta": { "image": "hero.png" } }`
	for _, c := range []struct{ form, js string }{{"hash", asepriteHash}, {"array", array}} {
		a, err := render.LoadAseprite(fstest.MapFS{"hero.json": {Data: []byte(c.js)}, "hero.png": {Data: sheetPNG()}}, "hero.json")
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			f, _ := a.Sheet.Frame(i)
			// The hash form lists hero 2 first: frames keep the file's order.
			name := []string{"hero 2.aseprite", "hero 0.aseprite", "hero 1.aseprite"}[i]
			if c.form == "array" {
				name = fmt.Sprintf("hero %d.aseprite", i)
			}
			if got, err := a.Sheet.Named(name); err != nil || got != f {
				t.Errorf("%s form: Named(%q) = %v, %v; want frame %d", c.form, name, got.Bounds(), err, i)
			}
			if got := a.Sheet.Index(name); got != i {
				t.Errorf("%s form: Index(%q) = %d, want %d", c.form, name, got, i)
			}
		}
		want := `render: the sheet has no frame "hero 9.aseprite"; it has "hero 0.aseprite", "hero 1.aseprite", "hero 2.aseprite"`
		if c.form == "hash" {
			want = `render: the sheet has no frame "hero 9.aseprite"; it has "hero 2.aseprite", "hero 0.aseprite", "hero 1.aseprite"`
		}
		if _, err := a.Sheet.Named("hero 9.aseprite"); err == nil || err.Error() != want {
			t.Errorf("%s form: Named(hero 9) error %v,\nwant %s", c.form, err, want)
		}
	}
}

// TestAsepriteTagRangesAndNames: a tag whose from comes after its to has
// a message of its own (not "outside the frames"), and two tags of the
// same name — of which Clips could keep only one — are an error, as two
// slices of the same name are.
func TestAsepriteTagRangesAndNames(t *testing.T) {
	const frames = `"frames": [
  { "frame": { "x": 0, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "frame": { "x": 16, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "frame": { "x": 32, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "frame": { "x": 32, "y": 0, "w": 16, "h": 16 }, "duration": 100 }
 ]`
	for _, c := range []struct{ name, tags, want string }{
		{"reversed", `{"name": "x", "from": 3, "to": 1, "direction": "forward"}`,
			`render: Aseprite sheet "a.json": tag "x" spans frames 3 to 1: its first frame comes after its last; a tag's "from" is its lowest frame (Aseprite plays a tag backwards by its direction, "reverse"), so re-export the sheet or fix the range`},
		{"outside", `{"name": "x", "from": -1, "to": 1, "direction": "forward"}`,
			`render: Aseprite sheet "a.json": tag "x" spans frames -1 to 1, outside the 4 frames (0 to 3)`},
		{"reversed and outside", `{"name": "x", "from": 9, "to": 1, "direction": "forward"}`,
			`tag "x" spans frames 9 to 1, outside the 4 frames (0 to 3)`},
		{"same name", `{"name": "run", "from": 0, "to": 1, "direction": "forward"}, {"name": "run", "from": 2, "to": 3, "direction": "forward"}`,
			`render: Aseprite sheet "a.json": two tags are named "run" (frames 0 to 1 and 2 to 3), and Clips holds one clip per name; give each tag its own name in Aseprite`},
	} {
		js := `{` + frames + `, "meta": {"image": "a.png", "frameTags": [` + c.tags + `]}}`
		_, err := render.LoadAseprite(fstest.MapFS{"a.json": {Data: []byte(js)}, "a.png": {Data: sheetPNG()}}, "a.json")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v,\nwant one containing %s", c.name, err, c.want)
		}
	}
}
