package render_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/tween"
)

// TestTweenPixels moves a box with tweens in a real window:
// 30 ticks of a 1 s linear move from x 0 to 40 put it at 20; pausing the
// clock holds it.
func TestTweenPixels(t *testing.T) {
	requireDisplay(t)
	app := newApp(t, 1, bundle{
		render.Box{X: 0, Y: 20, W: 8, H: 8, Color: red},
		tween.Tween[render.Box]{Prop: tween.Float(func(b *render.Box) *float64 { return &b.X }), Steps: []tween.Step{tween.To(40, 1, nil)}},
	})
	app.AddPlugins(timer.Plugin{})
	app.AddSystems(glue.Update, tween.Update[render.Box]())
	g := render.NewGame(app)
	img := frame(t, g) // tick 1: the tween starts and moves 1/60
	checkPixel(t, img, 2, 24, red, "the box near its start")
	for range 29 {
		img = frame(t, g)
	}
	checkPixel(t, img, 2, 24, bg, "where the box was")
	checkPixel(t, img, 24, 24, red, "the box half way, at x 20 to 28")
	glue.Resource[timer.Time](app).SetPaused(true)
	for range 5 {
		img = frame(t, g)
	}
	checkPixel(t, img, 21, 24, red, "paused: the box still at x 20")
	glue.Resource[timer.Time](app).SetPaused(false)
	for range 40 {
		img = frame(t, g)
	}
	checkPixel(t, img, 44, 24, red, "the box at its end, x 40")
	checkPixel(t, img, 38, 24, bg, "left of its end")
}
