package render_test

import (
	"image/color"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// particleBenchApp is n live particles on a 640×480 screen, in 10
// emitters: emitted at once, long-lived, drifting under gravity and
// drag, spinning, changing colour and size over their lives — every
// per-particle feature on. Half the emitters draw discs, half squares:
// all from the shapes page, one batch.
func particleBenchApp(b testing.TB, n int) *glue.App {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, render.Plugin{})
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: benchW, Height: benchH}
		for i := range 10 {
			p.Cmds.Spawn(render.Emitter{
				X: benchW / 2, Y: benchH / 2, Shape: render.EmitRect, W: benchW, H: benchH,
				Burst: n / 10, Max: n / 10, Seed: uint64(i),
				Lifetime: 1e6, Speed: 5, SpeedSpread: 5, AngleSpread: 3.2, GravityY: 1, Drag: 0.1,
				Color: color.RGBA{255, 200, 80, 255}, ColorEnd: color.RGBA{80, 0, 0, 128},
				Size: 3, SizeEnd: 1, Spin: 1, SpinSpread: 2, Round: i%2 == 0,
			})
		}
	}))
	app.AddSystems(glue.Update, render.UpdateParticles())
	app.AddSystems(glue.Draw, render.DrawParticles())
	b.Cleanup(app.Close)
	return app
}

// BenchmarkParticles_100000 measures whole frames of 100,000 live
// particles: the update (emit, age, move) and the draw (the particles'
// quads, their vertices and Ebitengine's submission), on a real screen,
// the GPU's work not timed. cpu-ms/frame is the process's CPU time.
func BenchmarkParticles_100000(b *testing.B) {
	requireDisplay(b)
	const n = 100000
	g := render.NewGame(particleBenchApp(b, n))
	img := ebiten.NewImage(benchW, benchH)
	defer img.Deallocate()
	step := func() {
		if err := g.Update(); err != nil {
			b.Fatal(err)
		}
		g.Draw(img)
	}
	for range 3 {
		step()
		_ = img.At(0, 0)
	}
	b.ReportAllocs()
	cpuFrames(b, step, img)
	st := glue.Resource[render.DrawList](g.App()).Stats()
	if st.Particles+st.Culled != n {
		b.Fatalf("Stats %+v, want %d particles drawn or culled", st, n)
	}
	b.ReportMetric(float64(st.DrawCalls()), "drawcalls/frame")
}

// BenchmarkParticlesCPU_100000 is the same frames without a screen:
// the update, the draw systems and the vertices, no Ebitengine.
func BenchmarkParticlesCPU_100000(b *testing.B) {
	app := particleBenchApp(b, 100000)
	frame := func() {
		if err := app.Update(); err != nil {
			b.Fatal(err)
		}
		if err := app.Draw(); err != nil {
			b.Fatal(err)
		}
	}
	frame()
	frame()
	b.ReportAllocs()
	for b.Loop() {
		frame()
	}
}

// TestParticleFrameAllocatesNothing checks the steady state of frames
// of live particles, as TestSpriteFrameAllocatesNothing does for
// sprites.
func TestParticleFrameAllocatesNothing(t *testing.T) {
	requireDisplay(t)
	steadyFramesAllocateNothing(t, particleBenchApp(t, 5000), "frames of 5,000 particles")
}

// BenchmarkParticlesSubmitOnly_100000 is the floor under
// BenchmarkParticles_100000: Ebitengine's own CPU cost of one
// DrawTriangles32 call of 100,000 prebuilt quads (400,000 vertices,
// 600,000 indices, the options the draw list uses) onto the same
// screen, with nothing of glue's in the frame. No drawing through
// Ebitengine v2.10 can cost less for that many particles.
func BenchmarkParticlesSubmitOnly_100000(b *testing.B) {
	requireDisplay(b)
	const n = 100000
	src := ebiten.NewImage(4, 4)
	defer src.Deallocate()
	src.Fill(color.White)
	img := ebiten.NewImage(benchW, benchH)
	defer img.Deallocate()
	verts := make([]ebiten.Vertex, 0, 4*n)
	idx := make([]uint32, 0, 6*n)
	for i := range n {
		x, y := float32(i*7%benchW), float32(i*13%benchH)
		for _, c := range [4][4]float32{{0, 0, 1, 1}, {3, 0, 2, 1}, {0, 3, 1, 2}, {3, 3, 2, 2}} {
			verts = append(verts, ebiten.Vertex{DstX: x + c[0], DstY: y + c[1], SrcX: c[2], SrcY: c[3],
				ColorR: 1, ColorG: 0.8, ColorB: 0.3, ColorA: 1})
		}
		v := uint32(4 * i)
		idx = append(idx, v, v+1, v+2, v+1, v+3, v+2)
	}
	opts := ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha,
		Filter: ebiten.FilterLinear, DisableMipmaps: true}
	step := func() { img.DrawTriangles32(verts, idx, src, &opts) }
	for range 3 {
		step()
		_ = img.At(0, 0)
	}
	b.ReportAllocs()
	cpuFrames(b, step, img)
}

// BenchmarkParticleSubmit_100000 measures building and submitting the
// vertices of 100,000 particles to Ebitengine, GPU work untimed:
// "whole" builds all 400,000 vertices, then makes one DrawTriangles32
// call, as the draw list does; "per-emitter" builds and submits each
// emitter's 40,000 in turn, so Ebitengine copies vertices still in
// cache. It measures a possible change to the draw list (particle
// vertices built at draw time, run by run).
func BenchmarkParticleSubmit_100000(b *testing.B) {
	for _, per := range []bool{false, true} {
		name := map[bool]string{false: "whole", true: "per-emitter"}[per]
		b.Run(name, func(b *testing.B) {
			requireDisplay(b)
			img := ebiten.NewImage(benchW, benchH)
			defer img.Deallocate()
			frame := render.ParticleSubmitFrameForTest(img, per)
			for range 3 {
				frame()
				_ = img.At(0, 0)
			}
			b.ReportAllocs()
			cpuFrames(b, frame, img)
		})
	}
}
