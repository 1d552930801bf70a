package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// syncKeys presses the keys of tick i of the sync test: in play the
// hero runs right and left in long runs and jumps now and then; in a
// menu (the title, a game over or won) Enter starts a game, the arrows
// left alone so that the first button, Play, keeps the focus.
func syncKeys(d *input.Devices, i int, ph Phase) {
	clear(d.Keys[:])
	if ph != Playing {
		d.Keys[ebiten.KeyEnter] = i%20 == 0
		return
	}
	if (i/150)%5 == 3 {
		d.Keys[ebiten.KeyLeft] = true
	} else {
		d.Keys[ebiten.KeyRight] = true
	}
	d.Keys[ebiten.KeySpace] = i%47 < 12
}

// The platformer passes the sync test: every tick, the 8 ticks before it
// are run again from their checkpoint with the keys they had
// (which the test chose from the phase the tick began in)
// (input.Devices, a headless game's input, put back by the sync test),
// and every re-run tick's digests are its first run's. 10,000 ticks
// without the race detector, 1,500 with it or with -short (each tick is
// 9 ticks, 9 checkpoints and 9 digests).
func TestSyncTestPlatformer(t *testing.T) {
	n := 10000
	if raceEnabled || testing.Short() {
		n = 1500
	}
	app, err := NewApp(Config{Headless: true, Saves: &save.Memory{}})
	if err != nil {
		t.Fatal(err)
	}
	app.Configure(glue.Options{Sequential: true})
	app.AddPlugins(net.SyncTest[net.NoInput]{Config: net.SyncTestConfig{Players: 1,
		// The game's rules read input.State, which is machine-local (a
		// checkpoint leaves it alone): the sync test puts it back with the
		// devices, as a replay's recorded input would be.
		Inputs: []glue.Type{glue.TypeOf[input.Devices](), glue.TypeOf[input.State]()}}})
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	phases, best := map[Phase]int{}, 0
	last, first := Phase(0), true
	for i := range n {
		syncKeys(glue.Resource[input.Devices](app), i, glue.StateAfter[Phase](app))
		if err := app.Update(); err != nil {
			t.Fatalf("tick %d: %v", i+1, err)
		}
		best = max(best, glue.Resource[Progress](app).Score)
		if p := glue.StateAfter[Phase](app); p != last || first {
			phases[p]++
			last, first = p, false
		}
	}
	st := glue.Resource[net.Session](app).Stats()
	want := uint64(n - net.DefaultSyncCheck)
	if st.Tick != uint64(n) || st.Rollbacks != want || st.Resimulated != want*net.DefaultSyncCheck || st.Desyncs != 0 {
		t.Errorf("after %d ticks: %+v; want %d rollbacks of %d ticks, no desync", n, st, want, net.DefaultSyncCheck)
	}
	if phases[Playing] == 0 || phases[GameOver]+phases[Won] == 0 || best == 0 {
		t.Errorf("the game was hardly played: phases entered %v, best score %d", phases, best)
	}
	t.Logf("%d ticks, %d re-run; phases entered %v; best score %d", n, st.Resimulated, phases, best)
}
