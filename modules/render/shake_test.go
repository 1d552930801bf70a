package render_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

// TestShakeOnTheDefaultCamera is the regression test of a shake that
// was invisible: on the camera switched off (Zoom 0) and without
// render.UpdateCamera, Shaking() was true and Center() moved, but
// nothing drawn moved, and the shake never ended.
func TestShakeOnTheDefaultCamera(t *testing.T) {
	requireDisplay(t)
	app := newApp(t, 1, render.Box{X: 20, Y: 20, W: 10, H: 10, Color: red})
	g := render.NewGame(app)
	still := frame(t, g)
	glue.Resource[render.Camera](app).Shake(6, 0.5)
	moved := false
	for range 10 {
		img := frame(t, g)
		for y := 14; y < 36 && !moved; y++ {
			for x := 14; x < 36; x++ {
				if img.RGBAAt(x, y) != still.RGBAAt(x, y) {
					moved = true
					break
				}
			}
		}
	}
	if !moved {
		t.Error("the shake on the default camera moved nothing drawn")
	}
	for range 30 { // past the half second at 60 TPS
		frame(t, g)
	}
	if glue.Resource[render.Camera](app).Shaking() {
		t.Error("the shake did not end without render.UpdateCamera")
	}
	img := frame(t, g)
	checkPixel(t, img, 20, 20, red, "the box back at its place")
	checkPixel(t, img, 19, 20, bg, "left of the box back at its place")
}

// TestShakeFollowsTheGameClock: with timer.Plugin the plugin advances
// the shake by game time, so a paused clock holds it; UpdateCamera, if
// added, advances it instead, not both.
func TestShakeFollowsTheGameClock(t *testing.T) {
	for _, withUpdate := range []bool{false, true} {
		app := glue.NewApp()
		app.AddPlugins(timer.Plugin{}, render.Plugin{})
		if withUpdate {
			app.AddSystems(glue.Update, render.UpdateCamera())
		}
		defer app.Close()
		step := func(n int) {
			for range n {
				if err := app.Update(); err != nil {
					t.Fatal(err)
				}
				if err := app.Draw(); err != nil {
					t.Fatal(err)
				}
			}
		}
		step(1)
		cam := glue.Resource[render.Camera](app)
		cam.Shake(5, 0.5)
		glue.Resource[timer.Time](app).SetPaused(true)
		step(60)
		if !cam.Shaking() {
			t.Errorf("UpdateCamera %v: the shake ended while the clock was paused", withUpdate)
		}
		glue.Resource[timer.Time](app).SetPaused(false)
		step(29)
		if !cam.Shaking() {
			t.Errorf("UpdateCamera %v: the shake of 0.5 s ended within 29 ticks: advanced twice a tick?", withUpdate)
		}
		step(2)
		if cam.Shaking() {
			t.Errorf("UpdateCamera %v: the shake of 0.5 s goes on after 31 ticks", withUpdate)
		}
	}
}
