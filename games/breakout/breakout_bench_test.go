package main

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkTick measures one tick of the stress level: the update thread
// (input, timer, control, physics, rules, HUD) and, with a display, the
// render thread drawing into an offscreen screen of the window's size (the
// CPU side of a frame: draw systems, the batched flush and Ebitengine's
// command submission; the GPU's work is waited for outside the timer).
// Run it under Xvfb: `xvfb-run -a go test
// -run '^$' -bench Tick ./games/breakout`.
func BenchmarkTick(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		for _, draw := range []bool{false, true} {
			name := fmt.Sprintf("bricks=%d/update", n)
			if draw {
				name = fmt.Sprintf("bricks=%d/update+draw", n)
			}
			b.Run(name, func(b *testing.B) {
				if draw && !rendered {
					b.Skip("no DISPLAY: drawing needs a running Ebitengine game; run under xvfb-run")
				}
				cfg := Config{Seed: 1, Settings: DefaultSettings(), Scale: 2, Headless: true}
				cfg.Settings.Autopilot, cfg.Settings.Bricks = true, n
				app := NewApp(cfg)
				defer app.Close()
				g := render.NewGame(app)
				screen := ebiten.NewImage(FieldW*2, FieldH*2)
				defer screen.Deallocate()
				step := func() {
					if err := g.Update(); err != nil {
						b.Fatal(err)
					}
					if draw {
						g.Draw(screen)
					}
				}
				// Inside one frame of the outer game Ebitengine queues every
				// draw command until the frame ends; reading a pixel back
				// flushes the queue (and waits for the GPU) outside the timer.
				px := make([]byte, 4*FieldW*2*FieldH*2)
				flush := func() {
					if draw {
						b.StopTimer()
						screen.ReadPixels(px)
						b.StartTimer()
					}
				}
				for range 60 { // serve, launch, settle
					step()
					flush()
				}
				b.ReportAllocs()
				for b.Loop() {
					step()
					flush()
				}
			})
		}
	}
}
