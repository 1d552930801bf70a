package main

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkDiagHidden measures what diag.Plugin costs the game while the
// overlay and the inspector are hidden. It runs four copies of the same
// game side by side — without the plugin, with it hidden, without,
// with, made in that order — tick by tick in turns (rotating which goes
// first), and times each tick (and, with a display, each tick and its
// frame) on its own, so that the copies share the machine's drift. The
// metrics are the median time per tick of the copies without and with
// the plugin (medians: a shared machine's stalls hit single ticks), the
// ratio hidden/off, and the control off2/off1: how far two equal copies
// differ on this machine. Compare runs with benchstat:
//
//	xvfb-run -a go test -run '^$' -bench DiagHidden -benchtime 3s -count 10 ./games/breakout > diag.txt
//	cd bench && go tool benchstat ../diag.txt
//
// docs/diagnostics.md has the figures.
func BenchmarkDiagHidden(b *testing.B) {
	for _, bricks := range []int{0, 1_000} { // 0: the thesis's 6x6 level
		for _, draw := range []bool{false, true} {
			part := "update"
			if draw {
				part = "update+draw"
			}
			b.Run(fmt.Sprintf("bricks=%d/part=%s", bricks, part), func(b *testing.B) {
				if draw && !rendered {
					b.Skip("no DISPLAY: drawing needs a running Ebitengine game; run under xvfb-run")
				}
				var games []*tickGame
				for k := range 4 {
					games = append(games, newTickGame(b, bricks, draw, k%2 == 0)) // off, hidden, off, hidden
				}
				for _, g := range games {
					for range 60 {
						g.step(b)
					}
				}
				b.ReportAllocs()
				spent := make([][]time.Duration, len(games))
				i := 0
				for b.Loop() {
					for k := range games {
						j := (i + k) % len(games)
						spent[j] = append(spent[j], games[j].step(b))
					}
					i++
				}
				median := func(ds ...[]time.Duration) float64 {
					all := slices.Concat(ds...)
					slices.Sort(all)
					return float64(all[len(all)/2])
				}
				off, hidden := median(spent[0], spent[2]), median(spent[1], spent[3])
				b.ReportMetric(off, "off-ns/tick")
				b.ReportMetric(hidden, "hidden-ns/tick")
				b.ReportMetric(hidden/off, "hidden/off")
				b.ReportMetric(median(spent[2])/median(spent[0]), "off2/off1")
			})
		}
	}
}

// tickGame is one copy of the autopilot's game for BenchmarkDiagHidden.
type tickGame struct {
	g      *render.Game
	screen *ebiten.Image
	px     []byte
	draw   bool
}

func newTickGame(b *testing.B, bricks int, draw, noDiag bool) *tickGame {
	cfg := Config{Seed: 1, Settings: DefaultSettings(), Scale: 2, Headless: true, NoDiag: noDiag}
	cfg.Settings.Autopilot, cfg.Settings.Bricks = true, bricks
	app := NewApp(cfg)
	b.Cleanup(app.Close)
	t := &tickGame{g: render.NewGame(app), draw: draw}
	if draw {
		t.screen = ebiten.NewImage(FieldW*2, FieldH*2)
		b.Cleanup(t.screen.Deallocate)
		t.px = make([]byte, 4*FieldW*2*FieldH*2)
	}
	return t
}

// step runs a tick (and draws its frame) and returns the time it took;
// reading the frame back, which waits for the GPU, is not timed.
func (t *tickGame) step(b *testing.B) time.Duration {
	t0 := time.Now()
	if err := t.g.Update(); err != nil {
		b.Fatal(err)
	}
	if t.draw {
		t.g.Draw(t.screen)
	}
	d := time.Since(t0)
	if t.draw {
		t.screen.ReadPixels(t.px)
	}
	return d
}
