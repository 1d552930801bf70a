package main

import (
	"fmt"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/games/twinstick/plain"
	"github.com/gluekit/glue/modules/timer"
)

// play runs the glue game headless for ticks ticks with the autopilot
// and calls each after every tick.
func play(t *testing.T, seed uint64, ticks int, each func(app *glue.App)) *glue.App {
	t.Helper()
	app := NewApp(Config{Headless: true, Seed: seed, Pilot: Script})
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	for range ticks {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if each != nil {
			each(app)
		}
	}
	return app
}

// TestSameRulesAsPlain plays the glue game and plain's rules 3,000 ticks
// with the same scripted controls, seed and delta, and checks that they
// agree on the score, the lives and the wave after every tick.
func TestSameRulesAsPlain(t *testing.T) {
	for _, seed := range []uint64{1, 7, 42} {
		g, tick := plain.New(seed), 0
		play(t, seed, 3000, func(app *glue.App) {
			c := Script(tick)
			g.Update(plain.Controls{MoveX: c.MoveX, MoveY: c.MoveY, AimX: c.AimX, AimY: c.AimY, Fire: c.Fire}, glue.Resource[timer.Time](app).DeltaSeconds())
			tick++
			pl := glue.Resource[Play](app)
			if pl.Score != g.Score || pl.Lives != g.Lives || pl.Wave != g.Wave || pl.Alive != g.Alive {
				t.Fatalf("seed %d tick %d: glue score %d lives %d wave %d alive %d, plain %d %d %d %d",
					seed, tick, pl.Score, pl.Lives, pl.Wave, pl.Alive, g.Score, g.Lives, g.Wave, g.Alive)
			}
		})
		t.Logf("seed %d: score %d lives %d wave %d, both", seed, g.Score, g.Lives, g.Wave)
		if g.Score == 0 {
			t.Errorf("seed %d: the autopilot scored nothing", seed)
		}
	}
}

// digest hashes the play state and every ship, enemy and bullet.
func digest(app *glue.App) string {
	h := fnv.New64a()
	pl := glue.Resource[Play](app)
	fmt.Fprint(h, pl.Score, pl.Lives, pl.Wave, pl.Alive, pl.Cooldown)
	for _, e := range app.Entities(nil) {
		for _, typ := range []glue.Type{glue.TypeOf[Ship](), glue.TypeOf[Enemy](), glue.TypeOf[Bullet]()} {
			if c, ok := app.Component(e, typ); ok {
				fmt.Fprint(h, c)
			}
		}
	}
	return fmt.Sprintf("%x score %d lives %d wave %d", h.Sum64(), pl.Score, pl.Lives, pl.Wave)
}

// TestDeterministic plays the same seed twice: the final digests agree,
// and the autopilot scores.
func TestDeterministic(t *testing.T) {
	a, b := digest(play(t, 7, 2000, nil)), digest(play(t, 7, 2000, nil))
	if a != b {
		t.Fatalf("same seed, different games: %s and %s", a, b)
	}
	if pl := glue.Resource[Play](play(t, 7, 2000, nil)); pl.Score == 0 {
		t.Fatalf("the autopilot scored nothing: %s", a)
	}
	if c := digest(play(t, 8, 2000, nil)); c == a {
		t.Errorf("seeds 7 and 8 gave the same game: %s", a)
	}
}

// TestHeadlessRun runs the command as `-headless -ticks 3000 -seed 1`
// twice: it prints the same final line, in which the autopilot scored.
func TestHeadlessRun(t *testing.T) {
	var lines [2]string
	for i := range lines {
		var out, errs strings.Builder
		if code := run([]string{"-headless", "-ticks", "3000", "-seed", "1"}, &out, &errs); code != 0 {
			t.Fatalf("exit status %d: %s", code, errs.String())
		}
		lines[i] = out.String()
	}
	if lines[0] != lines[1] || !strings.HasPrefix(lines[0], "ticks 3000 ") || strings.Contains(lines[0], "score 0 ") {
		t.Fatalf("final lines %q and %q, want the same, after 3000 ticks, with a score", lines[0], lines[1])
	}
}
