package render

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
