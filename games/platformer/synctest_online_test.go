//go:build !js

package main

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/net"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// onlineKeys presses player 0's keys of tick i online: as syncKeys in
// play; after a game over or a win, Space (Jump) plays again, as there
// are no menus online.
func onlineKeys(d *input.Devices, i int, ph Phase) {
	syncKeys(d, i, Playing)
	if ph != Playing {
		clear(d.Keys[:])
		d.Keys[ebiten.KeySpace] = i%20 == 0
	}
}

// remotePad is player 1's pad of tick t: it runs right, turns back now
// and then, and jumps in its own rhythm.
func remotePad(t uint64) Pad {
	p := Pad{X: 1, Jump: t%53 == 0, Held: t%53 < 14}
	if (t/130)%4 == 2 {
		p.X = -1
	}
	return p
}

// heroes returns the heroes' bodies by seat.
func heroes(app *glue.App) map[int]physics.Body {
	out := map[int]physics.Body{}
	for _, e := range app.Entities(nil) {
		if v, ok := app.Component(e, glue.TypeOf[Player]()); ok {
			b, _ := app.Component(e, glue.TypeOf[physics.Body]())
			out[v.(Player).Seat] = b.(physics.Body)
		}
	}
	return out
}

// The two-player game (-rollback) passes the sync test too: every tick,
// the 8 ticks before it are run again from their checkpoint with both
// players' pads (player 1's from remotePad, net.SyncTestConfig.Remote),
// and every re-run tick's digests are its first run's: the second hero
// spawned (JoinHeroes), the pads handed over (TakePads), the camera
// taken from the map's hero, a game over and a new game by a Jump
// (PlayAgain). 10,000 ticks without the race detector, 1,000 with it
// or with -short (1,500 took 124 s under -race at load 28).
func TestSyncTestPlatformerOnline(t *testing.T) {
	n := 10000
	if raceEnabled || testing.Short() {
		n = 1000
	}
	session := net.SyncTest[Pad]{Config: net.SyncTestConfig{Players: 2,
		Remote: func(t uint64, _ int) any { return remotePad(t) },
		Inputs: []glue.Type{glue.TypeOf[input.Devices](), glue.TypeOf[input.State]()}}}
	app, err := NewApp(Config{Headless: true, Saves: &save.Memory{}, Rollback: true, Session: session})
	if err != nil {
		t.Fatal(err)
	}
	app.Configure(glue.Options{Sequential: true})
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	if ph := glue.StateAfter[Phase](app); ph != Playing {
		t.Fatalf("online the game starts in %v, want Playing (no menus)", ph)
	}
	phases, best, moved := map[Phase]int{}, 0, false
	last := Playing
	var start physics.Vec
	for i := range n {
		onlineKeys(glue.Resource[input.Devices](app), i, glue.StateAfter[Phase](app))
		if err := app.Update(); err != nil {
			t.Fatalf("tick %d: %v", i+1, err)
		}
		if err := app.Draw(); err != nil {
			t.Fatalf("tick %d: draw: %v", i+1, err)
		}
		best = max(best, glue.Resource[Progress](app).Score)
		if p := glue.StateAfter[Phase](app); p != last {
			phases[p]++
			last = p
		}
		hs := heroes(app)
		if b, ok := hs[1]; ok && start == (physics.Vec{}) {
			start = b.Pos
		} else if ok && b.Pos.Sub(start).Len() > 32 {
			moved = true
		}
		if len(hs) > 2 {
			t.Fatalf("tick %d: %d heroes, want 2", i+1, len(hs))
		}
	}
	st := glue.Resource[net.Session](app).Stats()
	want := uint64(n - net.DefaultSyncCheck)
	if st.Tick != uint64(n) || st.Rollbacks != want || st.Resimulated != want*net.DefaultSyncCheck || st.Desyncs != 0 {
		t.Errorf("after %d ticks: %+v; want %d rollbacks of %d ticks, no desync", n, st, want, net.DefaultSyncCheck)
	}
	if !moved || phases[Playing] == 0 || phases[GameOver]+phases[Won] == 0 || best == 0 {
		t.Errorf("the game was hardly played: player 1's hero moved %v, phases entered %v, best score %d", moved, phases, best)
	}
	t.Logf("%d ticks, %d re-run; phases entered %v; best score %d", n, st.Resimulated, phases, best)
}

// handInPads is a session for tests: it hands in the players' pads of
// each tick as a session would (net.PlayerInputs[Pad], pad gives them),
// and says this side is player me (net.Stats).
func handInPads(me net.Player, pad func(tick uint64, p net.Player) Pad) glue.Plugin {
	var tick uint64
	return glue.PluginFunc(func(app *glue.App) {
		app.InsertResource(net.PlayerInputs[Pad]{})
		app.InsertResource(net.Stats{Running: true, Player: me, Players: 2})
		app.AddSystems(glue.PreUpdate, glue.Func(func(in glue.ResMut[net.PlayerInputs[Pad]]) {
			tick++
			in.Get().Tick = tick
			for p := range net.Player(2) {
				in.Get().Set(p, pad(tick, p), net.Confirmed)
			}
		}).Named("handInPads"))
	})
}

// Each side's camera follows its own player's hero: player 1's runs
// right while player 0's stands; on player 1's side the camera goes with
// it, on player 0's it stays by the start.
func TestOnlineCameraFollowsOwnHero(t *testing.T) {
	pad := func(_ uint64, p net.Player) Pad { return Pad{X: float64(p)} } // player 1 runs right
	var camX [2]float64
	var hs map[int]physics.Body
	for me := range net.Player(2) {
		app, err := NewApp(Config{Headless: true, Saves: &save.Memory{}, Rollback: true, Session: handInPads(me, pad)})
		if err != nil {
			t.Fatal(err)
		}
		app.Configure(glue.Options{Sequential: true})
		for range 110 { // before the enemy (about x 280) hits player 1's hero
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
		}
		camX[me], hs = glue.Resource[render.Camera](app).X, heroes(app)
		app.Close()
	}
	if d := hs[1].Pos.X - hs[0].Pos.X; d < 100 {
		t.Fatalf("player 1's hero is %v px right of player 0's, want more than 100: the test tests nothing", d)
	}
	if camX[1]-camX[0] < 50 {
		t.Errorf("cameras at x %v (player 0's side) and %v (player 1's), heroes at %v and %v: want player 1's camera with its hero", camX[0], camX[1], hs[0].Pos.X, hs[1].Pos.X)
	}
	t.Logf("cameras at x %v and %v; heroes at %v and %v", camX[0], camX[1], hs[0].Pos.X, hs[1].Pos.X)
}

// A steady tick of the two-player game allocates nothing: the pads
// handed to the heroes, both heroes running to and fro near the start
// and jumping (no coin is taken: that appends to Progress.Taken), the
// second hero's camera. The test hands in both players' pads as a
// session would, net.PlayerInputs[Pad], and runs as player 1.
func TestOnlineAllocatesNothing(t *testing.T) {
	session := handInPads(1, func(tick uint64, _ net.Player) Pad {
		pad := Pad{X: 1, Jump: tick%40 == 0, Held: tick%40 < 10}
		if tick%40 >= 20 {
			pad.X = -1
		}
		return pad
	})
	app, err := NewApp(Config{Headless: true, Saves: &save.Memory{}, Rollback: true, Session: session})
	if err != nil {
		t.Fatal(err)
	}
	app.Configure(glue.Options{Sequential: true})
	defer app.Close()
	step := func() {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if err := app.Draw(); err != nil {
			t.Fatal(err)
		}
	}
	for range 120 {
		step()
	}
	if hs := heroes(app); len(hs) != 2 {
		t.Fatalf("heroes %v, want 2", hs)
	}
	update := func() {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if a := testing.AllocsPerRun(200, update); a != 0 && !raceEnabled {
		t.Errorf("a tick of the game online allocates %v times, want 0", a)
	}
	// A frame's draw allocates twice, as offline: the HUD's score and
	// lives texts (fmt.Sprintf).
	t.Logf("a frame (tick and draw) allocates %v times", testing.AllocsPerRun(200, step))
}
