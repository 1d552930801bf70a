package ldtk_test

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/ldtk"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// testdata holds world.ldtk (written by hand for these tests: two levels
// of a free world, a tile layer with flips at half opacity, an IntGrid
// layer with wall and platform values and auto-layer tiles, entities
// with fields of every type LDtk has) and its tileset tiles.png (made by
// testdata/gen.go).
var testdata = os.DirFS("testdata")

func load(t *testing.T, opts *ldtk.Options) *ldtk.Project {
	t.Helper()
	p, err := ldtk.Load(testdata, "world.ldtk", opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func solids(l *ldtk.Level) string {
	var out []string
	for _, s := range l.Solids() {
		out = append(out, fmt.Sprint(s.Pos, " ", s.Shape, map[bool]string{true: " one-way"}[s.OneWay]))
	}
	return strings.Join(out, ", ")
}

func TestLoadReadsLevelsCollisionAndEntities(t *testing.T) {
	p := load(t, nil)
	if len(p.Levels) != 2 || p.Level("Start") == nil || p.Level("Cave") == nil || p.Level("Nope") != nil {
		t.Fatalf("levels %v", p.Levels)
	}
	start, cave := p.Level("Start"), p.Level("Cave")
	if b := cave.Bounds(); b != (render.Rect{MinX: 64, MaxX: 96, MaxY: 16}) {
		t.Fatalf("Cave's bounds %+v, want its world position and size", b)
	}
	if start.Background != (color.RGBA{0x40, 0x46, 0x5b, 255}) {
		t.Fatalf("background %v", start.Background)
	}
	// Every non-zero IntGrid value is solid by default: the floor row and
	// the two platform cells, merged greedily (the platform with the floor
	// under it).
	if got, want := solids(start), "{32 24} Rect(16x16), {12 28} Rect(24x8), {44 28} Rect(8x8)"; got != want {
		t.Fatalf("solids %s, want %s", got, want)
	}
	p = load(t, &ldtk.Options{Collision: map[string]map[int]tiled.CellCollision{"Collision": {1: tiled.SolidCell, 2: tiled.OneWayCell}}})
	if got, want := solids(p.Level("Start")), "{32 20} Rect(16x8) one-way, {24 28} Rect(48x8)"; got != want {
		t.Fatalf("solids with value 2 one-way: %s, want %s", got, want)
	}
	if got := solids(load(t, &ldtk.Options{Collision: map[string]map[int]tiled.CellCollision{"Water": {1: tiled.SolidCell}}}).Level("Start")); got != "" {
		t.Fatalf("solids of a layer Collision does not name: %s, want none", got)
	}
	es := start.Entities()
	if len(es) != 2 {
		t.Fatalf("%d entities, want 2", len(es))
	}
	pl, coin := es[0], es[1]
	// The player's pivot is its bottom centre, at (12, 24).
	if pl.Class != "Player" || pl.X != 8 || pl.Y != 8 || pl.W != 8 || pl.H != 16 || pl.Layer != "Entities" || pl.Name != "d0000000-0000-0000-0000-000000000001" {
		t.Fatalf("player %+v", pl)
	}
	if coin.Class != "Coin" || coin.X != 40 || coin.Y != 0 {
		t.Fatalf("coin %+v", coin)
	}
	speed, err1 := pl.Props.Float("speed")
	lives, err2 := pl.Props.Int("lives")
	name, err3 := pl.Props.String("name")
	tint, err4 := pl.Props.Color("tint")
	armed, err5 := pl.Props.Bool("armed")
	kind, err6 := pl.Props.String("kind")
	if speed != 60.5 || lives != 3 || name != "hero" || tint != (color.RGBA{255, 128, 0, 255}) || !armed || kind != "Knight" {
		t.Fatalf("fields: speed %v lives %v name %q tint %v armed %v kind %q (%v %v %v %v %v %v)", speed, lives, name, tint, armed, kind, err1, err2, err3, err4, err5, err6)
	}
	if pl.Props.Has("target") || pl.Props.Has("note") {
		t.Fatal("a point field and a null field are properties; want them left out")
	}
	_, err := pl.Props.Bool("lives")
	if err == nil || !strings.Contains(err.Error(), `ldtk: world.ldtk: level "Start" entity 1: property "lives" is a int, not a bool`) {
		t.Fatalf("reading an Int field as a bool: %v", err)
	}
	if g, err := start.Props.Float("gravity"); g != 900 || err != nil {
		t.Fatalf("level field gravity %v, %v", g, err)
	}
}

// TestDrawnLevelMatchesItsTiles draws level Start with glue and compares
// every pixel with the level composed here from tiles.png and the file's
// tiles (bottom layer first, flips, the Decor layer at half opacity,
// one of its tiles over a floor tile).
func TestDrawnLevelMatchesItsTiles(t *testing.T) {
	requireDisplay(t)
	got, sheet := drawLevel(t, "Start", 48, 32, false)
	want := image.NewRGBA(got.Rect)
	// The level's background colour under everything, as LDtk shows it.
	draw.Draw(want, want.Rect, image.NewUniform(color.RGBA{0x40, 0x46, 0x5b, 255}), image.Point{}, draw.Src)
	put := func(px, py, sx, sy int, fl uint8, alpha uint8) {
		for y := range 8 {
			for x := range 8 {
				u, v := x, y
				if fl&1 != 0 {
					u = 7 - x
				}
				if fl&2 != 0 {
					v = 7 - y
				}
				src := image.NewUniform(sheet.At(sx+u, sy+v))
				draw.DrawMask(want, image.Rect(px+x, py+y, px+x+1, py+y+1), src, image.Point{}, image.NewUniform(color.Alpha{alpha}), image.Point{}, draw.Over)
			}
		}
	}
	// Collision's auto-layer tiles (the bottom layer).
	put(24, 16, 16, 8, 0, 255)
	put(32, 16, 16, 8, 1, 255)
	for x := 0; x < 40; x += 8 {
		put(x, 24, 8, 8, 0, 255)
	}
	put(40, 24, 24, 8, 0, 255)
	// Decor, at half opacity.
	put(8, 8, 8, 0, 0, 128)
	put(16, 8, 16, 0, 1, 128)
	put(24, 8, 24, 0, 2, 128)
	put(32, 8, 0, 8, 3, 128)
	put(40, 24, 8, 0, 0, 128) // over the floor's last tile
	bad, worst := 0, 0
	var first string
	for y := range 32 {
		for x := range 48 {
			g, w := got.RGBAAt(x, y), want.RGBAAt(x, y)
			d := max(absd(g.R, w.R), absd(g.G, w.G), absd(g.B, w.B), absd(g.A, w.A))
			worst = max(worst, d)
			if d > 1 { // half opacity is rounded in 8 bits both ways
				if bad == 0 {
					first = fmt.Sprintf("(%d, %d) is %v, want %v", x, y, g, w)
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Fatalf("%d of 1536 pixels differ by more than 1 (at most %d); first: %s", bad, worst, first)
	}
}

// TestDrawnLevelBackground draws Cave (world x 64, 32×16): its colour
// fills the level, and its background image — tiles.png's (8, 0, 4, 4)
// part, scaled 2×, its corner at (12, 0) in the level, as the file's
// __bgPos says — lies over the colour and under the tiles (the floor,
// row 8–15). Before backgrounds were drawn, every pixel above the floor
// was transparent.
func TestDrawnLevelBackground(t *testing.T) {
	requireDisplay(t)
	got, sheet := drawLevel(t, "Cave", 32, 16, true) // nearest: the 2× scale is exact
	bad := 0
	var first string
	for y := range 8 { // above the floor
		for x := range 32 {
			w := color.RGBA{0x10, 0x20, 0x30, 255}
			if x >= 12 && x < 20 {
				w = color.RGBAModel.Convert(sheet.At(8+(x-12)/2, y/2)).(color.RGBA)
			}
			if g := got.RGBAAt(x, y); g != w {
				if bad == 0 {
					first = fmt.Sprintf("(%d, %d) is %v, want %v", x, y, g, w)
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Fatalf("%d of 256 pixels above the floor differ; first: %s", bad, first)
	}
	if g := got.RGBAAt(2, 12); g == (color.RGBA{0x10, 0x20, 0x30, 255}) {
		t.Errorf("the floor (2, 12) shows the background colour: the tiles are not drawn over it")
	}
}

// drawLevel draws the whole level id (w×h pixels) and returns its pixels
// and tiles.png, the sheet its tiles come from; pixelArt draws it with
// nearest filtering.
func drawLevel(t *testing.T, id string, w, h int, pixelArt bool) (*image.RGBA, image.Image) {
	t.Helper()
	l := load(t, nil).Level(id)
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	var list render.DrawList
	list.SetPixelArt(render.PixelArt{On: pixelArt})
	cam := render.Camera{X: l.X + float64(w)/2, Y: l.Y + float64(h)/2, Zoom: 1}
	cam.SetViewSize(float64(w), float64(h))
	l.Draw(&list, &cam)
	list.FlushCamera(dst, 1, &cam)
	got := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(got.Pix)
	f, err := os.Open("testdata/tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheet, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return got, sheet
}

func absd(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func TestDrawCullsAndDoesNotAllocate(t *testing.T) {
	l := load(t, nil).Level("Start")
	var list render.DrawList
	cam := render.Camera{X: 24, Y: 16, Zoom: 1}
	cam.SetViewSize(48, 32)
	l.Draw(&list, &cam)
	if list.Len() != 14 {
		t.Fatalf("%d items drawn for the whole level, want its 13 tiles and its background", list.Len())
	}
	// A view of x 0..16, y 24..32, plus a cell of margin each way (cells
	// 0..3 of rows 2..3), visits 4 floor tiles and a platform tile.
	cam = render.Camera{X: 8, Y: 28, Zoom: 1}
	cam.SetViewSize(16, 8)
	list.Reset()
	l.Draw(&list, &cam)
	if list.Len() != 6 {
		t.Fatalf("%d items drawn for a corner, want 5 tiles and the background", list.Len())
	}
	if a := testing.AllocsPerRun(100, func() { list.Reset(); l.Draw(&list, &cam) }); a != 0 {
		t.Fatalf("Draw allocates %v times per frame, want 0", a)
	}
}

type Coin struct{ Value int }

type Player struct{}

func spawns(reloads *int) map[string]tiled.SpawnFunc {
	return map[string]tiled.SpawnFunc{
		"Player": func(cmds glue.Commands, o *tiled.Object) error {
			if o.Reload {
				*reloads++
				return nil
			}
			cmds.Spawn(Player{}, physics.Body{Pos: o.Center()}) // not FromMap: survives level changes
			return nil
		},
		"Coin": func(cmds glue.Commands, o *tiled.Object) error {
			v, err := o.Props.Int("value")
			if err != nil {
				return err
			}
			o.Spawn(cmds, Coin{v}, physics.Body{Pos: o.Center()})
			return nil
		},
	}
}

func count[T any](app *glue.App) int {
	n := 0
	for _, e := range app.Entities(nil) {
		if _, ok := app.Component(e, glue.TypeOf[T]()); ok {
			n++
		}
	}
	return n
}

func coinValues(app *glue.App) []int {
	var vs []int
	for _, e := range app.Entities(nil) {
		if c, ok := app.Component(e, glue.TypeOf[Coin]()); ok {
			vs = append(vs, c.(Coin).Value)
		}
	}
	return vs
}

func tick(t *testing.T, app *glue.App, n int) {
	t.Helper()
	for range n {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPluginSwitchesLevelsAndReloads spawns level Start, switches to
// Cave at run time, then edits the project on disk: the level in play is
// reloaded, and a broken file keeps the old project.
func TestPluginSwitchesLevelsAndReloads(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/world.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	png, _ := os.ReadFile("testdata/tiles.png")
	file := filepath.Join(dir, "world.ldtk")
	os.WriteFile(file, src, 0o644)
	os.WriteFile(filepath.Join(dir, "tiles.png"), png, 0o644)
	reloads := 0
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{},
		ldtk.Plugin{FS: os.DirFS(dir), Path: "world.ldtk", Spawn: spawns(&reloads), Watch: true})
	defer app.Close()
	tick(t, app, 1)
	if v := coinValues(app); len(v) != 1 || v[0] != 5 || count[Player](app) != 1 || count[physics.Static](app) != 3 {
		t.Fatalf("level Start: coins %v, %d players, %d colliders; want coin 5, 1 player, 3 colliders", v, count[Player](app), count[physics.Static](app))
	}
	lv := glue.Resource[ldtk.Levels](app)
	if err := lv.Switch("Nope"); err == nil || !strings.Contains(err.Error(), `ldtk: world.ldtk: no such level "Nope"; the project has "Start", "Cave"`) {
		t.Fatalf("switching to an unknown level: %v", err)
	}
	if err := lv.Switch("Cave"); err != nil {
		t.Fatal(err)
	}
	tick(t, app, 1)
	lv = glue.Resource[ldtk.Levels](app)
	if v := coinValues(app); lv.Level.Identifier != "Cave" || len(v) != 1 || v[0] != 7 || count[Player](app) != 1 || count[physics.Static](app) != 1 {
		t.Fatalf("after switching: level %q, coins %v, %d players, %d colliders; want Cave, coin 7, the player kept, 1 collider", lv.Level.Identifier, v, count[Player](app), count[physics.Static](app))
	}
	// Edit Cave's coin: the reload keeps Cave in play.
	os.WriteFile(file, []byte(strings.Replace(string(src), `"__value": 7`, `"__value": 9`, 1)), 0o644)
	later := time.Now().Add(time.Second)
	os.Chtimes(file, later, later)
	tick(t, app, 40)
	lv = glue.Resource[ldtk.Levels](app)
	if v := coinValues(app); lv.Loads != 2 || lv.Err != nil || lv.Level.Identifier != "Cave" || len(v) != 1 || v[0] != 9 {
		t.Fatalf("after editing: loads %d (error %v), level %q, coins %v; want 2 loads, Cave, coin 9", lv.Loads, lv.Err, lv.Level.Identifier, v)
	}
	os.WriteFile(file, []byte(`{"levels": [`), 0o644)
	later = later.Add(time.Second)
	os.Chtimes(file, later, later)
	tick(t, app, 40)
	if lv := glue.Resource[ldtk.Levels](app); lv.Loads != 2 || lv.Err == nil || !strings.Contains(lv.Err.Error(), "ldtk: world.ldtk: ") || count[Coin](app) != 1 {
		t.Fatalf("after breaking the file: loads %d, error %v, %d coins; want the old project kept and the error named", lv.Loads, lv.Err, count[Coin](app))
	}
}

func TestUnknownEntityIsABuildError(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{},
		ldtk.Plugin{FS: testdata, Path: "world.ldtk", Spawn: map[string]tiled.SpawnFunc{"Player": spawns(new(int))["Player"]}})
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), `ldtk: world.ldtk: entity "Coin" (in levels Start, Cave) has no spawn function; add one to ldtk.Plugin.Spawn (it has Player)`) {
		t.Fatalf("error %v", err)
	}
}

// TestNoSpawnFunctionsSaysNone: with no spawn functions at all the error
// says so, rather than ending "(it has )".
func TestNoSpawnFunctionsSaysNone(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, ldtk.Plugin{FS: testdata, Path: "world.ldtk"})
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), `entity "Player" (in levels Start) has no spawn function; add one to ldtk.Plugin.Spawn (it has none)`) {
		t.Fatalf("error %v, want one saying ldtk.Plugin.Spawn has none", err)
	}
}

// TestNewerLDtkVersionIsRefused: a project saved by an LDtk newer than
// the 1.5 format glue reads (through ldtkgo v0.9.3) is an error naming
// the file, its version and what glue reads — a new major version as one
// whose format glue cannot read, a new minor version as one glue may
// misread (the package has no warnings) — while 1.5's patch versions and
// older versions load.
func TestNewerLDtkVersionIsRefused(t *testing.T) {
	src, err := os.ReadFile("testdata/world.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	tiles, _ := os.ReadFile("testdata/tiles.png")
	saved := func(version string) fstest.MapFS {
		s := strings.Replace(string(src), `"jsonVersion": "1.5.3"`, `"jsonVersion": "`+version+`"`, 1)
		return fstest.MapFS{"w/world.ldtk": {Data: []byte(s)}, "w/tiles.png": {Data: tiles}}
	}
	for _, c := range []struct{ version, want string }{
		{"2.0.1", `ldtk: w/world.ldtk: the project was saved by LDtk 2.0.1 (its jsonVersion), a major version whose format glue cannot read; glue reads the format of LDtk 1.5 (through github.com/solarlune/ldtkgo v0.9.3)`},
		{"1.9.0", `ldtk: w/world.ldtk: the project was saved by LDtk 1.9.0 (its jsonVersion), newer than 1.5, and may hold what glue would drop or misread; glue reads the format of LDtk 1.5 (through github.com/solarlune/ldtkgo v0.9.3)`},
		{"1.6.0", `saved by LDtk 1.6.0 (its jsonVersion), newer than 1.5`},
	} {
		_, err := ldtk.Load(saved(c.version), "w/world.ldtk", nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("jsonVersion %s: error %v, want one containing %q", c.version, err, c.want)
		}
	}
	for _, v := range []string{"1.5.3", "1.5.9", "1.4.1", "1.0.0"} {
		if _, err := ldtk.Load(saved(v), "w/world.ldtk", nil); err != nil {
			t.Errorf("jsonVersion %s: %v, want it loaded", v, err)
		}
	}
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, ldtk.Plugin{FS: saved("2.0.1"), Path: "w/world.ldtk", Spawn: spawns(new(int))})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "saved by LDtk 2.0.1") {
		t.Fatalf("Build of a project of LDtk 2.0.1: %v, want the version's error", err)
	}
}

// TestUndefinedTilesetIsNotAMissingImage: a layer whose tileset uid no
// tileset definition has is told apart from a tileset without an image.
func TestUndefinedTilesetIsNotAMissingImage(t *testing.T) {
	src, err := os.ReadFile("testdata/world.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	tiles, _ := os.ReadFile("testdata/tiles.png")
	broken := strings.Replace(string(src), `"__tilesetDefUid": 1, "__tilesetRelPath": "tiles.png"`, `"__tilesetDefUid": 99, "__tilesetRelPath": "tiles.png"`, 1)
	_, err = ldtk.Load(fstest.MapFS{"w/world.ldtk": {Data: []byte(broken)}, "w/tiles.png": {Data: tiles}}, "w/world.ldtk", nil)
	want := `ldtk: w/world.ldtk: level "Start": layer "Decor": has tiles but no tileset is defined with its tileset's uid 99 (the layer's __tilesetDefUid; the project's tilesets have uids 1); pick the layer's tileset again in LDtk's layer settings`
	if err == nil || err.Error() != want {
		t.Fatalf("error %v,\nwant %s", err, want)
	}
}

func TestRefusedProjectsNameTheFeature(t *testing.T) {
	src, err := os.ReadFile("testdata/world.ldtk")
	if err != nil {
		t.Fatal(err)
	}
	tiles, _ := os.ReadFile("testdata/tiles.png")
	with := func(s string) fstest.MapFS {
		return fstest.MapFS{"w/world.ldtk": {Data: []byte(s)}, "w/tiles.png": {Data: tiles}}
	}
	for _, c := range []struct {
		name string
		fs   fstest.MapFS
		want string
	}{
		{"missing", fstest.MapFS{}, "ldtk: w/world.ldtk: open w/world.ldtk: file does not exist"},
		{"not json", with("<map/>"), "ldtk: w/world.ldtk: not an LDtk project"},
		{"separate level files", with(strings.Replace(string(src), `"externalRelPath": null`, `"externalRelPath": "world/Start.ldtkl"`, 1)), `level 0 is saved in its own file "world/Start.ldtkl", which is not read; untick "Save levels to separate files"`},
		{"multi-worlds", with(`{"jsonVersion": "1.5.3", "levels": [], "worlds": [{"identifier": "World"}]}`), "several worlds (LDtk's multi-worlds), which are not read"},
		{"no tileset image", fstest.MapFS{"w/world.ldtk": {Data: src}}, `ldtk: w/world.ldtk: level "Start": layer "Collision": tileset "Tiles": render: image "w/tiles.png"`},
		{"tileset without image", with(strings.Replace(string(src), `"relPath": "tiles.png"`, `"relPath": null`, 1)), `layer "Collision": has tiles but its tileset (uid 1) has no image`},
		{"image outside the FS", with(strings.Replace(string(src), `"relPath": "tiles.png"`, `"relPath": "../../tiles.png"`, 1)), `tileset "Tiles": image "../tiles.png" is outside the file system`},
		{"no levels", with(`{"jsonVersion": "1.5.3", "levels": []}`), "the project has no levels"},
		{"background image missing", with(strings.Replace(string(src), `"bgRelPath": "tiles.png"`, `"bgRelPath": "sky.png"`, 1)), `ldtk: w/world.ldtk: level "Cave": background image: render: image "w/sky.png"`},
		{"background image outside the FS", with(strings.Replace(string(src), `"bgRelPath": "tiles.png"`, `"bgRelPath": "../../sky.png"`, 1)), `level "Cave": background image "../sky.png" is outside the file system`},
		{"background crop outside the image", with(strings.Replace(string(src), `"cropRect": [8, 0, 4, 4]`, `"cropRect": [30, 0, 4, 4]`, 1)), `level "Cave": background image "w/tiles.png": the part shown (__bgPos.cropRect [30 0 4 4])`},
	} {
		_, err := ldtk.Load(c.fs, "w/world.ldtk", nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, ldtk.Plugin{FS: testdata, Path: "world.ldtk", Level: "Attic", Spawn: spawns(new(int))})
	defer app.Close()
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), `ldtk.Plugin.Level is "Attic", but the project has "Start", "Cave"`) {
		t.Fatalf("an unknown first level: %v", err)
	}
}

func TestSystemsAreOrderedByValue(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, ldtk.Plugin{FS: testdata, Path: "world.ldtk", Spawn: spawns(new(int))})
	app.AddSystems(glue.Draw, glue.Func(func(glue.Res[ldtk.Levels]) {}).After(ldtk.DrawSystem))
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
}
