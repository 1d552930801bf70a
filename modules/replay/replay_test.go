package replay_test

import (
	"errors"
	"flag"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/replay"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// A tiny game: movers move by the input's X axis and their own speed;
// Score counts the ticks Space was down.
type (
	Pos   struct{ X, Y float64 }
	Speed struct{ V float64 }
	Score struct{ N int }
)

func registry() *codec.Registry {
	reg := codec.NewRegistry()
	codec.Register[Pos](reg)
	codec.Register[Speed](reg)
	codec.Register[Score](reg)
	return reg
}

// gameName is the tiny game's name (save.Plugin.Game).
var gameName = "tiny"

// game is the tiny game's app. extra is added to its update systems: a
// later build, a non-deterministic system.
func game(p *replay.Plugin, extra ...*glue.System) *glue.App {
	app := glue.NewApp()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	p.Logger = quiet
	app.AddPlugins(
		input.Plugin{Headless: true},
		save.Plugin{Game: gameName, Registry: registry(), Resources: []glue.Type{glue.TypeOf[Score]()}, Store: &save.Memory{}, Logger: quiet},
		p,
	)
	app.InsertResource(Score{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		for i := range 3 {
			c.Spawn(Pos{X: float64(i)}, Speed{V: float64(i + 1)})
		}
	}).Named("spawn"))
	app.AddSystems(glue.Update,
		glue.Each2P(func(_ glue.Entity, p *Pos, s *Speed, in glue.Res[input.State]) {
			p.X += in.Get().AxisX * s.V
			p.Y += 0.5
		}).Named("move"),
		glue.Func(func(p struct {
			In    glue.Res[input.State]
			Score glue.ResMut[Score]
		}) {
			if p.In.Get().Down(input.Primary) {
				p.Score.Get().N++
			}
		}).Named("score"),
	)
	app.AddSystems(glue.Update, extra...)
	return app
}

// play runs ticks ticks of app with a scripted player (nil: none) and
// returns the first error.
func play(app *glue.App, ticks int, player bool) error {
	for n := range ticks {
		if player {
			d := glue.Resource[input.Devices](app)
			d.Keys[ebiten.KeyArrowRight] = n%40 < 15
			d.Keys[ebiten.KeyArrowLeft] = n%70 > 50
			d.Keys[ebiten.KeySpace] = n%33 == 0
		}
		if err := app.Update(); err != nil {
			return err
		}
	}
	return nil
}

// record records ticks ticks of the tiny game.
func record(t *testing.T, ticks, every, detail int, extra ...*glue.System) *save.Memory {
	t.Helper()
	store := &save.Memory{}
	app := game(&replay.Plugin{Record: "run", Seed: 5, Every: every, Detail: detail, Store: store}, extra...)
	if err := play(app, ticks, true); err != nil {
		t.Fatal(err)
	}
	app.Close()
	return store
}

// replayed replays the recording in store, and returns the app (closed)
// and its error.
func replayed(store save.Store, extra ...*glue.System) (*glue.App, error) {
	app := game(&replay.Plugin{Replay: "run", Seed: 5, Store: store}, extra...)
	defer app.Close()
	err := play(app, 100_000, false)
	if errors.Is(err, glue.ErrEnded) {
		err = nil
	}
	if st := glue.Resource[replay.Status](app); st.Err != nil {
		if err == nil || !strings.Contains(err.Error(), st.Err.Error()) {
			return app, errors.New("the app's error is not the replay's: " + err.Error())
		}
		err = st.Err // the app's error says it (and wraps it: TestUpdateErrorWrapsTheSentinels)
	}
	return app, err
}

func TestRecordThenReplay(t *testing.T) {
	store := record(t, 1000, 0, 0)
	app, err := replayed(store)
	if err != nil {
		t.Fatal(err)
	}
	st := glue.Resource[replay.Status](app)
	if !st.Done || st.Tick != 1000 || app.Tick() != 1000 {
		t.Errorf("replay: done %v at tick %d (app %d); want done at 1000", st.Done, st.Tick, app.Tick())
	}
	if s := glue.Resource[Score](app); s.N == 0 {
		t.Error("the replay played no Space presses")
	}
}

// odd is a deliberately non-deterministic system: in the replay only, it
// nudges the entity of speed 2 at tick 130.
func odd(on *bool) *glue.System {
	n := 0
	return glue.Each1(func(_ glue.Entity, s *Speed) {
		if s.V == 2 {
			if n++; n == 130 && *on {
				s.V = 2.5
			}
		}
	}).Named("odd")
}

func TestDivergenceNamesTickAndComponent(t *testing.T) {
	for _, c := range []struct {
		every, detail int
		when, at      string
		named         []string
	}{
		{1, 1, "diverged at tick 130", "at tick 130: ", []string{"replay_test.Speed of entity Entity("}},
		{0, 0, "diverged between ticks 121 and 180", "at tick 600: ", []string{"replay_test.Speed of entity Entity(", "replay_test.Pos of entity Entity("}},
	} {
		on := false
		store := record(t, 1000, c.every, c.detail, odd(&on))
		on = true
		app, err := replayed(store, odd(&on))
		if !errors.Is(err, replay.ErrDiverged) {
			t.Fatalf("every %d: the replay of a non-deterministic system: %v; want ErrDiverged", c.every, err)
		}
		msg := err.Error()
		t.Log(msg)
		for _, want := range append([]string{c.when, c.at}, c.named...) {
			if !strings.Contains(msg, want) {
				t.Errorf("every %d: the report does not say %q:\n%s", c.every, want, msg)
			}
		}
		if st := glue.Resource[replay.Status](app); st.Done {
			t.Error("Status.Done after a divergence")
		}
	}
}

func TestOtherBuildIsRefused(t *testing.T) {
	store := record(t, 100, 0, 0)
	later := glue.Func(func(s glue.ResMut[Score]) {}).Named("bonus")
	_, err := replayed(store, later)
	if !errors.Is(err, replay.ErrBuild) {
		t.Fatalf("a replay on a build with another system: %v; want ErrBuild", err)
	}
	for _, want := range []string{"memory:run", "recorded by a different build", "update systems", "new or changed in this build: bonus in Update", "replay it with the build that recorded it"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not say %q: %v", want, err)
		}
	}
}

func TestWrongSeedIsRefused(t *testing.T) {
	store := record(t, 10, 0, 0)
	app := game(&replay.Plugin{Replay: "run", Seed: 6, Store: store})
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "recorded with seed 5, but the game runs with seed 6") {
		t.Fatalf("a replay with another seed: %v", err)
	}
}

func TestDamagedFileIsRefused(t *testing.T) {
	store := record(t, 10, 0, 0)
	data, _ := store.Read("run")
	data[len(data)/2] ^= 1
	store.Write("run", data)
	app := game(&replay.Plugin{Replay: "run", Seed: 5, Store: store})
	defer app.Close()
	if err := app.Build(); !errors.Is(err, replay.ErrNotReplay) {
		t.Fatalf("a damaged replay: %v; want ErrNotReplay", err)
	}
}

// Flags: -replay sets the game's seed flag to the recording's.
func TestFlagsSetTheSeed(t *testing.T) {
	store := record(t, 10, 0, 0)
	fs := flag.NewFlagSet("tiny", flag.ContinueOnError)
	seed := fs.Uint64("seed", 0, "")
	p := replay.Flags(fs, "seed")
	p.Store = store
	if err := fs.Parse([]string{"-replay", "run"}); err != nil {
		t.Fatal(err)
	}
	if *seed != 5 || p.Replay != "run" {
		t.Fatalf("after -replay: seed %d, Replay %q; want 5, run", *seed, p.Replay)
	}
	app := game(p)
	defer app.Close()
	if err := play(app, 20, false); !errors.Is(err, glue.ErrEnded) {
		t.Fatalf("replay: %v", err)
	}
}

// A recording is written every 10 s of play too: a game that never
// closes (a crash, a browser tab closed) leaves the run so far, which
// replays.
func TestRecordingWrittenWhilePlaying(t *testing.T) {
	store := &save.Memory{}
	app := game(&replay.Plugin{Record: "run", Seed: 5, Store: store})
	if err := play(app, 700, true); err != nil {
		t.Fatal(err)
	}
	data, err := store.Read("run")
	if err != nil {
		t.Fatalf("nothing written after 700 ticks: %v", err)
	}
	rec, err := replay.Decode(data)
	if err != nil || rec.Ticks != 600 {
		t.Fatalf("the recording so far: %v, %d ticks; want 600", err, rec.Ticks)
	}
	again, err := replayed(store)
	if err != nil {
		t.Fatal(err)
	}
	if st := glue.Resource[replay.Status](again); !st.Done || st.Tick != 600 {
		t.Errorf("its replay: done %v at tick %d", st.Done, st.Tick)
	}
	app.Close()
}

// Plugin.Err says whether a replay ended at its final digest matched:
// nil when it did, ErrUnfinished when the app stopped before the
// recording's last tick (its final digest never checked), nil when the
// plugin does not replay; ReplayTicks is the recording's length.
func TestErrSaysAReplayStoppedEarly(t *testing.T) {
	store := record(t, 300, 0, 0)
	p := &replay.Plugin{Replay: "run", Seed: 5, Store: store}
	app := game(p)
	if err := play(app, 100, false); err != nil {
		t.Fatal(err)
	}
	app.Close()
	if p.ReplayTicks() != 300 || p.Finished() {
		t.Errorf("after 100 ticks of 300: ReplayTicks %d, Finished %v; want 300, false", p.ReplayTicks(), p.Finished())
	}
	err := p.Err()
	if !errors.Is(err, replay.ErrUnfinished) || !strings.Contains(err.Error(), "after tick 100 of the recording's 300") || !strings.Contains(err.Error(), "final digest was never checked") {
		t.Errorf("stopped after 100 ticks of 300: Err %v, want ErrUnfinished saying where it stopped", err)
	}
	p = &replay.Plugin{Replay: "run", Seed: 5, Store: store}
	app = game(p)
	if err := play(app, 1000, false); !errors.Is(err, glue.ErrEnded) {
		t.Fatalf("the replay did not end the app after its last tick: %v", err)
	}
	app.Close()
	if err := p.Err(); err != nil || !p.Finished() {
		t.Errorf("a replay played to its end: Err %v, Finished %v; want nil, true", err, p.Finished())
	}
	if err := (&replay.Plugin{Record: "other"}).Err(); err != nil {
		t.Errorf("a recording plugin's Err: %v, want nil", err)
	}
}
