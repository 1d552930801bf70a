package render_test

import (
	"image"
	"image/color"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/internal/cputime"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// The sprite benchmarks measure the CPU time of whole frames — update
// (animation, rotation) and draw (draw systems, sorting, vertices,
// Ebitengine's command submission) — of n rotated, animated 16×16
// sprites and 1,000 text labels on a 640×480 screen. The GPU's work (Mesa
// under Xvfb) runs while the timer is stopped. ms/frame is wall time;
// cpu-ms/frame (on Linux) is the process's CPU time in the same part,
// which other processes on a shared machine inflate less. The baseline draws the
// same sprites, updated by the same systems, with one DrawImage each,
// from a sheet of its own; its labels go through the module as in the
// glue run.

const (
	benchW, benchH = 640, 480
	benchLabels    = 1000
	benchFrames    = 8
)

// spin turns a sprite each tick.
type spin struct{ Speed float64 }

// benchSheetImage is an 8-frame strip of 16×16 frames.
func benchSheetImage() *image.RGBA {
	src := image.NewRGBA(image.Rect(0, 0, 16*benchFrames, 16))
	for x := range 16 * benchFrames {
		for y := range 16 {
			f := x / 16
			src.SetRGBA(x, y, color.RGBA{uint8(30 * f), uint8(255 - 30*f), uint8(x * 2), 255})
		}
	}
	return src
}

func spriteBenchApp(b testing.TB, n int, baseline bool) *glue.App {
	requireDisplay(b)
	src := benchSheetImage()
	img, err := render.NewImage(src)
	if err != nil {
		b.Fatal(err)
	}
	sheet, err := render.GridSheet(img, 16, 16)
	if err != nil {
		b.Fatal(err)
	}
	clip, err := sheet.Clip("spin", render.Loop, 12, 0, 1, 2, 3, 4, 5, 6, 7)
	if err != nil {
		b.Fatal(err)
	}
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, render.Plugin{})
	rng := rand.New(rand.NewPCG(5, 6))
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: benchW, Height: benchH}
		for range n {
			a := render.NewAnimator(clip)
			a.Advance(rng.Float64()) // out of step
			p.Cmds.Spawn(a, render.Sprite{
				X: rng.Float64() * benchW, Y: rng.Float64() * benchH, Rotation: rng.Float64() * 6,
				OriginX: 0.5, OriginY: 0.5,
			}, spin{Speed: rng.Float64() - 0.5})
		}
		for i := range benchLabels {
			p.Cmds.Spawn(render.Label{Value: "label " + strconv.Itoa(i), X: float64(i%20) * 32, Y: float64(i/20) * 9,
				Style: render.TextStyle{Size: 8, Color: color.RGBA{255, 255, 255, 255}}, UI: true})
		}
	}))
	app.AddSystems(glue.Update, render.Animate(), glue.Each2(func(_ glue.Entity, s *render.Sprite, sp *spin) {
		s.Rotation += sp.Speed * 0.1
	}))
	if baseline {
		sheetImg := ebiten.NewImageFromImage(src)
		frames := make([]*ebiten.Image, benchFrames)
		for i := range frames {
			frames[i] = sheetImg.SubImage(image.Rect(16*i, 0, 16*i+16, 16)).(*ebiten.Image)
		}
		var op ebiten.DrawImageOptions
		op.Filter = ebiten.FilterLinear
		app.AddSystems(glue.Draw, glue.Each2P(func(_ glue.Entity, a *render.Animator, s *render.Sprite, screen glue.Res[render.Screen]) {
			op.GeoM.Reset()
			op.GeoM.Translate(-8, -8)
			op.GeoM.Rotate(s.Rotation)
			op.GeoM.Translate(s.X, s.Y)
			screen.Get().Image.DrawImage(frames[a.Index()], &op)
		}))
	} else {
		app.AddSystems(glue.Draw, render.DrawSprite[render.Sprite]())
	}
	app.AddSystems(glue.Draw, render.DrawText[render.Label]())
	b.Cleanup(app.Close)
	return app
}

func benchmarkSprites(b *testing.B, n int, baseline bool) {
	app := spriteBenchApp(b, n, baseline)
	g := render.NewGame(app)
	img := ebiten.NewImage(benchW, benchH)
	defer img.Deallocate()
	step := func() {
		if err := g.Update(); err != nil {
			b.Fatal(err)
		}
		g.Draw(img)
	}
	for range 3 { // spawn, grow buffers, fill the text atlas
		step()
		_ = img.At(0, 0)
	}
	b.ReportAllocs()
	cpuFrames(b, step, img)
	if !baseline {
		st := glue.Resource[render.DrawList](app).Stats()
		b.ReportMetric(float64(st.DrawCalls()), "drawcalls/frame")
		if st.Sprites != n || st.Texts != benchLabels {
			b.Fatalf("Stats = %+v, want %d sprites and %d texts", st, n, benchLabels)
		}
	}
}

// cpuFrames runs step b.N times, as frameLoop, also counting the
// process's CPU time in the timed part (on a shared machine the wall time
// also holds the time other processes had the cores); it reports
// cpu-ms/frame (on Linux) and ms/frame.
func cpuFrames(b *testing.B, step func(), img *ebiten.Image) {
	step()
	_ = img.At(0, 0)
	var cpu time.Duration
	cpuOK := true
	b.ResetTimer()
	for range b.N {
		c0, ok0 := cputime.Process()
		step()
		c1, ok1 := cputime.Process()
		cpu += c1 - c0
		cpuOK = cpuOK && ok0 && ok1
		b.StopTimer()
		_ = img.At(0, 0)
		b.StartTimer()
	}
	b.StopTimer()
	if cpuOK {
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N)/1000, "cpu-ms/frame")
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/frame")
}

func BenchmarkSprites_10000(b *testing.B)          { benchmarkSprites(b, 10000, false) }
func BenchmarkSpritesDrawImage_10000(b *testing.B) { benchmarkSprites(b, 10000, true) }
func BenchmarkSprites_50000(b *testing.B)          { benchmarkSprites(b, 50000, false) }
func BenchmarkSpritesDrawImage_50000(b *testing.B) { benchmarkSprites(b, 50000, true) }
func BenchmarkSprites_100000(b *testing.B)         { benchmarkSprites(b, 100000, false) }
func BenchmarkSpritesDrawImage_100000(b *testing.B) {
	benchmarkSprites(b, 100000, true)
}

// TestSpriteFrameAllocatesNothing checks the steady state of the glue
// frame: update and draw of animated, rotating sprites and labels. As in
// a real game loop, the GPU commands are flushed between frames (by
// reading a pixel, not counted): Ebitengine recycles its command objects
// at a flush, in sync.Pools that a garbage collection empties, so the
// collector is off while counting.
func TestSpriteFrameAllocatesNothing(t *testing.T) {
	requireDisplay(t)
	steadyFramesAllocateNothing(t, spriteBenchApp(t, 2000, false), "frames of 2,000 animated sprites and 1,000 labels")
}

// steadyFramesAllocateNothing runs app's frames (update and draw, with a
// flush between them) until they are warm, then checks that a frame
// allocates nothing (noFrameAllocs).
func steadyFramesAllocateNothing(t *testing.T, app *glue.App, what string) {
	t.Helper()
	if raceEnabled {
		t.Skip("render: the race detector allocates in Ebitengine's synchronization; run without -race to count allocations")
	}
	g := render.NewGame(app)
	img := ebiten.NewImage(benchW, benchH)
	defer img.Deallocate()
	step := func() {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.Draw(img)
	}
	for range 30 {
		step()
		_ = img.At(0, 0)
	}
	noFrameAllocs(t, step, img, what)
}

// noFrameAllocs checks that step allocates nothing in steady state. As
// in a real game loop, the GPU commands are flushed between frames (by
// reading a pixel, not counted): Ebitengine recycles its command objects
// at a flush, in sync.Pools that a garbage collection empties, so the
// collector is off while counting. Ebitengine's command queue grows its
// own buffers now and then (a few allocations in some hundred frames,
// more on a loaded machine): an allocation of ours would show in every
// frame, so the check passes when one of several runs of 20 frames
// allocates nothing.
func noFrameAllocs(t *testing.T, step func(), img *ebiten.Image, what string) {
	t.Helper()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	const frames, attempts = 20, 5
	var counts []uint64
	var before, after runtime.MemStats
	for range attempts {
		var mallocs uint64
		for range frames {
			runtime.ReadMemStats(&before)
			step()
			runtime.ReadMemStats(&after)
			mallocs += after.Mallocs - before.Mallocs
			_ = img.At(0, 0)
		}
		if mallocs == 0 {
			return
		}
		counts = append(counts, mallocs)
	}
	t.Errorf("runs of %d %s allocate %v times, want 0 in at least one run", frames, what, counts)
}

// BenchmarkSpriteListCPU_10000 measures the module's own CPU work for
// 10,000 rotated sprites: adding them and building their vertices,
// without a screen.
func BenchmarkSpriteListCPU_10000(b *testing.B) {
	img, err := render.NewImage(benchSheetImage())
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	sprites := make([]render.Sprite, 10000)
	for i := range sprites {
		sprites[i] = render.Sprite{Image: img, X: rng.Float64() * benchW, Y: rng.Float64() * benchH,
			Rotation: rng.Float64() * 6, OriginX: 0.5, OriginY: 0.5}
	}
	var d render.DrawList
	frame := func() {
		for i := range sprites {
			d.AddSprite(&sprites[i])
		}
		d.Flush(nil, 1)
	}
	frame()
	b.ReportAllocs()
	for b.Loop() {
		frame()
	}
}
