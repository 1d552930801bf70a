package diag_test

import (
	"slices"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/render"
)

// BenchmarkHiddenFrame measures what a frame's draw stages cost with the
// plugin added and hidden, against the same app without it (and a second
// one without it, the control): a small scene's draw stages headless (no
// screen, so no GPU work), the copies in turns, medians of each frame's
// time. The difference is the hidden plugin's whole cost per frame: one
// run of diag.frame, which reads the keys.
func BenchmarkHiddenFrame(b *testing.B) {
	mk := func(with bool) *glue.App {
		app := glue.NewApp()
		app.AddPlugins(render.Plugin{})
		if with {
			app.AddPlugins(diag.Plugin{})
		}
		app.AddStartup(glue.Func(func(c glue.Commands) {
			for i := range 100 {
				c.Spawn(render.Box{X: float64(i), Y: 10, W: 4, H: 4})
			}
		}))
		app.AddSystems(glue.Draw, render.DrawBox[render.Box]())
		if err := app.Update(); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(app.Close)
		return app
	}
	apps := []*glue.App{mk(false), mk(true), mk(false)}
	var spent [3][]time.Duration
	i := 0
	for b.Loop() {
		for k := range apps {
			j := (i + k) % len(apps)
			t0 := time.Now()
			apps[j].Draw()
			spent[j] = append(spent[j], time.Since(t0))
		}
		i++
	}
	var med [3]float64
	for j := range spent {
		slices.Sort(spent[j])
		med[j] = float64(spent[j][len(spent[j])/2])
	}
	b.ReportMetric(med[0], "off-ns/frame")
	b.ReportMetric(med[1], "hidden-ns/frame")
	b.ReportMetric(med[2], "off2-ns/frame")
	b.ReportMetric(med[1]-med[0], "added-ns/frame")
}
