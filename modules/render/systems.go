package render

import (
	"fmt"
	"image"
	"image/color"
	"reflect"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
	"github.com/hajimehoshi/ebiten/v2"
)

// Names of the plugin's systems — the names glue gives their functions —
// for ordering a game's own drawing systems with glue.System.After.
var (
	// BeginSystem clears the screen and the draw list, in glue.PreDraw.
	BeginSystem = glue.NewLabel("render.begin")
	// FlushSystem draws the frame's DrawList onto the screen, in
	// glue.PostDraw. A system that draws on the screen directly over
	// everything else runs in glue.PostDraw, After(FlushSystem).
	FlushSystem = glue.NewLabel("render.flush")
	// ScreenshotSystem takes the [Screenshot], in glue.PostDraw after
	// FlushSystem.
	ScreenshotSystem = glue.NewLabel("render.screenshot")
)

// DrawBox returns a system that adds a filled rectangle to the
// [DrawList] for every entity with a T component. Add it to the core
// stage glue.Draw (any draw stage between glue.PreDraw and glue.PostDraw
// will do), once per component type:
//
//	app.AddSystems(glue.Draw, render.DrawBox[Brick](), render.DrawBox[Paddle]())
//
// It reads T and writes the DrawList; it allocates nothing per entity in
// steady state. Its name is "render.DrawBox[T]", e.g.
// "render.DrawBox[main.Brick]" or "render.DrawBox[render.Box]".
// Filter it further with With and Without.
func DrawBox[T IBox]() *glue.System {
	layered := isLayered[T]()
	return glue.Each1P(func(_ glue.Entity, b *T, list glue.ResMut[DrawList]) {
		x, y, w, h := (*b).Rect()
		list.Get().addRect(x, y, w, h, (*b).Fill(), layerOf(b, layered), (*b).Z())
	}).TypeArgs(reflect.TypeFor[T]())
}

// DrawCircle returns a system that adds a filled, anti-aliased circle to
// the [DrawList] for every entity with a T component; see [DrawBox].
// Circles batch with boxes. Its name is "render.DrawCircle[T]".
func DrawCircle[T ICircle]() *glue.System {
	layered := isLayered[T]()
	return glue.Each1P(func(_ glue.Entity, c *T, list glue.ResMut[DrawList]) {
		x, y, r := (*c).Circle()
		list.Get().addCircle(x, y, r, (*c).Fill(), layerOf(c, layered), (*c).Z())
	}).TypeArgs(reflect.TypeFor[T]())
}

// DrawText returns a system that adds a text to the [DrawList] for every
// entity with a T component; see [DrawBox]. Texts batch with boxes and
// circles. Its name is "render.DrawText[T]".
func DrawText[T IText]() *glue.System {
	layered := isLayered[T]()
	return glue.Each1P(func(_ glue.Entity, t *T, list glue.ResMut[DrawList]) {
		x, y := (*t).TextPos()
		list.Get().addText((*t).Text(), x, y, (*t).TextStyle(), layerOf(t, layered), (*t).Z())
	}).TypeArgs(reflect.TypeFor[T]())
}

// isLayered reports whether *T implements [IDrawLayer].
func isLayered[T any]() bool {
	_, ok := any((*T)(nil)).(IDrawLayer)
	return ok
}

// layerOf returns the draw layer of a component: its DrawLayer if
// layered (a pointer in an interface: no allocation), else 0.
func layerOf[T any](t *T, layered bool) int32 {
	if !layered {
		return 0
	}
	return int32(any(t).(IDrawLayer).DrawLayer())
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
	return glue.Func(func(p struct {
		Window   glue.Res[W]
		Viewport glue.ResMut[Viewport]
		Cmds     glue.Commands
	}) {
		if err := applyWindow(*p.Window.Get(), p.Viewport.Get()); err != nil {
			p.Cmds.Fail(err)
		}
	}).TypeArgs(reflect.TypeFor[W]())
}

// applyWindow sets vp from w and applies w to Ebitengine.
func applyWindow(w IWindow, vp *Viewport) error {
	lw, lh := w.LogicalSize()
	if lw <= 0 || lh <= 0 {
		return fmt.Errorf("render: the window's logical size must be positive, got %dx%d; set Window.Width and Window.Height", lw, lh)
	}
	nv := Viewport{Width: lw, Height: lh, Scale: w.WindowScale()}
	nv.Scale = nv.scale()
	if g, ok := w.(IWindowGrow); ok {
		nv.GrowDown = g.WindowGrowDown()
	}
	// The same window applied again (Run applies it before the window
	// opens, SetupWindow after the first layout) keeps the layout: the
	// first frame is drawn at the scale its screen was laid out for.
	if nv.Width == vp.Width && nv.Height == vp.Height && nv.Scale == vp.Scale && nv.GrowDown == vp.GrowDown {
		nv.Below, nv.fit = vp.Below, vp.fit
	}
	*vp = nv
	ebiten.SetWindowTitle(w.WindowTitle())
	ebiten.SetWindowSize(vp.sizeAt(vp.Scale))
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

// begin (glue.PreDraw) empties the draw list, gives the camera the
// viewport's size, advances its shake and clears the screen to the
// background colour.
func begin(p struct {
	Screen     glue.Res[Screen]
	Background glue.Res[Background]
	Viewport   glue.Res[Viewport]
	Time       glue.Opt[timer.Time]
	Clock      glue.Local[float64] // the game time at the last frame
	Camera     glue.ResMut[Camera]
	List       glue.ResMut[DrawList]
}) {
	p.List.Get().Reset()
	shake(p.Camera.Get(), p.Time.Get(), p.Clock.Get())
	setViewSize(p.Camera.Get(), p.Viewport.Get(), p.Screen.Get())
	if img := p.Screen.Get().Image; img != nil {
		// Pointers to colours that live on: a color.RGBA value in the
		// color.Color interface would be copied to the heap every frame.
		c := &p.Background.Get().Color
		if *c == (color.RGBA{}) {
			c = &opaqueBlack
		}
		img.Fill(c)
	}
}

var opaqueBlack = color.RGBA{A: 0xff}

// shake advances the camera's shake for a frame, unless [UpdateCamera]
// or the game advanced it since the last frame: by the game time gone
// since then (paused, it holds still), or without timer.Plugin by a
// tick (1/TPS).
func shake(c *Camera, t *timer.Time, last *float64) {
	now := 0.0
	if t != nil {
		now = t.ElapsedSeconds()
	}
	if !c.advanced && c.shakeLeft > 0 {
		dt := now - *last
		if t == nil {
			dt = 1 / float64(ebiten.TPS())
		}
		c.Advance(dt)
	}
	c.advanced, *last = false, now
}

// setViewSize gives cam the viewport's logical size, or the screen's
// when the viewport follows the window.
func setViewSize(cam *Camera, vp *Viewport, s *Screen) {
	w, h := float64(vp.Width), float64(vp.Height)
	if (w <= 0 || h <= 0) && s.Image != nil {
		b := s.Image.Bounds()
		w, h = float64(b.Dx())/max(s.Scale, 1e-9), float64(b.Dy())/max(s.Scale, 1e-9)
	}
	cam.SetViewSize(w, h)
}

// flush (glue.PostDraw) draws the frame's draw list on the screen
// through the camera, or the views if there are any, with the pause
// notice over it while the game is paused for want of focus (focus.go).
//
// On a screen grown below the field (Viewport.Below), the world layers
// are drawn in the field only and the UI layers over the whole screen.
func flush(p struct {
	Screen   glue.Res[Screen]
	Camera   glue.Res[Camera]
	Focus    glue.Res[Focus]
	Viewport glue.Res[Viewport]
	Views    glue.ResMut[Views]
	List     glue.ResMut[DrawList]
}) {
	pauseNotice(p.Focus.Get(), p.Camera.Get(), p.List.Get())
	s := p.Screen.Get()
	field := p.Viewport.Get().field()
	if views := p.Views.Get().List; len(views) > 0 {
		p.List.Get().flush(s.Image, s.Scale, nil, views, field)
		return
	}
	p.List.Get().flush(s.Image, s.Scale, p.Camera.Get(), nil, field)
}

// UpdateCamera returns the system that advances the [Camera]'s shake by
// the game clock (timer.Time; paused, it holds still) every tick. It is
// optional: without it, the plugin advances the shake before each frame
// by the game time gone since the last (see [Camera.Shake]). Add it to
// glue.Update or a later update stage for a shake that moves once per
// tick, as replays need; it needs timer.Plugin. Its name is
// "render.UpdateCamera".
func UpdateCamera() *glue.System {
	return glue.Func(func(p struct {
		Time   glue.Res[timer.Time]
		Camera glue.ResMut[Camera]
	}) {
		p.Camera.Get().Advance(p.Time.Get().DeltaSeconds())
	})
}

// FollowCamera returns a system that moves the [Camera] towards the
// pose of the first entity with a P component (in query order; give the
// player a component of its own), smoothed by Camera.Smoothing over the
// game clock; nothing moves while no entity has one. Add it to a late
// update stage (glue.PostUpdate), after the systems that move the
// target. Its name is "render.FollowCamera[P]".
func FollowCamera[P IPose]() *glue.System {
	return glue.Func(func(p struct {
		Targets glue.Query1[P]
		Time    glue.Res[timer.Time]
		Camera  glue.ResMut[Camera]
	}) {
		if _, t, ok := p.Targets.First(); ok {
			x, y, _ := t.Pose()
			p.Camera.Get().Follow(x, y, p.Time.Get().DeltaSeconds())
		}
	}).TypeArgs(reflect.TypeFor[P]())
}

// CameraTarget marks the entity the camera follows, a component:
// [FollowTarget] tracks the first entity (in query order) that has it.
// Give it to the player; move it to another entity to follow that.
type CameraTarget struct{}

// FollowTarget returns a system that moves the [Camera] with
// [Camera.Track] — dead zone, look-ahead, smoothing, bounds — to the pose
// P of the entity with a [CameraTarget] (physics.Body for a physics
// game); nothing moves while no entity has both. Add it to a late update
// stage (glue.PostUpdate), after the systems that move the target. Its
// name is "render.FollowTarget[P]".
func FollowTarget[P IPose]() *glue.System {
	return glue.Func(func(p struct {
		Targets glue.Query2[CameraTarget, P]
		Time    glue.Res[timer.Time]
		Camera  glue.ResMut[Camera]
	}) {
		if _, _, t, ok := p.Targets.First(); ok {
			x, y, _ := t.Pose()
			p.Camera.Get().Track(x, y, p.Time.Get().DeltaSeconds())
		}
	}).TypeArgs(reflect.TypeFor[P]())
}

// screenshot (glue.PostDraw, after flush) takes the screenshot once its
// tick has come, saves it and ends the app if asked to.
func screenshot(p struct {
	Screen glue.Res[Screen]
	Shot   glue.ResMut[Screenshot]
	Cmds   glue.Commands
}) {
	s, sc := p.Screen.Get(), p.Shot.Get()
	if !sc.active() || s.Image == nil || s.Tick < sc.due() {
		return
	}
	b := s.Image.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	s.Image.ReadPixels(img.Pix)
	sc.Image, sc.Done = img, true
	if sc.Path != "" {
		if err := savePNG(sc.Path, img); err != nil {
			p.Cmds.Fail(err)
			return
		}
	}
	if sc.End {
		p.Cmds.End()
	}
}
