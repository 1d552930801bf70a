package net_test

import (
	"errors"
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/net"
)

// Steps is a game's input in one tick: how far its player steps.
type Steps struct{ N int8 }

// Walked is the game's state: how far both players walked.
type Walked struct{ A, B int }

// stepsTaken is a global a careless system reads: not in the app's
// state, so no checkpoint takes it back.
var stepsTaken int

// The sync test runs a game as a rollback session would, without a
// network: after every tick it runs the 8 before it again from their
// checkpoint and compares digests. A deterministic game passes; one that
// reads a global is caught at its first re-run, with the part that
// differs named.
func ExampleSyncTest() {
	newGame := func(careless bool) *glue.App {
		app := glue.NewApp()
		app.InsertResource(Walked{})
		app.InsertResource(Steps{N: 1}) // player 0's sample: one step a tick
		app.AddPlugins(net.SyncTest[Steps]{Config: net.SyncTestConfig{
			Remote: func(t uint64, _ int) any { return Steps{N: int8(t % 3)} }, // player 1
		}})
		app.AddSystems(glue.Update, glue.Func(func(p struct {
			In     glue.Res[net.Inputs]
			Walked glue.ResMut[Walked]
		}) {
			w := p.Walked.Get()
			for client, s := range net.InputsOf[Steps](p.In.Get()) {
				if client == 1 {
					w.A += int(s.N)
				} else {
					w.B += int(s.N)
				}
			}
			if careless {
				stepsTaken++
				w.B += stepsTaken % 3
			}
		}))
		return app
	}

	app := newGame(false)
	for range 100 {
		if err := app.Update(); err != nil {
			fmt.Println(err)
		}
	}
	st := glue.Resource[net.Session](app).Stats()
	fmt.Printf("%d ticks, %d re-run, %d differences; walked %+v\n", st.Tick, st.Resimulated, st.Desyncs, *glue.Resource[Walked](app))
	app.Close()

	app = newGame(true)
	defer app.Close()
	for range 100 {
		var se *net.SyncError
		if err := app.Update(); errors.As(err, &se) {
			fmt.Printf("tick %d, re-run from tick %d: %s differs\n", se.Tick, se.From, se.Parts[0].Name)
			break
		}
	}
	// Output:
	// 100 ticks, 736 re-run, 0 differences; walked {A:100 B:100}
	// tick 2, re-run from tick 1: net_test.Walked differs
}
