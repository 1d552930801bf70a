package tiled_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/gluekit/glue/modules/timer"
)

// TestBakedPluginPlaysTheMap: tiled.Baked spawns what tiled.Plugin
// spawns from the same map, baked, and its errors name the map.
func TestBakedPluginPlaysTheMap(t *testing.T) {
	fsys := mapFS(level)
	baked, err := tiled.Bake(fsys, "maps/level.tmx", nil)
	if err != nil {
		t.Fatal(err)
	}
	fsys["maps/level.tmx.baked"] = &fstest.MapFile{Data: baked}
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, tiled.Baked{FS: fsys, Path: "maps/level.tmx.baked", Spawn: spawns(new(int))})
	defer app.Close()
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if c, s, o := count[Coin](app), count[physics.Static](app), count[physics.OneWay](app); c != 1 || s != 5 || o != 1 {
		t.Fatalf("%d coins, %d static and %d one-way colliders; want 1, 5 and 1, as from the .tmx", c, s, o)
	}
	if lv := glue.Resource[tiled.Level](app); lv.Loads != 1 || lv.Map.File != "maps/level.tmx" {
		t.Fatalf("level %v, want maps/level.tmx loaded once", lv)
	}

	// A class without a spawn function is the Build error Plugin gives.
	bad := glue.NewApp()
	bad.AddPlugins(timer.Plugin{}, physics.Plugin{}, render.Plugin{}, tiled.Baked{FS: fsys, Path: "maps/level.tmx.baked"})
	if err := bad.Build(); err == nil || !bytes.Contains([]byte(err.Error()), []byte("maps/level.tmx: object")) {
		t.Fatalf("Build: %v, want the missing spawn functions named by the map", err)
	}
}

// TestBakedMapDrawsTheSamePixels: the test maps draw pixel for pixel
// alike from the .tmx and baked.
func TestBakedMapDrawsTheSamePixels(t *testing.T) {
	requireDisplay(t)
	fsys := os.DirFS("testdata")
	for _, file := range []string{"maps/groups.tmx", "maps/collection.tmx", "maps/parallax.tmx", "maps/offsets.tmx"} {
		want, err := tiled.Load(fsys, file)
		if err != nil {
			t.Fatal(err)
		}
		baked, err := tiled.Bake(fsys, file, nil)
		if err != nil {
			t.Fatal(err)
		}
		mfs := testdataFS(t)
		mfs[file+tiled.BakedSuffix] = &fstest.MapFile{Data: baked}
		got, err := tiled.LoadBaked(mfs, file+tiled.BakedSuffix)
		if err != nil {
			t.Fatal(err)
		}
		w, h := int(min(want.Width, 256)), int(min(want.Height, 256))
		a, b := drawMap(t, want, want.MinX, want.MinY, w, h), drawMap(t, got, want.MinX, want.MinY, w, h)
		if !bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("%s: the baked map draws other pixels", file)
		}
	}
}

// testdataFS holds the files of testdata.
func testdataFS(t *testing.T) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS("testdata"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(filepath.Join("testdata", p))
		out[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
