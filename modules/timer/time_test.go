package timer_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

func TestFixedStep(t *testing.T) {
	tm := timer.Plugin{}.NewTime()
	if tm.Ticks() != 0 || tm.Delta() != 0 || tm.Elapsed() != 0 {
		t.Fatalf("before the first tick: ticks %d, delta %v, elapsed %v; want zeros", tm.Ticks(), tm.Delta(), tm.Elapsed())
	}
	for range 3 {
		tm.Advance()
	}
	if got, want := tm.Delta(), step60; got != want {
		t.Errorf("Delta = %v, want %v", got, want)
	}
	if got, want := tm.DeltaSeconds(), 1.0/60; got != want {
		t.Errorf("DeltaSeconds = %v, want %v", got, want)
	}
	if got, want := tm.Elapsed(), 3*step60; got != want {
		t.Errorf("Elapsed = %v, want %v", got, want)
	}
	if got, want := tm.ElapsedSeconds(), 1.0/60+1.0/60+1.0/60; got != want {
		t.Errorf("ElapsedSeconds = %v, want %v", got, want)
	}
	if tm.Ticks() != 3 {
		t.Errorf("Ticks = %d, want 3", tm.Ticks())
	}
	if tm.Mode() != timer.Fixed || tm.TPS() != timer.DefaultTPS || tm.Step() != step60 {
		t.Errorf("Mode %v, TPS %d, Step %v; want fixed, 60, 1/60 s", tm.Mode(), tm.TPS(), tm.Step())
	}
}

func TestFixedStepTPS(t *testing.T) {
	tm := timer.Plugin{TPS: 30}.NewTime()
	tm.Advance()
	if got, want := tm.Delta(), time.Second/30; got != want {
		t.Errorf("Delta = %v, want %v", got, want)
	}
}

func TestFixedIgnoresWallClock(t *testing.T) {
	clock := time.Unix(0, 0)
	tm := timer.Plugin{Now: func() time.Time { clock = clock.Add(time.Hour); return clock }}.NewTime()
	tm.Advance()
	tm.Advance()
	if got, want := tm.Elapsed(), 2*step60; got != want {
		t.Errorf("Elapsed = %v, want %v: the fixed step must not read the wall clock", got, want)
	}
}

func TestPause(t *testing.T) {
	tm := timer.Plugin{}.NewTime()
	tm.Advance()
	tm.SetPaused(true)
	tm.Advance()
	tm.Advance()
	if !tm.Paused() {
		t.Error("Paused = false after SetPaused(true)")
	}
	if tm.Delta() != 0 || tm.DeltaSeconds() != 0 {
		t.Errorf("paused Delta = %v (%v s), want 0", tm.Delta(), tm.DeltaSeconds())
	}
	if tm.Ticks() != 1 || tm.Elapsed() != step60 {
		t.Errorf("paused: Ticks %d, Elapsed %v; want 1 and 1/60 s (no advance while paused)", tm.Ticks(), tm.Elapsed())
	}
	tm.SetPaused(false)
	tm.Advance()
	if tm.Ticks() != 2 || tm.Delta() != step60 {
		t.Errorf("resumed: Ticks %d, Delta %v; want 2 and 1/60 s", tm.Ticks(), tm.Delta())
	}
}

func TestScale(t *testing.T) {
	tm := timer.Plugin{TPS: 50}.NewTime()
	tm.SetScale(0.5)
	tm.Advance()
	if got, want := tm.Delta(), 10*time.Millisecond; got != want {
		t.Errorf("Delta at scale 0.5 = %v, want %v", got, want)
	}
	if got, want := tm.DeltaSeconds(), 0.01; got != want {
		t.Errorf("DeltaSeconds at scale 0.5 = %v, want %v", got, want)
	}
	if tm.Scale() != 0.5 {
		t.Errorf("Scale = %v, want 0.5", tm.Scale())
	}
	tm = timer.Plugin{TPS: 50, Scale: 2}.NewTime()
	tm.Advance()
	if got, want := tm.Delta(), 40*time.Millisecond; got != want {
		t.Errorf("Delta with Plugin.Scale 2 = %v, want %v", got, want)
	}
}

func TestSetScalePanics(t *testing.T) {
	defer func() {
		r := recover()
		if r == nil || !strings.HasPrefix(r.(string), "timer: ") {
			t.Errorf("SetScale(-1) recovered %v; want a panic starting with \"timer: \"", r)
		}
	}()
	tm := timer.Plugin{}.NewTime()
	tm.SetScale(-1)
}

func TestNewTimeRejectsBadOptions(t *testing.T) {
	for name, p := range map[string]timer.Plugin{
		"negative TPS":      {TPS: -1},
		"negative MaxDelta": {MaxDelta: -time.Second},
		"unknown mode":      {Mode: 7},
		"negative scale":    {Scale: -2},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("NewTime(%+v) did not panic", p)
				}
			}()
			p.NewTime()
		})
	}
}

// fakeClock returns a clock that moves by the given steps, one per call.
func fakeClock(steps ...time.Duration) func() time.Time {
	now := time.Unix(1000, 0)
	i := 0
	return func() time.Time {
		if i < len(steps) {
			now = now.Add(steps[i])
			i++
		}
		return now
	}
}

func TestVariableStep(t *testing.T) {
	tm := timer.Plugin{Mode: timer.Variable, Now: fakeClock(0, 10*time.Millisecond, 30*time.Millisecond, time.Hour)}.NewTime()
	tm.Advance()
	if tm.Delta() != 0 || tm.Ticks() != 1 {
		t.Errorf("first variable tick: Delta %v, Ticks %d; want 0 and 1", tm.Delta(), tm.Ticks())
	}
	tm.Advance()
	if tm.Delta() != 10*time.Millisecond {
		t.Errorf("second tick Delta = %v, want 10ms", tm.Delta())
	}
	tm.Advance()
	if tm.Delta() != 30*time.Millisecond || tm.DeltaSeconds() != 0.03 {
		t.Errorf("third tick Delta = %v (%v s), want 30ms", tm.Delta(), tm.DeltaSeconds())
	}
	tm.Advance()
	if tm.Delta() != timer.DefaultMaxDelta {
		t.Errorf("an hour-long tick gives Delta %v, want the cap %v", tm.Delta(), timer.DefaultMaxDelta)
	}
	if got, want := tm.Elapsed(), 40*time.Millisecond+timer.DefaultMaxDelta; got != want {
		t.Errorf("Elapsed = %v, want %v", got, want)
	}
}

func TestVariablePauseSkipsPausedTime(t *testing.T) {
	tm := timer.Plugin{Mode: timer.Variable, MaxDelta: time.Minute,
		Now: fakeClock(0, 10*time.Millisecond, 20*time.Second, 10*time.Millisecond)}.NewTime()
	tm.Advance()
	tm.Advance()
	tm.SetPaused(true)
	tm.Advance() // 20 s pass while paused
	tm.SetPaused(false)
	tm.Advance()
	if tm.Delta() != 10*time.Millisecond {
		t.Errorf("first tick after resuming: Delta %v, want 10ms (paused time must not count)", tm.Delta())
	}
	if tm.Elapsed() != 20*time.Millisecond {
		t.Errorf("Elapsed = %v, want 20ms", tm.Elapsed())
	}
}

// record collects what game systems saw of the clock, tick by tick.
type record struct {
	deltas []time.Duration
	ticks  []uint64
}

// observe is a game system that records what it saw of the clock.
func observe(p struct {
	Time glue.Res[timer.Time]
	Rec  glue.ResMut[record]
}) {
	r := p.Rec.Get()
	r.deltas = append(r.deltas, p.Time.Get().Delta())
	r.ticks = append(r.ticks, p.Time.Get().Ticks())
}

func TestPluginAdvancesBeforeGameSystems(t *testing.T) {
	app := glue.NewApp()
	app.InsertResource(record{})
	// A game system of glue.First, registered before the plugin, runs
	// after the clock advanced when it says so.
	app.AddSystems(glue.First, glue.Func(observe).After(timer.AdvanceSystem))
	app.AddPlugins(timer.Plugin{TPS: 10})
	defer app.Close()
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	r := glue.Resource[record](app)
	if len(r.deltas) != 3 {
		t.Fatalf("game system ran %d times in 3 ticks", len(r.deltas))
	}
	for i, d := range r.deltas {
		if d != 100*time.Millisecond || r.ticks[i] != uint64(i+1) {
			t.Errorf("tick %d: game system saw Delta %v and Ticks %d, want 100ms and %d", i+1, d, r.ticks[i], i+1)
		}
	}
	if got := glue.Resource[timer.Time](app).Elapsed(); got != 300*time.Millisecond {
		t.Errorf("Elapsed after 3 ticks = %v, want 300ms", got)
	}
}

func TestPluginAddsNoStages(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	defer app.Close()
	got, want := app.Stages(), glue.NewApp().Stages()
	if len(got) != len(want) {
		t.Fatalf("stages = %v, want the core stages %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("stages = %v, want the core stages %v", got, want)
		}
	}
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	if d := app.Describe(); !strings.Contains(d, "Stage First (update):\n  group 1\n    timer.advance ") {
		t.Errorf("Describe does not list timer.advance in stage First:\n%s", d)
	}
}

func TestPauseFromASystem(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	app.AddSystems(glue.Update, glue.Func(func(tm glue.ResMut[timer.Time]) {
		if tm.Get().Ticks() == 2 {
			tm.Get().SetPaused(true)
		}
	}))
	defer app.Close()
	for range 5 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	tm := glue.Resource[timer.Time](app)
	if tm.Ticks() != 2 || tm.Delta() != 0 {
		t.Errorf("after pausing at tick 2 and running 5: Ticks %d, Delta %v; want 2 and 0", tm.Ticks(), tm.Delta())
	}
	if app.Tick() != 5 {
		t.Errorf("app ticks = %d, want 5 (pausing the clock does not stop the app)", app.Tick())
	}
}

func TestDeterministic(t *testing.T) {
	run := func() float64 {
		app := glue.NewApp()
		app.AddPlugins(timer.Plugin{})
		type pos struct{ x float64 }
		app.InsertResource(pos{})
		app.AddSystems(glue.Update, glue.Func(func(p struct {
			Time glue.Res[timer.Time]
			Pos  glue.ResMut[pos]
		}) {
			p.Pos.Get().x += 123.4 * p.Time.Get().DeltaSeconds()
		}))
		defer app.Close()
		for range 600 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		return glue.Resource[pos](app).x
	}
	if a, b := run(), run(); a != b {
		t.Errorf("two runs of 600 fixed ticks differ: %v vs %v", a, b)
	}
}

func TestModeString(t *testing.T) {
	if timer.Fixed.String() != "fixed" || timer.Variable.String() != "variable" || timer.Mode(9).String() != "Mode(9)" {
		t.Errorf("Mode strings: %q %q %q", timer.Fixed, timer.Variable, timer.Mode(9))
	}
}

func TestPluginReportsBadOptionsAtBuild(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: -5})
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "timer: Plugin.TPS must be positive (or zero for 60), got -5") {
		t.Errorf("Build = %v, want the TPS error", err)
	}
}

func TestSystemWithoutPlugin(t *testing.T) {
	app := glue.NewApp()
	app.AddSystems(glue.Update, glue.Func(func(glue.Res[timer.Time]) {}))
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "timer.Plugin") || !strings.Contains(err.Error(), "timer.Time") {
		t.Errorf("Build = %v, want an error saying to add timer.Plugin for timer.Time", err)
	}
}

// hold is the condition of TestPauseWhile's clock.
type hold struct{ On bool }

// PauseWhile pauses the clock in the ticks that start with the condition
// holding, on top of SetPaused: neither undoes the other.
func TestPauseWhile(t *testing.T) {
	app := glue.NewApp()
	app.InsertResource(hold{})
	app.AddPlugins(timer.Plugin{PauseWhile: glue.If(func(h glue.Res[hold]) bool { return h.Get().On })})
	t.Cleanup(app.Close)
	tm := func() *timer.Time { return glue.Resource[timer.Time](app) }
	step := func(on, paused bool) (time.Duration, bool) {
		t.Helper()
		glue.Resource[hold](app).On = on
		tm().SetPaused(paused)
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		return tm().Delta(), tm().Paused()
	}
	for _, c := range []struct {
		on, paused bool
		delta      time.Duration
	}{
		{false, false, step60},
		{true, false, 0}, // held by the condition
		{true, false, 0}, // SetPaused(false) does not release it
		{false, true, 0}, // SetPaused(true) holds without it
		{false, false, step60},
	} {
		if d, p := step(c.on, c.paused); d != c.delta || p != (c.delta == 0) {
			t.Errorf("condition %v, SetPaused(%v): delta %v, Paused %v; want %v, %v", c.on, c.paused, d, p, c.delta, c.delta == 0)
		}
	}
	if desc := app.Describe(); !strings.Contains(desc, "timer.hold") {
		t.Errorf("the schedule lacks timer.hold:\n%s", desc)
	}
}

// step60 is 1/60 s rounded to the nanosecond: Time.Step at 60 TPS.
const step60 = 16666667 * time.Nanosecond
