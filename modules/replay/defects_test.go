package replay_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/replay"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/timer"
)

// crasher panics in the tick whose movers reach Y = y (they move 0.5 a
// tick): at tick 2y, in the recording and in its replay alike.
func crasher(y float64) *glue.System {
	return glue.Each1(func(_ glue.Entity, p *Pos) {
		if p.Y == y {
			panic("boom")
		}
	}).Named("crasher")
}

// A run whose last tick failed (a system panicked, and the driver closed
// the app) is recorded with that tick: its replay fails at the same tick
// with the same error, checks the world that tick left, and blames no
// determinism. Before, the file said the tick before the crash but held
// the digest of the crashed world: its replay reported a divergence.
func TestCrashedRunReplaysToItsCrash(t *testing.T) {
	for _, c := range []struct {
		every int
		y     float64 // the crash is at tick 2y
	}{{0, 65}, {0, 60}, {1, 65}} {
		store := &save.Memory{}
		app := game(&replay.Plugin{Record: "run", Seed: 5, Every: c.every, Store: store}, crasher(c.y))
		err := play(app, 1000, true)
		app.Close()
		if err == nil || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("every %d: the recorded run did not crash: %v", c.every, err)
		}
		data, _ := store.Read("run")
		rec, err := replay.Decode(data)
		if err != nil || rec.Ticks != uint64(2*c.y) {
			t.Fatalf("every %d: the recording: %v, %d ticks; want the crashed tick %d recorded", c.every, err, rec.Ticks, int(2*c.y))
		}
		p := &replay.Plugin{Replay: "run", Seed: 5, Store: store}
		app = game(p, crasher(c.y))
		err = play(app, 1000, false)
		app.Close()
		if err == nil || !strings.Contains(err.Error(), "boom") || errors.Is(err, replay.ErrDiverged) {
			t.Errorf("every %d: the replay of a crashed run: %v; want the same crash, no divergence", c.every, err)
		}
		st := glue.Resource[replay.Status](app)
		if err := p.Err(); err != nil || !st.Done || st.Tick != rec.Ticks {
			t.Errorf("every %d: after the replayed crash: Err %v, Done %v at tick %d; want nil, true at %d", c.every, err, st.Done, st.Tick, rec.Ticks)
		}
	}
}

// App.Update's error wraps the replay's sentinel, so that a driver can
// test it (glue's Commands.Exclusive wraps its function's error).
func TestUpdateErrorWrapsTheSentinels(t *testing.T) {
	on := false
	store := record(t, 300, 0, 0, odd(&on))
	on = true
	app := game(&replay.Plugin{Replay: "run", Seed: 5, Store: store}, odd(&on))
	defer app.Close()
	if err := play(app, 1000, false); !errors.Is(err, replay.ErrDiverged) {
		t.Errorf("App.Update's error after a divergence: %v; want it to wrap ErrDiverged", err)
	}
	later := glue.Func(func(glue.ResMut[Score]) {}).Named("bonus")
	app = game(&replay.Plugin{Replay: "run", Seed: 5, Store: store}, odd(&on), later)
	defer app.Close()
	if err := play(app, 1000, false); !errors.Is(err, replay.ErrBuild) {
		t.Errorf("App.Update's error on another build: %v; want it to wrap ErrBuild", err)
	}
}

// truncStore cuts what it reads to n bytes.
type truncStore struct {
	save.Memory
	n int
}

func (s *truncStore) Read(name string) ([]byte, error) {
	data, err := s.Memory.Read(name)
	return data[:min(s.n, len(data))], err
}

// A replay refused before it starts — another seed, a file damaged,
// cut, empty or missing — says why in Plugin.Err, the error App.Build
// reported, not that the app never started; another seed wraps ErrBuild,
// as documented.
func TestErrSaysWhyAReplayWasRefused(t *testing.T) {
	rec := record(t, 100, 0, 0)
	data, _ := rec.Read("run")
	damaged := append([]byte(nil), data...)
	damaged[len(damaged)/2] ^= 1
	for _, c := range []struct {
		name  string
		data  []byte // nil: no file
		n     int
		seed  uint64
		is    error
		names string
	}{
		{"another seed", data, len(data), 6, replay.ErrBuild, "recorded with seed 5, but the game runs with seed 6"},
		{"damaged", damaged, len(damaged), 5, replay.ErrNotReplay, "memory:run"},
		{"cut", data, len(data) / 2, 5, replay.ErrNotReplay, "memory:run"},
		{"empty", data, 0, 5, replay.ErrNotReplay, "memory:run"},
		{"missing", nil, 0, 5, fs.ErrNotExist, "memory:run"},
	} {
		store := &truncStore{n: c.n}
		if c.data != nil {
			store.Write("run", c.data)
		}
		p := &replay.Plugin{Replay: "run", Seed: c.seed, Store: store}
		app := game(p)
		built := app.Build()
		app.Close()
		err := p.Err()
		if !errors.Is(built, c.is) || !errors.Is(err, c.is) || errors.Is(err, replay.ErrUnfinished) || !strings.Contains(err.Error(), c.names) {
			t.Errorf("%s: App.Build %v; Plugin.Err %v; want both to wrap %v and say %q", c.name, built, err, c.is, c.names)
		}
		if !p.Finished() {
			t.Errorf("%s: a refused replay is not Finished", c.name)
		}
	}
}

// failStore fails its writes while fail is set.
type failStore struct {
	save.Memory
	fail bool
}

var errDiskFull = errors.New("disk full")

func (s *failStore) Write(name string, data []byte) error {
	if s.fail {
		return errDiskFull
	}
	return s.Memory.Write(name, data)
}

// A recording that cannot be written is an error a program can test —
// Status.Err, Plugin.Err, wrapping save.ErrStorage and the store's error,
// and replay.Run's exit status 1 — while the game plays on; a later
// write that succeeds clears it. Before, it was only logged.
func TestRecordingWriteFailureIsAnError(t *testing.T) {
	store := &failStore{fail: true}
	p := &replay.Plugin{Record: "run", Seed: 5, Store: store}
	app := game(p)
	if err := play(app, 700, true); err != nil {
		t.Fatalf("the game stopped on a failed write of its recording: %v", err)
	}
	st := glue.Resource[replay.Status](app)
	if !errors.Is(st.Err, save.ErrStorage) || !errors.Is(st.Err, errDiskFull) || !strings.Contains(st.Err.Error(), "memory:run") {
		t.Errorf("Status.Err after the write at tick 600 failed: %v; want save.ErrStorage, the store's error and the place", st.Err)
	}
	app.Close()
	if err := p.Err(); !errors.Is(err, save.ErrStorage) || !errors.Is(glue.Resource[replay.Status](app).Err, save.ErrStorage) {
		t.Errorf("after the last write failed: Plugin.Err %v; want save.ErrStorage, in Status too", err)
	}

	store = &failStore{fail: true}
	p = &replay.Plugin{Record: "run", Seed: 5, Store: store}
	app = game(p)
	if err := play(app, 700, true); err != nil {
		t.Fatal(err)
	}
	store.fail = false
	app.Close()
	if err := p.Err(); err != nil {
		t.Errorf("the last write succeeded after one failed: Plugin.Err %v; want nil", err)
	}

	var out, errs strings.Builder
	cmd := render.NewCommand("tiny", &out, &errs, render.CommandDefaults{NoSeed: true})
	if !cmd.Parse([]string{"-headless", "-ticks", "50"}, nil) {
		t.Fatal(errs.String())
	}
	p = &replay.Plugin{Record: "run", Seed: 5, Store: &failStore{fail: true}}
	if code := replay.Run(cmd, p, game(p), render.Headless{}, func(int) {}); code != 1 || !strings.Contains(errs.String(), "tiny: replay: recording failed") {
		t.Errorf("replay.Run with a recording that cannot be written: status %d, stderr %q; want 1 and the error", code, errs.String())
	}
}

// The refusal of a build whose saved types differ says what the file
// knows — one hash — without claiming that every type differs, and a
// startup system new in this build is named "in startup".
func TestRefusalsSayWhatTheyKnow(t *testing.T) {
	store := &save.Memory{}
	app := game(&replay.Plugin{Record: "run", Seed: 5, Store: store, Registry: registry(), Resources: []glue.Type{glue.TypeOf[Score]()}})
	if err := play(app, 100, true); err != nil {
		t.Fatal(err)
	}
	app.Close()

	more := registry()
	codec.Register[struct{ N int }](more)
	app = game(&replay.Plugin{Replay: "run", Seed: 5, Store: store, Registry: more, Resources: []glue.Type{glue.TypeOf[Score]()}})
	err := play(app, 1000, false)
	app.Close()
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	if !errors.Is(err, replay.ErrBuild) || strings.Contains(msg, "schemas of its saved types differ (here") || !strings.Contains(msg, "differs from this build's") || !strings.Contains(msg, "which type changed is not known") {
		t.Errorf("a build with another saved type: %v; want ErrBuild saying the hash differs, not which type", err)
	}

	app = game(&replay.Plugin{Replay: "run", Seed: 5, Store: store, Registry: registry(), Resources: []glue.Type{glue.TypeOf[Score]()}})
	app.AddStartup(glue.Func(func(s glue.ResMut[Score]) { s.Get().N = 1 }).Named("headstart"))
	err = play(app, 1000, false)
	app.Close()
	if !errors.Is(err, replay.ErrBuild) || !strings.Contains(err.Error(), "new or changed in this build: headstart in startup;") {
		t.Errorf("a build with another startup system: %v; want ErrBuild naming it in startup", err)
	}
}

// A recording of another game (another save.Plugin.Game) is refused by
// name, with ErrForeign, before its first tick.
func TestReplayOfAnotherGameIsRefused(t *testing.T) {
	store := record(t, 100, 0, 0)
	gameName = "other"
	defer func() { gameName = "tiny" }()
	p := &replay.Plugin{Replay: "run", Seed: 5, Store: store}
	app := game(p)
	err := play(app, 1000, false)
	app.Close()
	if !errors.Is(err, replay.ErrForeign) || !errors.Is(p.Err(), replay.ErrForeign) || !strings.Contains(err.Error(), `a recording of "tiny", and this game is "other"`) {
		t.Errorf("the replay of another game: %v (Plugin.Err %v); want ErrForeign naming both games", err, p.Err())
	}
}

// A replay whose game runs at another tick rate than the recording's (a
// stranger changed timer.Plugin.TPS, 30 Nov) is refused before its
// first tick as another configuration, naming timer.Time: it was
// reported as a system that is not deterministic, at the first check.
func TestAnotherTickRateIsAnotherConfiguration(t *testing.T) {
	at := func(p *replay.Plugin, tps int) *glue.App {
		app := game(p)
		app.AddPlugins(timer.Plugin{TPS: tps})
		return app
	}
	store := &save.Memory{}
	app := at(&replay.Plugin{Record: "run", Seed: 5, Store: store}, 60)
	if err := play(app, 300, true); err != nil {
		t.Fatal(err)
	}
	app.Close()

	app = at(&replay.Plugin{Replay: "run", Seed: 5, Store: store}, 30)
	err := play(app, 1000, false)
	app.Close()
	if !errors.Is(err, replay.ErrBuild) || errors.Is(err, replay.ErrDiverged) {
		t.Fatalf("a replay at 30 TPS of a run at 60: %v; want ErrBuild, not ErrDiverged", err)
	}
	for _, want := range []string{"after the startup systems, before the first tick", "timer.Time", "TPS"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not say %q: %v", want, err)
		}
	}
	if app.Tick() != 0 {
		t.Errorf("the refused replay ran %d ticks", app.Tick())
	}

	app = at(&replay.Plugin{Replay: "run", Seed: 5, Store: store}, 60)
	if err := play(app, 1000, false); !errors.Is(err, glue.ErrEnded) {
		t.Errorf("the replay at the recording's 60 TPS: %v; want it to play to its end", err)
	}
	app.Close()
}
