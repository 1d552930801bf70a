package render_test

import (
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

func TestCameraTrackDeadZoneLookAheadBounds(t *testing.T) {
	c := render.Camera{Zoom: 1, DeadW: 40, DeadH: 20}
	c.SetViewSize(200, 100)
	c.Track(100, 50, 1.0/60) // the first call snaps to the target
	if c.X != 100 || c.Y != 50 {
		t.Fatalf("first Track: camera at (%v, %v), want the target", c.X, c.Y)
	}
	c.Track(115, 58, 1.0/60) // inside the dead zone (±20, ±10)
	if c.X != 100 || c.Y != 50 {
		t.Fatalf("target inside the dead zone moved the camera to (%v, %v)", c.X, c.Y)
	}
	c.Track(130, 50, 1.0/60) // 10 px past its right edge
	if c.X != 110 {
		t.Fatalf("target 10 px past the dead zone: camera x %v, want 110", c.X)
	}
	// Look-ahead: moving right for a while shifts the view right of the
	// dead zone's edge by up to LookAhead.
	c.LookAhead = 30
	x := 130.0
	for range 240 {
		x += 1
		c.Track(x, 50, 1.0/60)
	}
	if got := c.X - (x - 20); got < 25 || got > 30.001 {
		t.Fatalf("look-ahead %v px after 4 s moving right, want close to 30", got)
	}
	// Bounds: the camera's point stays where the view fits.
	c.Bounds = render.Rect{MaxX: 400, MaxY: 100}
	c.Track(1000, 50, 1.0/60)
	if c.X != 300 {
		t.Fatalf("camera x %v beyond the bounds, want 300 (400 - half the view)", c.X)
	}
	// Smoothing: part of the way per tick.
	s := render.Camera{Zoom: 1, Smoothing: 5}
	s.SetViewSize(200, 100)
	s.Track(0, 0, 1.0/60)
	s.Track(100, 0, 1.0/60)
	if want := 100 * (1 - math.Exp(-5.0/60)); math.Abs(s.X-want) > 1e-9 {
		t.Fatalf("smoothed camera x %v, want %v", s.X, want)
	}
}

type spot struct{ X, Y float64 }

func (p spot) Pose() (x, y, r float64) { return p.X, p.Y, 0 }

func TestFollowTargetFollowsTheMarkedEntity(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, render.Plugin{})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(spot{X: 500, Y: 500}) // a wall: first in query order, not followed
		cmds.Spawn(spot{X: 40, Y: 30}, render.CameraTarget{})
	}).Named("test.Spawn"))
	app.AddSystems(glue.PostUpdate, render.FollowTarget[spot]())
	defer app.Close()
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if c := glue.Resource[render.Camera](app); c.X != 40 || c.Y != 30 {
		t.Fatalf("camera at (%v, %v), want the marked entity (40, 30)", c.X, c.Y)
	}
}
