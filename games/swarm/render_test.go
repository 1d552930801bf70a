package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/games/assets"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// The pixel test plays the real game in a real Ebitengine window (under
// Xvfb) and compares the screen with the fish drawn. Pixels can be read
// only while a game runs, so TestMain runs the game and runs every test
// of the package from inside it once the screenshot is taken, as
// games/breakout does. Without a display the tests run directly and
// TestFishDrawnTinted skips.

// drawnFish is a fish as the screenshot's frame drew it.
type drawnFish struct {
	pos Position
	vel Velocity
	col Colour
}

var (
	drawn    []drawnFish
	predator Position
	shot     *image.RGBA
	rendered bool
)

// RunTests is the stage, after the HUD, in which TestMain runs the tests.
const RunTests glue.Stage = "test.RunTests"

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		os.Exit(m.Run())
	}
	if os.Getenv(drawBenchEnv) != "" {
		// TestDrawBenchRunsAtTinySizes's child: one window per process.
		if err := RunDrawBench(os.Stdout, BenchOptions{Seed: 1, Max: 64, Frames: 1, Rounds: 2}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	app := NewApp(Config{Seed: 2, Scene: Scene{Variant: Movement, Fish: 40}, Scale: 1,
		Screenshot: render.Screenshot{Frames: 90}})
	app.AddSystems(glue.Draw, glue.Func(func(p struct {
		Fish glue.Query4[*Position, *Velocity, *Colour, *Fish]
		Pred glue.Query2[*Position, *Predator]
	}) {
		drawn = drawn[:0]
		p.Fish.Each(func(_ glue.Entity, pos *Position, v *Velocity, c *Colour, _ *Fish) {
			drawn = append(drawn, drawnFish{*pos, *v, *c})
		})
		if _, pos, _, ok := p.Pred.First(); ok {
			predator = *pos
		}
	}).Named("test.recordFrame"))
	app.AddStagesAfter(HUDStage, RunTests)
	code := 1
	app.AddSystems(RunTests, glue.Func(func(p struct {
		Shot glue.Res[render.Screenshot]
		Cmd  glue.Commands
	}) {
		if s := p.Shot.Get(); s.Done {
			shot, rendered = s.Image, true
			code = m.Run()
			p.Cmd.End()
		}
	}).Named("test.run"))
	if err := render.Run(app, nil); err != nil {
		fmt.Fprintln(os.Stderr, "swarm test:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

// fishFramePixel returns the fish frame's pixel at (x, y) of its cell,
// read from the sprite sheet's PNG.
func fishFramePixel(t *testing.T, x, y int) color.RGBA {
	t.Helper()
	f, err := assets.FS.Open(assets.Sheet)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	cols := img.Bounds().Dx() / assets.Cell
	fx, fy := assets.FrameFish%cols*assets.Cell, assets.FrameFish/cols*assets.Cell
	return color.RGBAModel.Convert(img.At(img.Bounds().Min.X+fx+x, img.Bounds().Min.Y+fy+y)).(color.RGBA)
}

func TestFishDrawnTinted(t *testing.T) {
	if !rendered {
		t.Skip("no DISPLAY: run under `xvfb-run -a go test ./games/swarm`")
	}
	if b := shot.Bounds(); b.Dx() != ScreenW || b.Dy() != ScreenH {
		t.Fatalf("screenshot is %v, want %dx%d", b, ScreenW, ScreenH)
	}
	if len(drawn) != 40 {
		t.Fatalf("%d fish drawn, want 40", len(drawn))
	}
	base := fishFramePixel(t, assets.Cell/2, assets.Cell/2)
	if base.A != 255 {
		t.Fatalf("the fish frame's centre is not opaque: %v", base)
	}
	near := func(a, b color.RGBA, tol int) bool {
		d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
		return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
	}
	// Each fish clear of the others, the predator and the counter shows
	// the frame's colour times its tint at its centre.
	checked := 0
	for i, f := range drawn {
		x, y := f.pos.X*PixelsPerUnit, f.pos.Y*PixelsPerUnit
		if y < 60 || x < 4 || x > float64(ScreenW-4) || y > float64(ScreenH-4) {
			continue
		}
		clear := math.Hypot(x-predator.X*PixelsPerUnit, y-predator.Y*PixelsPerUnit) > 40
		for j, g := range drawn {
			if j != i && math.Hypot(x-g.pos.X*PixelsPerUnit, y-g.pos.Y*PixelsPerUnit) < 14 {
				clear = false
			}
		}
		if !clear {
			continue
		}
		tn := tint(&f.col)
		want := color.RGBA{
			uint8((int(base.R)*int(tn.R) + 127) / 255),
			uint8((int(base.G)*int(tn.G) + 127) / 255),
			uint8((int(base.B)*int(tn.B) + 127) / 255), 255}
		got := shot.RGBAAt(int(math.Round(x)), int(math.Round(y)))
		if !near(got, want, 10) {
			t.Errorf("fish at (%.1f, %.1f) px, colour %+v: centre pixel %v, want the frame's %v tinted: %v", x, y, f.col, got, base, want)
		}
		// Above and below the body (the sprite is 16 px square, the body
		// about 6 px high) is water.
		if c := shot.RGBAAt(int(math.Round(x)), int(math.Round(y))-7); !near(c, backgroundColor, 10) {
			t.Errorf("fish at (%.1f, %.1f) px: 7 px above, pixel %v, want the background %v", x, y, c, backgroundColor)
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d fish clear of the others: the scene needs more room", checked)
	}
	// The predator is drawn, grey, over the water.
	px, py := int(math.Round(predator.X*PixelsPerUnit)), int(math.Round(predator.Y*PixelsPerUnit))
	if px > 20 && px < ScreenW-20 {
		want := color.RGBA{uint8(int(base.R) * int(predatorTint.R) / 255), uint8(int(base.G) * int(predatorTint.G) / 255), uint8(int(base.B) * int(predatorTint.B) / 255), 255}
		if c := shot.RGBAAt(px, py); !near(c, want, 14) {
			t.Errorf("predator at (%d, %d) px: pixel %v, want %v", px, py, c, want)
		}
	}
}

// frame runs ticks ticks of a windowed game offscreen and returns the
// last frame's pixels.
func frame(t *testing.T, cfg Config, ticks int) *image.RGBA {
	t.Helper()
	app := NewApp(cfg)
	defer app.Close()
	g := render.NewGame(app)
	for range ticks {
		if err := g.Update(); err != nil {
			t.Fatalf("Update: %v", err)
		}
	}
	img := ebiten.NewImage(ScreenW, ScreenH)
	defer img.Deallocate()
	g.Draw(img)
	if err := g.Err(); err != nil {
		t.Fatalf("Draw: %v", err)
	}
	out := image.NewRGBA(image.Rect(0, 0, ScreenW, ScreenH))
	img.ReadPixels(out.Pix)
	return out
}

// TestModelsDrawTheSame draws the same scene with every model: each fish
// of the loop and the EC draws itself where glue's draw systems draw its
// entity, so the frames are the same below the counter, pixel for pixel
// (within 2 of 255 a channel).
func TestModelsDrawTheSame(t *testing.T) {
	if !rendered {
		t.Skip("no DISPLAY: run under `xvfb-run -a go test ./games/swarm`")
	}
	cfg := Config{Seed: 5, Scene: Scene{Variant: AvoidColour, Fish: 300}, Scale: 1}
	ecs := frame(t, cfg, 200)
	for _, m := range []Model{LoopModel, ECModel} {
		cfg.Model = m
		drawnTheSame(t, ecs, frame(t, cfg, 200), m)
	}
}

func drawnTheSame(t *testing.T, ecs, obj *image.RGBA, m Model) {
	fishPixels, diff := 0, 0
	for y := 60; y < ScreenH; y++ {
		for x := range ScreenW {
			a, b := ecs.RGBAAt(x, y), obj.RGBAAt(x, y)
			if a != backgroundColor {
				fishPixels++
			}
			// The two apps load the sheet into different places of the
			// atlas, so linear filtering may round a channel differently.
			if d := max(absDiff(a.R, b.R), absDiff(a.G, b.G), absDiff(a.B, b.B)); d > 2 {
				diff++
				if diff <= 5 {
					t.Errorf("(%d, %d): glue %v, %s %v", x, y, a, m, b)
				}
			}
		}
	}
	if fishPixels < 1000 {
		t.Fatalf("only %d pixels of fish drawn: the scene is not on screen", fishPixels)
	}
	if diff != 0 {
		t.Errorf("%d of %d pixels differ between glue and %s", diff, ScreenW*(ScreenH-60), m)
	}
}

func absDiff(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }

// drawBenchEnv makes TestMain run the draw benchmark at tiny sizes
// instead of the tests: Ebitengine opens one window per process, and
// the tests' window is taken.
const drawBenchEnv = "SWARM_TEST_DRAW_BENCH"

// -bench-draw runs every variant and model in a real window and writes
// the table: a row per variant with a count per model and their ratio.
// The counts themselves are speed (how many fish fit in a frame on this
// machine now), which a test does not assert: 64 fish usually fit, but
// not always on a busy machine.
func TestDrawBenchRunsAtTinySizes(t *testing.T) {
	if !rendered {
		t.Skip("no display: run under xvfb-run")
	}
	if testing.Short() {
		t.Skip("opens a second window in a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), drawBenchEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("draw bench: %v\n%s", err, out)
	}
	for _, v := range ThesisVariants {
		if row := "| " + thesisName(v) + " | ≥ "; !strings.Contains(string(out), row) {
			t.Errorf("no row %q in\n%s", row, out)
		}
	}
	for _, want := range []string{"within 1/30 s", "within 1/60 s", "EC (thesis)", "loop (hand-written)", "load average"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestDrawBenchAppsRunUnfocused: the draw benchmark's apps tick on when
// their window has lost the focus — no player is at it, and a game that
// paused there left the benchmark waiting for the focus forever (a test's
// window opening beside it under Xvfb took it).
func TestDrawBenchAppsRunUnfocused(t *testing.T) {
	app := newBenchApp(Config{Seed: 1, Scene: Scene{Variant: Movement, Fish: 8}, Scale: 1})
	defer app.Close()
	app.Build()
	focused := true
	glue.Resource[render.Focus](app).Source = func() bool { return focused }
	g := render.NewGame(app)
	for _, f := range []bool{true, false, false} {
		focused = f
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if app.Tick() != 3 {
		t.Errorf("%d ticks in 3 updates, 2 of them with the focus lost; want 3", app.Tick())
	}
}
