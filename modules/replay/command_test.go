package replay_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/replay"
)

// Run: a headless -replay runs to the recording's last tick
// whatever -ticks says and exits 0 when it played as recorded; a replay
// that diverges exits 1 with the error on stderr, named by the game.
func TestRunPlaysTheRecordingToItsEnd(t *testing.T) {
	off := false
	store := record(t, 300, 0, 0, odd(&off))
	for _, c := range []struct {
		name     string
		diverge  bool
		code     int
		stderrIs string
	}{
		{"as recorded", false, 0, ""},
		{"diverged", true, 1, "tiny: "},
	} {
		var out, errs strings.Builder
		cmd := render.NewCommand("tiny", &out, &errs, render.CommandDefaults{NoSeed: true})
		if !cmd.Parse([]string{"-headless", "-ticks", "50"}, nil) {
			t.Fatalf("%s: the flags do not parse: %s", c.name, errs.String())
		}
		p := &replay.Plugin{Replay: "run", Seed: 5, Store: store}
		on := c.diverge
		app := game(p, odd(&on))
		ran := 0
		code := replay.Run(cmd, p, app, render.Headless{}, func(ticks int) { ran = ticks })
		if code != c.code || !strings.HasPrefix(errs.String(), c.stderrIs) {
			t.Errorf("%s: status %d, stderr %q; want %d, %q…", c.name, code, errs.String(), c.code, c.stderrIs)
		}
		if !c.diverge && (ran != 300 || p.Err() != nil) {
			t.Errorf("%s: ran %d ticks (Err %v); want the recording's 300, whatever -ticks says", c.name, ran, p.Err())
		}
	}
}
