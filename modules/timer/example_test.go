package timer_test

import (
	"fmt"

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
