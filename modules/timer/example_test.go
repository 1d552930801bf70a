package timer_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
)

type exampleStage int

const exampleUpdate exampleStage = 0

func (exampleStage) String() string { return "Update" }

// Ball moves at a speed in pixels per second.
type Ball struct{ X, Speed float64 }

// Example moves a ball by speed × DeltaSeconds every tick. With the
// default fixed step the result is the same on every machine.
func Example() {
	app := glue.NewApp(exampleUpdate)
	app.AddPlugins(timer.Plugin{TPS: 60})
	app.AddStartup(glue.System1(func(cmds glue.Commands) {
		cmds.Spawn(Ball{Speed: 120})
	}))
	app.AddSystems(exampleUpdate, glue.Each1P1(func(_ glue.Entity, b *Ball, tm glue.Res[timer.Time]) {
		b.X += b.Speed * tm.Get().DeltaSeconds()
	}))
	app.AddSystems(exampleUpdate, glue.System2(func(tm glue.Res[timer.Time], cmds glue.Commands) {
		if tm.Get().Ticks() == 30 {
			cmds.End()
		}
	}))
	if err := app.Run(); err != nil {
		fmt.Println(err)
	}
	tm := glue.Resource[timer.Time](app)
	fmt.Println("stages:", app.Stages())
	fmt.Println("ticks:", tm.Ticks(), "elapsed:", tm.Elapsed().Round(1e6))
	// Output:
	// stages: [timer.Tick Update]
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
