package timer_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// TestDeltaParam: timer.Delta as a parameter of a FuncN, of an EachNP and
// as a field of a params struct reads the tick's delta, scaled, and zero
// while paused.
func TestDeltaParam(t *testing.T) {
	type Ball struct{ X float64 }
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 50})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(Ball{}) }))
	var secs []float64
	var durs []time.Duration
	var fields []float64
	var x float64
	app.AddSystems(glue.Update,
		glue.Func2(func(dt timer.Delta, tm glue.Res[timer.Time]) {
			secs = append(secs, dt.Seconds())
			durs = append(durs, dt.Duration())
			if dt.Seconds() != tm.Get().DeltaSeconds() || dt.Duration() != tm.Get().Delta() {
				t.Errorf("Delta %v/%v, Time %v/%v", dt.Seconds(), dt.Duration(), tm.Get().DeltaSeconds(), tm.Get().Delta())
			}
		}),
		glue.Each1P(func(_ glue.Entity, b *Ball, dt timer.Delta) { b.X += 100 * dt.Seconds(); x = b.X }),
		glue.Func(func(p struct{ Dt timer.Delta }) { fields = append(fields, p.Dt.Seconds()) }),
	)
	defer app.Close()
	for range 2 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	glue.Resource[timer.Time](app).SetScale(2)
	app.Update()
	glue.Resource[timer.Time](app).SetPaused(true)
	app.Update()
	want := []float64{0.02, 0.02, 0.04, 0}
	for i, w := range want {
		if secs[i] != w || fields[i] != w {
			t.Errorf("tick %d: Seconds %v (params struct %v), want %v", i, secs[i], fields[i], w)
		}
	}
	if durs[2] != 40*time.Millisecond || durs[3] != 0 {
		t.Errorf("Durations %v, want [20ms 20ms 40ms 0s]", durs)
	}
	if x < 7.99 || x > 8.01 {
		t.Errorf("ball moved to %v, want 8 (100 px/s over 0.02+0.02+0.04 s)", x)
	}
}

// TestDeltaNeedsPlugin: a system taking timer.Delta in an app without
// timer.Plugin fails to build, saying to add it.
func TestDeltaNeedsPlugin(t *testing.T) {
	app := glue.NewApp()
	app.AddSystems(glue.Update, glue.Func(func(timer.Delta) {}))
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "timer.Plugin") {
		t.Fatalf("Build: %v, want an error naming timer.Plugin", err)
	}
}
