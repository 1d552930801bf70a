//go:build !js || replay

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/replay"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestRunFlags: -headless runs the game without a window and prints its
// final state (the title waits: nobody plays), -replay plays a recorded
// run there to the recorded score, -schedule prints the pipeline, and a
// bad value or a -seed (nothing is random) is refused with the usage.
func TestRunFlags(t *testing.T) {
	var out, errs strings.Builder
	if code := run([]string{"-headless", "-ticks", "30"}, &out, &errs); code != 0 || out.String() != "ticks 30 phase Title score 0 lives 3\n" || errs.Len() > 0 {
		t.Errorf("-headless -ticks 30: exit %d, stdout %q, stderr %q", code, out.String(), errs.String())
	}

	file := filepath.Join(t.TempDir(), "run.replay")
	g := newGame(t)
	g.app.AddPlugins(&replay.Plugin{Record: file, Registry: replayRegistry(), Resources: []glue.Type{glue.TypeOf[Progress]()}})
	g.start()
	for n := range 300 {
		keys := []ebiten.Key{ebiten.KeyArrowRight}
		if n%50 < 3 {
			keys = append(keys, ebiten.KeySpace)
		}
		g.tick(keys...)
	}
	pr := *glue.Resource[Progress](g.app)
	g.app.Close() // writes the recording
	out.Reset()
	want := fmt.Sprintf("phase Playing score %d lives %d\n", pr.Score, pr.Lives)
	if code := run([]string{"-headless", "-replay", file}, &out, &errs); code != 0 || !strings.HasSuffix(out.String(), want) {
		t.Errorf("-headless -replay: exit %d, stdout %q, stderr %q; want it to end with %q", code, out.String(), errs.String(), want)
	}

	out.Reset()
	if code := run([]string{"-schedule"}, &out, &errs); code != 0 || !strings.Contains(out.String(), "Control → Physics → React") {
		t.Errorf("-schedule: exit %d, stdout %q", code, out.String())
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-scale", "0"}, Name + ": -scale must be in (0, 8], got 0"},
		{[]string{"-seed", "1"}, "flag provided but not defined: -seed"},
	} {
		errs.Reset()
		if code := run(tc.args, &out, &errs); code != 2 || !strings.Contains(errs.String(), tc.want) || !strings.Contains(errs.String(), "Usage of "+Name+":") {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q and the usage", tc.args, code, errs.String(), tc.want)
		}
	}
}

// -dev finds the level from the module's root, wherever in the module the
// game is run: here from the package's folder (go test's working
// directory), where the old path, LevelDir relative to the
// working directory, did not exist and the game did not start.
func TestDevFromPackageFolder(t *testing.T) {
	wd, _ := os.Getwd()
	var out, errs strings.Builder
	if code := run([]string{"-dev", "-headless", "-ticks", "2"}, &out, &errs); code != 0 {
		t.Fatalf("-dev -headless from %s: exit %d, stderr %q; want 0", wd, code, errs.String())
	}
}
