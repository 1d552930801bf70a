package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Screen is the resource the systems of the draw stages draw on: the
// frame's screen image, set by the [Game] before it runs the app's draw
// stages. Image is nil outside a frame and in headless runs.
type Screen struct {
	// Image is the screen. Its size is the Viewport's logical size times
	// Scale, plus Viewport.Below times Scale in height on a screen grown
	// below the field.
	Image *ebiten.Image
	// Scale is the number of screen pixels per logical pixel.
	Scale float64
	// Tick is the number of ticks the app has completed (glue.App.Tick):
	// the frame shows the world after that many ticks.
	Tick uint64
	// Frame counts the frames drawn, starting at 1 for the first.
	Frame uint64
}

// Viewport is the logical screen, a resource: the size that draw systems
// and pointer input work in, and the scale at which it is rendered.
// [SetupWindow] sets it from the game's window resource; the [Game]'s
// Layout reads it. The zero value follows the window: the logical size
// is the window's size and Scale is 1.
type Viewport struct {
	// Width and Height are the logical size in pixels; zero follows the
	// window's size.
	Width, Height int
	// Scale is the number of screen pixels per logical pixel. The default
	// (zero) value is 1.
	Scale float64
	// GrowDown lets the screen grow below the field, Width × Height, when
	// the window is taller than the field's aspect: see [Viewport.Layout]
	// and Window.GrowDown, from which [SetupWindow] sets it. The default
	// (false) letterboxes.
	GrowDown bool
	// Below is how many logical pixels the screen reaches below the
	// field: [Viewport.Layout] sets it, every frame, while GrowDown is on
	// and the window is taller than the field; it is 0 otherwise. The
	// field stays at the top; draw systems draw in it as ever, and the
	// UI layers may use the space from y = Height to Height + Below.
	Below float64
}

// MaxGrowAspect bounds how far a [Viewport] with GrowDown grows: the
// screen is at most this many times as tall as it is wide, and a window
// taller still is letterboxed at that aspect.
const MaxGrowAspect = 4

// Layout returns the size of the screen image, in screen pixels, for a
// window of outsideWidth × outsideHeight (device-independent pixels),
// and sets Below; the [Game]'s Layout calls it every frame. It returns
// the window's size if the viewport follows the window. Without
// GrowDown, or for a window as wide as the field's aspect or wider, it
// is [Viewport.ScreenSize] and Below is 0: Ebitengine letterboxes the
// field in the window. With GrowDown and a taller window, the screen
// keeps the field's width and grows downwards to the window's aspect (at
// most [MaxGrowAspect] times as tall as wide), so that it fills the
// window: the field, at the top, is as wide as the window, and Below is
// the logical height of the screen under it.
func (v *Viewport) Layout(outsideWidth, outsideHeight int) (screenWidth, screenHeight int) {
	v.Below = 0
	w, h := v.ScreenSize()
	if w <= 0 {
		return outsideWidth, outsideHeight
	}
	if !v.GrowDown || outsideWidth <= 0 || outsideHeight <= 0 {
		return w, h
	}
	gh := int(math.Round(float64(w) * float64(outsideHeight) / float64(outsideWidth)))
	gh = min(gh, MaxGrowAspect*w)
	if gh <= h {
		return w, h
	}
	v.Below = float64(gh)/v.scale() - float64(v.Height)
	return w, gh
}

// field returns the field's rectangle on the screen image, in screen
// pixels, while the screen grows below it; else an empty rectangle (the
// field is the whole screen).
func (v *Viewport) field() image.Rectangle {
	if v.Below <= 0 {
		return image.Rectangle{}
	}
	w, h := v.ScreenSize()
	return image.Rect(0, 0, w, h)
}

// scale returns Scale, or 1 if it is not positive.
func (v Viewport) scale() float64 {
	if v.Scale > 0 {
		return v.Scale
	}
	return 1
}

// ScreenSize returns the size of the screen image, in screen pixels:
// the logical size times the scale, rounded. It returns (0, 0) if the
// viewport follows the window.
func (v Viewport) ScreenSize() (width, height int) {
	if v.Width <= 0 || v.Height <= 0 {
		return 0, 0
	}
	s := v.scale()
	return int(math.Round(float64(v.Width) * s)), int(math.Round(float64(v.Height) * s))
}

// ToLogical converts a position on the screen image (as Ebitengine
// reports cursor and touch positions) to logical coordinates.
func (v Viewport) ToLogical(x, y float64) (lx, ly float64) {
	s := v.scale()
	return x / s, y / s
}

// Background is the colour the screen is cleared to at the start of every
// frame, a resource. The zero value is opaque black. Change it from a
// system to flash the screen.
type Background struct {
	Color color.RGBA
}

// Screenshot saves a frame as a PNG file, a resource: tests use it to
// check what was drawn, games to make their README image. It is inactive
// while Path is empty and Frames is zero.
//
// The capture shows the world after exactly Frames ticks: once the app
// has run that many, the [Game] holds further ticks until the next frame
// is drawn and captured. Set it with [Plugin.Screenshot], or from a
// system with glue.ResMut[render.Screenshot].
type Screenshot struct {
	// Path is the file to write, PNG or, if it ends in .jpg or .jpeg,
	// JPEG ([CheckScreenshotPath]); empty keeps the capture in Image
	// only. In the browser, which has no files, a Path fails the app
	// with an error saying so (and the PNG encoder is left out of the
	// WebAssembly file).
	Path string
	// Frames is the number of ticks to run before the capture. Values
	// below 1 mean 1: nothing is drawn before the first tick.
	Frames int
	// End ends the app once the capture is saved.
	End bool

	// Image is the captured screen, set by the capture.
	Image *image.RGBA
	// Done reports whether the capture was taken.
	Done bool
}

// active reports whether a capture is configured and not yet taken.
func (s *Screenshot) active() bool {
	return !s.Done && (s.Path != "" || s.Frames > 0)
}

// due returns the tick after which the capture is taken.
func (s *Screenshot) due() uint64 { return uint64(max(s.Frames, 1)) }
