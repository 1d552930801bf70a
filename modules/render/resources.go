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
	// Scale is the number of screen pixels per logical pixel in this
	// frame: the Viewport's Scale, or less in a small window
	// ([Viewport.Fit]).
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
	// Scale is the number of screen pixels per logical pixel the screen
	// is rendered at in a window large enough to show them all. In a
	// smaller window [Viewport.LayoutDevice] renders it at less: see
	// [Viewport.Fit]. The default (zero) value is 1.
	Scale float64
	// GrowDown lets the screen grow below the field, Width × Height, when
	// the window is taller than the field's aspect: see [Viewport.LayoutDevice]
	// and Window.GrowDown, from which [SetupWindow] sets it. The default
	// (false) letterboxes.
	GrowDown bool
	// Below is how many logical pixels the screen reaches below the
	// field: [Viewport.LayoutDevice] sets it, every frame, while GrowDown is on
	// and the window is taller than the field; it is 0 otherwise. The
	// field stays at the top; draw systems draw in it as ever, and the
	// UI layers may use the space from y = Height to Height + Below.
	Below float64

	// fit is the scale the screen is rendered at in the last window
	// laid out ([Viewport.Fit]); 0 before the first layout, which
	// renders at Scale.
	fit float64
}

// MaxGrowAspect bounds how far a [Viewport] with GrowDown grows: the
// screen is at most this many times as tall as it is wide, and a window
// taller still is letterboxed at that aspect.
const MaxGrowAspect = 4

// Layout is [Viewport.LayoutDevice] for a window of device scale 1: one
// device pixel per device-independent pixel.
func (v *Viewport) Layout(outsideWidth, outsideHeight int) (screenWidth, screenHeight int) {
	return v.LayoutDevice(outsideWidth, outsideHeight, 1)
}

// LayoutDevice returns the size of the screen image, in screen pixels,
// for a window of outsideWidth × outsideHeight device-independent pixels
// and deviceScale device pixels per device-independent pixel (the
// browser's devicePixelRatio), and sets Below and the scale the screen
// is rendered at ([Viewport.Fit]); the [Game]'s Layout calls it every
// frame. It returns the window's size if the viewport follows the window.
//
// The screen is rendered at Scale screen pixels per logical pixel, or,
// in a window that shows fewer, at the smallest whole number of them
// that is at least what the window shows (at least 1): a 320-pixel-wide
// field at Scale 3 is rendered 960 pixels wide in a window more than 640
// device pixels wide, 640 in one of 321 to 640, 320 in one of 320 or
// fewer. A window as large as the logical size or larger thus shows the
// screen at more than half its size, so that text and pixel art keep
// their crispness, and renders fewer than four screen pixels for each
// pixel it shows, where rendering at Scale in a small window would cost
// the GPU up to Scale² times that, every frame.
//
// Without GrowDown, or for a window as wide as the field's aspect or
// wider, the screen is [Viewport.ScreenSize] and Below is 0: Ebitengine
// letterboxes the field in the window. With GrowDown and a taller
// window, the screen keeps the field's width and grows downwards to the
// window's aspect (at most [MaxGrowAspect] times as tall as wide), so
// that it fills the window: the field, at the top, is as wide as the
// window, and Below is the logical height of the screen under it.
func (v *Viewport) LayoutDevice(outsideWidth, outsideHeight int, deviceScale float64) (screenWidth, screenHeight int) {
	v.Below = 0
	v.fit = fitScale(v.scale(), v.Width, v.Height, outsideWidth, outsideHeight, deviceScale)
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
	v.Below = float64(gh)/v.Fit() - float64(v.Height)
	return w, gh
}

// fitScale returns the scale a width × height field is rendered at in a
// window of outW × outH device-independent pixels at deviceScale: scale,
// or the smallest whole number of screen pixels per logical pixel that
// fills the window's device pixels in the field's limiting direction, if
// that is less (and at least 1). A field with no size, a window with
// none, or a scale of 1 or less keeps scale.
func fitScale(scale float64, width, height, outW, outH int, deviceScale float64) float64 {
	if width <= 0 || height <= 0 || outW <= 0 || outH <= 0 || scale <= 1 {
		return scale
	}
	if !(deviceScale > 0) || math.IsInf(deviceScale, 0) {
		deviceScale = 1
	}
	// The field fills the window's width or its height, whichever it
	// meets first; a GrowDown screen, taller, meets the width first
	// whenever it grows.
	shown := math.Min(float64(outW)*deviceScale/float64(width), float64(outH)*deviceScale/float64(height))
	return math.Min(scale, math.Max(1, math.Ceil(shown-1e-9)))
}

// Fit returns the number of screen pixels per logical pixel the screen
// is rendered at: Scale, or less in a window too small to show that many
// ([Viewport.LayoutDevice] says how much less); Scale before the first
// layout, and 1 if Scale is not positive. [Screen].Scale is the same.
func (v Viewport) Fit() float64 {
	if v.fit > 0 {
		return v.fit
	}
	return v.scale()
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

// ScreenSize returns the size of the field on the screen image, in
// screen pixels: the logical size times the scale it is rendered at
// ([Viewport.Fit]), rounded. It returns (0, 0) if the viewport follows
// the window.
func (v Viewport) ScreenSize() (width, height int) {
	if v.Width <= 0 || v.Height <= 0 {
		return 0, 0
	}
	return v.sizeAt(v.Fit())
}

// sizeAt returns the logical size times s, rounded.
func (v Viewport) sizeAt(s float64) (width, height int) {
	return int(math.Round(float64(v.Width) * s)), int(math.Round(float64(v.Height) * s))
}

// ToLogical converts a position on the screen image (as Ebitengine
// reports cursor and touch positions) to logical coordinates.
func (v Viewport) ToLogical(x, y float64) (lx, ly float64) {
	s := v.Fit()
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
