//go:build !js

package net

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
)

// syncGame is the rollback tests' game (rbGame) under a sync test:
// player 0's input is the app's rbPad resource, which step sets to
// rbScript(0, tick) before each tick, player 1's rbScript(1, tick).
func syncGame(cfg SyncTestConfig) (*glue.App, func() error) {
	app := glue.NewApp()
	rbGame(app)
	app.InsertResource(rbPad{})
	cfg.Remote = func(t uint64, p int) any {
		if t < 2 {
			return rbPad{}
		}
		return rbPad{Axis: rbScript(p, t)}
	}
	app.AddPlugins(SyncTest[rbPad]{Config: cfg})
	tick := uint64(0)
	step := func() error {
		tick++
		if err := app.Build(); err != nil {
			return err
		}
		if tick >= 2 {
			*glue.Resource[rbPad](app) = rbPad{Axis: rbScript(0, tick)}
		}
		return app.Update()
	}
	return app, step
}

// A deterministic game passes: 600 ticks, each followed by a re-run of
// the 8 before, find no difference, and the game ends where a plain run
// with the same inputs ends.
func TestSyncTestPassesDeterministicGame(t *testing.T) {
	const n = 600
	app, step := syncGame(SyncTestConfig{})
	defer app.Close()
	for range n {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	st := glue.Resource[Session](app).Stats()
	if st.Tick != n || st.Rollbacks != n-DefaultSyncCheck || st.Resimulated != (n-DefaultSyncCheck)*DefaultSyncCheck ||
		st.Digests != st.Resimulated || st.MaxDepth != DefaultSyncCheck || st.Desyncs != 0 {
		t.Errorf("stats after %d ticks: %+v; want tick %d, %d rollbacks of %d ticks each, a digest compared per tick re-run, no desync", n, st, n, n-DefaultSyncCheck, DefaultSyncCheck)
	}
	if app.Tick() != n {
		t.Errorf("the app is at tick %d, want %d", app.Tick(), n)
	}
	want := rbReference(t, n, 0)
	glue.Resource[rbScore](app).Seed = 42 // as rbReference sets it
	var c glue.Checkpoint
	if err := c.Save(app); err != nil {
		t.Fatal(err)
	}
	got := c.Digest(nil)
	for _, w := range want {
		if i := slices.IndexFunc(got, func(d glue.Digest) bool { return d.Name == w.Name }); i < 0 && w.Name != "net.Inputs" {
			t.Errorf("%s is missing from the sync test's state", w.Name)
		} else if i >= 0 && got[i] != w && w.Name != "net.Inputs" {
			t.Errorf("%s: %016x after the sync test, %016x after a plain run with the same inputs", w.Name, got[i].Sum, w.Sum)
		}
	}
}

// syncCounter is a global a nondeterministic system reads: it goes on
// counting through a re-run, which a checkpoint cannot take back.
var syncCounter int32

// A system that reads a global counter is caught at the first re-run,
// and the error names the tick, the component and the entity.
func TestSyncTestCatchesGlobalCounter(t *testing.T) {
	app, step := syncGame(SyncTestConfig{})
	defer app.Close()
	syncCounter = 0
	app.AddSystems(glue.Update, glue.Func(func(q glue.Query1[*rbBall]) {
		syncCounter++
		q.Each(func(_ glue.Entity, b *rbBall) {
			b.X += syncCounter % 3
		})
	}).Named("drift"))
	var err error
	for i := 0; i < 100 && err == nil; i++ {
		err = step()
	}
	var se *SyncError
	if !errors.As(err, &se) {
		t.Fatalf("100 ticks of a game that reads a global counter: %v, want a *SyncError", err)
	}
	if se.Tick != 2 || se.From != 1 {
		t.Errorf("found at tick %d (re-run from %d), want tick 2, the first re-run (from tick 1, after tick 9)", se.Tick, se.From)
	}
	if len(se.Parts) == 0 || !strings.HasSuffix(se.Parts[0].Name, "rbBall") {
		t.Errorf("parts %+v, want the ball's component first", se.Parts)
	}
	if len(se.Entities) != 1 || !strings.HasSuffix(se.Entities[0].Name, "rbBall") || se.Entities[0].First == 0 || se.Entities[0].Rerun == 0 {
		t.Fatalf("entities %+v, want the ball, in both runs", se.Entities)
	}
	ball := se.Entities[0].Entity
	if _, ok := app.Component(ball, glue.TypeOf[rbBall]()); !ok {
		t.Errorf("the entity named, %v, is not the ball", ball)
	}
	msg := err.Error()
	t.Log(msg)
	for _, s := range []string{"net: sync test: tick", "rbBall differs (" + ball.String() + ")", "not deterministic", "docs/net.md"} {
		if !strings.Contains(msg, s) {
			t.Errorf("the error does not say %q: %s", s, msg)
		}
	}
	if err := step(); err == nil {
		t.Errorf("the app went on after the difference; want it to stay failed")
	}
}

// A resource that a system changes from a global is named as the
// resource; with OnMismatch the game goes on, and every later re-run that
// differs is reported.
func TestSyncTestNamesResourceAndGoesOnWithOnMismatch(t *testing.T) {
	var found []*SyncError
	app, step := syncGame(SyncTestConfig{Check: 3, OnMismatch: func(e *SyncError) { found = append(found, e) }})
	defer app.Close()
	syncCounter = 0
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[rbScore]) {
		syncCounter++
		s.Get().Seed = uint64(syncCounter)
	}))
	for range 50 {
		if err := step(); err != nil {
			t.Fatalf("with OnMismatch the game goes on; Update returned %v", err)
		}
	}
	if len(found) != 50-3 {
		t.Fatalf("%d differences reported, want one per re-run after tick 3 (47)", len(found))
	}
	e := found[0]
	if e.Tick != 2 || e.From != 1 || len(e.Parts) != 1 || !strings.HasSuffix(e.Parts[0].Name, "rbScore") || len(e.Entities) != 0 {
		t.Errorf("first difference %+v, want tick 2 re-run from tick 1, the resource rbScore alone, no entity", e)
	}
	if st := glue.Resource[Session](app).Stats(); st.Desyncs != 47 || st.LastDesync == nil || st.LastDesync.Tick != 48 {
		t.Errorf("stats %+v, want 47 desyncs, the last at tick 48", st)
	}
}

// A game that reads its input from a resource of its own (the devices a
// test presses), not from Inputs, is re-run with the values that
// resource had when each tick first ran.
func TestSyncTestPutsBackInputResources(t *testing.T) {
	type pressed struct{ Right bool }
	type walker struct{ X int32 }
	app := glue.NewApp()
	app.Configure(glue.Options{Sequential: true})
	app.InsertResource(pressed{})
	app.InsertResource(walker{})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		In glue.Res[pressed]
		W  glue.ResMut[walker]
	}) {
		if p.In.Get().Right {
			p.W.Get().X++
		}
	}))
	app.AddPlugins(SyncTest[NoInput]{Config: SyncTestConfig{Players: 1, Inputs: []glue.Type{glue.TypeOf[pressed]()}}})
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	want := int32(0)
	for i := range 200 {
		right := i%7 < 3
		glue.Resource[pressed](app).Right = right
		if right {
			want++
		}
		if err := app.Update(); err != nil {
			t.Fatalf("tick %d: %v", i+1, err)
		}
	}
	if got := glue.Resource[walker](app).X; got != want {
		t.Errorf("the walker is at %d after 200 ticks, want %d (each tick's own press, once)", got, want)
	}
}

// Wrong settings and a sync test beside a rollback session are build
// errors that say what to do.
func TestSyncTestMisuse(t *testing.T) {
	for _, c := range []struct {
		cfg  SyncTestConfig
		want string
	}{
		{SyncTestConfig{Check: 65}, "Check must be 1 to 64"},
		{SyncTestConfig{Players: 5}, "Players must be 1 to 4"},
		{SyncTestConfig{Inputs: []glue.Type{glue.TypeOf[rbScore]()}, Keep: []glue.Type{glue.TypeOf[rbScore]()}}, "both in Inputs and in Keep"},
	} {
		app := glue.NewApp()
		app.AddPlugins(SyncTest[rbPad]{Config: c.cfg})
		err := app.Build()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: Build returned %v, want an error saying %q", c.cfg, err, c.want)
		}
	}
	app := glue.NewApp()
	app.AddPlugins(SyncTest[rbPad]{}, Rollback[rbPad]{Config: RollbackConfig{URL: "ws://127.0.0.1:1/net", Registry: rbRegistry()}})
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "Drive called twice") {
		t.Errorf("a sync test beside a rollback session: Build returned %v, want the error of two drivers", err)
	}
}

// A tick of the sync test (a tick, 8 re-run, 9 checkpoints saved and
// digested) allocates nothing in steady state.
func TestSyncTestAllocatesNothing(t *testing.T) {
	app, step := syncGame(SyncTestConfig{})
	defer app.Close()
	for range 100 {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if a := testing.AllocsPerRun(100, func() {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("a tick of the sync test allocates %v times, want 0", a)
	}
}

// A Remote that hands an input of another type than the session's ends
// the test with an error saying so, rather than playing a zero input.
func TestSyncTestRemoteOfWrongType(t *testing.T) {
	app := glue.NewApp()
	rbGame(app)
	app.AddPlugins(SyncTest[rbPad]{Config: SyncTestConfig{Remote: func(uint64, int) any { return int8(1) }}})
	defer app.Close()
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), "Remote returned a int8 for player 1 in tick 1, want a net.rbPad") {
		t.Errorf("Update returned %v, want the error of Remote's wrong type", err)
	}
}
