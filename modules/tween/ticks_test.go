package tween_test

import (
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/tween"
)

// tweenApp returns an app at 60 TPS running tween.Update[Ball] with the
// entities spawn makes, and the names of the Finished events with the
// tick each came in.
func tweenApp(t *testing.T, spawn func(c glue.Commands)) (*glue.App, *[]string) {
	t.Helper()
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	app.AddStartup(glue.Func(spawn))
	app.AddSystems(glue.Update, tween.Update[Ball]())
	var ended []string
	app.AddSystems(glue.PostUpdate, glue.Func2(func(r glue.Reader[tween.Finished], tm glue.Res[timer.Time]) {
		for _, f := range r.Read() {
			ended = append(ended, f.Name+"@"+itoa(tm.Get().Ticks()))
		}
	}))
	t.Cleanup(app.Close)
	return app, &ended
}

func itoa(n uint64) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		if n /= 10; n == 0 {
			return string(b)
		}
	}
}

func run(t *testing.T, app *glue.App, n int) {
	t.Helper()
	for range n {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTweenOfWholeTicksEndsOnItsTick: a 0.5 s tween at 60 TPS lands
// exactly on its target in tick 30 and finishes then, for every ease
// (30 × 1/60 adds up to 0.49999999999999994: Linear read
// 100.09999999999998 and finished in tick 31); a chain of 0.25 s steps
// lands exactly on each target, in ticks 15 and 30, and, looping, starts
// over from its origin in tick 30 (its end is the next loop's start)
// and ends on (10, 10) in tick 90.
func TestTweenOfWholeTicksEndsOnItsTick(t *testing.T) {
	for name, ease := range tween.Eases {
		var e glue.Entity
		app, ended := tweenApp(t, func(c glue.Commands) {
			e = c.Spawn(Ball{X: 3, Y: 7}, tween.Tween[Ball]{Name: "slide", Prop: pos, Steps: []tween.Step{tween.ToXY(100.1, -20.3, 0.5, ease)}})
		})
		run(t, app, 29)
		if len(*ended) != 0 {
			t.Errorf("%s: finished before tick 30: %v", name, *ended)
		}
		run(t, app, 1)
		if b := ball(app, e); b.X != 100.1 || b.Y != -20.3 || strings.Join(*ended, ",") != "slide@30" {
			t.Errorf("%s: in tick 30 at (%v, %v), finished %v; want exactly (100.1, -20.3), slide@30", name, b.X, b.Y, *ended)
		}
	}
	var e glue.Entity
	app, ended := tweenApp(t, func(c glue.Commands) {
		e = c.Spawn(Ball{}, tween.Tween[Ball]{Name: "patrol", Prop: pos, Steps: []tween.Step{
			tween.ToXY(10, 0, 0.25, nil), tween.ToXY(10, 10, 0.25, tween.InOutQuad)}, Loops: 2})
	})
	for tick := 1; tick <= 90; tick++ {
		run(t, app, 1)
		b := ball(app, e)
		switch tick % 30 {
		case 15:
			if b.X != 10 || b.Y != 0 {
				t.Errorf("chain, tick %d: at (%v, %v); want exactly (10, 0)", tick, b.X, b.Y)
			}
		case 0: // a loop's end is the next one's start; the last, the end
			if want := (Ball{}); tick == 90 {
				if b.X != 10 || b.Y != 10 {
					t.Errorf("chain, tick 90: at (%v, %v); want exactly (10, 10)", b.X, b.Y)
				}
			} else if b != want {
				t.Errorf("chain, tick %d: at (%v, %v); want the loop back at (0, 0)", tick, b.X, b.Y)
			}
		case 14, 29:
			if b.X == 10 && b.Y == 0 || b.X == 10 && b.Y == 10 {
				t.Errorf("chain, tick %d: at (%v, %v), a step's end a tick early", tick, b.X, b.Y)
			}
		}
	}
	if got := strings.Join(*ended, ","); got != "patrol@90" {
		t.Errorf("chain finished %q; want patrol@90", got)
	}
}

// TestLoopingTweenOfNoDurationFailsTheApp: a looping tween whose steps
// take no time would loop for ever in one tick; it ended after one tick,
// finished, at its start instead of its target. It fails the app naming
// the tween; Advance, called directly, ends it on its target.
func TestLoopingTweenOfNoDurationFailsTheApp(t *testing.T) {
	app, _ := tweenApp(t, func(c glue.Commands) {
		c.Spawn(Ball{}, tween.Tween[Ball]{Name: "blink", Prop: pos, Steps: []tween.Step{tween.ToXY(5, 6, 0, nil)}, Loops: tween.Forever})
	})
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), `Tween[tween_test.Ball] "blink" loops`) || !strings.Contains(err.Error(), "give a step a duration") {
		t.Errorf("Update: %v; want an error naming the tween \"blink\" and the fix", err)
	}
	b := Ball{}
	tw := tween.Tween[Ball]{Prop: pos, Steps: []tween.Step{tween.ToXY(5, 6, 0, nil)}, Loops: 3}
	if !tw.Advance(&b, 1.0/60) || b.X != 5 || b.Y != 6 {
		t.Errorf("Advance: done %v at (%v, %v); want done at (5, 6)", tw.Done(), b.X, b.Y)
	}
}

// TestTweenWithoutItsComponentFailsTheApp: a Tween[T] or Group[T] on an
// entity without a T never ran nor finished, silently; it fails the app
// naming the entity and the component, as physics does for a Collider
// without a Body.
func TestTweenWithoutItsComponentFailsTheApp(t *testing.T) {
	for _, kind := range []string{"Tween", "Group"} {
		var e glue.Entity
		app, _ := tweenApp(t, func(c glue.Commands) {
			c.Spawn(Ball{}, tween.Tween[Ball]{Prop: size, Steps: []tween.Step{tween.To(1, 1, nil)}})
			tw := tween.Tween[Ball]{Name: "orphan", Prop: pos, Steps: []tween.Step{tween.ToXY(1, 1, 0.1, nil)}}
			if kind == "Tween" {
				e = c.Spawn(tw)
			} else {
				e = c.Spawn(tween.Group[Ball]{Tweens: []tween.Tween[Ball]{tw}})
			}
		})
		err := app.Update()
		if want := e.String() + " has a tween." + kind + "[tween_test.Ball] but no tween_test.Ball component"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s without its component: Update: %v; want an error containing %q", kind, err, want)
		}
	}
}
