package tiled_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/tiled"
)

// DevFS finds the map from the module's root wherever in the module the
// run starts, and says what is wrong when the map or the module is not
// there.
func TestDevFS(t *testing.T) {
	root := t.TempDir()
	lvl := filepath.Join(root, "games", "mine", "level")
	if err := os.MkdirAll(lvl, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{filepath.Join(root, "go.mod"): "module example.com/mine\n", filepath.Join(lvl, "level.tmx"): "<map/>"} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, wd := range []string{root, lvl} {
		t.Chdir(wd)
		fsys, err := tiled.DevFS("games/mine/level", "level.tmx")
		if err != nil {
			t.Fatalf("from %s: %v", wd, err)
		}
		if b, err := fs.ReadFile(fsys, "level.tmx"); err != nil || string(b) != "<map/>" {
			t.Errorf("from %s: level.tmx reads %q, %v", wd, b, err)
		}
	}
	if _, err := tiled.DevFS("games/other", "level.tmx"); err == nil || !strings.Contains(err.Error(), "no level.tmx in") {
		t.Errorf("no map: %v; want it named", err)
	}
	t.Chdir(t.TempDir())
	if _, err := tiled.DevFS("games/mine/level", "level.tmx"); err == nil || !strings.Contains(err.Error(), "no go.mod in") {
		t.Errorf("outside a module: %v; want the module named", err)
	}
}
