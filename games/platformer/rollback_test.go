package main

import (
	"slices"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// rollbackGame is the platformer on one worker, started, after the hero
// ran right (jumping now and then) for ticks ticks.
func rollbackGame(tb testing.TB, ticks int) (*glue.App, func(i int)) {
	app, err := NewApp(Config{Headless: true, Saves: &save.Memory{}})
	if err != nil {
		tb.Fatal(err)
	}
	app.Configure(glue.Options{Sequential: true})
	step := func(i int) {
		d := glue.Resource[input.Devices](app)
		if d != nil {
			clear(d.Keys[:])
			switch {
			case i == 1:
				d.Keys[ebiten.KeySpace] = true // start
			case i > 2:
				d.Keys[ebiten.KeyRight] = true
				d.Keys[ebiten.KeySpace] = i%40 < 10
			}
		}
		if err := app.Update(); err != nil {
			tb.Fatal(err)
		}
	}
	for i := range ticks {
		step(i)
	}
	return app, step
}

// BenchmarkRollback8 measures one rollback of issue #28's goal: restore
// the checkpoint of 8 ticks ago and run the 8 ticks again (the
// platformer, one worker, no window; goal 3 ms, 0 allocations):
//
//	go test -run '^$' -bench Rollback8 -benchtime 2000x ./games/platformer
func BenchmarkRollback8(b *testing.B) {
	app, step := rollbackGame(b, 120)
	defer app.Close()
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Restore(app); err != nil {
			b.Fatal(err)
		}
		for i := range 8 {
			step(120 + i)
		}
	}
}

// A rollback re-runs the platformer exactly: restored and run again with
// the same keys, the game's digests are those of the first run.
func TestRollbackRerunsPlatformer(t *testing.T) {
	app, step := rollbackGame(t, 60)
	defer app.Close()
	var c, d glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	var want [][]glue.Digest
	run := func(check bool) {
		for i := range 300 {
			step(60 + i)
			if i%25 == 24 {
				if err := d.Save(app); err != nil {
					t.Fatal(err)
				}
				got := d.Digest(nil)
				if !check {
					want = append(want, got)
				} else if w := want[i/25]; !slices.Equal(got, w) {
					t.Fatalf("tick %d of the re-run: digests differ:\n got %v\nwant %v", app.Tick(), got, w)
				}
			}
		}
	}
	run(false)
	if err := c.Restore(app); err != nil {
		t.Fatal(err)
	}
	run(true)
}

// A steady tick of the platformer, and a rollback (restore and 8 ticks),
// allocate nothing: the hero runs right and jumps for 200 ticks, and
// physics tests rectangles against each other without resolv's
// allocating SAT test (issue #28; 4 allocations per tick before).
func TestRollbackAllocatesNothing(t *testing.T) {
	app, step := rollbackGame(t, 120)
	defer app.Close()
	i := 120
	if a := testing.AllocsPerRun(200, func() { step(i); i++ }); a != 0 {
		t.Errorf("a tick of the platformer allocates %v times, want 0", a)
	}
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	at := i
	if a := testing.AllocsPerRun(50, func() {
		if err := c.Restore(app); err != nil {
			t.Fatal(err)
		}
		for k := range 8 {
			step(at + k)
		}
	}); a != 0 {
		t.Errorf("a rollback of the platformer (restore and 8 ticks) allocates %v times, want 0", a)
	}
}

// A rollback over a coin picked up (its collider removed in the re-run
// ticks and put back by the restore) allocates twice per rollback
// (testing.AllocsPerRun's figure), all in the game's own state that grows
// with the pickup: the coin's id appended to
// Progress.Taken and its tone queued in audio.Sounds. The checkpoint puts
// those slices back as Go assignment copies them (their length and
// capacity when saved, here full and empty), so every re-run appends
// again. Physics (the coin's collider removed, then put back) and the
// checkpoint allocate nothing.
func TestRollbackOverPickupAllocations(t *testing.T) {
	app, step := rollbackGame(t, 3)
	defer app.Close()
	at := 3
	for ; at < 600; at++ {
		before := glue.Resource[Progress](app).Score
		step(at)
		if glue.Resource[Progress](app).Score != before {
			break
		}
	}
	if at == 600 {
		t.Fatal("no coin picked up in 600 ticks")
	}
	app, step = rollbackGame(t, at-4)
	defer app.Close()
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	score := glue.Resource[Progress](app).Score
	rollback := func() {
		if err := c.Restore(app); err != nil {
			t.Fatal(err)
		}
		for k := range 8 {
			step(at - 4 + k)
		}
	}
	rollback()
	if got := glue.Resource[Progress](app).Score; got == score {
		t.Fatalf("the re-run ticks %d-%d picked up no coin (score %d)", at-4, at+3, got)
	}
	if raceEnabled {
		return // the race detector allocates on its own (3 here in CI)
	}
	if a := testing.AllocsPerRun(50, rollback); a != 1 {
		// Online, a rollback comes every few ticks: what it allocates is
		// garbage at the frame rate. The one allocation of this level is
		// Progress.Taken growing (audio.Sounds copies its tone queue into
		// memory of its own); a level or rule of yours may add others.
		t.Errorf("a rollback over a coin picked up allocates %v times, want 1; see where with: go test -run TestRollbackOverPickupAllocations -memprofile mem.out -memprofilerate 1 && go tool pprof -sample_index=alloc_objects -focus=AllocsPerRun -top mem.out", a)
	}
}
