package timer_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

const ms = time.Millisecond

// finish is what one Tick left: JustFinished, TimesFinished, Finished and
// Elapsed.
type finish struct {
	just    bool
	times   int
	done    bool
	elapsed time.Duration
}

func state(t *timer.Timer) finish {
	return finish{t.JustFinished(), t.TimesFinished(), t.Finished(), t.Elapsed()}
}

func TestTimerOnce(t *testing.T) {
	tm := timer.NewTimer(100*ms, timer.Once)
	for i, c := range []struct {
		delta time.Duration
		want  finish
	}{
		{40 * ms, finish{false, 0, false, 40 * ms}},
		{40 * ms, finish{false, 0, false, 80 * ms}},
		{40 * ms, finish{true, 1, true, 100 * ms}}, // elapsed stops at the duration
		{40 * ms, finish{false, 0, true, 100 * ms}},
		{400 * ms, finish{false, 0, true, 100 * ms}},
	} {
		tm.Tick(c.delta)
		if got := state(&tm); got != c.want {
			t.Errorf("tick %d (+%v): %+v, want %+v", i+1, c.delta, got, c.want)
		}
	}
	if tm.Remaining() != 0 || tm.Fraction() != 1 {
		t.Errorf("finished: Remaining %v, Fraction %v; want 0 and 1", tm.Remaining(), tm.Fraction())
	}
	tm.Reset()
	if got := state(&tm); got != (finish{}) {
		t.Errorf("after Reset: %+v, want zero", got)
	}
}

func TestTimerRepeatingWrapsSeveralTimesInOneTick(t *testing.T) {
	tm := timer.NewTimer(30*ms, timer.Repeating)
	for i, c := range []struct {
		delta time.Duration
		want  finish
	}{
		{10 * ms, finish{false, 0, false, 10 * ms}},
		{100 * ms, finish{true, 3, true, 20 * ms}}, // 110 ms = 3 × 30 + 20
		{5 * ms, finish{false, 0, false, 25 * ms}},
		{5 * ms, finish{true, 1, true, 0}},
		{0, finish{false, 0, false, 0}}, // a paused clock forgets the finish
	} {
		tm.Tick(c.delta)
		if got := state(&tm); got != c.want {
			t.Errorf("tick %d (+%v): %+v, want %+v", i+1, c.delta, got, c.want)
		}
	}
}

func TestTimerZeroDuration(t *testing.T) {
	once := timer.NewTimer(0, timer.Once)
	once.Tick(ms)
	if !once.JustFinished() || once.TimesFinished() != 1 {
		t.Errorf("zero Once: first Tick did not finish it once: %+v", state(&once))
	}
	once.Tick(ms)
	if once.JustFinished() || !once.Finished() {
		t.Errorf("zero Once: second Tick: %+v, want finished before, not now", state(&once))
	}
	rep := timer.NewTimer(-5, timer.Repeating)
	for i := range 3 {
		rep.Tick(ms)
		if rep.TimesFinished() != 1 {
			t.Errorf("zero Repeating, tick %d: finished %d times, want once per Tick", i+1, rep.TimesFinished())
		}
	}
}

func TestTimerPaused(t *testing.T) {
	tm := timer.NewTimer(20*ms, timer.Repeating)
	tm.Tick(20 * ms)
	tm.SetPaused(true)
	tm.Tick(50 * ms)
	if tm.JustFinished() || tm.Elapsed() != 0 || !tm.Paused() {
		t.Errorf("paused: %+v, want no finish and nothing elapsed", state(&tm))
	}
	tm.SetPaused(false)
	tm.Tick(25 * ms)
	if tm.TimesFinished() != 1 || tm.Elapsed() != 5*ms {
		t.Errorf("resumed: %+v, want 1 finish and 5ms elapsed", state(&tm))
	}
}

func TestTimerSetDurationAndFraction(t *testing.T) {
	tm := timer.NewTimer(100*ms, timer.Once)
	tm.Tick(25 * ms)
	if tm.Fraction() != 0.25 || tm.Remaining() != 75*ms || tm.Duration() != 100*ms || tm.Mode() != timer.Once {
		t.Errorf("Fraction %v, Remaining %v, Duration %v, Mode %v", tm.Fraction(), tm.Remaining(), tm.Duration(), tm.Mode())
	}
	tm.SetDuration(30 * ms)
	tm.Tick(5 * ms)
	if !tm.JustFinished() {
		t.Errorf("shortened to 30ms with 30ms elapsed: not finished")
	}
	if timer.Once.String() != "once" || timer.Repeating.String() != "repeating" || timer.Repeat(7).String() != "Repeat(7)" {
		t.Errorf("Repeat strings: %v %v %v", timer.Once, timer.Repeating, timer.Repeat(7))
	}
}

// Cooldown is a game component next to a Timer.
type Cooldown struct{ Fired int }

// seen records, per tick, which systems saw a Timer finish.
type seen struct{ ticks []string }

// TestTimerComponentTickOrder checks when a Timer component changes: in
// glue.First after the clock, so that every later stage of the tick —
// and a system of glue.First ordered after TimersSystem — sees the
// finish, and the next tick forgets it.
func TestTimerComponentTickOrder(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10}) // 100 ms per tick
	app.InsertResource(seen{})
	look := func(where string) func(glue.Entity, *timer.Timer, glue.ResMut[seen]) {
		return func(_ glue.Entity, tm *timer.Timer, s glue.ResMut[seen]) {
			if tm.JustFinished() {
				s.Get().ticks = append(s.Get().ticks, fmt.Sprintf("%s:%d", where, tm.TimesFinished()))
			}
		}
	}
	app.AddSystems(glue.First, glue.Each1P(look("First")).Named("lookFirst").After(timer.TimersSystem))
	app.AddSystems(glue.Update, glue.Each1P(look("Update")).Named("lookUpdate"))
	lookLast := glue.Each1P(look("Last")).Named("lookLast")
	app.AddSystems(glue.Last, lookLast)
	app.AddSystems(glue.Last, glue.Func(func(s glue.ResMut[seen]) { s.Get().ticks = append(s.Get().ticks, "|") }).After(lookLast))
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(timer.NewTimer(250*ms, timer.Repeating)) }))
	defer app.Close()
	for range 5 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	// 100, 200, 300 (finish, 50 left), 150, 250 (finish).
	want := []string{"|", "|", "First:1", "Update:1", "Last:1", "|", "|", "First:1", "Update:1", "Last:1", "|"}
	if got := glue.Resource[seen](app).ticks; !slices.Equal(got, want) {
		t.Errorf("finishes seen = %v, want %v", got, want)
	}
}

// last holds the state of the one Timer component after each tick.
type last struct{ states []finish }

// TestTimerFollowsPausedScaledClock checks that Timer components advance
// by the clock's Delta: not while it is paused, faster when it is scaled.
func TestTimerFollowsPausedScaledClock(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10, Paused: true})
	app.InsertResource(last{})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(timer.NewTimer(time.Second, timer.Once)) }))
	app.AddSystems(glue.Update, glue.Each1P(func(_ glue.Entity, tm *timer.Timer, l glue.ResMut[last]) {
		l.Get().states = append(l.Get().states, state(tm))
	}))
	defer app.Close()
	tick := func() {
		t.Helper()
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	tick()
	tick()
	clock := glue.Resource[timer.Time](app)
	clock.SetPaused(false)
	clock.SetScale(4) // 400 ms per tick
	tick()
	tick()
	tick()
	want := []finish{{}, {}, {elapsed: 400 * ms}, {elapsed: 800 * ms}, {true, 1, true, time.Second}}
	if got := glue.Resource[last](app).states; !slices.Equal(got, want) {
		t.Errorf("timer after each tick = %+v, want %+v", got, want)
	}
}

// spawnTimers spawns n Timer components of varied durations.
func spawnTimers(n int) *glue.System {
	return glue.Func(func(c glue.Commands) {
		for i := range n {
			mode := timer.Once
			if i%2 == 1 {
				mode = timer.Repeating
			}
			c.Spawn(timer.NewTimer(time.Duration(20+i%97)*ms, mode), Cooldown{})
		}
	})
}

// countFires counts each entity's finishes into its Cooldown.
func countFires(_ glue.Entity, tm *timer.Timer, c *Cooldown) { c.Fired += tm.TimesFinished() }

// results holds every timer's finishes and elapsed time, in storage
// order.
type results struct{ out []int }

func collect(p struct {
	Q   glue.Query2[*timer.Timer, *Cooldown]
	Res glue.ResMut[results]
}) {
	r := p.Res.Get()
	r.out = r.out[:0]
	p.Q.Each(func(_ glue.Entity, tm *timer.Timer, c *Cooldown) { r.out = append(r.out, c.Fired, int(tm.Elapsed())) })
}

// timerApp is an app with n timers counted into their Cooldowns.
func timerApp(n int, opts glue.Options) *glue.App {
	app := glue.NewApp().Configure(opts)
	app.AddPlugins(timer.Plugin{TPS: 30})
	app.InsertResource(results{})
	app.AddStartup(spawnTimers(n))
	app.AddSystems(glue.Update, glue.Each2(countFires))
	return app
}

// TestTimersParallelEqualsSequential runs many timers split across
// workers and on one goroutine: every timer must finish the same times.
func TestTimersParallelEqualsSequential(t *testing.T) {
	run := func(opts glue.Options) []int {
		app := timerApp(5000, opts)
		app.AddSystems(glue.Last, glue.Func(collect))
		defer app.Close()
		for range 40 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		return slices.Clone(glue.Resource[results](app).out)
	}
	seq := run(glue.Options{Sequential: true})
	par := run(glue.Options{Workers: 4, ChunkSize: 256, ParallelThreshold: 1})
	if !slices.Equal(seq, par) {
		t.Fatalf("parallel run differs from the sequential run")
	}
	fired := 0
	for i := 0; i < len(seq); i += 2 {
		fired += seq[i]
	}
	if fired == 0 {
		t.Fatal("no timer fired in 40 ticks")
	}
}

// TestTimersAllocateNothing checks that a tick with many timers
// allocates nothing once the app is warm.
func TestTimersAllocateNothing(t *testing.T) {
	app := timerApp(2000, glue.Options{})
	defer app.Close()
	for range 20 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if n := testing.AllocsPerRun(50, func() { _ = app.Update() }); n != 0 {
		t.Errorf("a tick with 2000 timers allocates %v times, want 0", n)
	}
}

// BenchmarkTimers measures the timer system per timer per tick: the
// cost of a tick with n timers (and the clock alone) divided by n.
func BenchmarkTimers(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, mode := range []struct {
			name string
			opts glue.Options
		}{{"seq", glue.Options{Sequential: true}}, {"par", glue.Options{}}} {
			b.Run(fmt.Sprintf("n=%d/%s", n, mode.name), func(b *testing.B) {
				app := glue.NewApp().Configure(mode.opts)
				app.AddPlugins(timer.Plugin{})
				app.AddStartup(spawnTimers(n))
				defer app.Close()
				for range 100 {
					_ = app.Update()
				}
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					_ = app.Update()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/timer")
			})
		}
	}
}
