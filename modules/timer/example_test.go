package timer_test

import (
	"fmt"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

// Ball moves at a speed in pixels per second.
type Ball struct{ X, Speed float64 }

// Example moves a ball by speed × DeltaSeconds every tick. With the
// default fixed step the result is the same on every machine.
func Example() {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 60}) // the clock advances in glue.First
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Ball{Speed: 120})
	}))
	app.AddSystems(glue.Update, glue.Each1P(func(_ glue.Entity, b *Ball, tm glue.Res[timer.Time]) {
		b.X += b.Speed * tm.Get().DeltaSeconds()
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Time glue.Res[timer.Time]
		Cmds glue.Commands
	}) {
		if p.Time.Get().Ticks() == 30 {
			p.Cmds.End()
		}
	}))
	if err := app.Run(); err != nil {
		fmt.Println(err)
	}
	tm := glue.Resource[timer.Time](app)
	fmt.Println("ticks:", tm.Ticks(), "elapsed:", tm.Elapsed().Round(1e6))
	// Output:
	// ticks: 30 elapsed: 500ms
}

// ExampleTime_SetPaused pauses the clock: Delta is zero and Elapsed stands
// still until the clock is resumed.
func ExampleTime_SetPaused() {
	tm := timer.Plugin{TPS: 10}.NewTime()
	tm.Advance()
	tm.SetPaused(true)
	tm.Advance()
	fmt.Println(tm.Delta(), tm.Elapsed(), tm.Ticks())
	tm.SetPaused(false)
	tm.Advance()
	fmt.Println(tm.Delta(), tm.Elapsed(), tm.Ticks())
	// Output:
	// 0s 100ms 1
	// 100ms 200ms 2
}

// Phase is the example game's state.
type Phase int

// The example game's phases.
const (
	Playing Phase = iota
	Paused
)

// ExamplePlugin_pauseWhile stops the clock while the game is Paused: no
// system stops or starts it. The pause is requested in tick 3 and lifted
// in tick 6; each takes effect in the next tick's StateTransition, after
// the clock has advanced, so the clock holds in ticks 5 to 7, which start
// Paused.
func ExamplePlugin_pauseWhile() {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10, PauseWhile: glue.InState(Paused)})
	glue.AddState(app, Playing)
	tick := 0
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Time glue.Res[timer.Time]
		Next glue.ResMut[glue.NextState[Phase]]
	}) {
		tick++
		fmt.Println("tick", tick, "delta", p.Time.Get().Delta(), "paused", p.Time.Get().Paused())
		switch tick {
		case 3:
			p.Next.Get().Set(Paused) // takes effect in tick 4's StateTransition
		case 6:
			p.Next.Get().Set(Playing)
		}
	}))
	for range 8 {
		if err := app.Update(); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// tick 1 delta 100ms paused false
	// tick 2 delta 100ms paused false
	// tick 3 delta 100ms paused false
	// tick 4 delta 100ms paused false
	// tick 5 delta 0s paused true
	// tick 6 delta 0s paused true
	// tick 7 delta 0s paused true
	// tick 8 delta 100ms paused false
}

// Fuse is a bomb's fuse: its entity also has a Once Timer.
type Fuse struct{ Name string }

// ExampleTimer gives entities Timer components: the plugin advances them
// in glue.First, and a game system asks JustFinished instead of comparing
// floats.
func ExampleTimer() {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10}) // 100 ms per tick
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Fuse{"short"}, timer.NewTimer(200*time.Millisecond, timer.Once))
		cmds.Spawn(Fuse{"long"}, timer.NewTimer(450*time.Millisecond, timer.Once))
	}))
	app.AddSystems(glue.Update, glue.Each2P(func(e glue.Entity, f *Fuse, t *timer.Timer, p struct {
		Time glue.Res[timer.Time]
		Cmds glue.Commands
	}) {
		if t.JustFinished() {
			fmt.Printf("tick %d: %s fuse done\n", p.Time.Get().Ticks(), f.Name)
			p.Cmds.Despawn(e)
		}
	}))
	defer app.Close()
	for range 6 {
		_ = app.Update()
	}
	fmt.Println("entities left:", app.Len())
	// Output:
	// tick 2: short fuse done
	// tick 5: long fuse done
	// entities left: 0
}

// ExampleTimer_Tick keeps a repeating Timer in a system's Local and
// advances it by the clock's Delta: a spawner firing every 250 ms. In a
// 100 ms tick it fires at most once; TimesFinished counts the waves a
// longer tick covers.
func ExampleTimer_Tick() {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Time  glue.Res[timer.Time]
		Spawn glue.Local[timer.Timer]
	}) {
		t := p.Spawn.Get()
		if p.Time.Get().Ticks() == 1 {
			*t = timer.NewTimer(250*time.Millisecond, timer.Repeating)
		}
		t.Tick(p.Time.Get().Delta())
		if t.JustFinished() {
			fmt.Printf("tick %d: %d wave(s)\n", p.Time.Get().Ticks(), t.TimesFinished())
		}
	}))
	defer app.Close()
	for range 6 {
		_ = app.Update()
	}
	// Output:
	// tick 3: 1 wave(s)
	// tick 5: 1 wave(s)
}

// Gunner is a component with a timer of its own: its gun's reload.
type Gunner struct {
	Name   string
	Reload timer.Timer
}

// ExampleTicks makes the plugin advance the Timer fields of a component:
// no system ticks Gunner.Reload by hand, and it stands still while the
// clock is paused.
func ExampleTicks() {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 10}, timer.Ticks[Gunner]{}) // 100 ms per tick
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Gunner{Name: "turret", Reload: timer.NewTimer(300*time.Millisecond, timer.Repeating)})
	}))
	app.AddSystems(glue.Update, glue.Each1P(func(_ glue.Entity, g *Gunner, tm glue.Res[timer.Time]) {
		if g.Reload.JustFinished() {
			fmt.Printf("%v of game time: %s fires\n", tm.Get().Elapsed(), g.Name)
		}
	}))
	defer app.Close()
	for update := 1; update <= 8; update++ {
		glue.Resource[timer.Time](app).SetPaused(update == 2 || update == 3)
		_ = app.Update()
	}
	fmt.Println("8 updates, 2 of them paused:", glue.Resource[timer.Time](app).Elapsed())
	// Output:
	// 300ms of game time: turret fires
	// 600ms of game time: turret fires
	// 8 updates, 2 of them paused: 600ms
}

// ExampleDelta moves a ball by speed × the tick's delta, taken as a
// param: no clock to fetch on the system's first line.
func ExampleDelta() {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 60})
	app.AddStartup(glue.Func(func(cmds glue.Commands) { cmds.Spawn(Ball{Speed: 120}) }))
	app.AddSystems(glue.Update, glue.Each1P(func(_ glue.Entity, b *Ball, dt timer.Delta) {
		b.X += b.Speed * dt.Seconds()
	}))
	app.AddSystems(glue.PostUpdate, glue.Each1(func(_ glue.Entity, b *Ball) {
		if b.X >= 60 {
			fmt.Printf("x = %.0f\n", b.X)
		}
	}))
	defer app.Close()
	for range 30 {
		app.Update()
	}
	// Output:
	// x = 60
}
