package main

import (
	"bytes"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

const dt = 1.0 / 60

func TestFishWrapsAtRightEdgeAtNewHeight(t *testing.T) {
	f := Fish{Rng: NewRng(7)}
	want := NewRng(7)
	wantY := want.Range(0, FieldH)
	p, v, a := Position{X: FieldW - 0.05, Y: 30}, Velocity{X: 6}, Avoid{Active: true, Jump: -DY}
	swimFish(&p, &v, &f, &a, dt)
	if p.X != 0 || p.Y != wantY {
		t.Errorf("after the right edge: at (%g, %g), want (0, %g) — the left edge at the fish's next random height", p.X, p.Y, wantY)
	}
	if a != (Avoid{}) {
		t.Errorf("a wrapped fish still avoids: %+v", a)
	}
	if v != (Velocity{X: 6}) {
		t.Errorf("the speed changed on wrapping: %+v", v)
	}
	// Before the edge it just swims.
	p = Position{X: 100, Y: 30}
	swimFish(&p, &v, &f, &a, dt)
	if p.X != 100+6*dt || p.Y != 30 {
		t.Errorf("swimming: at (%g, %g), want (%g, 30)", p.X, p.Y, 100+6*dt)
	}
}

func TestPredatorWrapsAtLeftEdge(t *testing.T) {
	pr := Predator{Rng: NewRng(9)}
	want := NewRng(9)
	wantY := want.Range(0, FieldH)
	p, v := Position{X: 0.1, Y: 50}, Velocity{X: -PredatorSpeed}
	swimPredator(&p, &v, &pr, dt)
	if p.X != FieldW || p.Y != wantY {
		t.Errorf("after the left edge: at (%g, %g), want (%g, %g)", p.X, p.Y, FieldW, wantY)
	}
}

func TestAvoidJumpsAwayAndBack(t *testing.T) {
	for _, c := range []struct {
		name     string
		fishY    float64
		wantJump float64
	}{
		{"above jumps up", 48, -DY},
		{"level jumps up", 50, -DY},
		{"below jumps down", 53, +DY},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, a := Position{X: 60, Y: c.fishY}, Avoid{}
			// Out of reach: more than DX ahead.
			avoid(&p, &a, 60+DX+0.5, 50)
			if a.Active || p.Y != c.fishY {
				t.Fatalf("jumped with the predator out of reach: %+v %+v", p, a)
			}
			avoid(&p, &a, 60+DX, 50)
			if !a.Active || a.Jump != c.wantJump || p.Y != c.fishY+c.wantJump {
				t.Fatalf("predator within reach: fish at y %g, %+v; want y %g, jump %g", p.Y, a, c.fishY+c.wantJump, c.wantJump)
			}
			// The predator passes: level with it, then less than DX behind:
			// the fish stays away.
			for _, px := range []float64{60, 60 - DX} {
				avoid(&p, &a, px, 50)
				if !a.Active || p.Y != c.fishY+c.wantJump {
					t.Fatalf("predator at x %g: the fish jumped back too early: y %g %+v", px, p.Y, a)
				}
			}
			// More than DX behind but far vertically: still away.
			avoid(&p, &a, 60-DX-1, p.Y+2*DY+0.5)
			if !a.Active {
				t.Fatalf("jumped back with the predator %g away vertically", 2*DY+0.5)
			}
			// More than DX behind and within 2·DY: back where it was.
			avoid(&p, &a, 60-DX-1, 50)
			if a.Active || p.Y != c.fishY {
				t.Fatalf("predator behind: fish at y %g %+v, want back at %g", p.Y, a, c.fishY)
			}
		})
	}
}

func TestColourWrapsAboveOne(t *testing.T) {
	c := Colour{R: 0.5, G: 0.99, B: 1}
	shiftColour(&c, dt)
	if c.R != 0.5+float32(dt) || c.G != 0 || c.B != 0 {
		t.Errorf("after a tick: %+v, want R %g, G and B wrapped to 0", c, 0.5+float32(dt))
	}
	// Exactly 1 is not above 1: it stays.
	c = Colour{R: 0.5, G: 0.75, B: 0.5}
	shiftColour(&c, 0.25)
	if c != (Colour{R: 0.75, G: 1, B: 0.75}) {
		t.Errorf("a channel reaching exactly 1 must not wrap yet: %+v", c)
	}
}

// world is every fish of a headless app, read by a test system.
type world struct {
	pos []Position
	vel []Velocity
}

// record adds a system to app (made with NewApp, not built) that records
// every fish at the end of each tick into w.
func record(app *glue.App, w *world) {
	app.AddSystems(glue.Last, glue.Func(func(q glue.Query2[*Position, *Velocity]) {
		w.pos, w.vel = w.pos[:0], w.vel[:0]
		q.Each(func(_ glue.Entity, p *Position, v *Velocity) {
			if v.X > -PredatorSpeed { // not the predator
				w.pos = append(w.pos, *p)
				w.vel = append(w.vel, *v)
			}
		})
	}).Named("test.record"))
}

func TestFlockKeepsFishInField(t *testing.T) {
	app := NewApp(Config{Seed: 3, Scene: Scene{Variant: FlockVariant, Fish: 2000}, Headless: true})
	defer app.Close()
	var w world
	record(app, &w)
	turned := 0
	for tick := range 600 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		if len(w.pos) != 2000 {
			t.Fatalf("tick %d: %d fish, want 2000", tick, len(w.pos))
		}
		for i, p := range w.pos {
			v := w.vel[i]
			if p.X < 0 || p.X > FieldW || p.Y < 0 || p.Y > FieldH {
				t.Fatalf("tick %d: a fish at (%g, %g), outside the %gx%g field", tick, p.X, p.Y, FieldW, FieldH)
			}
			if s := math.Hypot(v.X, v.Y); s < MinSpeed-1e-9 || s > MaxSpeed+1e-9 {
				t.Fatalf("tick %d: a fish at speed %g, outside [%g, %g]", tick, s, MinSpeed, MaxSpeed)
			}
			if v.Y != 0 {
				turned++
			}
		}
	}
	if turned == 0 {
		t.Fatal("no fish ever turned: flocking did nothing")
	}
}

// digest runs cfg's app for ticks ticks and returns its digest.
func digest(t *testing.T, cfg Config, ticks int, opts *glue.Options) Digest {
	t.Helper()
	cfg.Headless, cfg.Digest = true, true
	app := NewApp(cfg)
	defer app.Close()
	if opts != nil {
		app.Configure(*opts)
	}
	for range ticks {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	return *glue.Resource[Digest](app)
}

// TestParallelEqualsSequentialEcAndLoop runs every variant in parallel
// (split into small chunks on 2 workers), sequentially, as the thesis's EC
// and as the hand-written loop: the worlds are the same.
func TestParallelEqualsSequentialEcAndLoop(t *testing.T) {
	ticks, fish := 120, 1500
	if testing.Short() {
		ticks = 100
	}
	for _, v := range Variants {
		t.Run(v.String(), func(t *testing.T) {
			cfg := Config{Seed: 11, Scene: Scene{Variant: v, Fish: fish}}
			par := digest(t, cfg, ticks, &glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 128})
			seq := digest(t, cfg, ticks, &glue.Options{Sequential: true})
			cfg.Model = LoopModel
			loop := digest(t, cfg, ticks, nil)
			cfg.Model = ECModel
			ec := digest(t, cfg, ticks, nil)
			if par.Fish != fish {
				t.Fatalf("%d fish, want %d", par.Fish, fish)
			}
			if par != seq || par != loop || par != ec {
				t.Errorf("digests differ: parallel %x, sequential %x, loop %x, EC %x", par.Sum, seq.Sum, loop.Sum, ec.Sum)
			}
		})
	}
	// A different seed is a different world.
	a := digest(t, Config{Seed: 1, Scene: Scene{Fish: 100}}, 10, nil)
	b := digest(t, Config{Seed: 2, Scene: Scene{Fish: 100}}, 10, nil)
	if a == b {
		t.Error("seeds 1 and 2 give the same world")
	}
}

func TestZeroAllocsPerTick(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own: run without -race")
	}
	for _, model := range Models {
		for _, v := range Variants {
			for _, seq := range []bool{false, true} {
				app := NewApp(Config{Seed: 5, Scene: Scene{Variant: v, Fish: 1500}, Model: model, Headless: true, Sequential: seq})
				for range 60 {
					if err := app.Update(); err != nil {
						t.Fatal(err)
					}
				}
				allocs := testing.AllocsPerRun(50, func() {
					if err := app.Update(); err != nil {
						t.Fatal(err)
					}
				})
				app.Close()
				if allocs != 0 {
					t.Errorf("%s %s (sequential %v): %g allocations per tick, want 0", model, v, seq, allocs)
				}
			}
		}
	}
}

func TestKeysAddRemoveFishAndSwitchVariant(t *testing.T) {
	app := NewApp(Config{Seed: 1, Scene: Scene{Fish: 10}, Headless: true})
	defer app.Close()
	var w world
	record(app, &w)
	press := func(k ebiten.Key) {
		t.Helper()
		glue.Resource[input.Devices](app).Keys[k] = true
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		glue.Resource[input.Devices](app).Keys[k] = false
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	press(ebiten.KeyArrowUp)
	if n := len(w.pos); n != 10+Batch {
		t.Fatalf("after Up: %d fish, want %d", n, 10+Batch)
	}
	press(ebiten.KeyMinus)
	press(ebiten.KeyMinus)
	if n := len(w.pos); n != 0 {
		t.Fatalf("after - twice: %d fish, want 0", n)
	}
	scene := glue.Resource[Scene](app)
	for _, want := range []Variant{AvoidVariant, ColourVariant, AvoidColour, FlockVariant, Movement} {
		press(ebiten.KeyV)
		if scene.Variant != want {
			t.Fatalf("after V: variant %s, want %s", scene.Variant, want)
		}
	}
}

func TestBenchRunsAtTinySizes(t *testing.T) {
	var out bytes.Buffer
	if err := RunBench(&out, BenchOptions{Seed: 1, Max: 64, Frames: 1, Rounds: 2}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, v := range Variants {
		row := "| " + thesisName(v) + " | ≥ "
		if !strings.Contains(s, row) || strings.Count(s, "(capped)") < 3*len(Variants) {
			t.Errorf("no capped row for %s in\n%s", v, s)
		}
	}
	for _, want := range []string{"glue (1 worker)", "EC (thesis)", "loop (hand-written)", "load average", "interleaved rounds"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	if runtime.GOMAXPROCS(0) > 1 && !strings.Contains(s, "Goal: flocking's tick ≥ 1.8× faster on") {
		t.Errorf("no flocking speedup line in\n%s", s)
	}
	// A bound no tick fits in: every estimate is 0.
	out.Reset()
	if err := RunBench(&out, BenchOptions{Seed: 1, Max: 64, Frames: 1, Rounds: 1, FPS: []int{1e9}, Variants: []Variant{Movement}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "| M (movement) | 0 (0–0) | 0 (0–0) |") {
		t.Errorf("with a 1 ns frame, want 0 fish everywhere:\n%s", out.String())
	}
}

// TestSearchFindsTheBound searches counts that fit up to 5,000: from the
// default start, from a start that does not fit, and with a cap.
func TestSearchFindsTheBound(t *testing.T) {
	fits := func(n int) (bool, error) { return n <= 5000, nil }
	for _, c := range []struct {
		start, max int
		capped     bool
	}{{0, 1 << 20, false}, {100_000, 1 << 20, false}, {2000, 1 << 20, false}, {0, 3000, true}} {
		r, err := search(BenchOptions{Max: c.max}, c.start, fits)
		if err != nil {
			t.Fatal(err)
		}
		if r.Capped != c.capped || (c.capped && r.Fish != c.max) || (!c.capped && (r.Fish > 5000 || r.Fish < 4500)) {
			t.Errorf("start %d, max %d: %+v, want within 10%% under 5000 (capped %v)", c.start, c.max, r, c.capped)
		}
	}
}

func TestRunFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"-headless", "-seed", "4", "-ticks", "30", "-fish", "50", "-variant", "avoid-colour"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "ticks 30 variant avoid-colour model glue fish 50 digest ") {
		t.Errorf("output %q", out.String())
	}
	glueOut := strings.Replace(out.String(), "model glue", "", 1)
	out.Reset()
	if code := run([]string{"-headless", "-seed", "4", "-ticks", "30", "-fish", "50", "-variant", "avoid-colour", "-model", "loop"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if got := strings.Replace(out.String(), "model loop", "", 1); got != glueOut {
		t.Errorf("loop %q, glue %q: want the same digest", got, glueOut)
	}
	// -bench's tables begin with the command that produced them.
	out.Reset()
	bench := []string{"-bench", "-seed", "1", "-bench-max", "64", "-bench-frames", "1", "-bench-rounds", "1"}
	if code := run(bench, &out, &errs); code != 0 {
		t.Fatalf("-bench: exit %d: %s", code, errs.String())
	}
	if want := "Command: `go run ./games/swarm " + strings.Join(bench, " ") + "`, "; !strings.HasPrefix(out.String(), want) {
		t.Errorf("-bench output does not begin with %q:\n%s", want, out.String())
	}
	// -schedule prints the pipeline: the flock system may be split.
	out.Reset()
	if code := run([]string{"-schedule"}, &out, &errs); code != 0 {
		t.Fatalf("-schedule: exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"Control → Flock → Swim → React → HUD", ".FlockFish   ", "with main.Fish (splittable)", ".DrawFish   "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("-schedule output lacks %q:\n%s", want, out.String())
		}
	}
	for _, bad := range [][]string{{"-variant", "swim"}, {"-model", "oop"}, {"-fish", "-1"}, {"-ticks", "0"}} {
		errs.Reset()
		if code := run(append(bad, "-headless"), &out, &errs); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
		if !strings.Contains(errs.String(), "swarm: ") {
			t.Errorf("%v: no message: %q", bad, errs.String())
		}
	}
}
