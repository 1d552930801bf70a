package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
)

// TestBakesTheFilesBesideThem: gluebake writes FILE.baked beside each
// map and sheet, by the paths go:embed gives them, and the readers load
// them; a file it cannot bake is an error naming it, and the others are
// baked all the same.
func TestBakesTheFilesBesideThem(t *testing.T) {
	dir := t.TempDir()
	level := filepath.Join(dir, "level")
	if err := os.Mkdir(level, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"level.tmx", "tiles.png", "hills.png", "sprites.json", "sprites.png"} {
		data, err := os.ReadFile(filepath.Join("../../games/platformer/level", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(level, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var stderr bytes.Buffer
	if st := run([]string{"level/level.tmx", "notes.txt", "level/sprites.json"}, &stderr); st != 1 || !strings.Contains(stderr.String(), "notes.txt: not a Tiled map (.tmx) or an Aseprite sheet's JSON (.json)") {
		t.Fatalf("status %d, stderr %q", st, stderr.String())
	}
	fsys := os.DirFS(".")
	m, err := tiled.LoadBaked(fsys, "level/level.tmx.baked")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Find("Player"); !ok || m.File != "level/level.tmx" {
		t.Fatalf("baked map %s has no Player", m.File)
	}
	a, err := render.LoadBakedAseprite(fsys, "level/sprites.json.baked", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Clips) == 0 {
		t.Fatal("the baked sheet has no clips")
	}
	if st := run(nil, &stderr); st != 2 {
		t.Fatalf("no files: status %d", st)
	}
}
