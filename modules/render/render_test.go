package render_test

import (
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

var (
	bg     = color.RGBA{10, 20, 30, 255}
	red    = color.RGBA{255, 0, 0, 255}
	green  = color.RGBA{0, 255, 0, 255}
	blue   = color.RGBA{0, 0, 255, 255}
	yellow = color.RGBA{255, 255, 0, 255}
	white  = color.RGBA{255, 255, 255, 255}
)

// newApp returns an app with the render plugin, a 64×48 viewport at the
// given scale, the draw systems for the ready-made components, and the
// given entities.
func newApp(t testing.TB, scale float64, entities ...any) *glue.App {
	t.Helper()
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{Background: bg})
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 64, Height: 48, Scale: scale}
		for _, e := range entities {
			if b, ok := e.(bundle); ok {
				p.Cmds.Spawn(b...)
			} else {
				p.Cmds.Spawn(e)
			}
		}
	}))
	app.AddSystems(glue.Draw, render.DrawBox[render.Box](), render.DrawCircle[render.Disc](), render.DrawText[render.Label]())
	t.Cleanup(app.Close)
	return app
}

// bundle is several components of one entity, for newApp.
type bundle []any

// frame runs one tick of g and draws a frame into a new image of the
// game's screen size; it returns the frame's pixels.
func frame(t testing.TB, g *render.Game) *image.RGBA {
	t.Helper()
	if err := g.Update(); err != nil {
		t.Fatalf("Update: %v", err)
	}
	w, h := g.Layout(640, 480)
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	g.Draw(img)
	if err := g.Err(); err != nil {
		t.Fatalf("Draw: %v", err)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out
}

func checkPixel(t *testing.T, img *image.RGBA, x, y int, want color.RGBA, what string) {
	t.Helper()
	if got := img.RGBAAt(x, y); got != want {
		t.Errorf("%s: pixel (%d, %d) = %v, want %v", what, x, y, got, want)
	}
}

func TestRunScreenshot(t *testing.T) {
	requireDisplay(t)
	img := runShot.Image
	if img == nil || !runShot.Done {
		t.Fatal("the outer app's screenshot was not taken")
	}
	if b := img.Bounds(); b.Dx() != 128 || b.Dy() != 96 {
		t.Fatalf("screenshot is %v, want 128×96 (64×48 at scale 2)", b)
	}
	// Box (4, 4, 20, 10) at scale 2 covers screen (8..48, 8..28).
	checkPixel(t, img, 9, 9, outerBox.Color, "box interior near its corner")
	checkPixel(t, img, 47, 27, outerBox.Color, "box interior near the opposite corner")
	checkPixel(t, img, 48, 9, outerBG, "right of the box")
	checkPixel(t, img, 9, 28, outerBG, "below the box")
	// Disc at (40, 30) r 8 → screen centre (80, 60), radius 16.
	checkPixel(t, img, 80, 60, outerDisc.Color, "disc centre")
	checkPixel(t, img, 65, 45, outerBG, "corner of the disc's bounding box")

	f, err := os.Open(runShotPath)
	if err != nil {
		t.Fatalf("screenshot file: %v", err)
	}
	defer f.Close()
	saved, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decoding the screenshot PNG: %v", err)
	}
	if saved.Bounds() != img.Bounds() {
		t.Fatalf("PNG is %v, the capture %v", saved.Bounds(), img.Bounds())
	}
	for _, p := range []image.Point{{9, 9}, {80, 60}, {100, 5}} {
		r, g, b, a := saved.At(p.X, p.Y).RGBA()
		got := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
		if want := img.RGBAAt(p.X, p.Y); got != want {
			t.Errorf("PNG pixel %v = %v, capture has %v", p, got, want)
		}
	}
}

func TestDrawBox(t *testing.T) {
	requireDisplay(t)
	app := newApp(t, 1, render.Box{X: 4, Y: 6, W: 16, H: 8, Color: red})
	img := frame(t, render.NewGame(app))
	checkPixel(t, img, 4, 6, red, "box top-left pixel")
	checkPixel(t, img, 19, 13, red, "box bottom-right pixel")
	checkPixel(t, img, 12, 10, red, "box centre")
	checkPixel(t, img, 3, 6, bg, "left of the box")
	checkPixel(t, img, 20, 13, bg, "right of the box")
	checkPixel(t, img, 12, 14, bg, "below the box")
	checkPixel(t, img, 50, 40, bg, "far from the box")
}

func TestTranslucentBox(t *testing.T) {
	requireDisplay(t)
	half := color.RGBA{128, 0, 0, 128} // premultiplied half-transparent red
	app := newApp(t, 1, render.Box{X: 0, Y: 0, W: 10, H: 10, Color: half})
	img := frame(t, render.NewGame(app))
	got := img.RGBAAt(5, 5)
	// 128 + bg × (1 − 128/255)
	want := color.RGBA{128 + 5, 10, 15, 255}
	if diff(got, want) > 2 {
		t.Errorf("half-transparent red over the background = %v, want about %v", got, want)
	}
}

func diff(a, b color.RGBA) int {
	d := 0
	for _, p := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.A, b.A}} {
		d = max(d, int(p[0])-int(p[1]), int(p[1])-int(p[0]))
	}
	return d
}

func TestDrawCircle(t *testing.T) {
	requireDisplay(t)
	app := newApp(t, 1, render.Disc{X: 32, Y: 24, R: 10, Color: green})
	img := frame(t, render.NewGame(app))
	checkPixel(t, img, 32, 24, green, "disc centre")
	checkPixel(t, img, 32, 16, green, "inside the disc, near its top")
	checkPixel(t, img, 23, 15, bg, "corner of the bounding box")
	checkPixel(t, img, 41, 33, bg, "opposite corner of the bounding box")
	checkPixel(t, img, 32, 36, bg, "below the disc")
	// The edge is anti-aliased: somewhere on it pixels are a mix.
	mixed := 0
	for y := 13; y <= 35; y++ {
		for x := 21; x <= 43; x++ {
			if c := img.RGBAAt(x, y); c != bg && c != green {
				mixed++
			}
		}
	}
	if mixed < 8 {
		t.Errorf("%d partly covered pixels on the disc's edge: the edge is not anti-aliased", mixed)
	}
}

func TestCircleSizes(t *testing.T) {
	requireDisplay(t)
	// Radii around and beyond every level of the atlas.
	for _, r := range []float64{1.5, 3, 5, 12, 20, 40, 70} {
		app := newApp(t, 2, render.Disc{X: 32, Y: 24, R: r, Color: green})
		img := frame(t, render.NewGame(app))
		// Screen centre (64, 48), radius 2r.
		checkPixel(t, img, 64, 48, green, "disc centre")
		if d := int(2 * r * 0.5); 64+d < 128 {
			checkPixel(t, img, 64+d, 48, green, "inside the disc at 0.5 r")
		}
		if c := int(2*r*0.8) + 1; 64+c < 128 && 48+c < 96 {
			// (0.8 r, 0.8 r) from the centre is outside (0.8·√2 > 1).
			checkPixel(t, img, 64+c, 48+c, bg, "outside the disc, towards its bounding box's corner")
		}
	}
}

func TestDrawText(t *testing.T) {
	requireDisplay(t)
	style := render.TextStyle{Size: 16, Color: white}
	label := render.Label{Value: "Hi", X: 10, Y: 10, Style: style}
	img := frame(t, render.NewGame(newApp(t, 1, label)))
	w, h := render.MeasureText(label.Value, style)
	if w <= 5 || h < 16 {
		t.Fatalf("MeasureText(%q, 16 px) = %v×%v, want a plausible size", label.Value, w, h)
	}
	inside, outside := 0, 0
	rect := image.Rect(10, 10, 10+int(w+1), 10+int(h+1))
	for y := range 48 {
		for x := range 64 {
			if img.RGBAAt(x, y) == bg {
				continue
			}
			if (image.Point{x, y}).In(rect) {
				inside++
			} else {
				outside++
			}
		}
	}
	if inside < 20 {
		t.Errorf("%d text pixels inside the measured rectangle %v, want many", inside, rect)
	}
	if outside > 0 {
		t.Errorf("%d text pixels outside the measured rectangle %v, want none", outside, rect)
	}
}

func TestTextAlign(t *testing.T) {
	requireDisplay(t)
	style := render.TextStyle{Size: 12, Color: white, Font: render.FontMonoBold(), Align: render.AlignCenter, VAlign: render.AlignCenter}
	img := frame(t, render.NewGame(newApp(t, 1, render.Label{Value: "WIN", X: 32, Y: 24, Style: style})))
	minX, maxX, minY, maxY := 64, -1, 48, -1
	for y := range 48 {
		for x := range 64 {
			if img.RGBAAt(x, y) != bg {
				minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
			}
		}
	}
	if maxX < 0 {
		t.Fatal("no text drawn")
	}
	if cx := (minX + maxX) / 2; cx < 30 || cx > 34 {
		t.Errorf("centred text spans x %d..%d, centre %d; want about 32", minX, maxX, cx)
	}
	if cy := (minY + maxY) / 2; cy < 20 || cy > 28 {
		t.Errorf("centred text spans y %d..%d, centre %d; want about 24", minY, maxY, cy)
	}
}

func TestZOrder(t *testing.T) {
	requireDisplay(t)
	app := newApp(t, 1,
		// Spawned first but on a higher layer: drawn last.
		render.Box{X: 10, Y: 10, W: 20, H: 20, Color: blue, Layer: 2},
		render.Box{X: 20, Y: 20, W: 20, H: 20, Color: yellow, Layer: 1},
		// Same layer as the yellow box, added after it: drawn over it.
		render.Box{X: 30, Y: 30, W: 20, H: 10, Color: red, Layer: 1},
		// A circle under everything.
		render.Disc{X: 15, Y: 15, R: 5, Color: green, Layer: -5},
	)
	img := frame(t, render.NewGame(app))
	checkPixel(t, img, 25, 25, blue, "blue (Z 2) over yellow (Z 1)")
	checkPixel(t, img, 35, 35, red, "red over yellow, same Z, added later")
	checkPixel(t, img, 15, 15, blue, "blue (Z 2) over the green circle (Z -5)")
	checkPixel(t, img, 35, 22, yellow, "yellow alone")
}

func TestTextOverBoxByZ(t *testing.T) {
	requireDisplay(t)
	style := render.TextStyle{Size: 24, Color: white, Font: render.FontMonoBold()}
	app := newApp(t, 1,
		render.Label{Value: "MMMM", X: 0, Y: 0, Style: style, Layer: 1},
		render.Box{X: 0, Y: 0, W: 64, H: 48, Color: red},
	)
	// DrawText runs after DrawBox, but the label is on a higher layer
	// anyway; now put a box over the label.
	img := frame(t, render.NewGame(app))
	white := 0
	for y := range 48 {
		for x := range 64 {
			if c := img.RGBAAt(x, y); c.G > 200 {
				white++
			}
		}
	}
	if white == 0 {
		t.Error("the label (Z 1) is hidden by the box (Z 0)")
	}

	app = newApp(t, 1,
		render.Label{Value: "MMMM", X: 0, Y: 0, Style: style, Layer: 0},
		render.Box{X: 0, Y: 0, W: 64, H: 48, Color: red, Layer: 1},
	)
	img = frame(t, render.NewGame(app))
	for y := range 48 {
		for x := range 64 {
			if c := img.RGBAAt(x, y); c != red {
				t.Fatalf("pixel (%d, %d) = %v: the box (Z 1) should cover the label (Z 0) entirely", x, y, c)
			}
		}
	}
}

func TestScale(t *testing.T) {
	requireDisplay(t)
	app := newApp(t, 2, render.Box{X: 4, Y: 4, W: 16, H: 8, Color: red})
	g := render.NewGame(app)
	img := frame(t, g)
	if b := img.Bounds(); b.Dx() != 128 || b.Dy() != 96 {
		t.Fatalf("screen is %v, want 128×96", b)
	}
	checkPixel(t, img, 8, 8, red, "scaled box top-left")
	checkPixel(t, img, 39, 23, red, "scaled box bottom-right")
	checkPixel(t, img, 40, 23, bg, "right of the scaled box")
	checkPixel(t, img, 7, 8, bg, "left of the scaled box")
}

func TestLayoutFollowsWindowWithoutViewport(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	defer app.Close()
	g := render.NewGame(app)
	if w, h := g.Layout(300, 200); w != 300 || h != 200 {
		t.Errorf("Layout(300, 200) with a zero Viewport = %d, %d; want the window's size", w, h)
	}
}

func TestSetupWindow(t *testing.T) {
	requireDisplay(t)
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.InsertResource(render.Window{Title: "render tests", Width: 64, Height: 48, Scale: 2})
	app.AddStartup(render.SetupWindow[render.Window]())
	defer app.Close()
	g := render.NewGame(app)
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if got, want := *glue.Resource[render.Viewport](app), (render.Viewport{Width: 64, Height: 48, Scale: 2}); got != want {
		t.Errorf("Viewport = %+v, want %+v", got, want)
	}
	if w, h := g.Layout(999, 999); w != 128 || h != 96 {
		t.Errorf("Layout = %d×%d, want 128×96", w, h)
	}
	if x, y := glue.Resource[render.Viewport](app).ToLogical(100, 50); x != 50 || y != 25 {
		t.Errorf("ToLogical(100, 50) = %v, %v; want 50, 25", x, y)
	}
}

// customWindow is a game's own window type.
type customWindow struct{ w, h int }

func (c customWindow) WindowTitle() string              { return "custom" }
func (c customWindow) LogicalSize() (width, height int) { return c.w, c.h }
func (c customWindow) WindowScale() float64             { return 0 }
func (c customWindow) WindowResizable() bool            { return true }
func (c customWindow) WindowTPS() int                   { return 0 }

func TestSetupWindowRejectsEmptySize(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.InsertResource(customWindow{})
	app.AddStartup(render.SetupWindow[customWindow]())
	defer app.Close()
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), "render: the window's logical size must be positive, got 0x0") ||
		!strings.Contains(err.Error(), "render.SetupWindow[render_test.customWindow]") {
		t.Errorf("Update = %v, want an error naming the system and the empty size", err)
	}
}

// Mover moves right by 10 logical pixels per tick; it is drawn as a box.
type Mover struct{ X float64 }

func (m Mover) Rect() (x, y, w, h float64) { return m.X, 0, 5, 5 }
func (m Mover) Fill() color.RGBA           { return red }
func (m Mover) Z() int                     { return 0 }

func TestScreenshotShowsExactTick(t *testing.T) {
	requireDisplay(t)
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{Background: bg, Screenshot: render.Screenshot{Frames: 3, End: true}})
	app.AddStartup(glue.Func(func(p struct {
		Viewport glue.ResMut[render.Viewport]
		Cmds     glue.Commands
	}) {
		*p.Viewport.Get() = render.Viewport{Width: 64, Height: 48}
		p.Cmds.Spawn(Mover{})
	}))
	app.AddSystems(glue.Update, glue.Each1(func(_ glue.Entity, m *Mover) { m.X += 10 }))
	app.AddSystems(glue.Draw, render.DrawBox[Mover]())
	defer app.Close()
	g := render.NewGame(app)
	img := ebiten.NewImage(64, 48)
	defer img.Deallocate()
	// Update more often than Draw, as Ebitengine does when frames are
	// slow: the game must hold ticks until the capture.
	var err error
	for i := 0; i < 20 && err == nil; i++ {
		for range 2 {
			if err = g.Update(); err != nil {
				break
			}
		}
		if err == nil {
			g.Draw(img)
		}
	}
	if !errors.Is(err, ebiten.Termination) {
		t.Fatalf("Update = %v, want ebiten.Termination after the capture (Screenshot.End)", err)
	}
	if app.Tick() != 3 {
		t.Errorf("the app ran %d ticks, want 3: ticks after Frames must wait for the capture", app.Tick())
	}
	shot := glue.Resource[render.Screenshot](app)
	if !shot.Done || shot.Image == nil {
		t.Fatal("no capture")
	}
	// After 3 ticks the mover is at x = 30.
	checkPixel(t, shot.Image, 32, 2, red, "mover after 3 ticks")
	checkPixel(t, shot.Image, 28, 2, bg, "left of the mover after 3 ticks")
	checkPixel(t, shot.Image, 36, 2, bg, "right of the mover after 3 ticks")
}

func TestGameEnds(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.AddSystems(glue.Update, glue.Func(func(cmds glue.Commands) { cmds.End() }))
	defer app.Close()
	g := render.NewGame(app)
	if err := g.Update(); !errors.Is(err, ebiten.Termination) {
		t.Errorf("Update after Commands.End = %v, want ebiten.Termination", err)
	}
	if err := g.Update(); !errors.Is(err, ebiten.Termination) {
		t.Errorf("Update once ended = %v, want ebiten.Termination", err)
	}
}

func TestGameReturnsSystemError(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.AddSystems(glue.Update, glue.Func(func(cmds glue.Commands) { cmds.Fail(errors.New("boom")) }).Named("Failing"))
	defer app.Close()
	err := render.NewGame(app).Update()
	var se *glue.SystemError
	if !errors.As(err, &se) || se.System != "Failing" || !strings.Contains(err.Error(), "boom") {
		t.Errorf("Update = %v, want the SystemError of Failing", err)
	}
}

func TestGameReturnsDrawError(t *testing.T) {
	requireDisplay(t)
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.AddSystems(glue.Draw, glue.Func(func(struct{}) { panic("bad draw") }).Named("BadDraw"))
	defer app.Close()
	g := render.NewGame(app)
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	img := ebiten.NewImage(8, 8)
	defer img.Deallocate()
	g.Draw(img)
	if g.Err() == nil || !strings.Contains(g.Err().Error(), "BadDraw") {
		t.Errorf("Err after a panicking draw system = %v, want an error naming BadDraw", g.Err())
	}
	if err := g.Update(); err == nil || !strings.Contains(err.Error(), "bad draw") {
		t.Errorf("Update after a failed frame = %v, want the frame's error", err)
	}
}

func TestNoPlugin(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	if err := render.NewGame(app).Update(); err == nil || !strings.Contains(err.Error(), "render.Plugin") {
		t.Errorf("Update without the plugin = %v, want an error telling to add render.Plugin", err)
	}
	if err := render.Run(app, nil); err == nil || !strings.Contains(err.Error(), "render.Plugin") {
		t.Errorf("Run without the plugin = %v, want an error telling to add render.Plugin", err)
	}
}

func TestRunReportsBuildErrors(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.InsertResource(render.Background{}) // the plugin inserted one already
	err := render.Run(app, nil)
	if err == nil || !strings.Contains(err.Error(), "duplicate resource render.Background") {
		t.Errorf("Run = %v, want the build error (before any window opens)", err)
	}
}

func TestPluginSystems(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	d := app.Describe()
	// Each system in its core draw stage, flush before the screenshot.
	at := 0
	for _, want := range []string{
		"Stage PreDraw (draw):", render.BeginSystem.String(),
		"Stage PostDraw (draw):", render.FlushSystem.String(), render.ScreenshotSystem.String(),
	} {
		i := strings.Index(d[at:], want)
		if i < 0 {
			t.Fatalf("%q missing or out of order in the description:\n%s", want, d)
		}
		at += i + len(want)
	}
	for _, stage := range []string{"Stage First ", "Stage PreUpdate ", "Stage Update ", "Stage PostUpdate ", "Stage Last ", "Stage Draw "} {
		if strings.Contains(d, stage) {
			t.Errorf("the plugin added systems to %q; it adds only to PreDraw and PostDraw:\n%s", stage, d)
		}
	}
}

func TestSystemNamesHaveTypeArguments(t *testing.T) {
	for _, c := range []struct {
		sys  *glue.System
		want string
	}{
		{render.DrawBox[Brick](), "render.DrawBox[render_test.Brick]"},
		{render.DrawBox[Mover](), "render.DrawBox[render_test.Mover]"},
		{render.SetupWindow[customWindow](), "render.SetupWindow[render_test.customWindow]"},
	} {
		if got := c.sys.Name(); got != c.want {
			t.Errorf("Name() = %q, want %q", got, c.want)
		}
	}
	// Two instantiations are two systems of one stage.
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{})
	app.AddSystems(glue.Draw, render.DrawBox[Brick](), render.DrawBox[Mover]())
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Errorf("Build with DrawBox[Brick] and DrawBox[Mover] in one stage: %v", err)
	}
}

func TestDrawWithoutPlugin(t *testing.T) {
	app := glue.NewApp()
	app.AddSystems(glue.Draw, render.DrawBox[Brick]())
	defer app.Close()
	err := app.Build()
	if err == nil || !strings.Contains(err.Error(), "render.Plugin") ||
		!strings.Contains(err.Error(), "render.DrawBox[render_test.Brick]") ||
		!strings.Contains(err.Error(), "AddPlugins(render.Plugin{})") {
		t.Errorf("Build = %v, want an error naming the draw system and telling to add render.Plugin", err)
	}
}

func TestDrawAllocations(t *testing.T) {
	requireDisplay(t)
	allocs := func(n int) float64 {
		var boxes []any
		for i := range n {
			boxes = append(boxes, render.Box{X: float64(i % 60), Y: float64(i % 40), W: 3, H: 3, Color: red, Layer: i % 3})
		}
		app := newApp(t, 1, boxes...)
		g := render.NewGame(app)
		frame(t, g) // warm up: the draw list grows to size
		frame(t, g)
		img := ebiten.NewImage(64, 48)
		defer img.Deallocate()
		// Reading a pixel back flushes Ebitengine's command queue, as
		// the end of a real frame does; without it the queue, never
		// flushed inside the test's frame, grows and allocates.
		return testing.AllocsPerRun(20, func() { g.Draw(img); _ = img.At(0, 0) })
	}
	few, many := allocs(10), allocs(3000)
	if many > few+5 { // a little slack for Ebitengine's own buffers
		t.Errorf("a frame of 3000 boxes allocates %.1f times, of 10 boxes %.1f: drawing must not allocate per entity", many, few)
	}
}

func TestTextAllocations(t *testing.T) {
	requireDisplay(t)
	allocs := func(n int) float64 {
		var labels []any
		for i := range n {
			labels = append(labels, render.Label{Value: "SCORE " + string(rune('A'+i)), Y: float64(i), Style: render.TextStyle{Color: white}, Layer: i % 2})
		}
		app := newApp(t, 1, labels...)
		g := render.NewGame(app)
		frame(t, g) // warm up: the text images are made
		img := ebiten.NewImage(64, 48)
		defer img.Deallocate()
		// Reading a pixel back flushes Ebitengine's command queue, as
		// the end of a real frame does; without it the queue, never
		// flushed inside the test's frame, grows and allocates.
		return testing.AllocsPerRun(20, func() { g.Draw(img); _ = img.At(0, 0) })
	}
	few, many := allocs(1), allocs(20)
	if many > few+5 { // a little slack for Ebitengine's own buffers
		t.Errorf("a frame of 20 texts allocates %.1f times, of 1 text %.1f: drawing text must not allocate per entity", many, few)
	}
}
