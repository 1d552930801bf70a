package render_test

import (
	"image"
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestCameraPixels(t *testing.T) {
	requireDisplay(t)
	var boxes []any
	// A far-away field of boxes, all off screen.
	for i := range 100 {
		boxes = append(boxes, render.Box{X: 1000 + float64(i)*10, Y: 1000, W: 4, H: 4, Color: yellow})
	}
	app := newApp(t, 2, append(boxes,
		render.Box{X: 98, Y: 98, W: 4, H: 4, Color: red},    // at the camera's centre
		render.Box{X: 109, Y: 99, W: 2, H: 2, Color: green}, // 10 right of it
		render.Disc{X: 100, Y: 90, R: 1, Color: blue},       // 10 above it
		render.Label{Value: "HUD", X: 0, Y: 0, Style: render.TextStyle{Color: white}, UI: true},
	)...)
	*glue.Resource[render.Camera](app) = render.Camera{X: 100, Y: 100, Zoom: 2}
	g := render.NewGame(app)
	img := frame(t, g)
	// Logical 64×48 at scale 2: the centre is screen (64, 48); zoom 2
	// makes the 4×4 box 8×8 logical, 16×16 screen pixels.
	checkPixel(t, img, 57, 41, red, "zoomed box, near its top-left")
	checkPixel(t, img, 70, 54, red, "zoomed box, near its bottom-right")
	checkPixel(t, img, 55, 48, bg, "left of the zoomed box")
	// 10 world units right at zoom 2, scale 2: 40 screen pixels right.
	checkPixel(t, img, 104, 48, green, "box 10 right of the centre")
	checkPixel(t, img, 64, 8, blue, "disc 10 above the centre")
	st := glue.Resource[render.DrawList](app).Stats()
	if st.Culled != 100 || st.Shapes != 103 {
		t.Errorf("Stats = %+v, want the 100 far boxes culled of 103 shapes", st)
	}
	hud := 0
	for y := range 20 {
		for x := range 40 {
			if img.RGBAAt(x, y) != bg {
				hud++
			}
		}
	}
	if hud == 0 {
		t.Error("the UI label is not at the screen's top-left")
	}

	// Turned a quarter clockwise, the world turns counter-clockwise: the
	// box 10 right of the centre shows 10 above it.
	glue.Resource[render.Camera](app).Rotation = math.Pi / 2
	img = frame(t, g)
	checkPixel(t, img, 64, 8, green, "box 10 right of the centre, camera turned π/2")
	checkPixel(t, img, 24, 48, blue, "disc 10 above the centre, camera turned π/2")

	// Moved: the red box leaves the screen and is culled.
	*glue.Resource[render.Camera](app) = render.Camera{X: 200, Y: 100, Zoom: 1}
	img = frame(t, g)
	checkPixel(t, img, 64, 48, bg, "the centre, camera moved away")
	if st := glue.Resource[render.DrawList](app).Stats(); st.Culled != 103 {
		t.Errorf("Culled = %d, want all 103 world shapes", st.Culled)
	}
}

func TestScreenToWorld(t *testing.T) {
	cam := render.Camera{X: 100, Y: 50, Zoom: 2, Rotation: math.Pi / 2}
	cam.SetViewSize(64, 48)
	vp := render.Viewport{Width: 64, Height: 48, Scale: 2}
	// A click on screen pixel (84, 48): logical (42, 24), 10 right of
	// the centre; at zoom 2 that is 5 world units, turned back a quarter:
	// 5 below the camera's centre.
	lx, ly := vp.ToLogical(84, 48)
	x, y := cam.ScreenToWorld(lx, ly)
	if !near(x, 100) || !near(y, 55) {
		t.Errorf("ScreenToWorld(%v, %v) = %v, %v; want 100, 55", lx, ly, x, y)
	}
	for _, p := range [][2]float64{{0, 0}, {13, -7}, {100, 50}} {
		sx, sy := cam.WorldToScreen(p[0], p[1])
		if x, y := cam.ScreenToWorld(sx, sy); !near(x, p[0]) || !near(y, p[1]) {
			t.Errorf("ScreenToWorld(WorldToScreen(%v)) = %v, %v", p, x, y)
		}
	}
	var off render.Camera
	if x, y := off.ScreenToWorld(3, 4); x != 3 || y != 4 {
		t.Errorf("the zero Camera maps (3, 4) to (%v, %v), want itself", x, y)
	}
}

func TestCameraBounds(t *testing.T) {
	cam := render.Camera{X: 5, Y: 500, Zoom: 2, Bounds: render.Rect{MinX: 0, MinY: 0, MaxX: 200, MaxY: 30}}
	cam.SetViewSize(64, 48) // half view at zoom 2: 16 × 12
	x, y := cam.Center()
	if x != 16 {
		t.Errorf("centre x = %v, want 16: the view's left edge on the bounds", x)
	}
	if y != 18 {
		t.Errorf("centre y = %v, want 18: the view's bottom edge on the bounds", y)
	}
	cam.Bounds.MaxY = 10 // lower than the view: centred
	if _, y := cam.Center(); y != 5 {
		t.Errorf("centre y in bounds smaller than the view = %v, want 5", y)
	}
}

func TestCameraFollowAndShake(t *testing.T) {
	cam := render.Camera{Zoom: 1, Smoothing: math.Ln2} // half the way per second
	cam.Follow(100, 0, 1)
	if !near(cam.X, 50) {
		t.Errorf("after 1 s at smoothing ln 2: X = %v, want 50", cam.X)
	}
	cam.Follow(100, 0, 1)
	if !near(cam.X, 75) {
		t.Errorf("after 2 s: X = %v, want 75", cam.X)
	}
	cam.Smoothing = 0
	cam.Follow(7, 8, 0.1)
	if cam.X != 7 || cam.Y != 8 {
		t.Errorf("without smoothing the camera snaps: (%v, %v)", cam.X, cam.Y)
	}

	cam.Shake(4, 1)
	moved := false
	for range 30 {
		cam.Advance(1.0 / 60)
		x, y := cam.Center()
		if math.Abs(x-7) > 4 || math.Abs(y-8) > 4 {
			t.Fatalf("shaken centre (%v, %v) beyond the amplitude 4", x, y)
		}
		moved = moved || x != 7 || y != 8
	}
	if !moved {
		t.Error("the shake did not move the view")
	}
	cam.Advance(1)
	cam.Advance(1.0 / 60)
	if x, y := cam.Center(); x != 7 || y != 8 || cam.Shaking() {
		t.Errorf("after the shake: centre (%v, %v), shaking %v", x, y, cam.Shaking())
	}
}

// player is the camera's target.
type player struct{ pose }

func TestFollowCameraSystem(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, render.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(player{pose{X: 60, Y: 30}}) }))
	app.AddSystems(glue.PostUpdate, render.FollowCamera[player](), render.UpdateCamera())
	defer app.Close()
	*glue.Resource[render.Camera](app) = render.Camera{Zoom: 1, Smoothing: 60 * math.Ln2} // half the way per tick
	for range 2 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if c := glue.Resource[render.Camera](app); !near(c.X, 45) || !near(c.Y, 22.5) {
		t.Errorf("after 2 ticks halving the distance: camera at (%v, %v), want (45, 22.5)", c.X, c.Y)
	}
}

func TestCameraMovesSpritesAndWorldText(t *testing.T) {
	requireDisplay(t)
	q := quadrants(t)
	style := render.TextStyle{Size: 10, Color: white, Font: render.FontMonoBold()}
	app := spriteApp(t, 1,
		render.Sprite{Image: q, X: 100, Y: 100, OriginX: 0.5, OriginY: 0.5}, // world: at the centre
		render.Sprite{Image: q, X: 0, Y: 0, Layer: render.LayerUI},          // screen: top-left
		render.Sprite{Image: q, X: 900, Y: 900},                             // world: off screen
		render.Label{Value: "W", X: 90, Y: 110, Style: style},               // world text
	)
	*glue.Resource[render.Camera](app) = render.Camera{X: 100, Y: 100, Zoom: 1}
	img := frame(t, render.NewGame(app))
	checkQuadrants(t, img, "world sprite at the centre", image.Pt(30, 22), image.Pt(34, 22), image.Pt(30, 26), image.Pt(34, 26))
	checkQuadrants(t, img, "UI sprite at the corner", image.Pt(2, 2), image.Pt(6, 2), image.Pt(2, 6), image.Pt(6, 6))
	if st := glue.Resource[render.DrawList](app).Stats(); st.Sprites != 3 || st.Culled != 1 {
		t.Errorf("Stats = %+v, want 3 sprites, 1 culled", st)
	}
	// World (90, 110) is screen (22, 34): the label's pixels start there.
	text := 0
	for y := 34; y < 46; y++ {
		for x := 22; x < 32; x++ {
			if c := img.RGBAAt(x, y); c.R > 128 && c.G > 128 && c.B > 128 {
				text++
			}
		}
	}
	if text == 0 {
		t.Error("no text pixels below and right of the world label's anchor on screen (22, 34)")
	}
}

func TestCameraGeoM(t *testing.T) {
	cam := render.Camera{X: 30, Y: -10, Zoom: 1.5, Rotation: 0.7}
	cam.SetViewSize(64, 48)
	g := cam.GeoM(2)
	for _, p := range [][2]float64{{0, 0}, {30, -10}, {-12, 40}} {
		sx, sy := cam.WorldToScreen(p[0], p[1])
		gx, gy := g.Apply(p[0], p[1])
		if math.Abs(gx-2*sx) > 1e-3 || math.Abs(gy-2*sy) > 1e-3 {
			t.Errorf("GeoM(2) maps %v to (%v, %v), want WorldToScreen × 2 = (%v, %v)", p, gx, gy, 2*sx, 2*sy)
		}
	}
	var off render.Camera
	og := off.GeoM(3)
	if x, y := og.Apply(1, 2); x != 3 || y != 6 {
		t.Errorf("the zero Camera's GeoM(3) maps (1, 2) to (%v, %v), want (3, 6)", x, y)
	}
}

func TestCameraView(t *testing.T) {
	cam := render.Camera{X: 100, Y: 50, Zoom: 2}
	cam.SetViewSize(320, 180)
	if v := cam.View(); v != (render.Rect{MinX: 20, MinY: 5, MaxX: 180, MaxY: 95}) {
		t.Fatalf("view %+v, want 160x90 world pixels about (100, 50)", v)
	}
	cam.Y, cam.Bounds = 20, render.Rect{MaxX: 1000, MaxY: 200}
	if v := cam.View(); v.MinY != 0 || v.MaxY != 90 {
		t.Fatalf("view %+v, want it kept inside the bounds (y 0 to 90)", v)
	}
	var zero render.Camera
	zero.SetViewSize(64, 48)
	if v := zero.View(); v != (render.Rect{MaxX: 64, MaxY: 48}) {
		t.Fatalf("a camera without zoom shows %+v, want the view size from the origin", v)
	}
}
