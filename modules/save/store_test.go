//go:build !js

package save_test

import (
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/save"
)

// Dir writes each save to its file whole, replacing the old one by a
// rename; it leaves no temporary files behind, also when a write fails,
// and a failed write leaves the old save as it was.
func TestDirWritesAtomically(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "saves")
	s := save.Dir(dir)
	if _, err := s.Read("a"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Read of a save never written: %v, want fs.ErrNotExist", err)
	}
	for _, data := range []string{"first", "second, longer", "3"} {
		if err := s.Write("a", []byte(data)); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Read("a"); err != nil || string(got) != data {
			t.Fatalf("Read = %q, %v; want %q", got, err, data)
		}
	}
	if got := s.Where("a"); got != filepath.Join(dir, "a.save") {
		t.Errorf("Where = %q", got)
	}
	// A save whose file cannot be replaced (a directory is in the way):
	// the write fails, and what was there stays.
	if err := os.MkdirAll(filepath.Join(dir, "b.save", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := s.Write("b", []byte("new")); err == nil {
		t.Error("a write over a directory succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "b.save", "x")); err != nil {
		t.Errorf("the failed write disturbed what was there: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "a.save b.save" {
		t.Errorf("the directory holds %v; want a.save and b.save only, no temporary files", names)
	}
	// A directory that cannot be made.
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := save.Dir(filepath.Join(dir, "file", "sub")).Write("a", []byte("x")); err == nil {
		t.Error("a write under a file succeeded")
	}
}

// Without Plugin.Store, saves go to the user's configuration directory;
// without one of those, the game runs and every save says why it failed.
func TestDefaultStore(t *testing.T) {
	run := func(do func(*save.Saves)) save.Result {
		app := glue.NewApp()
		defer app.Close()
		app.AddPlugins(save.Plugin{Game: "deft", Registry: testRegistry(), Logger: quietLogger()})
		var res []save.Result
		app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(P{X: 1}) }))
		app.AddSystems(glue.Update, glue.Func(func(p struct {
			S glue.ResMut[save.Saves]
			R glue.Reader[save.Result]
			N glue.Local[int]
		}) {
			if *p.N.Get()++; *p.N.Get() == 1 {
				do(p.S.Get())
			}
			res = append(res, p.R.Read()...)
		}))
		for range 3 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if len(res) != 1 {
			t.Fatalf("results %v, want one", res)
		}
		return res[0]
	}
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	if r := run(func(s *save.Saves) { s.Save("quick") }); r.Err != nil || r.Where != filepath.Join(cfg, "glue", "deft", "saves", "quick.save") {
		t.Errorf("default save: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(cfg, "glue", "deft", "saves", "quick.save")); err != nil {
		t.Error(err)
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "")
	r := run(func(s *save.Saves) { s.Save("quick") })
	if r.Err == nil || !strings.Contains(r.Err.Error(), "no default place for saves") || !strings.Contains(r.Err.Error(), "Plugin.Store") {
		t.Errorf("save without a default place: %v", r.Err)
	}
}

// BenchmarkDirWrite is one atomic write of a 4 KB save (breakout's size)
// through Dir: temporary file, fsync, rename, fsync of the directory.
func BenchmarkDirWrite(b *testing.B) {
	s := save.Dir(b.TempDir())
	data := make([]byte, 4096)
	for b.Loop() {
		if err := s.Write("quick", data); err != nil {
			b.Fatal(err)
		}
	}
}

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
