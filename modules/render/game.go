package render

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gluekit/glue"
	"github.com/hajimehoshi/ebiten/v2"
)

// errNoPlugin is returned when the app lacks the plugin's resources.
var errNoPlugin = errors.New("render: the app has no render.Screen resource; add the plugin with app.AddPlugins(render.Plugin{}) before running it")

// ErrNoDisplay is wrapped by the error [Run] returns when there is no
// display to open the window on (Ebitengine found no window system: no
// desktop session, DISPLAY unset). The message says how to run the game
// anyway; a game with a windowless mode adds its own hint.
var ErrNoDisplay = errors.New("render: no display to open the window on")

// noDisplay wraps Ebitengine's "no window system" error in ErrNoDisplay
// with the way out; other errors are returned as they are.
func noDisplay(err error) error {
	if err == nil || !strings.Contains(err.Error(), "no window system is available") {
		return err
	}
	return fmt.Errorf("%w (%v); run it in a desktop session, or under a virtual display: xvfb-run -a <command>", ErrNoDisplay, err)
}

// RunOptions tune [Run]. A nil *RunOptions means the defaults.
type RunOptions struct {
	// Ebiten is passed to ebiten.RunGameWithOptions. The default (nil)
	// uses Ebitengine's defaults.
	Ebiten *ebiten.RunGameOptions
}

// Run runs app in an Ebitengine window until the window is closed or the
// app ends, and closes the app. It returns nil then, or the error that
// stopped the app: a build error or a failing system. It must be called
// from the main goroutine, like ebiten.RunGame.
//
// Run applies a [Window] resource, if the app has one, before the window
// opens. The app must have the render [Plugin].
func Run(app *glue.App, opts *RunOptions) error {
	defer app.Close()
	if glue.Resource[Screen](app) == nil {
		return errNoPlugin
	}
	if err := app.Build(); err != nil {
		return err
	}
	if w := glue.Resource[Window](app); w != nil {
		if err := applyWindow(*w, glue.Resource[Viewport](app)); err != nil {
			return err
		}
	}
	var ro *ebiten.RunGameOptions
	if opts != nil {
		ro = opts.Ebiten
	}
	g := NewGame(app)
	g.dpi.ask = monitorScale
	return noDisplay(ebiten.RunGameWithOptions(g, ro))
}

// Game runs a glue app as an ebiten.Game. [Run] makes one and runs it;
// tests and custom loops make one with [NewGame] and call its methods
// themselves, for example drawing into an offscreen image.
type Game struct {
	app        *glue.App
	dpi        dpiCache // the window's device scale (deviceScale)
	err        error    // the first error from a frame, returned by the next Update
	frame      uint64
	fullscreen fullscreenState // the full screen applied (fullscreen.go)
	field      fieldPublisher  // where the field is, told to the page (field.go)
}

// NewGame returns a Game that drives app. The app must have the render
// [Plugin]; if it has not, Update returns an error saying so.
func NewGame(app *glue.App) *Game { return &Game{app: app} }

// App returns the game's app.
func (g *Game) App() *glue.App { return g.app }

// Update runs one tick of the app (glue.App.Update). It returns
// ebiten.Termination once the app has ended, which makes Ebitengine stop
// and RunGame return nil, and the app's error if it failed.
//
// While a [Screenshot] is pending and its tick has come, Update runs no
// tick, so that the next frame shows the world after exactly that many
// ticks; nor while a [Focus] Source says the focus is lost, unless the
// [Window] resource says RunUnfocused (the real window's focus pauses
// the game in Ebitengine itself, which then calls no Update). After the
// tick it applies the [Fullscreen] resource, and reads full screen back
// while it is on.
func (g *Game) Update() error {
	if g.err != nil {
		return g.err
	}
	if glue.Resource[Screen](g.app) == nil {
		return errNoPlugin
	}
	shot := glue.Resource[Screenshot](g.app)
	if shot != nil && shot.active() && g.app.Tick() >= shot.due() {
		return nil
	}
	// A run that takes a capture after a number of ticks has no player to
	// pause for: it ticks on without its window's focus until the capture
	// (another window opening in the same X server takes the focus).
	if f := glue.Resource[Focus](g.app); f != nil && (shot == nil || !shot.active()) && f.pauses(glue.Resource[Window](g.app)) {
		return nil // the player is away (focus.go)
	}
	err := g.app.Update()
	applyFullscreen(glue.Resource[Fullscreen](g.app), &g.fullscreen)
	if err != nil {
		if errors.Is(err, glue.ErrEnded) {
			return ebiten.Termination
		}
		return err
	}
	if g.app.Ended() {
		return ebiten.Termination
	}
	return nil
}

// Draw sets the [Screen] resource to screen and runs the app's
// draw stages (glue.App.Draw). An error is returned by the next
// Update.
func (g *Game) Draw(screen *ebiten.Image) {
	s := glue.Resource[Screen](g.app)
	if s == nil {
		return
	}
	g.frame++
	scale := 1.0
	if vp := glue.Resource[Viewport](g.app); vp != nil {
		scale = vp.Fit()
	}
	*s = Screen{Image: screen, Scale: scale, Tick: g.app.Tick(), Frame: g.frame}
	err := g.app.Draw()
	s.Image = nil
	if f := glue.Resource[Focus](g.app); f != nil {
		f.drawn() // the pause notice shown: Ebitengine may pause (focus.go)
	}
	if err != nil && !errors.Is(err, glue.ErrEnded) && g.err == nil {
		g.err = err
	}
}

// Err returns the error of a frame's Draw — a failing system of a draw
// stage — or nil. The next Update returns it too.
func (g *Game) Err() error { return g.err }

// Layout returns the screen size: the [Viewport]'s logical size times the
// scale it is rendered at in this window, grown downwards to the window's
// aspect if the viewport grows ([Viewport.LayoutDevice]), or the window's
// size if the viewport follows the window. The window's device scale is
// the monitor's (the page's devicePixelRatio in the browser) in a game
// started by [Run], and 1 in a Game run by other means natively.
//
// In the browser it also tells the page where the field is — the
// Viewport's Width × Height, without the letterbox and the space a
// GrowDown screen adds below it — as <canvas data-glue-field="x y w h">
// in CSS pixels, whenever that changes (docs/web.md); it does nothing
// more while the layout stays.
func (g *Game) Layout(outsideWidth, outsideHeight int) (screenWidth, screenHeight int) {
	vp := glue.Resource[Viewport](g.app)
	if vp != nil {
		screenWidth, screenHeight = vp.LayoutDevice(outsideWidth, outsideHeight, g.deviceScale(outsideWidth, outsideHeight))
	} else {
		screenWidth, screenHeight = outsideWidth, outsideHeight
	}
	g.field.layout(outsideWidth, outsideHeight, screenWidth, screenHeight, vp)
	return screenWidth, screenHeight
}

// deviceScale returns the window's device pixels per device-independent
// pixel: what g.dpi.ask says (the monitor's, in a game started by [Run]
// and always in the browser), else 1. Asking natively is a call on the
// main thread that allocates, so the answer is kept until the window's
// size changes (a monitor of another scale, or the browser's zoom,
// changes it) or for dpiRefresh layouts.
func (g *Game) deviceScale(outW, outH int) float64 {
	d := &g.dpi
	if d.ask == nil {
		if !monitorAlways {
			return 1
		}
		d.ask = monitorScale
	}
	if d.scale > 0 && d.w == outW && d.h == outH && d.age < dpiRefresh {
		d.age++
		return d.scale
	}
	d.scale, d.w, d.h, d.age = d.ask(), outW, outH, 0
	if !(d.scale > 0) {
		d.scale = 1
	}
	return d.scale
}

// monitorScale asks Ebitengine for the monitor's device scale. Natively,
// Ebitengine answers before the game runs only by starting its window
// system, which a test's Game, laid out without a window, must not do:
// [Run] sets it, NewGame does not (but in the browser).
func monitorScale() float64 {
	if m := ebiten.Monitor(); m != nil {
		return m.DeviceScaleFactor()
	}
	return 1
}

// dpiRefresh is how many layouts a device scale is kept for while the
// window keeps its size: a second at 60 frames a second.
const dpiRefresh = 60

// dpiCache is how the Game asks for the device scale (nil: it is 1), the
// scale it last got, the window size it asked at, and the layouts since.
type dpiCache struct {
	ask   func() float64
	scale float64
	w, h  int
	age   int
}
