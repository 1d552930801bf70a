package tiled_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/gluekit/glue/modules/timer"
)

// tilesPNG is a 4-tile 16x16 tileset image.
func tilesPNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 16))
	for x := range 64 {
		for y := range 16 {
			img.Set(x, y, color.RGBA{uint8(x * 4), 100, 50, 255})
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// tileset: tile 0 solid, 1 one-way, 2 a slope, 3 animated (3, 0).
const tileset = `<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="4">
  <image source="tiles.png" width="64" height="16"/>
  <tile id="0"><objectgroup><object id="1" x="0" y="0" width="16" height="16"/></objectgroup></tile>
  <tile id="1"><properties><property name="oneway" type="bool" value="true"/></properties><objectgroup><object id="1" x="0" y="0" width="16" height="16"/></objectgroup></tile>
  <tile id="2"><objectgroup><object id="1" x="0" y="16"><polygon points="0,0 16,-16 16,0"/></object></objectgroup></tile>
  <tile id="3"><animation><frame tileid="3" duration="100"/><frame tileid="0" duration="200"/></animation></tile>
 </tileset>`

// mapXML returns a map of w×h tiles with the given tile layers (CSV rows
// of gids) and objects.
func mapXML(w, h int, layers []string, objects string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="%d" height="%d" tilewidth="16" tileheight="16">
 <properties><property name="gravity" type="float" value="900"/><property name="title" value="Test"/></properties>
 %s
`, w, h, tileset)
	for i, l := range layers {
		fmt.Fprintf(&b, ` <layer id="%d" name="l%d" width="%d" height="%d"><data encoding="csv">%s</data></layer>
`, i+1, i, w, h, l)
	}
	fmt.Fprintf(&b, " <objectgroup id=\"9\" name=\"objects\">%s</objectgroup>\n</map>\n", objects)
	return b.String()
}

// level is a 6x4 map: two rows of solid tiles at the bottom (merged into
// one rectangle), a one-way run, a slope, an animated tile, a flipped
// tile, and three objects.
var level = mapXML(6, 4, []string{
	"0,0,0,0,0,0,\n2,2,0,0,3,4,\n1,1,1,1,1,1,\n1,1,1,1,1,2147483649",
}, `<object id="1" name="hero" type="Player" x="16" y="16" width="16" height="16"/>
  <object id="2" type="Coin" x="48" y="0" width="16" height="16"><properties><property name="value" type="int" value="10"/></properties></object>
  <object id="3" type="solid" x="80" y="0" width="16" height="32"/>`)

func mapFS(tmx string) fstest.MapFS {
	return fstest.MapFS{"maps/level.tmx": {Data: []byte(tmx)}, "maps/tiles.png": {Data: tilesPNG()}}
}

func TestLoadMergesSolidsAndReadsObjects(t *testing.T) {
	m, err := tiled.Load(mapFS(level), "maps/level.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if m.Width != 96 || m.Height != 64 || m.TileW != 16 {
		t.Fatalf("size %gx%g tile %d", m.Width, m.Height, m.TileW)
	}
	var rects, oneWays, polys []tiled.Solid
	for _, s := range m.Solids() {
		switch {
		case s.OneWay:
			oneWays = append(oneWays, s)
		case strings.HasPrefix(s.Shape.String(), "Polygon"):
			polys = append(polys, s)
		default:
			rects = append(rects, s)
		}
	}
	// The two bottom rows (12 tiles, one flipped) are one 96x32 rectangle;
	// the object of class "solid" is another.
	want := []string{"{48 48} Rect(96x32)", "{88 16} Rect(16x32)"}
	if len(rects) != 2 || fmt.Sprint(rects[0].Pos, " ", rects[0].Shape) != want[0] || fmt.Sprint(rects[1].Pos, " ", rects[1].Shape) != want[1] {
		t.Fatalf("solid rectangles %v, want %v", rects, want)
	}
	if len(oneWays) != 1 || fmt.Sprint(oneWays[0].Pos, " ", oneWays[0].Shape) != "{16 24} Rect(32x16)" {
		t.Fatalf("one-way platforms %v, want one 32x16 run at (16, 24)", oneWays)
	}
	if len(polys) != 1 || polys[0].Pos != (physics.Vec{X: 64, Y: 32}) {
		t.Fatalf("slopes %v, want one polygon at (64, 32)", polys)
	}
	objs := m.Objects()
	if len(objs) != 2 || objs[0].Class != "Player" || objs[0].Name != "hero" || objs[1].Class != "Coin" {
		t.Fatalf("objects %+v, want the Player and the Coin (the solid is collision)", objs)
	}
	if v, err := objs[1].Props.Int("value"); v != 10 || err != nil {
		t.Fatalf("coin value %v, %v", v, err)
	}
	if g, err := m.Props.Float("gravity"); g != 900 || err != nil {
		t.Fatalf("map gravity %v, %v", g, err)
	}
	// Typed properties: the error names the file, the object and the fix.
	_, err = objs[1].Props.Bool("value")
	if err == nil || !strings.Contains(err.Error(), "maps/level.tmx") || !strings.Contains(err.Error(), "object 2") || !strings.Contains(err.Error(), "is a int, not a bool") {
		t.Fatalf("reading an int as a bool: %v", err)
	}
	_, err = objs[0].Props.Float("speed")
	if err == nil || !strings.Contains(err.Error(), `object 1 "hero" has no property "speed"`) {
		t.Fatalf("a missing property: %v", err)
	}
}

// TestFind: Map.Find returns the first object of a class, and false for
// a class no object has and for "solid", whose object is collision.
func TestFind(t *testing.T) {
	m, err := tiled.Load(mapFS(level), "maps/level.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if o, ok := m.Find("Player"); !ok || o.Name != "hero" || o.Center() != (physics.Vec{X: 24, Y: 24}) {
		t.Errorf("Find(Player) = %q at %v, %v; want the hero at (24, 24), true", o.Name, o.Center(), ok)
	}
	if o, ok := m.Find("Coin"); !ok || o.ID != 2 {
		t.Errorf("Find(Coin) = object %d, %v; want object 2, true", o.ID, ok)
	}
	for _, class := range []string{"Enemy", "solid", ""} {
		if o, ok := m.Find(class); ok || o.ID != 0 {
			t.Errorf("Find(%q) = object %d, %v; want none, false", class, o.ID, ok)
		}
	}
}

func TestBadMapsNameTheFile(t *testing.T) {
	for _, c := range []struct {
		name string
		fs   fstest.MapFS
		want string
	}{
		{"missing", fstest.MapFS{}, "tiled: maps/level.tmx: "},
		{"not xml", fstest.MapFS{"maps/level.tmx": {Data: []byte("{json?")}}, "tiled: maps/level.tmx: "},
		{"no tileset image", fstest.MapFS{"maps/level.tmx": {Data: []byte(level)}}, `tiled: maps/level.tmx: tileset "t": render: image "maps/tiles.png"`},
		{"bad gid", mapFS(mapXML(2, 1, []string{"1,99"}, "")), "tiled: maps/level.tmx: layer \"l0\": "},
		{"bad shape", mapFS(mapXML(1, 1, []string{"1"}, `<object id="7" name="wall" type="solid" x="0" y="0"/>`)), `tiled: maps/level.tmx: object 7 "wall": a collision shape needs`},
		{"isometric", mapFS(strings.Replace(level, `orientation="orthogonal"`, `orientation="isometric"`, 1)), `orientation "isometric" is not read; glue reads orthogonal maps`},
		{"image collection", mapFS(strings.Replace(level, `<image source="tiles.png" width="64" height="16"/>`, `<tile id="9"><image source="tiles.png" width="64" height="16"/></tile>`, 1)), `tileset "t" tile 3: animation frame 3 lasting 100 ms is not a tile with an image`},
	} {
		_, err := tiled.Load(c.fs, "maps/level.tmx")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// newApp returns a headless app with the map plugin and its needs.
func newApp(fsys fstest.MapFS, p tiled.Plugin) *glue.App {
	app := glue.NewApp()
	p.FS, p.Path = fsys, "maps/level.tmx"
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, p)
	return app
}

type Coin struct{ Value int }

type Player struct{}

func spawns(reloads *int) map[string]tiled.SpawnFunc {
	return map[string]tiled.SpawnFunc{
		"Player": func(cmds glue.Commands, o *tiled.Object) error {
			if o.Reload {
				*reloads++
				return nil // the player keeps going
			}
			cmds.Spawn(Player{}, physics.Body{Pos: o.Center()}) // not FromMap: survives reloads
			return nil
		},
		"Coin": func(cmds glue.Commands, o *tiled.Object) error {
			v, err := o.Props.Int("value")
			if err != nil {
				return err
			}
			o.Spawn(cmds, Coin{v}, physics.Body{Pos: o.Center()}, physics.Collider{Shape: physics.Circle(4), Sensor: true}, physics.Static{})
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

func TestPluginSpawnsCollisionAndObjects(t *testing.T) {
	app := newApp(mapFS(level), tiled.Plugin{Spawn: spawns(new(int))})
	defer app.Close()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if n := count[Coin](app); n != 1 {
		t.Fatalf("%d coins, want 1", n)
	}
	if n := count[physics.Static](app); n != 5 { // 2 rects, a one-way, a slope, the coin
		t.Fatalf("%d static colliders, want 5", n)
	}
	if n := count[physics.OneWay](app); n != 1 {
		t.Fatalf("%d one-way colliders, want 1", n)
	}
	// A character dropped on the map lands on the merged floor.
	lv := glue.Resource[tiled.Level](app)
	if lv.Loads != 1 || lv.Map.File != "maps/level.tmx" {
		t.Fatalf("level %v", lv)
	}
}

// TestCameraBounds: with Plugin.CameraBounds the camera's Bounds are the
// map's rectangle after the first tick; without it they stay the game's.
func TestCameraBounds(t *testing.T) {
	for _, on := range []bool{false, true} {
		app := newApp(mapFS(level), tiled.Plugin{Spawn: spawns(new(int)), CameraBounds: on})
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		want := render.Rect{}
		if on {
			want = render.Rect{MaxX: 96, MaxY: 64}
		}
		if got := glue.Resource[render.Camera](app).Bounds; got != want {
			t.Errorf("CameraBounds %v: the camera's Bounds are %+v, want %+v", on, got, want)
		}
		app.Close()
	}
}

func TestUnknownClassIsABuildError(t *testing.T) {
	app := newApp(mapFS(level), tiled.Plugin{Spawn: map[string]tiled.SpawnFunc{"Coin": spawns(new(int))["Coin"]}})
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), `tiled: maps/level.tmx: object 1 "hero" (class "Player"): no spawn function for this class; add one to tiled.Plugin.Spawn (it has Coin)`) {
		t.Fatalf("error %v", err)
	}
}

func TestSpawnErrorNamesTheObject(t *testing.T) {
	bad := strings.Replace(level, `type="int" value="10"`, `type="string" value="ten"`, 1)
	app := newApp(mapFS(bad), tiled.Plugin{Spawn: spawns(new(int))})
	defer app.Close()
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), `tiled: maps/level.tmx: object 2 "": property "value" is a string, not a int`) {
		t.Fatalf("error %v", err)
	}
}

func TestReloadRespawnsTheLevelAndKeepsThePlayer(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "maps", "level.tmx")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(filepath.Join(dir, "maps", "tiles.png"), tilesPNG(), 0o644)
	os.WriteFile(file, []byte(level), 0o644)
	reloads := 0
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{},
		tiled.Plugin{FS: os.DirFS(dir), Path: "maps/level.tmx", Spawn: spawns(&reloads), Watch: true})
	defer app.Close()
	tick := func(n int) {
		for range n {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	tick(40)
	// Two coins now.
	two := strings.Replace(level, `<object id="3"`, `<object id="4" type="Coin" x="64" y="0" width="16" height="16"><properties><property name="value" type="int" value="5"/></properties></object>
  <object id="3"`, 1)
	os.WriteFile(file, []byte(two), 0o644)
	later := time.Now().Add(time.Second)
	os.Chtimes(file, later, later)
	tick(40)
	lv := glue.Resource[tiled.Level](app)
	if lv.Loads != 2 || lv.Err != nil {
		t.Fatalf("after changing the file: loads %d, error %v", lv.Loads, lv.Err)
	}
	if n := count[Coin](app); n != 2 {
		t.Fatalf("%d coins after the reload, want 2", n)
	}
	if n := count[Player](app); n != 1 || reloads != 1 {
		t.Fatalf("%d players (the spawn function saw %d reloads), want the one player kept", n, reloads)
	}
	if n := count[physics.OneWay](app); n != 1 {
		t.Fatalf("%d one-way colliders after the reload, want 1 (the old ones despawned)", n)
	}
	// A broken file keeps the old map and says why.
	os.WriteFile(file, []byte("<map"), 0o644)
	later = later.Add(time.Second)
	os.Chtimes(file, later, later)
	tick(40)
	if lv := glue.Resource[tiled.Level](app); lv.Loads != 2 || lv.Err == nil || !strings.Contains(lv.Err.Error(), "maps/level.tmx") {
		t.Fatalf("after breaking the file: loads %d, error %v", lv.Loads, lv.Err)
	}
}

func TestDrawCullsAndDoesNotAllocate(t *testing.T) {
	m, err := tiled.Load(mapFS(level), "maps/level.tmx")
	if err != nil {
		t.Fatal(err)
	}
	var list render.DrawList
	cam := render.Camera{X: 24, Y: 40, Zoom: 1}
	cam.SetViewSize(32, 16) // shows x 8..40, y 32..48: 3x2 cells
	m.Draw(&list, &cam)
	if list.Len() != 6 {
		t.Fatalf("%d tiles drawn for a 3x2-cell view, want 6", list.Len())
	}
	cam.SetViewSize(1000, 1000)
	list.Reset()
	m.Draw(&list, &cam)
	if list.Len() != 16 { // every non-empty cell
		t.Fatalf("%d tiles drawn for the whole map, want 16", list.Len())
	}
	allocs := testing.AllocsPerRun(100, func() {
		list.Reset()
		m.Draw(&list, &cam)
	})
	if allocs != 0 {
		t.Fatalf("Draw allocates %v times per frame, want 0", allocs)
	}
}

func TestParallaxAndImageLayers(t *testing.T) {
	// A 100x1 map whose only tiles are in columns 24 to 26, on a layer
	// that scrolls at half speed, and an image layer.
	row := make([]string, 100)
	for i := range row {
		row[i] = "0"
		if i >= 24 && i <= 26 {
			row[i] = "1"
		}
	}
	tmx := mapXML(100, 1, []string{strings.Join(row, ",")}, "")
	tmx = strings.Replace(tmx, `<layer id="1" name="l0"`, `<imagelayer id="5" name="sky"><image source="tiles.png" width="64" height="16"/></imagelayer>
 <layer id="1" name="l0" parallaxx="0.5"`, 1)
	m, err := tiled.Load(mapFS(tmx), "maps/level.tmx")
	if err != nil {
		t.Fatal(err)
	}
	var list render.DrawList
	cam := render.Camera{X: 800, Y: 8, Zoom: 1}
	cam.SetViewSize(40, 16)
	m.Draw(&list, &cam)
	// The camera shows world x 780..820; the half-speed layer is shifted
	// by 400, so its x 380..420 — columns 23 to 26 — are in view: its
	// three tiles, plus the image layer.
	if list.Len() != 1+3 {
		t.Fatalf("%d items drawn, want the image layer and 3 tiles of the parallax layer", list.Len())
	}
	cam.X = 400 // without the shift the tiles would be here; shifted, they are not
	list.Reset()
	m.Draw(&list, &cam)
	if list.Len() != 1 {
		t.Fatalf("%d items drawn at x 400, want only the image layer", list.Len())
	}

	// With the map's parallax origin (Tiled 1.8) at x 800, a view
	// centred there shows every layer at its own place: the tiles at
	// x 384..432 are not in view at 780..820, and are at 380..420.
	// The origin was ignored, so the layer was shifted by 400 all the same.
	tmx = strings.Replace(tmx, `<map `, `<map parallaxoriginx="800" parallaxoriginy="8" `, 1)
	if m, err = tiled.Load(mapFS(tmx), "maps/level.tmx"); err != nil {
		t.Fatal(err)
	}
	if m.ParallaxOrigin != (physics.Vec{X: 800, Y: 8}) {
		t.Errorf("ParallaxOrigin %v, want 800,8", m.ParallaxOrigin)
	}
	cam.X = 800
	list.Reset()
	m.Draw(&list, &cam)
	if list.Len() != 1 {
		t.Fatalf("%d items drawn at the parallax origin x 800, want only the image layer (the tiles are at their own place, x 384..432)", list.Len())
	}
	cam.X = 0
	list.Reset()
	m.Draw(&list, &cam)
	if list.Len() != 1+3 {
		t.Fatalf("%d items drawn at x 0 with the origin at 800 (the layer shifted by -400: its tiles at -16..32, in view), want the image layer and 3 tiles", list.Len())
	}
}

func TestSpawnErrorsAreNamedByTheObject(t *testing.T) {
	sp := spawns(new(int))
	sp["Player"] = func(glue.Commands, *tiled.Object) error { return fmt.Errorf("two players") }
	app := newApp(mapFS(level), tiled.Plugin{Spawn: sp})
	defer app.Close()
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), `tiled: maps/level.tmx: object 1 "hero" (class "Player"): two players`) {
		t.Fatalf("error %v", err)
	}
}

func TestSystemsAreOrderedByValue(t *testing.T) {
	// A game's systems order themselves after the plugin's by its labels.
	var order []string
	app := newApp(mapFS(level), tiled.Plugin{Spawn: spawns(new(int))})
	defer app.Close()
	app.AddSystems(glue.Update, glue.Func(func(glue.Commands) { order = append(order, "after animate") }).After(tiled.AnimateSystem))
	app.AddSystems(glue.First, glue.Func(func(glue.Commands) { order = append(order, "after watch") }).After(tiled.WatchSystem))
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(order, ", ") != "after watch, after animate" {
		t.Fatalf("order %v", order)
	}
}

// An image a tileset cannot load is named with the tileset's file when
// the tileset is external: the .tsx is where its path is written, and
// the error named only the map and the tileset's name.
func TestExternalTilesetImageErrorNamesTheFile(t *testing.T) {
	tmx := strings.Replace(mapXML(2, 1, []string{"1,0"}, ""), tileset, `<tileset firstgid="1" source="../sets/ground.tsx"/>`, 1)
	fsys := mapFS(tmx)
	fsys["sets/ground.tsx"] = &fstest.MapFile{Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="ground" tilewidth="16" tileheight="16" tilecount="4" columns="4">
 <image source="missing.png" width="64" height="16"/>
</tileset>`)}
	_, err := tiled.Load(fsys, "maps/level.tmx")
	if err == nil || !strings.Contains(err.Error(), `tileset "ground" (../sets/ground.tsx)`) || !strings.Contains(err.Error(), "missing.png") {
		t.Fatalf("error %v, want it to name the tileset's file and the image", err)
	}
}

// A colour property comes premultiplied, as Go's color.RGBA and render's
// tints are: Tiled writes #AARRGGBB with straight values, and a
// translucent red came out as {255 0 0 128}, which is not a colour.
func TestColorPropertyIsPremultiplied(t *testing.T) {
	tmx := strings.Replace(mapXML(2, 1, []string{"1,0"}, ""), `<property name="title" value="Test"/>`,
		`<property name="title" value="Test"/><property name="glass" type="color" value="#80ff0000"/><property name="sky" type="color" value="#ff2080c0"/>`, 1)
	m, err := tiled.Load(mapFS(tmx), "maps/level.tmx")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]color.RGBA{"glass": {128, 0, 0, 128}, "sky": {0x20, 0x80, 0xc0, 255}} {
		if got, err := m.Props.Color(name); err != nil || got != want {
			t.Errorf("Color(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
}

// A spawn function learns each object's shape, rotation, tile flips and
// whether Tiled hides it: before, a turned object came unturned (its
// Center wrong), a flipped tile object like an unflipped one, an ellipse
// like a rectangle, a polyline without its points, and objects of a
// hidden layer like the others.
func TestObjectsKeepShapeRotationFlipsAndVisibility(t *testing.T) {
	tmx := mapXML(6, 4, []string{"0,0,0,0,0,0,\n0,0,0,0,0,0,\n0,0,0,0,0,0,\n0,0,0,0,0,0"},
		`<object id="1" name="turned" x="10" y="20" width="20" height="10" rotation="90"/>
  <object id="2" name="oval" x="0" y="0" width="8" height="4"><ellipse/></object>
  <object id="3" name="spot" x="5" y="6"><point/></object>
  <object id="4" name="line" x="1" y="2"><polyline points="0,0 10,0 10,5"/></object>
  <object id="5" name="crate" gid="2147483650" x="32" y="48" width="16" height="16"/>
  <object id="6" name="ghost" x="0" y="0" width="4" height="4" visible="0"/>`)
	tmx = strings.Replace(tmx, "</map>", ` <objectgroup id="10" name="editor" visible="0"><object id="7" name="note" x="1" y="1" width="2" height="2"/></objectgroup>
</map>`, 1)
	m, err := tiled.Load(mapFS(tmx), "maps/level.tmx")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]tiled.Object{}
	for _, o := range m.Objects() {
		byName[o.Name] = o
	}
	kinds := map[string]tiled.ObjectKind{"turned": tiled.KindRect, "oval": tiled.KindEllipse, "spot": tiled.KindPoint, "line": tiled.KindPolyline, "crate": tiled.KindTile}
	for name, k := range kinds {
		if got := byName[name].Kind; got != k {
			t.Errorf("%s: Kind %v, want %v", name, got, k)
		}
	}
	turned := byName["turned"]
	// Turned 90° clockwise about (10, 20): the middle (20, 25) goes to (5, 30).
	if c := turned.Center(); turned.Rotation != 90 || math.Abs(c.X-5) > 1e-9 || math.Abs(c.Y-30) > 1e-9 {
		t.Errorf("turned: Rotation %v, Center %v; want 90 and (5, 30)", turned.Rotation, c)
	}
	if pts := byName["line"].Points; len(pts) != 3 || pts[2] != (physics.Vec{X: 10, Y: 5}) {
		t.Errorf("line: Points %v, want the polyline's 3", pts)
	}
	if c := byName["crate"]; !c.FlipH || c.FlipV || c.Image.IsZero() {
		t.Errorf("crate: FlipH %v FlipV %v, want flipped horizontally only, with its image", c.FlipH, c.FlipV)
	}
	for name, hidden := range map[string]bool{"ghost": true, "note": true, "turned": false} {
		if got := byName[name].Hidden; got != hidden {
			t.Errorf("%s: Hidden %v, want %v", name, got, hidden)
		}
	}
}
