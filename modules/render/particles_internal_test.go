package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/gluekit/glue/internal/cputime"
)

// TestFastSincos checks the particles' sine and cosine against math's,
// over several turns either way.
func TestFastSincos(t *testing.T) {
	worst := 0.0
	for a := -20.0; a <= 20; a += 0.001 {
		s, c := fastSincos(float32(a))
		ws, wc := math.Sincos(a)
		worst = max(worst, math.Abs(float64(s)-ws), math.Abs(float64(c)-wc))
	}
	if worst > 0.002 {
		t.Errorf("fastSincos is off by up to %v, want at most 0.002", worst)
	}
}

// benchEmitters returns 10 emitters of n/10 live particles each, set as
// in BenchmarkParticles_100000, on a list.
func benchEmitters(n int) ([]Emitter, *DrawList) {
	es := make([]Emitter, 10)
	d := &DrawList{}
	for i := range es {
		es[i] = Emitter{X: 320, Y: 240, Shape: EmitRect, W: 640, H: 480,
			Burst: n / 10, Max: n / 10, Seed: uint64(i),
			Lifetime: 1e6, Speed: 5, SpeedSpread: 5, AngleSpread: 3.2, GravityY: 1, Drag: 0.1,
			Color: color.RGBA{255, 200, 80, 255}, ColorEnd: color.RGBA{80, 0, 0, 128},
			Size: 3, SizeEnd: 1, Spin: 1, SpinSpread: 2, Round: i%2 == 0}
		es[i].Advance(1.0 / 60)
		es[i].Advance(1.0 / 60)
		d.AddParticles(&es[i])
	}
	return es, d
}

// BenchmarkParticleVertices_100000 measures building the vertices of
// 100,000 particles (10 emitters), culled against a 640×480 view: the
// draw list's share of BenchmarkParticles_100000, without Ebitengine.
func BenchmarkParticleVertices_100000(b *testing.B) {
	_, d := benchEmitters(100000)
	v := view{world: affine{a: 1, d: 1}, ui: affine{a: 1, d: 1}, cull: true, x0: 0, y0: 0, x1: 640, y1: 480}
	frame := func() {
		d.verts = d.verts[:0]
		for i := range d.items {
			d.appendParticles(&d.items[i], v.matrix(d.items[i].layer), &v)
		}
	}
	frame()
	b.ReportAllocs()
	cpuLoop(b, frame)
}

// BenchmarkParticleAdvance_100000 measures moving and ageing 100,000
// particles (10 emitters) by a 60 Hz step: the update's share.
func BenchmarkParticleAdvance_100000(b *testing.B) {
	es, _ := benchEmitters(100000)
	b.ReportAllocs()
	cpuLoop(b, func() {
		for i := range es {
			es[i].Advance(1.0 / 60)
		}
	})
}

// cpuLoop runs frame b.N times and reports the process's CPU time per
// frame, in ms, beside the wall time.
func cpuLoop(b *testing.B, frame func()) {
	c0, ok0 := cputime.Process()
	for b.Loop() {
		frame()
	}
	c1, ok1 := cputime.Process()
	if ok0 && ok1 {
		b.ReportMetric(float64((c1-c0).Microseconds())/float64(b.N)/1000, "cpu-ms/frame")
	}
}

// TestFloor32 checks floor32 against math.Floor.
func TestFloor32(t *testing.T) {
	for _, x := range []float32{0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2.999, -2.999, 1e6 + 0.5, -1e6 - 0.5, 3e9, -3e9} {
		if got, want := floor32(x), float32(math.Floor(float64(x))); got != want {
			t.Errorf("floor32(%v) = %v, want %v", x, got, want)
		}
	}
}
