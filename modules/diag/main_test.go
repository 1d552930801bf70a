package diag_test

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/diag"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// The window tests drive a real game: TestMain runs an app with the
// render and diag plugins in an Ebitengine window (under Xvfb in make
// test) on the main goroutine, and the tests in another. A test reaches
// the game through onFrame, which runs a function at the end of the next
// frame, after render's flush — so it reads the frame as drawn — and
// presses real keys and clicks in the window with xdotool (X11's XTEST).
// Without a display the window tests skip.

var (
	displayOK bool
	// calls are the functions tests run on the game's goroutine.
	calls = make(chan func(w *window))
	// win is the game's side, touched only on its goroutine.
	win *window
)

// window is the test game: its app, the last frame and the scene.
type window struct {
	app    *glue.App
	screen *ebiten.Image
	frames int
	box    glue.Entity // the scene's box, at winBox
	disc   glue.Entity
}

// The test game's window: 160x120 logical pixels at scale 2, a box at
// the top right and a disc left of it, on a dark background.
const (
	winW, winH = 160, 120
	winScale   = 2
	winTitle   = "diag window tests"
)

var (
	winBG   = color.RGBA{10, 10, 40, 255}
	winBox  = render.Box{X: 110, Y: 8, W: 40, H: 24, Color: color.RGBA{200, 40, 40, 255}}
	winDisc = render.Disc{X: 80, Y: 20, R: 8, Color: color.RGBA{40, 200, 40, 255}}
)

func hasDisplay() bool {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
	}
	return true
}

func TestMain(m *testing.M) {
	if !hasDisplay() {
		os.Exit(m.Run())
	}
	displayOK = true
	app := glue.NewApp()
	w := &window{app: app}
	win = w
	// The input and a saved resource and component, for the rewind:
	// Counter counts the ticks and those Space was down in, the mover
	// moves one pixel a tick, ten with Space down.
	reg := codec.NewRegistry()
	codec.Register[Counter](reg)
	codec.Register[Mover](reg)
	app.AddPlugins(render.Plugin{Background: winBG}, diag.Plugin{}, input.Plugin{},
		save.Plugin{Game: "diagtest", Registry: reg, Resources: []glue.Type{glue.TypeOf[Counter]()}, Store: &save.Memory{}})
	app.InsertResource(render.Window{Title: winTitle, Width: winW, Height: winH, Scale: winScale})
	// The tests wait for frames: the window's focus is theirs, since other
	// packages' tests open windows in the same X server and take the real
	// one, which would pause this game for good (render.Focus).
	glue.Resource[render.Focus](app).Source = func() bool { return true }
	app.InsertResource(Counter{})
	app.AddStartup(render.SetupWindow[render.Window](), glue.Func(func(c glue.Commands) {
		w.box = c.Spawn(winBox, Marker{"box"})
		w.disc = c.Spawn(winDisc, Marker{"disc"})
		c.Spawn(Mover{})
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		C  glue.ResMut[Counter]
		In glue.Res[input.State]
	}) {
		p.C.Get().N++
		if p.In.Get().Down(input.Primary) {
			p.C.Get().Held++
		}
	}), glue.Each1P(func(_ glue.Entity, m *Mover, in glue.Res[input.State]) {
		m.X++
		if in.Get().Down(input.Primary) {
			m.X += 9
		}
	}))
	app.AddSystems(glue.Draw, render.DrawBox[render.Box](), render.DrawCircle[render.Disc]())
	code := 1
	done := make(chan int, 1)
	started := false
	app.AddSystems(glue.PostDraw, glue.Func(func(p struct {
		Screen glue.Res[render.Screen]
		Cmds   glue.Commands
	}) {
		w.screen = p.Screen.Get().Image
		w.frames++
		if !started && w.frames > 3 {
			started = true
			go func() { done <- m.Run() }()
		}
		// One call a frame, so that frames(n) waits for n frames: calls
		// run back to back in one frame saw no draw between them (a
		// refresh the inspector makes in glue.Draw had not happened).
		select {
		case fn := <-calls:
			fn(w)
		case code = <-done:
			p.Cmds.End()
		default:
		}
	}).After(render.FlushSystem))
	// Other packages' tests open their windows in the same X server at
	// the same time, centred: this one goes to the top-left corner, out
	// of their way, so that clicks land on it.
	ebiten.SetWindowPosition(0, 0)
	if err := render.Run(app, nil); err != nil {
		fmt.Fprintln(os.Stderr, "render.Run:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

// Counter counts the test game's ticks, and those Space was down in.
type Counter struct{ N, Held int }

// Mover moves a pixel a tick, ten with Space down.
type Mover struct{ X int }

func requireWindow(t *testing.T) {
	t.Helper()
	if !displayOK {
		t.Skip("diag: no DISPLAY, so no window; run the tests under `xvfb-run -a go test ./modules/diag/...`")
	}
}

// onFrame runs fn on the game's goroutine at the end of the next frame
// and waits for it.
func onFrame(fn func(w *window)) {
	done := make(chan struct{})
	calls <- func(w *window) {
		defer close(done)
		fn(w)
	}
	<-done
}

// frames waits for n frames.
func frames(n int) {
	for range n {
		onFrame(func(*window) {})
	}
}

// until waits, frame by frame, up to a minute, for cond to hold: a
// liveness bound (a frame under Xvfb at load 30 takes far longer than on
// a quiet machine), not a speed.
func until(t *testing.T, what string, cond func(w *window) bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		ok := false
		onFrame(func(w *window) { ok = cond(w) })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
	}
}

// shot returns the last frame's pixels.
func shot(w *window) *image.RGBA {
	b := w.screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	w.screen.ReadPixels(img.Pix)
	return img
}

func overlay(w *window) *diag.Overlay { return glue.Resource[diag.Overlay](w.app) }

// xdo runs xdotool, which sends real X events to the window.
func xdo(t *testing.T, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("xdotool"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("xdotool is missing; make deps-test installs it")
		}
		t.Skip("xdotool is missing (make deps-test installs it): no real key presses")
	}
	out, err := exec.Command("xdotool", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// windowID returns the X window of the test game, focused.
func windowID(t *testing.T) string {
	t.Helper()
	ids := strings.Fields(xdo(t, "search", "--sync", "--name", "^"+winTitle+"$"))
	if len(ids) == 0 {
		t.Fatal("xdotool found no window named " + winTitle)
	}
	id := ids[len(ids)-1]
	xdo(t, "windowraise", id)
	xdo(t, "windowfocus", "--sync", id)
	return id
}

// press holds a key down for a few frames, so that Ebitengine's polling
// sees it, and lets it go.
func press(t *testing.T, key string) {
	t.Helper()
	windowID(t)
	xdo(t, "keydown", key)
	frames(4)
	xdo(t, "keyup", key)
	frames(2)
}

// click clicks the left mouse button at the logical point (x, y).
func click(t *testing.T, x, y float64) {
	t.Helper()
	id := windowID(t)
	xdo(t, "mousemove", "--window", id, "--sync", fmt.Sprint(int(x*winScale)), fmt.Sprint(int(y*winScale)))
	frames(2)
	xdo(t, "mousedown", "1")
	frames(4)
	xdo(t, "mouseup", "1")
	frames(2)
}

// reset hides the panels, resumes the game and clears the selection.
func reset() {
	onFrame(func(w *window) {
		o := overlay(w)
		o.Show(false)
		o.Inspect(false)
		o.Select(0)
		o.SetFilter("")
		w.app.Resume()
	})
	frames(2)
}

// differs counts the pixels of r that differ between a and b by more
// than 8 in a channel.
func differs(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := a.PixOffset(x, y)
			for c := range 3 {
				d := int(a.Pix[i+c]) - int(b.Pix[i+c])
				if d > 8 || d < -8 {
					n++
					break
				}
			}
		}
	}
	return n
}

func TestWindowF3TogglesOverlay(t *testing.T) {
	requireWindow(t)
	reset()
	var before *image.RGBA
	onFrame(func(w *window) { before = shot(w) })
	press(t, "F3")
	until(t, "F3 to show the overlay", func(w *window) bool { return overlay(w).Shown() })
	frames(2)
	var after *image.RGBA
	onFrame(func(w *window) { after = shot(w) })
	// The panel covers the top left: most of its pixels change.
	area := image.Rect(0, 0, 100, 60)
	if n := differs(before, after, area); n < area.Dx()*area.Dy()/2 {
		t.Errorf("F3: %d of %d pixels of the overlay's corner changed, want most", n, area.Dx()*area.Dy())
	}
	press(t, "F3")
	until(t, "F3 to hide the overlay", func(w *window) bool { return !overlay(w).Shown() })
	frames(2)
	var hidden *image.RGBA
	onFrame(func(w *window) { hidden = shot(w) })
	if n := differs(before, hidden, before.Bounds()); n > 0 {
		t.Errorf("F3 again: %d pixels differ from the frame before the overlay, want none", n)
	}
}

func TestWindowInspectorListsEntity(t *testing.T) {
	requireWindow(t)
	reset()
	press(t, "F4")
	until(t, "F4 to show the inspector", func(w *window) bool { return overlay(w).Inspecting() })
	var box glue.Entity
	onFrame(func(w *window) {
		box = w.box
		overlay(w).SetFilter("Marker")
		overlay(w).Select(w.box)
	})
	frames(2)
	var text []string
	onFrame(func(w *window) { text = overlay(w).InspectorText() })
	for _, want := range []string{
		"filter: Marker  (2 entities)",
		box.String() + " Box Marker",
		"  render.Box {X:110 Y:8 W:40 H:24 Color:{R:200 G:40 B:40 A:255} Layer:0 UI:false}",
		"  diag_test.Marker {Name:box}",
	} {
		if !contains(text, want) {
			t.Errorf("inspector lacks %q:\n%s", want, strings.Join(text, "\n"))
		}
	}
	press(t, "F8") // the next filter after Marker: render.Box? the list is sorted
	onFrame(func(w *window) { text = overlay(w).InspectorText() })
	if contains(text, "filter: Marker ") {
		t.Errorf("F8 did not move the filter:\n%s", strings.Join(text, "\n"))
	}
}

func TestWindowPauseAndStep(t *testing.T) {
	requireWindow(t)
	reset()
	press(t, "F3")
	until(t, "the overlay", func(w *window) bool { return overlay(w).Shown() })
	press(t, "F6")
	until(t, "F6 to pause", func(w *window) bool { return w.app.Paused() })
	var tick uint64
	var n int
	onFrame(func(w *window) { tick, n = w.app.Tick(), glue.Resource[Counter](w.app).N })
	frames(20)
	onFrame(func(w *window) {
		if w.app.Tick() != tick || glue.Resource[Counter](w.app).N != n {
			t.Errorf("paused, yet ticks ran: tick %d -> %d, counter %d -> %d", tick, w.app.Tick(), n, glue.Resource[Counter](w.app).N)
		}
	})
	press(t, "F7")
	frames(20)
	onFrame(func(w *window) {
		if got := w.app.Tick(); got != tick+1 || glue.Resource[Counter](w.app).N != n+1 {
			t.Errorf("F7: tick %d -> %d, counter %d -> %d; want exactly one more", tick, got, n, glue.Resource[Counter](w.app).N)
		}
		if !w.app.Paused() {
			t.Error("F7 resumed the game; it should stay paused")
		}
	})
	press(t, "F6")
	until(t, "F6 to resume", func(w *window) bool { return !w.app.Paused() && w.app.Tick() > tick+5 })
	// Paused by its key, the game resumes when the panels are hidden:
	// no frozen game without a word on screen.
	press(t, "F6")
	until(t, "F6 to pause again", func(w *window) bool { return w.app.Paused() })
	press(t, "F3")
	until(t, "F3 to hide the overlay and resume", func(w *window) bool { return !overlay(w).Shown() && !w.app.Paused() })
	reset()
}

func TestWindowClickSelectsEntity(t *testing.T) {
	requireWindow(t)
	reset()
	onFrame(func(w *window) { overlay(w).Inspect(true) })
	frames(2)
	click(t, winBox.X+winBox.W/2, winBox.Y+winBox.H/2)
	var box, disc glue.Entity
	until(t, "a click on the box to select it", func(w *window) bool {
		box, disc = w.box, w.disc
		e, ok := overlay(w).Selected()
		return ok && e == w.box
	})
	click(t, winDisc.X+2, winDisc.Y-2)
	until(t, "a click on the disc to select it", func(w *window) bool {
		e, ok := overlay(w).Selected()
		return ok && e == disc
	})
	// The selection is outlined: the box's edge changes colour.
	onFrame(func(w *window) { overlay(w).Select(box) })
	frames(2)
	var img *image.RGBA
	onFrame(func(w *window) { img = shot(w) })
	edge := img.RGBAAt(int((winBox.X+winBox.W/2)*winScale), int(winBox.Y*winScale))
	if edge.B < 150 {
		t.Errorf("the selected box's top edge is %v, want the outline's blue", edge)
	}
	reset()
}
