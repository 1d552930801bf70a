package render_test

import (
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// benchBoxes returns n 4×3 boxes scattered over a 400×400 screen, in
// assorted colours.
func benchBoxes(n int) []render.Box {
	rng := rand.New(rand.NewPCG(1, 2))
	boxes := make([]render.Box, n)
	for i := range boxes {
		boxes[i] = render.Box{
			X: float64(rng.IntN(396)), Y: float64(rng.IntN(397)), W: 4, H: 3,
			Color: color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255},
		}
	}
	return boxes
}

func boxApp(b *testing.B, n int) *glue.App {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	boxes := benchBoxes(n)
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 400, Height: 400}
		for _, box := range boxes {
			p.Cmds.Spawn(box)
		}
	}))
	app.AddSystems(glue.Draw, render.DrawBox[render.Box]())
	b.Cleanup(app.Close)
	return app
}

// benchmarkDrawBox measures frames of n boxes: the DrawBox system, the
// flush and Ebitengine's submission of the draw calls. With gpu, it
// includes the GPU's work, waited for by reading a pixel back; without,
// the GPU runs while the timer is stopped. Under Xvfb the "GPU" is
// Mesa's software rasterizer, so the GPU times measure the CPU too.
func benchmarkDrawBox(b *testing.B, n int, gpu bool) {
	requireDisplay(b)
	g := render.NewGame(boxApp(b, n))
	if err := g.Update(); err != nil {
		b.Fatal(err)
	}
	img := ebiten.NewImage(400, 400)
	defer img.Deallocate()
	frameLoop(b, gpu, func() { g.Draw(img) }, img)
	st := glue.Resource[render.DrawList](g.App()).Stats()
	b.ReportMetric(float64(st.DrawCalls()), "drawcalls/frame")
}

// frameLoop runs draw b.N times, waiting for the GPU after each frame
// with the timer running (gpu) or stopped.
func frameLoop(b *testing.B, gpu bool, draw func(), img *ebiten.Image) {
	draw()
	_ = img.At(0, 0)
	b.ResetTimer()
	for range b.N {
		draw()
		if !gpu {
			b.StopTimer()
		}
		_ = img.At(0, 0)
		if !gpu {
			b.StartTimer()
		}
	}
}

func BenchmarkDrawBox_1000(b *testing.B)     { benchmarkDrawBox(b, 1000, false) }
func BenchmarkDrawBox_10000(b *testing.B)    { benchmarkDrawBox(b, 10000, false) }
func BenchmarkDrawBoxGPU_1000(b *testing.B)  { benchmarkDrawBox(b, 1000, true) }
func BenchmarkDrawBoxGPU_10000(b *testing.B) { benchmarkDrawBox(b, 10000, true) }

// BenchmarkDrawBoxCPU_10000 measures the CPU side of a frame of 10,000
// boxes: the DrawBox system, sorting and building vertices, without a
// screen to draw on.
func BenchmarkDrawBoxCPU_10000(b *testing.B) {
	app := boxApp(b, 10000)
	if err := app.Update(); err != nil {
		b.Fatal(err)
	}
	if err := app.Draw(); err != nil { // grow the draw list
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := app.Draw(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDrawListFlushUnsorted_10000 measures sorting 10,000 items of
// mixed Z and building their vertices.
func BenchmarkDrawListFlushUnsorted_10000(b *testing.B) {
	var d render.DrawList
	boxes := benchBoxes(10000)
	frame := func() {
		for i, box := range boxes {
			d.AddRect(box.X, box.Y, box.W, box.H, box.Color, i%7)
		}
		d.Flush(nil, 1)
	}
	frame() // grow the list
	b.ReportAllocs()
	for b.Loop() {
		frame()
	}
}

// The baselines draw the same boxes one call each, as a game would
// without batching.

func baselineFillRect(b *testing.B, gpu bool) {
	requireDisplay(b)
	boxes := benchBoxes(10000)
	img := ebiten.NewImage(400, 400)
	defer img.Deallocate()
	frameLoop(b, gpu, func() {
		img.Fill(color.Black)
		for _, box := range boxes {
			vector.FillRect(img, float32(box.X), float32(box.Y), float32(box.W), float32(box.H), box.Color, false)
		}
	}, img)
}

func BenchmarkBaselineFillRect_10000(b *testing.B)    { baselineFillRect(b, false) }
func BenchmarkBaselineFillRectGPU_10000(b *testing.B) { baselineFillRect(b, true) }

func BenchmarkBaselineDrawImage_10000(b *testing.B) {
	requireDisplay(b)
	boxes := benchBoxes(10000)
	img := ebiten.NewImage(400, 400)
	defer img.Deallocate()
	white := ebiten.NewImage(4, 3)
	white.Fill(color.White)
	var op ebiten.DrawImageOptions
	frameLoop(b, false, func() {
		img.Fill(color.Black)
		for _, box := range boxes {
			op.GeoM.Reset()
			op.GeoM.Translate(box.X, box.Y)
			op.ColorScale.Reset()
			op.ColorScale.ScaleWithColor(box.Color)
			img.DrawImage(white, &op)
		}
	}, img)
}
