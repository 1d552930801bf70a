package timer_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// Hero holds timers in every place Ticks looks (a field, an embedded
// struct, a nested struct, an array) and one it must leave alone (behind
// a pointer), between other fields.
type Hero struct {
	Name string
	Hurt timer.Timer
	Cooldowns
	Gun   struct{ Reload timer.Timer }
	Combo [2]timer.Timer
	Far   *timer.Timer
	HP    int
}

// Cooldowns is embedded in Hero.
type Cooldowns struct{ Dash timer.Timer }

func (h *Hero) all() []*timer.Timer {
	return []*timer.Timer{&h.Hurt, &h.Dash, &h.Gun.Reload, &h.Combo[0], &h.Combo[1], h.Far}
}

func newHero() Hero {
	far := timer.NewTimer(100*ms, timer.Once)
	return Hero{Name: "h", HP: 3, Far: &far,
		Hurt:      timer.NewTimer(100*ms, timer.Once),
		Cooldowns: Cooldowns{timer.NewTimer(200*ms, timer.Once)},
		Gun:       struct{ Reload timer.Timer }{timer.NewTimer(300*ms, timer.Repeating)},
		Combo:     [2]timer.Timer{timer.NewTimer(400*ms, timer.Once), timer.NewTimer(500*ms, timer.Once)},
	}
}

// TestTicksAdvancesTimerFields: every Timer held in the component
// advances once per tick by the clock's Delta, none while the clock is
// paused, and a finish is seen by the game's systems of that tick; the
// Timer behind a pointer and the other fields are left alone.
func TestTicksAdvancesTimerFields(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10}, timer.Ticks[Hero]{}) // 100 ms per tick
	app.InsertResource(seen{})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(newHero()) }))
	app.AddSystems(glue.Update, glue.Each1P(func(_ glue.Entity, h *Hero, s glue.ResMut[seen]) {
		var b strings.Builder
		for _, tm := range h.all() {
			fmt.Fprintf(&b, "%d", tm.Elapsed()/ms/100)
			if tm.JustFinished() {
				b.WriteByte('!')
			}
			b.WriteByte(' ')
		}
		s.Get().ticks = append(s.Get().ticks, strings.TrimSpace(b.String()))
	}))
	defer app.Close()
	for i := range 5 {
		glue.Resource[timer.Time](app).SetPaused(i == 2) // the third tick is paused
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		"1! 1 1 1 1 0", // 100 ms: Hurt finishes
		"1 2! 2 2 2 0", // 200 ms: Dash
		"1 2 2 2 2 0",  // paused: nothing moves, nothing finishes again
		"1 2 0! 3 3 0", // 300 ms: Reload repeats
		"1 2 1 4! 4 0", // 400 ms: Combo[0]
	}
	if got := glue.Resource[seen](app).ticks; !slices.Equal(got, want) {
		t.Errorf("elapsed (in 100 ms) after each tick:\n got %q\nwant %q", got, want)
	}
	var h Hero
	for _, e := range app.Entities(nil) {
		c, _ := app.Component(e, glue.TypeOf[Hero]())
		h = c.(Hero)
	}
	if h.Name != "h" || h.HP != 3 {
		t.Errorf("Ticks changed the other fields: %+v", h)
	}
}

// TestTicksMisuseIsABuildError: a type without timers, Timer itself, a
// type added twice and Ticks without the clock's Plugin are reported by
// Build, naming the type. Without the clock's Plugin, that is all it
// says (it also said that Ticks runs after a label no system has, the
// missing plugin's, which a stranger's module found noise).
func TestTicksMisuseIsABuildError(t *testing.T) {
	for _, c := range []struct {
		name    string
		plugins []glue.Plugin
		want    string
	}{
		{"no timer", []glue.Plugin{timer.Plugin{}, timer.Ticks[Cooldown]{}}, "timer: Ticks[timer_test.Cooldown], but timer_test.Cooldown holds no timer.Timer"},
		{"Timer", []glue.Plugin{timer.Plugin{}, timer.Ticks[timer.Timer]{}}, "timer.Plugin advances Timer components already"},
		{"twice", []glue.Plugin{timer.Plugin{}, timer.Ticks[Hero]{}, timer.Ticks[Hero]{}}, "timer.Ticks[timer_test.Hero] added twice"},
		{"no clock", []glue.Plugin{timer.Ticks[Hero]{}}, "system timer.Ticks[timer_test.Hero] needs resource timer.Time, which timer.Plugin inserts"},
	} {
		app := glue.NewApp()
		app.AddPlugins(c.plugins...)
		err := app.Build()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Build = %v, want an error containing %q", c.name, err, c.want)
		}
		// Without the clock's Plugin, that is the one error: not also
		// that the system runs after a label of the missing plugin's.
		if c.name == "no clock" && strings.Contains(err.Error(), "no such system") {
			t.Errorf("%s: Build = %v, want only the missing plugin named", c.name, err)
		}
		app.Close()
	}
}

// TestTicksAllocatesNothing: a tick advancing the timers of 2,000
// components, split across workers or not, allocates nothing, and both
// runs leave the same timers.
func TestTicksAllocatesNothing(t *testing.T) {
	run := func(opts glue.Options) []time.Duration {
		app := glue.NewApp().Configure(opts)
		app.AddPlugins(timer.Plugin{TPS: 30}, timer.Ticks[Hero]{})
		app.AddStartup(glue.Func(func(c glue.Commands) {
			for i := range 2000 {
				h := newHero()
				h.Combo[1].SetDuration(time.Duration(i) * ms)
				c.Spawn(h)
			}
		}))
		defer app.Close()
		for range 20 {
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if n := testing.AllocsPerRun(20, func() { _ = app.Update() }); n != 0 {
			t.Errorf("%+v: a tick with 2,000 components of timers allocates %v times, want 0", opts, n)
		}
		var out []time.Duration
		for _, e := range app.Entities(nil) {
			c, _ := app.Component(e, glue.TypeOf[Hero]())
			h := c.(Hero)
			for _, tm := range h.all()[:5] {
				out = append(out, tm.Elapsed())
			}
		}
		return out
	}
	seq := run(glue.Options{Sequential: true})
	par := run(glue.Options{Workers: 4, ChunkSize: 256, ParallelThreshold: 1})
	if !slices.Equal(seq, par) {
		t.Error("the parallel run left other timers than the sequential run")
	}
}

// Reload is a component with one Timer field, for BenchmarkTicks.
type Reload struct {
	Shots int
	T     timer.Timer
}

// BenchmarkTicks measures Ticks per timer per tick, as BenchmarkTimers
// does for Timer components: a tick with n components of one Timer
// field (and the clock alone) divided by n.
func BenchmarkTicks(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("n=%d/seq", n), func(b *testing.B) {
			app := glue.NewApp().Configure(glue.Options{Sequential: true})
			app.AddPlugins(timer.Plugin{}, timer.Ticks[Reload]{})
			app.AddStartup(glue.Func(func(c glue.Commands) {
				for i := range n {
					c.Spawn(Reload{T: timer.NewTimer(time.Duration(20+i%97)*ms, timer.Repeating)})
				}
			}))
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
