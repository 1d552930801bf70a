package timer_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// TestStepRoundsToTheNanosecond: Time.Step is 1/TPS s rounded to the
// nanosecond, as documented, not truncated (16666666 ns at 60 TPS made
// every timer of whole ticks finish one tick late), and Delta is
// DeltaSeconds rounded, scaled or not.
func TestStepRoundsToTheNanosecond(t *testing.T) {
	for _, c := range []struct {
		tps  int
		want time.Duration
	}{{60, 16666667}, {30, 33333333}, {120, 8333333}, {144, 6944444}, {1000, 1000000}} {
		tm := timer.Plugin{TPS: c.tps}.NewTime()
		tm.Advance()
		if tm.Step() != c.want || tm.Delta() != c.want {
			t.Errorf("TPS %d: Step %d ns, Delta %d ns; want %d", c.tps, tm.Step(), tm.Delta(), c.want)
		}
	}
	tm := timer.Plugin{TPS: 60, Scale: 2}.NewTime()
	tm.Advance()
	if tm.Delta() != 33333333 || tm.DeltaSeconds() != 2.0/60 {
		t.Errorf("scale 2: Delta %d ns (%v s); want 33333333 ns, 2/60 s", tm.Delta(), tm.DeltaSeconds())
	}
}

// finishTicks advances a clock of tps ticks per second for n ticks and
// returns the ticks in which tr finished.
func finishTicks(tps int, scale float64, tr timer.Timer, n int) []int {
	tm := timer.Plugin{TPS: tps, Scale: scale}.NewTime()
	var at []int
	for i := 1; i <= n; i++ {
		tm.Advance()
		tr.Tick(tm.Delta())
		for range tr.TimesFinished() {
			at = append(at, i)
		}
	}
	return at
}

// TestTimerOfWholeTicksFinishesOnItsTick: a timer whose duration is a
// whole number of ticks finishes in its last tick at any TPS and scale
// (a stranger's 500 ms timer at 60 TPS fired in tick 31, 61, 91), a
// repeating one every so many ticks, and a timer of Step()*N in tick N.
func TestTimerOfWholeTicksFinishesOnItsTick(t *testing.T) {
	for _, c := range []struct {
		tps   int
		scale float64
		d     time.Duration
		every int
	}{
		{60, 1, 500 * time.Millisecond, 30},
		{60, 1, 100 * time.Millisecond, 6},
		{30, 1, 500 * time.Millisecond, 15},
		{120, 1, 500 * time.Millisecond, 60},
		{144, 1, 250 * time.Millisecond, 36},
		{60, 2, 500 * time.Millisecond, 15},
		{120, 0.5, 500 * time.Millisecond, 120},
		{144, 1, 7 * 6944444, 7}, // Step()*7
		{60, 1, 7 * 16666667, 7},
	} {
		name := fmt.Sprintf("%v at %d TPS, scale %v", c.d, c.tps, c.scale)
		if at := finishTicks(c.tps, c.scale, timer.NewTimer(c.d, timer.Once), 4*c.every); len(at) != 1 || at[0] != c.every {
			t.Errorf("once, %s: finished in ticks %v; want [%d]", name, at, c.every)
		}
		at := finishTicks(c.tps, c.scale, timer.NewTimer(c.d, timer.Repeating), 4*c.every)
		if want := fmt.Sprint([]int{c.every, 2 * c.every, 3 * c.every, 4 * c.every}); fmt.Sprint(at) != want {
			t.Errorf("repeating, %s: finished in ticks %v; want %s", name, at, want)
		}
	}
}

// TestRepeatingTimerDoesNotDrift: the rounding of each tick does not add
// up in a repeating timer: at 60 TPS a 100 ms timer gains 2 ns a period
// on the rounded step, which made it finish a tick early after about
// 8.3 million periods; it still finishes every 6th tick.
func TestRepeatingTimerDoesNotDrift(t *testing.T) {
	if testing.Short() {
		t.Skip("50 million ticks")
	}
	clock := timer.Plugin{}.NewTime()
	step := clock.Step()
	tr := timer.NewTimer(100*time.Millisecond, timer.Repeating)
	for i := 1; i <= 50_000_010; i++ {
		tr.Tick(step)
		if tr.JustFinished() != (i%6 == 0) {
			t.Fatalf("tick %d: JustFinished %v; want it every 6th tick, elapsed %v", i, tr.JustFinished(), tr.Elapsed())
		}
	}
}

// TestPluginTimersFinishOnTheirTick: through the plugin at 60 TPS, a
// repeating 500 ms Timer component finishes in ticks 30, 60, 90 and 120,
// and an entity spawned with DespawnAfter(100 ms) is seen in ticks 1 to
// 5 and gone in tick 6 (it lived 7 ticks).
func TestPluginTimersFinishOnTheirTick(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(timer.NewTimer(500*time.Millisecond, timer.Repeating))
		c.Spawn(popup{"flash"}, timer.DespawnAfter(100*time.Millisecond))
	}))
	var fired []uint64
	var seen uint64
	app.AddSystems(glue.Update, glue.Each1P(func(_ glue.Entity, tr timer.Timer, tm glue.Res[timer.Time]) {
		for range tr.TimesFinished() {
			fired = append(fired, tm.Get().Ticks())
		}
	}), glue.Each1P(func(_ glue.Entity, _ popup, tm glue.Res[timer.Time]) { seen = tm.Get().Ticks() }))
	defer app.Close()
	for range 120 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(fired) != "[30 60 90 120]" || seen != 5 {
		t.Errorf("500 ms timer finished in ticks %v, want [30 60 90 120]; the 100 ms popup last seen in tick %d, want 5", fired, seen)
	}
}
