//go:build !js || replay

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/replay"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestReplay records a run of the real game, played with the keys, and
// replays it without them: the hero's and the enemies' bodies and the
// progress match at every check and at the end.
func TestReplay(t *testing.T) {
	store := &save.Memory{}
	plugin := func(p replay.Plugin) *replay.Plugin {
		p.Store, p.Registry, p.Resources = store, replayRegistry(), []glue.Type{glue.TypeOf[Progress]()}
		return &p
	}
	g := newGame(t)
	g.app.AddPlugins(plugin(replay.Plugin{Record: "run"}))
	g.start()
	far := 0.0 // the hero's furthest x: the run must play, not stand
	for n := range 600 {
		keys := []ebiten.Key{ebiten.KeyArrowRight}
		if n%50 < 3 {
			keys = append(keys, ebiten.KeySpace)
		}
		if n%120 > 90 {
			keys = []ebiten.Key{ebiten.KeyArrowLeft}
		}
		g.tick(keys...)
		far = max(far, find[Player](g)[0].Pos.X)
	}
	pos := find[Player](g)[0].Pos
	g.app.Close()

	app, err := NewApp(Config{Headless: true, Saves: &save.Memory{}})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	app.AddPlugins(plugin(replay.Plugin{Replay: "run"}))
	for app.Update() == nil {
	}
	st := glue.Resource[replay.Status](app)
	if !st.Done || st.Tick != 603 { // start (3 ticks) and 600
		t.Fatalf("the replay: done %v at tick %d, err %v", st.Done, st.Tick, st.Err)
	}
	g2 := &game{t: t, app: app}
	if got := find[Player](g2)[0].Pos; got != pos {
		t.Errorf("the hero ended at %v, recorded at %v", got, pos)
	}
	if far < 100 {
		t.Errorf("the hero did not go far: at most x = %v", far)
	}
}

// -headless -replay plays a recording longer than -ticks to its last
// tick and checks its final digest (issue #34: it stopped at -ticks with
// exit status 0, nothing checked); a final digest that differs exits 1
// saying so.
func TestReplayAlwaysChecksTheFinalDigest(t *testing.T) {
	file := filepath.Join(t.TempDir(), "run.replay")
	g := newGame(t)
	g.app.AddPlugins(&replay.Plugin{Record: file, Registry: replayRegistry(), Resources: []glue.Type{glue.TypeOf[Progress]()}})
	g.start()
	for n := range 400 {
		keys := []ebiten.Key{ebiten.KeyArrowRight}
		if n%50 < 3 {
			keys = append(keys, ebiten.KeySpace)
		}
		g.tick(keys...)
	}
	g.app.Close() // writes the recording
	var out, errs strings.Builder
	if code := run([]string{"-headless", "-ticks", "50", "-replay", file}, &out, &errs); code != 0 || !strings.HasPrefix(out.String(), "ticks 403 ") {
		t.Errorf("-headless -ticks 50 -replay of 403 ticks: exit %d, stdout %q, stderr %q; want exit 0 after all 403", code, out.String(), errs.String())
	}
	rec, err := replay.Open(nil, file)
	if err != nil {
		t.Fatal(err)
	}
	rec.Final ^= 0x5a5a
	if err := os.WriteFile(file, rec.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	errs.Reset()
	if code := run([]string{"-headless", "-replay", file}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "final digest") {
		t.Errorf("-replay of a recording whose final digest differs: exit %d, stderr %q; want exit 1 naming the final digest", code, errs.String())
	}
}
