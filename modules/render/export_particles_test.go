package render

import "github.com/hajimehoshi/ebiten/v2"

// ParticleVerticesForTest returns the vertices of d's particles, at
// scale 1 without a camera.
func ParticleVerticesForTest(d *DrawList) []float32 {
	v := view{world: affine{a: 1, d: 1}, ui: affine{a: 1, d: 1}}
	d.verts = d.verts[:0]
	var out []float32
	for i := range d.items {
		if d.items[i].kind == kindParticles {
			d.appendParticles(&d.items[i], v.matrix(d.items[i].layer), &v)
		}
	}
	for _, x := range d.verts {
		out = append(out, x.DstX, x.DstY, x.ColorR, x.ColorA)
	}
	return out
}

// ParticleSubmitFrameForTest returns a frame that builds the vertices
// of 100,000 particles (10 emitters, as in BenchmarkParticles_100000)
// and submits them to img as DrawList.draw does: all, then one
// DrawTriangles32 call; or, if perEmitter, each emitter's in turn.
func ParticleSubmitFrameForTest(img *ebiten.Image, perEmitter bool) func() {
	_, d := benchEmitters(100000)
	v := view{world: affine{a: 1, d: 1}, ui: affine{a: 1, d: 1}}
	v.setClip(img.Bounds())
	d.ensureIndices(100000)
	opts := ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha,
		Filter: ebiten.FilterLinear, DisableMipmaps: true}
	submit := func() { img.DrawTriangles32(d.verts, d.indices[:len(d.verts)/4*6], pageImage(0), &opts) }
	return func() {
		d.verts = d.verts[:0]
		for i := range d.items {
			if perEmitter {
				d.verts = d.verts[:0]
			}
			d.appendParticles(&d.items[i], v.matrix(d.items[i].layer), &v)
			if perEmitter {
				submit()
			}
		}
		if !perEmitter {
			submit()
		}
	}
}
