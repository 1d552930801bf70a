package render_test

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gluekit/glue/modules/render"
)

// Baked Aseprite sheets (BakeAseprite, LoadBakedAseprite): the same
// Aseprite as the JSON, without encoding/json.

// directions is a sheet of 4 frames, two of them trimmed, whose tags
// play in every direction Aseprite has and with every kind of repeat.
const directions = `{ "frames": [
  { "filename": "bat 0.aseprite", "frame": { "x": 0, "y": 0, "w": 8, "h": 8 }, "rotated": false, "trimmed": false,
    "spriteSourceSize": { "x": 0, "y": 0, "w": 8, "h": 8 }, "sourceSize": { "w": 8, "h": 8 }, "duration": 100 },
  { "filename": "bat 1.aseprite", "frame": { "x": 8, "y": 0, "w": 3, "h": 5 }, "rotated": false, "trimmed": true,
    "spriteSourceSize": { "x": 2, "y": 1, "w": 3, "h": 5 }, "sourceSize": { "w": 8, "h": 8 }, "duration": 150 },
  { "filename": "bat 2.aseprite", "frame": { "x": 11, "y": 0, "w": 5, "h": 4 }, "rotated": false, "trimmed": true,
    "spriteSourceSize": { "x": 3, "y": 4, "w": 5, "h": 4 }, "sourceSize": { "w": 8, "h": 8 }, "duration": 200 },
  { "filename": "bat 3.aseprite", "frame": { "x": 0, "y": 0, "w": 8, "h": 8 }, "rotated": false, "trimmed": false,
    "spriteSourceSize": { "x": 0, "y": 0, "w": 8, "h": 8 }, "sourceSize": { "w": 8, "h": 8 }, "duration": 250 }
 ],
 "meta": { "image": "bat.png", "size": { "w": 16, "h": 8 },
  "frameTags": [
   { "name": "fwd", "from": 0, "to": 3, "direction": "forward" },
   { "name": "plain", "from": 1, "to": 2 },
   { "name": "rev", "from": 0, "to": 2, "direction": "reverse", "repeat": "2" },
   { "name": "pp", "from": 1, "to": 3, "direction": "pingpong", "repeat": "0" },
   { "name": "ppr", "from": 0, "to": 3, "direction": "pingpong_reverse", "repeat": "5" },
   { "name": "once", "from": 2, "to": 3, "direction": "reverse", "repeat": "1" }
  ],
  "slices": [ { "name": "wing", "data": "flap", "keys": [ { "frame": 3, "bounds": { "x": 0, "y": 1, "w": 4, "h": 3 }, "pivot": { "x": 2, "y": 3 } },
   { "frame": 1, "bounds": { "x": 1, "y": 1, "w": 4, "h": 3 }, "center": { "x": 1, "y": 1, "w": 2, "h": 1 } } ] } ] } }`

// gradientPNG is a w×h sheet whose every pixel has a colour of its own.
func gradientPNG(w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{uint8(16 * x), uint8(32 * y), uint8(x * y), 255})
		}
	}
	return encodePNG(img)
}

// bakeCase is an Aseprite sheet of the existing tests (and directions).
type bakeCase struct {
	name string
	fsys fstest.MapFS
	file string
	opts func(warn func(string)) *render.AsepriteOptions
}

func bakeCases() []bakeCase {
	const named = `{ "frames": [
  { "filename": "hero 0.aseprite", "frame": { "x": 0, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "hero 1.aseprite", "frame": { "x": 16, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "hero 2.aseprite", "frame": { "x": 32, "y": 0, "w": 16, "h": 16 }, "duration": 100 }
 ], "meta": { "image": "hero.png" } }`
	const batch = `{ "frames": [
  { "filename": "hero 0.aseprite", "frame": { "x": 0, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "hero 1.aseprite", "frame": { "x": 16, "y": 0, "w": 16, "h": 16 }, "duration": 100 },
  { "filename": "slime 0.aseprite", "frame": { "x": 32, "y": 0, "w": 16, "h": 16 }, "duration": 100 }
 ],
 "meta": { "image": "batch.png", "frameTags": [
  { "name": "idle", "from": 0, "to": 1, "direction": "forward" },
  { "name": "run", "from": 1, "to": 2, "direction": "forward" } ] } }`
	const array = `{"frames": [{"frame": {"x":0,"y":0,"w":48,"h":16}, "duration": 50}], "meta": {"image": "hero.png", "frameTags": []}}`
	warnTo := func(warn func(string)) *render.AsepriteOptions { return &render.AsepriteOptions{Warn: warn} }
	return []bakeCase{
		{"hash", fstest.MapFS{"art/hero.json": {Data: []byte(asepriteHash)}, "art/hero.png": {Data: gradientPNG(48, 16)}}, "art/hero.json", warnTo},
		{"array", fstest.MapFS{"hero.json": {Data: []byte(array)}, "hero.png": {Data: sheetPNG()}}, "hero.json", warnTo},
		{"array named", fstest.MapFS{"hero.json": {Data: []byte(named)}, "hero.png": {Data: gradientPNG(48, 16)}}, "hero.json", warnTo},
		{"trimmed", fstest.MapFS{"walk.json": {Data: []byte(trimmed)}, "walk.png": {Data: opaquePNG(8, 6)}}, "walk.json", warnTo},
		{"trimmed, image named", fstest.MapFS{"art/walk.json": {Data: []byte(trimmed)}, "pngs/walk-v2.png": {Data: gradientPNG(8, 6)}}, "art/walk.json",
			func(warn func(string)) *render.AsepriteOptions {
				return &render.AsepriteOptions{Image: "pngs/walk-v2.png", Warn: warn}
			}},
		{"batch warns", fstest.MapFS{"batch.json": {Data: []byte(batch)}, "batch.png": {Data: sheetPNG()}}, "batch.json", warnTo},
		{"slices", slicedFS(slicedJSON), "art/knight.json", warnTo},
		{"directions", fstest.MapFS{"bat/bat.json": {Data: []byte(directions)}, "bat/bat.png": {Data: gradientPNG(16, 8)}}, "bat/bat.json", warnTo},
	}
}

// bake bakes c's sheet into c.fsys, next to the JSON, and returns the
// baked file's path.
func bake(t *testing.T, fsys fstest.MapFS, file string) string {
	t.Helper()
	baked, err := render.BakeAseprite(fsys, file)
	if err != nil {
		t.Fatalf("BakeAseprite(%q): %v", file, err)
	}
	fsys[file+".baked"] = &fstest.MapFile{Data: baked}
	return file + ".baked"
}

// TestBakedAsepriteIsTheJSONs: a baked sheet loads as the same Aseprite
// as its JSON — frames (sizes and pixels), names, clips, slices and
// warnings — with the JSON next to it and without.
func TestBakedAsepriteIsTheJSONs(t *testing.T) {
	for _, c := range bakeCases() {
		t.Run(c.name, func(t *testing.T) {
			var warnJSON, warnBaked []string
			want, err := render.LoadAsepriteOptions(c.fsys, c.file, c.opts(func(m string) { warnJSON = append(warnJSON, m) }))
			if err != nil {
				t.Fatal(err)
			}
			bakedFile := bake(t, c.fsys, c.file)
			got, err := render.LoadBakedAseprite(c.fsys, bakedFile, c.opts(func(m string) { warnBaked = append(warnBaked, m) }))
			if err != nil {
				t.Fatal(err)
			}
			sameAseprite(t, want, got)
			if !slices.Equal(warnJSON, warnBaked) {
				t.Errorf("Warn got %q, want %q", warnBaked, warnJSON)
			}
			// A game that ships only the baked file.
			shipped := maps.Clone(c.fsys)
			delete(shipped, c.file)
			got, err = render.LoadBakedAseprite(shipped, bakedFile, c.opts(func(string) {}))
			if err != nil {
				t.Fatalf("without the JSON: %v", err)
			}
			sameAseprite(t, want, got)
		})
	}
}

// sameAseprite fails t unless got is want loaded again: the same frames,
// names, clips, slices and warnings.
func sameAseprite(t *testing.T, want, got *render.Aseprite) {
	t.Helper()
	if got.Sheet.Len() != want.Sheet.Len() {
		t.Fatalf("%d frames, want %d", got.Sheet.Len(), want.Sheet.Len())
	}
	if g, w := render.SheetNamesForTest(got.Sheet), render.SheetNamesForTest(want.Sheet); !slices.Equal(g, w) {
		t.Errorf("frame names %q, want %q", g, w)
	}
	for i := range want.Sheet.Len() {
		wf, _ := want.Sheet.Frame(i)
		gf, _ := got.Sheet.Frame(i)
		gw, gh := gf.Size()
		if ww, wh := wf.Size(); gw != ww || gh != wh {
			t.Errorf("frame %d is %dx%d, want %dx%d", i, gw, gh, ww, wh)
			continue
		}
		if displayOK {
			gp := drawSprites(t, gw, gh, render.Sprite{Image: gf})
			wp := drawSprites(t, gw, gh, render.Sprite{Image: wf})
			if !slices.Equal(gp.Pix, wp.Pix) {
				t.Errorf("frame %d's pixels differ", i)
			}
		}
	}
	index := func(a *render.Aseprite, img render.Image) int {
		for i := range a.Sheet.Len() {
			if f, _ := a.Sheet.Frame(i); f == img {
				return i
			}
		}
		return -1
	}
	if g, w := slices.Sorted(maps.Keys(got.Clips)), slices.Sorted(maps.Keys(want.Clips)); !slices.Equal(g, w) {
		t.Errorf("clips %q, want %q", g, w)
	}
	for name, wc := range want.Clips {
		gc := got.Clips[name]
		if gc == nil {
			continue
		}
		if gc.Name != wc.Name || gc.Mode != wc.Mode || gc.Repeat != wc.Repeat || !slices.Equal(gc.Durations, wc.Durations) {
			t.Errorf("clip %q: %q %v repeat %d %v, want %q %v repeat %d %v", name, gc.Name, gc.Mode, gc.Repeat, gc.Durations, wc.Name, wc.Mode, wc.Repeat, wc.Durations)
		}
		var gi, wi []int
		for _, f := range gc.Frames {
			gi = append(gi, index(got, f))
		}
		for _, f := range wc.Frames {
			wi = append(wi, index(want, f))
		}
		if !slices.Equal(gi, wi) {
			t.Errorf("clip %q plays frames %v, want %v", name, gi, wi)
		}
	}
	if !reflect.DeepEqual(got.Slices, want.Slices) {
		t.Errorf("slices %+v, want %+v", got.Slices, want.Slices)
	}
	if !slices.Equal(got.Warnings, want.Warnings) {
		t.Errorf("warnings %q, want %q", got.Warnings, want.Warnings)
	}
}

// TestBakedAsepriteDirections checks the directions sheet's clips
// themselves, baked: the test above only compares them with the JSON's.
func TestBakedAsepriteDirections(t *testing.T) {
	fsys := fstest.MapFS{"bat.json": {Data: []byte(directions)}, "bat.png": {Data: gradientPNG(16, 8)}}
	a, err := render.LoadBakedAseprite(fsys, bake(t, fsys, "bat.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, name := range slices.Sorted(maps.Keys(a.Clips)) {
		c := a.Clips[name]
		got = append(got, fmt.Sprintf("%s %v %v repeat %d", name, c.Durations, c.Mode, c.Repeat))
	}
	want := []string{
		"fwd [0.1 0.15 0.2 0.25] loop repeat 0",
		"once [0.25 0.2] once repeat 0",
		"plain [0.15 0.2] loop repeat 0",
		"pp [0.15 0.2 0.25] ping-pong repeat 0",
		"ppr [0.25 0.2 0.15 0.1] ping-pong repeat 5",
		"rev [0.2 0.15 0.1] loop repeat 2",
	}
	if !slices.Equal(got, want) {
		t.Errorf("clips\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := range 4 {
		if f, _ := a.Sheet.Frame(i); func() bool { w, h := f.Size(); return w != 8 || h != 8 }() {
			t.Errorf("frame %d is %v, want 8x8 (trimmed frames in their source size)", i, f.Bounds())
		}
	}
	wing, err := a.Slice("wing")
	if err != nil || wing.Data != "flap" || len(wing.Keys) != 2 {
		t.Fatalf("wing %+v, %v", wing, err)
	}
	k0, k1 := wing.Keys[0], wing.Keys[1]
	if k0.Frame != 1 || k0.Center != image.Rect(1, 1, 3, 2) || k0.HasPivot || k1.Frame != 3 || !k1.HasPivot || k1.Pivot != image.Pt(2, 3) || !k1.Center.Empty() {
		t.Errorf("wing's keys %+v, want frame 1 with a centre and no pivot, frame 3 with a pivot and no centre", wing.Keys)
	}
}

// TestBakedAsepriteJSONChanged: a JSON changed after it was baked fails
// the load of the baked file, which says how to bake it again.
func TestBakedAsepriteJSONChanged(t *testing.T) {
	for _, dir := range []string{"", "art/"} {
		fsys := fstest.MapFS{dir + "sprites.json": {Data: []byte(asepriteHash)}, dir + "sprites.png": {Data: sheetPNG()}}
		file := bake(t, fsys, dir+"sprites.json")
		fsys[dir+"sprites.json"] = &fstest.MapFile{Data: []byte(strings.Replace(asepriteHash, `"duration": 300`, `"duration": 350`, 1))}
		_, err := render.LoadBakedAseprite(fsys, file, nil)
		want := fmt.Sprintf(`render: Aseprite sheet "%ssprites.json.baked": sprites.json changed after it was baked; bake it again: go generate (gluebake sprites.json)`, dir)
		if err == nil || err.Error() != want {
			t.Errorf("error %v,\nwant %s", err, want)
		}
	}
}

// TestBadBakedAseprite: a baked file cut short, damaged, of another
// format or not one at all fails with an error that names it and says to
// bake it again; nothing panics.
func TestBadBakedAseprite(t *testing.T) {
	fsys := fstest.MapFS{"art/knight.json": {Data: []byte(slicedJSON)}, "art/knight.png": {Data: slicedPNG()}}
	file := bake(t, fsys, "art/knight.json")
	good := fsys[file].Data
	check := func(what string, data []byte, want string) {
		t.Helper()
		fsys[file] = &fstest.MapFile{Data: data}
		a, err := render.LoadBakedAseprite(fsys, file, nil)
		if err == nil {
			t.Fatalf("%s: loaded %+v", what, a)
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, `render: Aseprite sheet "art/knight.json.baked": `) || !strings.HasSuffix(msg, "; bake it again: go generate (gluebake knight.json)") || !strings.Contains(msg, want) {
			t.Fatalf("%s: error %v, want one naming the file, containing %q and saying to bake it again", what, err, want)
		}
	}
	for n := range len(good) {
		check(fmt.Sprintf("cut to %d bytes", n), good[:n], "")
	}
	check("empty", nil, `not a baked Aseprite sheet (it does not start with "glue aseprite 1\n")`)
	check("a JSON", []byte(slicedJSON), "not a baked Aseprite sheet")
	check("version 2", append([]byte("glue aseprite 2\n"), good[len("glue aseprite 1\n"):]...), `baked in format "2", and this glue reads format 1`)
	check("longer", append(slices.Clone(good), 0), "damaged")
	check("header cut short", good[:len("glue aseprite 1")], `the file is damaged: its header "glue aseprite 1" is cut short or too long`)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		bad := slices.Clone(good)
		bad[len("glue aseprite 1\n")+rng.IntN(len(bad)-len("glue aseprite 1\n"))] ^= byte(1 + rng.IntN(255))
		check(fmt.Sprintf("byte flipped (%d)", i), bad, "damaged")
		garbage := make([]byte, rng.IntN(200))
		for j := range garbage {
			garbage[j] = byte(rng.Uint32())
		}
		check(fmt.Sprintf("garbage (%d)", i), append([]byte("glue aseprite 1\n"), garbage...), "damaged")
	}
	// Damaged bodies with a right checksum: what codec.Reader reads.
	withSum := func(body []byte) []byte {
		return binary.LittleEndian.AppendUint32(body, crc32.ChecksumIEEE(body))
	}
	body := good[:len(good)-4]
	for n := len("glue aseprite 1\n") + len("\x0bknight.json"); n < len(body); n++ {
		check(fmt.Sprintf("cut to %d bytes, checksum right", n), withSum(slices.Clone(body[:n])), "the file is damaged: codec: data truncated")
	}
	check("a byte too many, checksum right", withSum(append(slices.Clone(body), 7)), "the file is damaged: bytes left over after the sheet (1)")
	check("huge frame count", withSum(append([]byte("glue aseprite 1\n\x0bknight.json\x01\x02\x03\x04"), 0xff, 0xff, 0xff, 0xff, 0x0f)), "the file is damaged: codec: data truncated")
	if _, err := render.LoadBakedAseprite(fsys, "art/gone.json.baked", nil); err == nil || !strings.Contains(err.Error(), `"art/gone.json.baked"`) {
		t.Errorf("a missing baked file: %v", err)
	}
}

// TestBakeAsepriteRefusesWhatLoadAsepriteRefuses: BakeAseprite fails
// with LoadAseprite's message on what the JSON alone shows wrong; what
// only the image shows fails the baked sheet's load, with the same
// message.
func TestBakeAsepriteRefusesWhatLoadAsepriteRefuses(t *testing.T) {
	const frame = `{"frame": {"x":0,"y":0,"w":16,"h":16}, "duration": 50}`
	sheet := func(frames, meta string) string { return `{"frames": [` + frames + `], "meta": {` + meta + `}}` }
	tags := func(tags string) string { return sheet(frame+", "+frame, `"image": "a.png", "frameTags": [`+tags+`]`) }
	slice := func(from, to string) string { return strings.Replace(slicedJSON, from, to, 1) }
	type jsonCase struct{ name, js string }
	atBake := []jsonCase{
		{"not json", "{"},
		{"frames of numbers", `{"frames": 3, "meta": {"image": "a.png"}}`},
		{"no frames", `{"meta": {"image": "a.png"}}`},
		{"empty frames", sheet("", `"image": "a.png"`)},
		{"rotated", sheet(frame+`, {"frame": {"x":16,"y":0,"w":16,"h":16}, "rotated": true, "duration": 50}`, `"image": "a.png"`)},
		{"trimmed outside", sheet(`{"frame": {"x":0,"y":0,"w":8,"h":8}, "trimmed": true, "spriteSourceSize": {"x":10,"y":0,"w":8,"h":8}, "sourceSize": {"w":16,"h":16}, "duration": 50}`, `"image": "a.png"`)},
		{"no duration", sheet(`{"frame": {"x":0,"y":0,"w":16,"h":16}}`, `"image": "a.png"`)},
		{"bad tag", tags(`{"name": "x", "from": 0, "to": 3}`)},
		{"reversed tag", tags(`{"name": "x", "from": 1, "to": 0}`)},
		{"two tags", tags(`{"name": "x", "from": 0, "to": 0}, {"name": "x", "from": 1, "to": 1}`)},
		{"bad direction", tags(`{"name": "x", "from": 0, "to": 0, "direction": "sideways"}`)},
		{"bad repeat", tags(`{"name": "x", "from": 0, "to": 0, "repeat": "twice"}`)},
		{"slice key outside", slice(`{ "frame": 1, "bounds": { "x": 9, "y": 4, "w": 2, "h": 2 } }`, `{ "frame": 5, "bounds": { "x": 9, "y": 4, "w": 2, "h": 2 } }`)},
		{"slice centre outside", slice(`"center": { "x": 3, "y": 2, "w": 4, "h": 3 }`, `"center": { "x": 3, "y": 2, "w": 9, "h": 3 }`)},
		{"two slices", slice(`"name": "hand"`, `"name": "panel"`)},
		{"slice without bounds", slice(`"bounds": { "x": 9, "y": 4, "w": 2, "h": 2 }`, `"bounds": { "x": 9, "y": 4, "w": 0, "h": 2 }`)},
		{"slice without keys", slice(`"keys": [ { "frame": 1, "bounds": { "x": 9, "y": 4, "w": 2, "h": 2 } } ]`, `"keys": []`)},
	}
	for _, c := range atBake {
		fsys := fstest.MapFS{"a.json": {Data: []byte(c.js)}, "a.png": {Data: sheetPNG()}, "knight.png": {Data: slicedPNG()}}
		_, want := render.LoadAseprite(fsys, "a.json")
		if want == nil {
			t.Fatalf("%s: LoadAseprite loads it", c.name)
		}
		if _, err := render.BakeAseprite(fsys, "a.json"); err == nil || err.Error() != want.Error() {
			t.Errorf("%s: BakeAseprite error %v,\nwant LoadAseprite's %v", c.name, err, want)
		}
	}
	atLoad := []jsonCase{
		{"frame outside the image", sheet(`{"frame": {"x":40,"y":0,"w":16,"h":16}, "duration": 50}`, `"image": "a.png"`)},
		{"missing image", sheet(frame, `"image": "b.png"`)},
		{"no meta.image", sheet(frame, `"frameTags": []`)},
	}
	for _, c := range atLoad {
		fsys := fstest.MapFS{"art/a.json": {Data: []byte(c.js)}, "art/a.png": {Data: sheetPNG()}}
		_, want := render.LoadAseprite(fsys, "art/a.json")
		if want == nil {
			t.Fatalf("%s: LoadAseprite loads it", c.name)
		}
		file := bake(t, fsys, "art/a.json")
		if _, err := render.LoadBakedAseprite(fsys, file, nil); err == nil || err.Error() != want.Error() {
			t.Errorf("%s: LoadBakedAseprite error %v,\nwant LoadAseprite's %v", c.name, err, want)
		}
	}
	if _, err := render.BakeAseprite(fstest.MapFS{}, "art/gone.json"); err == nil || !strings.Contains(err.Error(), `render: Aseprite sheet "art/gone.json": `) {
		t.Errorf("a missing JSON: %v", err)
	}
}
