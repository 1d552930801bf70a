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
	// Scale.
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
