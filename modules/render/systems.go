package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"reflect"

	"github.com/gluekit/glue"
	"github.com/hajimehoshi/ebiten/v2"
)

const modulePath = "github.com/gluekit/glue/modules/render"

// Names of the plugin's systems, for ordering a game's own render-thread
// systems with glue.System.After.
const (
	// BeginSystem clears the screen and the draw list ([BeginStage]).
	BeginSystem = "render.Begin"
	// FlushSystem draws the frame's DrawList onto the screen ([EndStage]).
	// A system that draws on the screen directly over everything else
	// runs in EndStage, After(FlushSystem).
	FlushSystem = "render.Flush"
	// ScreenshotSystem takes the [Screenshot] ([EndStage], after
	// FlushSystem).
	ScreenshotSystem = "render.Screenshot"
)

func typeName[T any]() string { return reflect.TypeFor[T]().String() }

// DrawBox returns a render-thread system that adds a filled rectangle to
// the [DrawList] for every entity with a T component. Register it in a
// stage between [BeginStage] and [EndStage] — [DrawStage] is made for
// it — once per component type:
//
//	app.AddSystems(render.DrawStage, render.DrawBox[Brick](), render.DrawBox[Paddle]())
//
// It reads T (declared ReadOnly) and writes the DrawList; it allocates
// nothing per entity in steady state. Its name is "render.DrawBox[T]".
// Filter it further with With and Without.
func DrawBox[T IBox]() *glue.System {
	return glue.Each1P1(func(_ glue.Entity, b *T, list glue.ResMut[DrawList]) {
		x, y, w, h := (*b).Rect()
		list.Get().AddRect(x, y, w, h, (*b).Fill(), (*b).Z())
	}).Named("render.DrawBox[" + typeName[T]() + "]").FromModule(modulePath).
		ReadOnly(glue.TypeOf[T]()).OnThread(glue.RenderThread)
}

// DrawCircle returns a render-thread system that adds a filled,
// anti-aliased circle to the [DrawList] for every entity with a T
// component; see [DrawBox]. Circles batch with boxes. Its name is
// "render.DrawCircle[T]".
func DrawCircle[T ICircle]() *glue.System {
	return glue.Each1P1(func(_ glue.Entity, c *T, list glue.ResMut[DrawList]) {
		x, y, r := (*c).Circle()
		list.Get().AddCircle(x, y, r, (*c).Fill(), (*c).Z())
	}).Named("render.DrawCircle[" + typeName[T]() + "]").FromModule(modulePath).
		ReadOnly(glue.TypeOf[T]()).OnThread(glue.RenderThread)
}

// DrawText returns a render-thread system that adds a text to the
// [DrawList] for every entity with a T component; see [DrawBox]. Texts
// batch with boxes and circles. Its name is "render.DrawText[T]".
func DrawText[T IText]() *glue.System {
	return glue.Each1P1(func(_ glue.Entity, t *T, list glue.ResMut[DrawList]) {
		x, y := (*t).TextPos()
		list.Get().AddText((*t).Text(), x, y, (*t).TextStyle(), (*t).Z())
	}).Named("render.DrawText[" + typeName[T]() + "]").FromModule(modulePath).
		ReadOnly(glue.TypeOf[T]()).OnThread(glue.RenderThread)
}

// SetupWindow returns a startup system that applies the game's window
// resource W to Ebitengine — title, size (logical size × scale),
// resizing mode and TPS — and records the logical size and scale in the
// [Viewport], which the [Game]'s Layout and pointer input use:
//
//	app.InsertResource(render.Window{Title: "Breakout (glue demo)", Width: 200, Height: 400, Scale: 2})
//	app.AddStartup(render.SetupWindow[render.Window]())
//
// It reads W and writes the Viewport; it fails the app if the logical
// size is not positive. Its name is "render.SetupWindow[W]".
func SetupWindow[W IWindow]() *glue.System {
	return glue.System3(func(w glue.Res[W], vp glue.ResMut[Viewport], cmds glue.Commands) {
		if err := applyWindow(*w.Get(), vp.Get()); err != nil {
			cmds.Fail(err)
		}
	}).Named("render.SetupWindow[" + typeName[W]() + "]").FromModule(modulePath)
}

// applyWindow sets vp from w and applies w to Ebitengine.
func applyWindow(w IWindow, vp *Viewport) error {
	lw, lh := w.LogicalSize()
	if lw <= 0 || lh <= 0 {
		return fmt.Errorf("render: the window's logical size must be positive, got %dx%d; set Window.Width and Window.Height", lw, lh)
	}
	*vp = Viewport{Width: lw, Height: lh, Scale: w.WindowScale()}
	vp.Scale = vp.scale()
	ebiten.SetWindowTitle(w.WindowTitle())
	ebiten.SetWindowSize(vp.ScreenSize())
	mode := ebiten.WindowResizingModeDisabled
	if w.WindowResizable() {
		mode = ebiten.WindowResizingModeEnabled
	}
	ebiten.SetWindowResizingMode(mode)
	if tps := w.WindowTPS(); tps > 0 {
		ebiten.SetTPS(tps)
	}
	return nil
}

// begin (BeginStage, render thread) empties the draw list and clears the
// screen to the background colour.
func begin(screen glue.Res[Screen], bg glue.Res[Background], list glue.ResMut[DrawList]) {
	list.Get().Reset()
	if img := screen.Get().Image; img != nil {
		c := bg.Get().Color
		if c == (color.RGBA{}) {
			c.A = 0xff
		}
		img.Fill(c)
	}
}

// flush (EndStage, render thread) draws the frame's draw list on the
// screen.
func flush(screen glue.Res[Screen], list glue.ResMut[DrawList]) {
	s := screen.Get()
	list.Get().Flush(s.Image, s.Scale)
}

// capture (EndStage, render thread, after flush) takes the screenshot
// once its tick has come, saves it and ends the app if asked to.
func capture(screen glue.Res[Screen], shot glue.ResMut[Screenshot], cmds glue.Commands) {
	s, sc := screen.Get(), shot.Get()
	if !sc.active() || s.Image == nil || s.Tick < sc.due() {
		return
	}
	b := s.Image.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	s.Image.ReadPixels(img.Pix)
	sc.Image, sc.Done = img, true
	if sc.Path != "" {
		if err := savePNG(sc.Path, img); err != nil {
			cmds.Fail(err)
			return
		}
	}
	if sc.End {
		cmds.End()
	}
}

func savePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("render: screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("render: screenshot: encoding %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("render: screenshot: %w", err)
	}
	return nil
}
