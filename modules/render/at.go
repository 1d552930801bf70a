package render

import (
	"math"
	"reflect"

	"github.com/gluekit/glue"
)

// DrawBoxAt returns a system that draws the box of every entity with a T
// and a P component at the entity's pose: the box's Rect is taken as
// relative to the pose — an offset in the pose's turned frame — and the
// box turns with the pose. A paddle whose Rect is (-W/2, -H/2, W, H) is
// drawn centred on its physics body, and no system copies the body's
// position into it. Its name is "render.DrawBoxAt[T, P]".
func DrawBoxAt[T IBox, P IPose]() *glue.System {
	layered := isLayered[T]()
	return glue.Each2P(func(_ glue.Entity, b *T, p *P, list glue.ResMut[DrawList]) {
		x, y, w, h := (*b).Rect()
		px, py, r := (*p).Pose()
		l := list.Get()
		if r == 0 {
			l.addRect(px+x, py+y, w, h, (*b).Fill(), layerOf(b, layered), (*b).Z())
			return
		}
		sin, cos := math.Sincos(r)
		it := l.whiteQuad((*b).Fill(), layerOf(b, layered), (*b).Z())
		for k, c := range [4][2]float64{{x, y}, {x + w, y}, {x, y + h}, {x + w, y + h}} {
			it.x[k] = float32(px + cos*c[0] - sin*c[1])
			it.y[k] = float32(py + sin*c[0] + cos*c[1])
		}
	}).TypeArgs(reflect.TypeFor[T](), reflect.TypeFor[P]())
}

// DrawCircleAt returns a system that draws the circle of every entity
// with a T and a P component at the entity's pose: the circle's centre is
// taken as an offset in the pose's turned frame, so a ball whose Circle is
// (0, 0, R) is drawn on its physics body. Its name is
// "render.DrawCircleAt[T, P]".
func DrawCircleAt[T ICircle, P IPose]() *glue.System {
	layered := isLayered[T]()
	return glue.Each2P(func(_ glue.Entity, c *T, p *P, list glue.ResMut[DrawList]) {
		x, y, rad := (*c).Circle()
		px, py, r := (*p).Pose()
		if r != 0 {
			sin, cos := math.Sincos(r)
			x, y = cos*x-sin*y, sin*x+cos*y
		}
		list.Get().addCircle(px+x, py+y, rad, (*c).Fill(), layerOf(c, layered), (*c).Z())
	}).TypeArgs(reflect.TypeFor[T](), reflect.TypeFor[P]())
}
