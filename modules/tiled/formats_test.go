package tiled_test

import (
	"image/color"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/gluekit/glue/modules/tiled/tiledzstd"
	"github.com/gluekit/glue/modules/timer"
)

// The maps of testdata/maps (see testdata/README.md) hold the Tiled
// features real maps use; these tests are the regression tests of issue
// #36's silently wrong or wrongly refused files.

// testdata is the file system of the test maps: maps/ refer to
// ../tilesets and ../tiles.
var testdata = os.DirFS("testdata")

func load(t *testing.T, name string) *tiled.Map {
	t.Helper()
	m, err := tiled.LoadWith(testdata, "maps/"+name, withZstd)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// withZstd reads zstd layers.
var withZstd = &tiled.LoadOptions{Zstd: tiledzstd.Decompress}

// drawn counts the sprites Draw adds for a camera showing the whole map.
func drawn(m *tiled.Map) int {
	var list render.DrawList
	b := m.Bounds()
	cam := render.Camera{X: (b.MinX + b.MaxX) / 2, Y: (b.MinY + b.MaxY) / 2, Zoom: 1}
	cam.SetViewSize(b.MaxX-b.MinX, b.MaxY-b.MinY)
	m.Draw(&list, &cam)
	return list.Len()
}

func TestGroupLayersAreDrawn(t *testing.T) {
	// 24 floor tiles, the image layer, 3 tiles in group "outer", 3 in its
	// nested group "inner", 2 on "top"; the hidden group's 24 are not.
	m := load(t, "groups.tmx")
	if n := drawn(m); n != 24+1+3+3+2 {
		t.Fatalf("%d sprites drawn, want 33 (the layers inside groups included, the hidden group's not)", n)
	}
}

func TestTilesetWithoutTileCount(t *testing.T) {
	// Older Tiled wrote no tilecount (nor columns): 6 tiles are counted
	// from the 32×22 image, its 1-pixel margin and 2-pixel spacing.
	m := load(t, "notilecount.tmx")
	if n := drawn(m); n != 24+12 {
		t.Fatalf("%d sprites drawn, want 36", n)
	}
}

func TestZstdLayer(t *testing.T) {
	m := load(t, "zstd.tmx")
	if n := drawn(m); n != 48 {
		t.Fatalf("%d sprites drawn, want 48 (the floor and the zstd layer)", n)
	}
	// Without the decoder (kept out of games that do not need it), the
	// error says how to read the map.
	_, err := tiled.Load(testdata, "maps/zstd.tmx")
	if err == nil || !strings.Contains(err.Error(), `layer "packed": compression "zstd" needs a decoder: set tiled.Plugin.Zstd (or LoadOptions.Zstd) to tiledzstd.Decompress`) {
		t.Fatalf("error %v, want one naming zstd and the option", err)
	}
}

func TestInfiniteMapReadsChunks(t *testing.T) {
	m := load(t, "infinite.tmx")
	// Chunks of 4×4 cells from cell (-4, -4) to (7, 3): the bounds are
	// those of the chunks present.
	if b := m.Bounds(); b != (render.Rect{MinX: -32, MinY: -32, MaxX: 64, MaxY: 32}) {
		t.Fatalf("bounds %+v, want the chunks' (-32, -32)–(64, 32)", b)
	}
	// 6 floor chunks of 16, 6 tiles in chunk (0, 0), 6 in chunk (4, -4).
	if n := drawn(m); n != 96+6+6 {
		t.Fatalf("%d sprites drawn, want 108", n)
	}
}

func TestUnreadCompressionIsNamed(t *testing.T) {
	b, _ := os.ReadFile("testdata/maps/zstd.tmx")
	fsys := fstestMap("maps/x.tmx", strings.Replace(string(b), `"zstd"`, `"lz4"`, 1))
	_, err := tiled.Load(fsys, "maps/x.tmx")
	if err == nil || !strings.Contains(err.Error(), `layer "packed": compression "lz4" is not read`) {
		t.Fatalf("error %v, want one naming the layer and the compression", err)
	}
}

func TestPathOutsideTheFSIsNamed(t *testing.T) {
	// Rooted at maps/, the map's ../tilesets cannot be reached.
	_, err := tiled.Load(os.DirFS("testdata/maps"), "groups.tmx")
	if err == nil || !strings.Contains(err.Error(), `"../tilesets/bg.tsx" is outside the file system`) || !strings.Contains(err.Error(), "os.DirFS") {
		t.Fatalf("error %v, want one naming the path and the fix", err)
	}
}

func TestTransColourAndTileOffset(t *testing.T) {
	m := load(t, "offsets.tmx")
	img := drawMap(t, m, 0, 0, 48, 32)
	bg := color.RGBA{30, 30, 50, 255}
	// Layer "keyed": the magenta 2×2 corner of each tile is the trans
	// colour, so the floor shows through.
	for c := range 6 {
		if got := img.RGBAAt(c*8+7, 7); got != bg {
			t.Errorf("tile %d's magenta corner is %v, want the floor %v", c, got, bg)
		}
	}
	// Layer "trees": 8×16 tiles with <tileoffset x="2" y="-3">, bottom
	// on row 3's bottom (y 32): drawn at x 2..9, y 13..28; their top
	// row's black bar starts at (2, 13).
	if got := img.RGBAAt(2, 13); got != (color.RGBA{0, 0, 0, 255}) {
		t.Errorf("pixel (2, 13) is %v, want the tree's black top edge", got)
	}
	if got := img.RGBAAt(1, 20); got != bg {
		t.Errorf("pixel (1, 20) is %v, want the floor left of the shifted tree", got)
	}
}

func TestLayerOffsetAndOpacity(t *testing.T) {
	m := load(t, "offsets.tmx")
	img := drawMap(t, m, 0, 0, 48, 32)
	// Layer "shifted" (offset 3, 5; opacity 0.6): its second tile (gid
	// 9: tile 7, grey) covers x 11..18, y 13..20, blended over the floor.
	got := img.RGBAAt(14, 16)
	want := color.RGBA{84, 84, 92, 255} // 0.6×(120, 120, 120) + 0.4×(30, 30, 50)
	if d := diff(got, want); d > 2 {
		t.Errorf("pixel (14, 16) is %v, want %v (the grey tile at 60%% over the floor)", got, want)
	}
}

func diff(a, b color.RGBA) int {
	d := 0
	for _, p := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.A, b.A}} {
		d = max(d, int(p[0])-int(p[1]), int(p[1])-int(p[0]))
	}
	return d
}

func fstestMap(kv ...string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for i := 0; i+1 < len(kv); i += 2 {
		fsys[kv[i]] = &fstest.MapFile{Data: []byte(kv[i+1])}
	}
	for _, f := range []string{"tilesets/bg.tsx", "tilesets/ground.tsx", "tiles/bg.png", "tiles/ground.png"} {
		b, err := os.ReadFile("testdata/" + f)
		if err != nil {
			panic(err)
		}
		fsys[f] = &fstest.MapFile{Data: b}
	}
	return fsys
}

func TestUnclassedObjectsAreOneError(t *testing.T) {
	coins := 0
	spawn := map[string]tiled.SpawnFunc{"Coin": func(glue.Commands, *tiled.Object) error { coins++; return nil }}
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, tiled.Plugin{FS: testdata, Path: "maps/objects.tmx", Spawn: spawn})
	err := app.Build()
	app.Close()
	if err == nil {
		t.Fatal("no error for 3 objects without a class")
	}
	msg := err.Error()
	want := `tiled: maps/objects.tmx: 3 objects have no class: object 1 "lamp", object 2 "sign", object 3 ""; give each a class in Tiled and tiled.Plugin.Spawn a function for it, or set tiled.Plugin.IgnoreUnclassed`
	if !strings.Contains(msg, want) || strings.Count(msg, "no class") != 1 {
		t.Fatalf("error %q, want one error %q", msg, want)
	}
	app = glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, tiled.Plugin{FS: testdata, Path: "maps/objects.tmx", Spawn: spawn, IgnoreUnclassed: true})
	defer app.Close()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if coins != 2 {
		t.Fatalf("%d coins spawned, want 2 (the unclassed objects ignored)", coins)
	}
}

func TestObjectsInGroupsTakeTheirOffsets(t *testing.T) {
	m := load(t, "objects.tmx")
	objs := m.Objects()
	if len(objs) != 5 {
		t.Fatalf("%d objects, want 5", len(objs))
	}
	// coin2 is at (0, 0) in layer "more" (offset 1, 0) in group "moved"
	// (offset 8, 4).
	if o := objs[4]; o.Name != "coin2" || o.X != 9 || o.Y != 4 {
		t.Fatalf("object %q at (%g, %g), want coin2 at (9, 4)", o.Name, o.X, o.Y)
	}
}

func TestImageCollectionTileset(t *testing.T) {
	// A tileset of an image per tile (ids 0, 2 and 4: gaps as Tiled
	// leaves them after deleting tiles), one tile flipped.
	m := load(t, "collection.tmx")
	if n := drawn(m); n != 24+4 {
		t.Fatalf("%d sprites drawn, want 28", n)
	}
	// A cell showing tile 1, which has no image, is an error naming it.
	b, _ := os.ReadFile("testdata/maps/collection.tmx")
	fsys := fstestMap("maps/x.tmx", strings.Replace(string(b), "0,0,4,0,0,6", "0,0,3,0,0,6", 1))
	for _, f := range []string{"tiles/tall.png"} {
		data, _ := os.ReadFile("testdata/" + f)
		fsys[f] = &fstest.MapFile{Data: data}
	}
	_, err := tiled.Load(fsys, "maps/x.tmx")
	if err == nil || !strings.Contains(err.Error(), `layer "pictures": cell (2, 2) has tile 1 of the image-collection tileset "pictures", which has no image`) {
		t.Fatalf("error %v", err)
	}
}

func TestObjectTemplates(t *testing.T) {
	// Objects made from templates (../templates/*.tx) take the template's
	// name, class, size, tile and properties where the instance does not
	// set its own.
	m := load(t, "templates.tmx")
	objs := m.Objects()
	if len(objs) != 4 {
		t.Fatalf("%d objects, want 4", len(objs))
	}
	coin, big, start, thin := objs[0], objs[1], objs[2], objs[3]
	if coin.Name != "coin" || coin.Class != "Coin" || coin.W != 8 || coin.H != 8 || coin.Image.IsZero() {
		t.Fatalf("coin %+v, want the template's name, class, 8x8 size and tile", coin)
	}
	// A tile object's position is its bottom-left corner: y 16 - 8.
	if coin.X != 8 || coin.Y != 8 {
		t.Fatalf("coin at (%g, %g), want (8, 8)", coin.X, coin.Y)
	}
	if v, err := coin.Props.Int("value"); v != 5 || err != nil {
		t.Fatalf("coin value %v, %v; want the template's 5", v, err)
	}
	if v, err := big.Props.Int("value"); v != 50 || err != nil || big.Name != "big coin" {
		t.Fatalf("big coin %q value %v, %v; want its own name and 50", big.Name, v, err)
	}
	if s, err := big.Props.Bool("shiny"); !s || err != nil {
		t.Fatalf("big coin shiny %v, %v; want the template's true", s, err)
	}
	if start.Class != "Spawn" || start.W != 8 || start.H != 16 || thin.W != 4 || thin.H != 16 {
		t.Fatalf("spawns %+v and %+v, want 8x16 and 4x16", start, thin)
	}
}

func TestByteOrderMarkAndNoDeclaration(t *testing.T) {
	// Editors may save a byte-order mark before the declaration, or no
	// declaration at all.
	b, _ := os.ReadFile("testdata/maps/zstd.tmx")
	decl := `<?xml version="1.0" encoding="UTF-8"?>`
	for name, src := range map[string]string{
		"bom":            "\ufeff" + string(b),
		"no declaration": strings.Replace(string(b), decl, "", 1),
	} {
		m, err := tiled.LoadWith(fstestMap("maps/x.tmx", src), "maps/x.tmx", withZstd)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := drawn(m); n != 48 {
			t.Fatalf("%s: %d sprites drawn, want 48", name, n)
		}
	}
}
