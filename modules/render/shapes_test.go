package render_test

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// listApp returns an app whose draw stage runs fn with the DrawList.
func listApp(t testing.TB, scale float64, fn func(d *render.DrawList), entities ...any) *glue.App {
	t.Helper()
	app := newApp(t, scale, entities...)
	app.AddSystems(glue.Draw, glue.Func(func(l glue.ResMut[render.DrawList]) { fn(l.Get()) }))
	return app
}

func TestShapePixels(t *testing.T) {
	requireDisplay(t)
	app := listApp(t, 1, func(d *render.DrawList) {
		d.AddLine(2, 4, 30, 4, 3, red, 0) // y 2.5..5.5
		// An L-shaped polygon: its notch stays empty.
		d.AddPolygon([]render.Point{{40, 2}, {60, 2}, {60, 12}, {50, 12}, {50, 22}, {40, 22}}, green, 0)
		// A 20×4 bar turned a quarter: 4 wide, 20 high around (10, 30).
		d.AddRotatedRect(10, 30, 20, 4, math.Pi/2, blue, 0)
		d.AddPolyline([]render.Point{{20, 20}, {30, 20}, {30, 30}}, 2, false, yellow, 0)
	})
	img := frame(t, render.NewGame(app))
	checkPixel(t, img, 16, 4, red, "on the line")
	checkPixel(t, img, 16, 1, bg, "above the line")
	checkPixel(t, img, 16, 6, bg, "below the line")
	checkPixel(t, img, 45, 5, green, "polygon's top arm")
	checkPixel(t, img, 45, 18, green, "polygon's lower arm")
	checkPixel(t, img, 55, 18, bg, "polygon's notch")
	checkPixel(t, img, 10, 22, blue, "turned bar, near its top")
	checkPixel(t, img, 10, 38, blue, "turned bar, near its bottom")
	checkPixel(t, img, 14, 30, bg, "right of the turned bar")
	checkPixel(t, img, 25, 20, yellow, "polyline's first segment")
	checkPixel(t, img, 30, 25, yellow, "polyline's second segment")
	checkPixel(t, img, 30, 20, yellow, "polyline's joint")
}

// ship is a vector-art component.
type ship struct{ render.Shape }

func TestDrawPolygonAt(t *testing.T) {
	requireDisplay(t)
	tri := render.Shape{Points: []render.Point{{-6, -6}, {10, 0}, {-6, 6}}, FillColor: red, StrokeColor: white, StrokeWidth: 2}
	app := newApp(t, 1, bundle{ship{tri}, pose{X: 30, Y: 24, R: math.Pi / 2}})
	app.AddSystems(glue.Draw, render.DrawPolygonAt[ship, pose]())
	img := frame(t, render.NewGame(app))
	// Turned a quarter clockwise, the nose (10, 0) points down: (30, 34).
	checkPixel(t, img, 30, 28, red, "inside, towards the nose")
	checkPixel(t, img, 30, 16, bg, "above the turned ship")
	if c := img.RGBAAt(30, 17); c.G < 100 {
		t.Errorf("the outline at the tail (30, 17) = %v, want white-ish", c)
	}
}

func TestCustomDrawInterleaves(t *testing.T) {
	requireDisplay(t)
	var gotSize image.Point
	app := listApp(t, 2, func(d *render.DrawList) {
		d.AddRect(0, 0, 20, 20, red, 1)
		d.AddRect(10, 10, 20, 20, blue, 3)
		// Added last but at Z 2: between the red and the blue box.
		d.AddFunc(func(dst *ebiten.Image) {
			gotSize = dst.Bounds().Size()
			dst.SubImage(image.Rect(10, 10, 50, 50)).(*ebiten.Image).Fill(green)
		}, 2)
		d.AddRect(0, 24, 4, 4, yellow, -1) // below everything, same page as the boxes
	})
	img := frame(t, render.NewGame(app))
	if gotSize != image.Pt(128, 96) {
		t.Errorf("the func drew on a %v image, want the 128×96 screen", gotSize)
	}
	checkPixel(t, img, 2, 2, red, "red box alone (Z 1)")
	checkPixel(t, img, 12, 12, green, "the func's fill over red (Z 2 over Z 1)")
	checkPixel(t, img, 30, 30, blue, "blue box over the func's fill (Z 3 over Z 2)")
	checkPixel(t, img, 2, 50, yellow, "yellow (Z -1)")
	st := glue.Resource[render.DrawList](app).Stats()
	if st.Funcs != 1 || st.Batches != 2 {
		t.Errorf("Stats = %+v, want 1 func between 2 batches", st)
	}
}

func TestUILabelIgnoresTheCamera(t *testing.T) {
	requireDisplay(t)
	app := newApp(t, 1,
		render.Box{X: 0, Y: 0, W: 4, H: 4, Color: red, UI: true},
		render.Box{X: 0, Y: 0, W: 4, H: 4, Color: blue}, // world, moved by the camera
	)
	*glue.Resource[render.Camera](app) = render.Camera{X: 0, Y: 0, Zoom: 1} // world (0, 0) at the centre
	img := frame(t, render.NewGame(app))
	checkPixel(t, img, 1, 1, red, "UI box at the screen's corner")
	checkPixel(t, img, 33, 25, blue, "world box at the screen's centre")
}

// TestPolylineJoins draws a sharp V (36.9° at its apex) with each join:
// a miter reaches the outer tip, where segments that merely overlap (the
// old joints) left a notch; a bevel cuts the corner straight; a round
// join's arc lies between the two.
func TestPolylineJoins(t *testing.T) {
	requireDisplay(t)
	joins := []render.LineJoin{render.JoinMiter, render.JoinBevel, render.JoinRound}
	app := listApp(t, 1, func(d *render.DrawList) {
		for i, j := range joins {
			x := 10 + 22*float64(i)
			d.AddPolylineJoin([]render.Point{{x - 10, 44}, {x, 14}, {x + 10, 44}}, 6, false, j, red, 0)
		}
	})
	img := frame(t, render.NewGame(app))
	for i, j := range joins {
		x := 10 + 22*i
		// The miter's tip is 9.5 above the apex (14); the bevel's edge
		// is at y 13.05; the round join's arc peaks 3 above the apex.
		tip, arc, bevel := red, red, red
		switch j {
		case render.JoinBevel:
			tip, arc = bg, bg
		case render.JoinRound:
			tip, arc = bg, red
		}
		checkPixel(t, img, x, 7, tip, fmt.Sprintf("join %d: near the miter's tip", j))
		checkPixel(t, img, x, 11, arc, fmt.Sprintf("join %d: inside the round join's arc", j))
		checkPixel(t, img, x, 13, bevel, fmt.Sprintf("join %d: just inside the bevel", j))
		checkPixel(t, img, x, 27, bg, fmt.Sprintf("join %d: inside the V", j))
		checkPixel(t, img, x-5, 29, red, fmt.Sprintf("join %d: on the left arm", j))
	}
}

// TestTranslucentPolylineHasOneShade checks that the segments of a
// translucent line do not overlap at its joints (the corners are mitred
// or bevelled, never drawn twice), and that a closed line's first joint
// is joined too.
func TestTranslucentPolylineHasOneShade(t *testing.T) {
	requireDisplay(t)
	half := color.RGBA{0, 0, 128, 128} // premultiplied: half-transparent blue
	app := listApp(t, 1, func(d *render.DrawList) {
		d.AddPolyline([]render.Point{{4, 4}, {30, 4}, {30, 30}, {4, 30}}, 4, true, half, 0)
		d.AddPolylineJoin([]render.Point{{40, 30}, {50, 6}, {60, 30}}, 4, false, render.JoinBevel, half, 0)
		d.AddPolylineJoin([]render.Point{{40, 44}, {50, 36}, {60, 44}}, 4, false, render.JoinRound, half, 0)
	})
	img := frame(t, render.NewGame(app))
	want := img.RGBAAt(17, 4) // middle of the square's top side
	if want == bg {
		t.Fatal("the square's side was not drawn")
	}
	for _, p := range []image.Point{{4, 4}, {30, 4}, {30, 30}, {4, 30}, {3, 3}, {31, 31}, {50, 7}, {45, 18}, {50, 36}, {50, 35}, {45, 40}} {
		if got := img.RGBAAt(p.X, p.Y); got != want {
			t.Errorf("pixel %v = %v, want the line's one shade %v", p, got, want)
		}
	}
	checkPixel(t, img, 17, 17, bg, "inside the square")
}
