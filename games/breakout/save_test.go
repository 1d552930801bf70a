package main

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// recorder keeps a digest of the game per tick: the bricks, paddle and
// ball (in query order) as the Observe stage sees them, and the
// resources that decide the game as they are after the tick.
type recorder struct {
	h       *harness
	ents    string
	digests []uint64
}

func record(h *harness) *recorder {
	r := &recorder{h: h}
	h.observe = func(w *world) {
		var b strings.Builder
		w.bricks.Each(func(_ glue.Entity, br *Brick) { fmt.Fprintf(&b, "%v;", *br) })
		w.balls.Each(func(_ glue.Entity, _ *Ball, bb *physics.Body) { fmt.Fprintf(&b, "ball %v;", *bb) })
		w.paddles.Each(func(_ glue.Entity, _ *Paddle, pb *physics.Body) { fmt.Fprintf(&b, "paddle %v;", *pb) })
		r.ents = b.String()
	}
	return r
}

// tick runs one tick and records its digest.
func (r *recorder) tick() {
	r.h.run(1)
	app := r.h.app
	rng, _ := glue.Resource[Rng](app).MarshalBinary()
	next, set := glue.Resource[glue.NextState[Phase]](app).Pending()
	h := fnv.New64a()
	st := glue.Resource[glue.State[Phase]](app)
	fmt.Fprintf(h, "%s|%+v|%v %v|%v %v|%x", r.ents, *glue.Resource[Game](app), st.Get(), st.Under(), next, set, rng)
	r.digests = append(r.digests, h.Sum64())
}

// untilWon runs ticks until the game is won (at most max).
func (r *recorder) untilWon(max int) {
	r.h.t.Helper()
	for i := 0; i < max && r.h.phase() != Won; i++ {
		r.tick()
	}
	if r.h.phase() != Won {
		r.h.t.Fatalf("not won after %d ticks", max)
	}
}

func autopilot(seed uint64, store save.Store) Config {
	cfg := Config{Seed: seed, Settings: DefaultSettings(), Saves: store}
	cfg.Settings.Autopilot = true
	return cfg
}

// TestQuickLoadReplaysTheGame saves the autopilot's game mid-way, plays it
// to the end, loads the save and plays again: from the save on, every
// tick's digest is the original's, to the same win — in the same app, and
// in a fresh app with another seed whose own level the load replaces.
func TestQuickLoadReplaysTheGame(t *testing.T) {
	store := &save.Memory{}
	orig := record(newHarness(t, autopilot(3, store)))
	for range 600 {
		orig.tick()
	}
	if g := orig.h.game(); g.Hits == 0 || g.Hits == 36 || orig.h.phase() == Serving {
		t.Fatalf("at tick 600 the game is not mid-way: %+v, %v", *g, orig.h.phase())
	}
	glue.Resource[save.Saves](orig.h.app).Save("quick") // at the end of the next tick
	orig.tick()
	from := len(orig.digests)
	orig.untilWon(20000)
	want := orig.digests[from:]
	final := *orig.h.game()
	t.Logf("saved at tick %d, won at tick %d: %+v", from, len(orig.digests), final)

	check := func(what string, r *recorder) {
		t.Helper()
		glue.Resource[save.Saves](r.h.app).Load("quick")
		r.tick()
		start := len(r.digests)
		r.untilWon(20000)
		got := r.digests[start:]
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("%s: tick %d after the load differs from tick %d after the save", what, i+1, i+1)
			}
		}
		if len(got) != len(want) || *r.h.game() != final {
			t.Fatalf("%s: won %d ticks after the load with %+v; the original %d ticks after the save with %+v", what, len(got), *r.h.game(), len(want), final)
		}
	}
	check("the same app", orig)
	fresh := record(newHarness(t, autopilot(99, store)))
	fresh.tick()
	check("a fresh app", fresh)
}

// F5 saves and F9 loads through the input actions; the message label says
// what happened, and a load without a save says there is none.
func TestQuickSaveKeys(t *testing.T) {
	store := &save.Memory{}
	h := newHarness(t, autopilot(5, store))
	h.press(int(ebiten.KeyF9))
	h.run(1)
	if n := glue.Resource[render.Notice](h.app); !strings.Contains(n.Text, "No save yet") {
		t.Errorf("F9 before any save: notice %q", n.Text)
	}
	h.run(300)
	h.press(int(ebiten.KeyF5))
	h.run(1)
	saved := *h.game()
	if n := glue.Resource[render.Notice](h.app); !strings.HasPrefix(n.Text, "Saved") {
		t.Errorf("after F5: notice %q", n.Text)
	}
	data, err := store.Read("quick")
	if err != nil || !strings.HasPrefix(string(data), "GLUESAVE") {
		t.Fatalf("after F5 the store holds %q…, %v", data[:min(len(data), 8)], err)
	}
	h.run(300)
	if *h.game() == saved {
		t.Fatal("the game did not change in 300 ticks")
	}
	// F9 loads at the end of the tick it is pressed in: the tick after is
	// the save's next.
	d := glue.Resource[input.Devices](h.app)
	d.Keys[ebiten.KeyF9] = true
	h.run(1)
	d.Keys[ebiten.KeyF9] = false
	if g := *h.game(); g.Score != saved.Score || g.Hits != saved.Hits || g.Lives != saved.Lives {
		t.Errorf("after F9: %+v, saved %+v", g, saved)
	}
	h.run(1)
	if n := glue.Resource[render.Notice](h.app); n.Text != "Loaded" {
		t.Errorf("after F9: notice %q", n.Text)
	}
	h.run(130)
	if n := glue.Resource[render.Notice](h.app); n.Text != "" {
		t.Errorf("the notice %q is still up 2 s later", n.Text)
	}
}

// A save made while paused loads paused: the clock stops with the loaded
// phase, and resuming returns to the phase the pause left.
func TestLoadWhilePaused(t *testing.T) {
	cfg := manual()
	cfg.Saves = &save.Memory{}
	h := newHarness(t, cfg)
	h.run(2)
	h.place(physics.Vec{X: 100, Y: 250}, physics.Vec{X: 50, Y: 100})
	h.press(int(ebiten.KeyP))
	if h.phase() != Paused {
		t.Fatalf("phase %v, want paused", h.phase())
	}
	glue.Resource[save.Saves](h.app).Save("paused")
	h.run(1)
	h.press(int(ebiten.KeyP))
	h.run(10)
	if h.phase() != Playing {
		t.Fatalf("phase %v after resuming, want playing", h.phase())
	}
	glue.Resource[save.Saves](h.app).Load("paused")
	h.run(1)
	var before, after physics.Vec
	h.observe = func(w *world) { before = w.ball().Pos }
	h.run(1)
	h.observe = func(w *world) { after = w.ball().Pos }
	h.run(20)
	if h.phase() != Paused || before != after {
		t.Fatalf("after loading a paused save: phase %v, ball %v then %v; want paused and still", h.phase(), before, after)
	}
	h.press(int(ebiten.KeyP))
	h.run(2)
	if h.phase() != Playing {
		t.Errorf("resuming the loaded pause: phase %v, want playing", h.phase())
	}
}

// The save registry holds what it must, by name.
func TestSaveRegistry(t *testing.T) {
	reg := saveRegistry()
	if err := reg.Err(); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"main.Brick", "physics.Body", "physics.Collider", "main.Game", "main.Rng", "glue.State[main.Phase]", "glue.NextState[main.Phase]"} {
		if reg.ByName(n) == nil {
			t.Errorf("%s is not registered", n)
		}
	}
	for _, tp := range savedResources {
		if reg.ByType(tp) == nil {
			t.Errorf("saved resource %v is not registered", tp)
		}
	}
}

// Every line a save or load shows fits the field, in the message
// label's style.
func TestSaveMessagesFit(t *testing.T) {
	errs := []error{save.ErrNotFound, save.ErrStorage, save.ErrFull, save.ErrNewer, save.ErrFormat, save.ErrForeign, save.ErrNotSave, save.ErrTypes, save.ErrCorrupt, save.ErrTruncated, errors.New("other")}
	lines := []string{"No save yet (F5 saves)", "Saved (F9 loads)", "Loaded", "Loaded an older save"}
	for _, err := range errs {
		lines = append(lines, save.Reason(err))
	}
	style := render.TextStyle{Size: 16}
	for _, l := range lines {
		if w, _ := render.MeasureText(l, style); w > FieldW-8 {
			t.Errorf("%q is %.0f px wide; the field is %d", l, w, FieldW)
		}
	}
}

// Resume is the resource that held the phase a pause returns to, in saves
// made before Paused was pushed over it (glue.NextState.Push): a test
// writes such a save.
type Resume struct{ To Phase }

// A save made while paused before pauses were pushed — the phase Paused
// alone on the state stack, and a Resume resource — still loads: the
// Resume is ignored (the load's notes say so), the game is paused and
// still, and P resumes it by serving again instead of failing the tick.
func TestLoadOldPausedSave(t *testing.T) {
	store := &save.Memory{}
	reg := saveRegistry()
	codec.Register[Resume](reg)
	old := glue.NewApp()
	old.AddPlugins(save.Plugin{Game: "breakout", Registry: reg, Resources: append(slices.Clone(savedResources), glue.TypeOf[Resume]()), Store: store})
	old.InsertResource(NewGame(DefaultSettings()))
	old.InsertResource(NewRng(1))
	old.InsertResource(glue.StateOf(Paused))
	old.InsertResource(glue.NextState[Phase]{})
	old.InsertResource(Resume{To: Playing})
	t.Cleanup(old.Close)
	if err := old.Update(); err != nil {
		t.Fatal(err)
	}
	glue.Resource[save.Saves](old).Save("old")
	if err := old.Update(); err != nil {
		t.Fatal(err)
	}

	cfg := manual()
	cfg.Saves = store
	h := newHarness(t, cfg)
	h.run(2)
	glue.Resource[save.Saves](h.app).Load("old")
	h.run(2)
	if n := glue.Resource[render.Notice](h.app).Text; h.phase() != Paused || n != "Loaded an older save" {
		t.Fatalf("after loading the old save: phase %v, notice %q; want paused, %q (the Resume ignored)", h.phase(), n, "Loaded an older save")
	}
	h.press(int(ebiten.KeyP))
	h.run(2)
	if h.phase() != Serving {
		t.Errorf("P in the old save's pause: phase %v, want serving", h.phase())
	}
}
