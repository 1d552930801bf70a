package tiled

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled/tiledzstd"
)

// overlay is a file system with one more file.
type overlay struct {
	fs.FS
	name string
	data []byte
	mod  time.Time
}

func (o overlay) Open(name string) (fs.File, error) {
	if name == o.name {
		return &memFile{Reader: bytes.NewReader(o.data), name: name, size: int64(len(o.data)), mod: o.mod}, nil
	}
	return o.FS.Open(name)
}

type memFile struct {
	*bytes.Reader
	name string
	size int64
	mod  time.Time
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f}, nil }
func (f *memFile) Close() error               { return nil }

type memInfo struct{ f *memFile }

func (i memInfo) Name() string       { return path.Base(i.f.name) }
func (i memInfo) Size() int64        { return i.f.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return i.f.mod }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

// encoded is m as a baked map holds it: its images by the names they were
// loaded under and their regions, which is what two loads of one map
// share (their atlas places differ).
func encoded(t *testing.T, m *Map) []byte {
	t.Helper()
	w := codec.NewWriter(nil)
	encodeMap(w, m)
	if err := w.Err(); err != nil {
		t.Fatal(err)
	}
	return w.Data()
}

// TestBakedMapIsTheMap: every test map, and the platformer's level,
// baked and read back is the map Load reads from the .tmx — its layers'
// cells, tiles, image layers, animations, objects and collision shapes.
func TestBakedMapIsTheMap(t *testing.T) {
	type tc struct {
		fsys fs.FS
		file string
	}
	var cases []tc
	maps, _ := filepath.Glob("testdata/maps/*.tmx")
	for _, m := range maps {
		cases = append(cases, tc{os.DirFS("testdata"), "maps/" + filepath.Base(m)})
	}
	cases = append(cases, tc{os.DirFS("../../games/platformer/level"), "level.tmx"})
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			var opts *LoadOptions
			if strings.Contains(c.file, "zstd") {
				opts = &LoadOptions{Zstd: tiledzstd.Decompress}
			}
			want, err := LoadWith(c.fsys, c.file, opts)
			if err != nil {
				t.Skipf("not a map Load reads: %v", err)
			}
			baked, err := Bake(c.fsys, c.file, opts)
			if err != nil {
				t.Fatal(err)
			}
			got, err := LoadBaked(overlay{FS: c.fsys, name: c.file + BakedSuffix, data: baked}, c.file+BakedSuffix)
			if err != nil {
				t.Fatal(err)
			}
			if got.TMX != nil {
				t.Error("a baked map has a TMX")
			}
			if !bytes.Equal(encoded(t, got), encoded(t, want)) {
				t.Errorf("the baked map differs from the map")
			}
			if len(want.objects)+len(want.solids)+len(want.layers) == 0 {
				t.Errorf("an empty map proves nothing")
			}
		})
	}
}

// bakedLevel bakes the platformer's level: the file system holds the map,
// its images and the baked map.
func bakedLevel(t *testing.T) (overlay, []byte) {
	t.Helper()
	fsys := os.DirFS("../../games/platformer/level")
	baked, err := Bake(fsys, "level.tmx", nil)
	if err != nil {
		t.Fatal(err)
	}
	return overlay{FS: fsys, name: "level.tmx" + BakedSuffix, data: baked}, baked
}

// TestBakedMapOfAnEditedMapIsRefused: a map, a tileset or an image
// changed after the bake makes LoadBaked fail naming the file and the
// fix, so that a game never plays an old bake of an edited map.
func TestBakedMapOfAnEditedMapIsRefused(t *testing.T) {
	o, _ := bakedLevel(t)
	for _, file := range []string{"level.tmx", "tiles.png"} {
		data, err := fs.ReadFile(o.FS, file)
		if err != nil {
			t.Fatal(err)
		}
		edited := fstest.MapFS{file: {Data: append(slices.Clone(data), ' ')}}
		_, err = LoadBaked(overlay{FS: layered{edited, o}, name: o.name, data: o.data}, o.name)
		want := "tiled: level.tmx.baked: " + file + " changed after the map was baked; bake it again: go generate (gluebake level.tmx)"
		if err == nil || err.Error() != want {
			t.Errorf("%s edited: %v, want %q", file, err, want)
		}
	}
	// Without the sources (a build that embeds only the baked map and
	// its images) nothing is checked.
	if _, err := LoadBaked(o, o.name); err != nil {
		t.Fatal(err)
	}
}

// layered is a file system whose files in top hide those of the rest.
type layered struct {
	top  fstest.MapFS
	rest fs.FS
}

func (l layered) Open(name string) (fs.File, error) {
	if _, ok := l.top[name]; ok {
		return l.top.Open(name)
	}
	return l.rest.Open(name)
}

// TestDamagedBakedMapsAreErrors: a baked map cut anywhere, with bytes
// changed, of another version or not baked at all is an error naming the
// file — never a panic, never a map with cells that point past its tiles.
func TestDamagedBakedMapsAreErrors(t *testing.T) {
	o, baked := bakedLevel(t)
	load := func(data []byte) (*Map, error) {
		return LoadBaked(overlay{FS: o.FS, name: o.name, data: data}, o.name)
	}
	for n := 0; n < len(baked); n += 1 + n/6 {
		if _, err := load(baked[:n]); err == nil || !strings.HasPrefix(err.Error(), "tiled: level.tmx.baked: ") {
			t.Fatalf("cut at %d of %d bytes: %v", n, len(baked), err)
		}
	}
	for i := len(bakedHeader); i < len(baked); i += 1 + len(baked)/40 {
		bad := slices.Clone(baked)
		bad[i] ^= 0xa5
		if m, err := load(bad); err == nil {
			var list render.DrawList
			cam := render.Camera{X: 100, Y: 100, Zoom: 1}
			cam.SetViewSize(320, 240)
			m.Draw(&list, &cam) // must not panic
		}
	}
	for data, want := range map[string]string{
		"glue tiled map 0\n": "tiled: level.tmx.baked: baked by another version of glue; bake it again: go generate (gluebake level.tmx)",
		"<?xml":              "tiled: level.tmx.baked: not a baked map (make it with gluebake, from a .tmx file)",
	} {
		if _, err := load([]byte(data)); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", data, err, want)
		}
	}
}
