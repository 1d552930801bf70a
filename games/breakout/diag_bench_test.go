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
// overlay and the inspector are hidden. It runs three copies of the same
// game side by side, tick by tick in turns (rotating which goes first):
// one without the plugin, one with it hidden, and a second one without
// it, the control. Each tick (and, with a display, each tick and its
// frame) is timed on its own, so the copies share the machine's drift;
// the metrics are the median time per tick of each copy (medians: a
// shared machine's stalls hit single ticks) and the ratios
// hidden/off and off2/off — the control's ratio shows how far two equal
// games differ on this machine. Compare runs with benchstat:
//
//	xvfb-run -a go test -run '^$' -bench DiagHidden -count 10 ./games/breakout > diag.txt
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
				games := []*tickGame{
					newTickGame(b, bricks, draw, true),  // off
					newTickGame(b, bricks, draw, false), // hidden
					newTickGame(b, bricks, draw, true),  // off2, the control
				}
				for _, g := range games {
					for range 60 {
						g.step(b)
					}
				}
				b.ReportAllocs()
				var spent [3][]time.Duration
				i := 0
				for b.Loop() {
					for k := range games {
						j := (i + k) % len(games)
						spent[j] = append(spent[j], games[j].step(b))
					}
					i++
				}
				var med [3]float64
				for j := range spent {
					slices.Sort(spent[j])
					med[j] = float64(spent[j][len(spent[j])/2])
				}
				b.ReportMetric(med[0], "off-ns/tick")
				b.ReportMetric(med[1], "hidden-ns/tick")
				b.ReportMetric(med[2], "off2-ns/tick")
				b.ReportMetric(med[1]/med[0], "hidden/off")
				b.ReportMetric(med[2]/med[0], "off2/off")
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
