package render

import (
	"fmt"
	"image/color"

	"github.com/gluekit/glue"
)

// Plugin adds rendering to an app. Its fields are options; the zero value
// is the default. Build inserts the resources [Screen], [Viewport],
// [Background], [DrawList], [Camera], [Views] and [Screenshot], and adds
// the systems [BeginSystem] to the core stage glue.PreDraw and
// [FlushSystem] and
// [ScreenshotSystem] (in that order) to glue.PostDraw. The draw stages
// run in [Game.Draw], on Ebitengine's goroutine.
//
// The generic systems — [DrawBox], [DrawCircle], [DrawText] for the
// game's component types, added to glue.Draw, and [SetupWindow] for its
// window resource, a startup system — are registered by the game.
type Plugin struct {
	// Background is the colour the screen is cleared to each frame. The
	// default (zero) value is opaque black.
	Background color.RGBA
	// Screenshot, if its Path or Frames is set, captures a frame (see
	// [Screenshot]). The default (zero) value captures nothing.
	Screenshot Screenshot
	// PixelArt sets the [DrawList]'s pixel-art mode: nearest filtering,
	// the world drawn at the logical resolution and scaled once, no seams
	// between tiles, and optionally the camera snapped to whole pixels
	// (see [PixelArt]). The default (zero) value is off.
	PixelArt PixelArt
	// Camera is the [Camera] resource's first value: a game that starts
	// with its camera on, zoomed or bounded sets it here (inserting a
	// Camera of its own is a duplicate resource). The default (zero)
	// value is off.
	Camera Camera
}

// pluginName is the name glue.App.AddPlugins records for [Plugin]: the
// resources the plugin inserts return it from ProvidedBy, so that a
// system needing one in an app without the plugin is a build error
// naming the plugin.
const pluginName = "render.Plugin"

// Build adds the plugin's resources and systems to app.
func (p Plugin) Build(app *glue.App) {
	app.InsertResource(Screen{})
	app.InsertResource(Viewport{})
	app.InsertResource(Background{Color: p.Background})
	app.InsertResource(DrawList{pixel: p.PixelArt})
	app.InsertResource(p.Camera)
	app.InsertResource(Views{})
	app.InsertResource(Focus{})      // focus.go
	app.InsertResource(Fullscreen{}) // fullscreen.go
	app.InsertResource(p.Screenshot)
	if p.Screenshot.Path != "" {
		if err := CheckScreenshotPath(p.Screenshot.Path); err != nil {
			app.AddError(fmt.Errorf("render: Plugin.Screenshot.Path: %w", err))
		}
	}

	app.AddSystems(glue.PreDraw, glue.Func(begin).In(BeginSystem))
	app.AddSystems(glue.PostDraw,
		glue.Func(flush).In(FlushSystem),
		glue.Func(screenshot).After(FlushSystem).In(ScreenshotSystem),
	)
	app.AddSystems(glue.PostDraw, pageSystems()...) // the browser's first frame (page.go)
}

// ProvidedBy returns "render.Plugin", the plugin that inserts the Screen.
func (Screen) ProvidedBy() string { return pluginName }

// ProvidedBy returns "render.Plugin", the plugin that inserts the
// Viewport.
func (Viewport) ProvidedBy() string { return pluginName }

// ProvidedBy returns "render.Plugin", the plugin that inserts the
// Background.
func (Background) ProvidedBy() string { return pluginName }

// ProvidedBy returns "render.Plugin", the plugin that inserts the
// DrawList.
func (DrawList) ProvidedBy() string { return pluginName }

// DrawOnly marks DrawList as a resource of the draw stages (glue.DrawOnly):
// a system of an update stage that writes it is a build error, since the
// list is emptied once per frame and would grow every tick.
func (DrawList) DrawOnly() {}

// ProvidedBy returns "render.Plugin", the plugin that inserts the
// Screenshot.
func (Screenshot) ProvidedBy() string { return pluginName }

// MachineLocal marks the screen, viewport, background, draw list and
// screenshot request as this machine's (glue.MachineLocal): they differ
// between a native window, a headless run and a browser page, and a
// rollback neither takes them back nor compares them.
func (Screen) MachineLocal() {}

// MachineLocal marks Viewport as this machine's (see Screen.MachineLocal).
func (Viewport) MachineLocal() {}

// MachineLocal marks Background as this machine's (see Screen.MachineLocal).
func (Background) MachineLocal() {}

// MachineLocal marks DrawList as this machine's (see Screen.MachineLocal).
func (DrawList) MachineLocal() {}

// MachineLocal marks Screenshot as this machine's (see Screen.MachineLocal).
func (Screenshot) MachineLocal() {}

// ConfiguredBy returns "render.Plugin.Background", the option that sets
// the Background's first value (glue.Configurable).
func (Background) ConfiguredBy() string { return pluginName + ".Background" }

// ConfiguredBy returns "render.Plugin.Screenshot", the option that sets
// the Screenshot's first value (glue.Configurable).
func (Screenshot) ConfiguredBy() string { return pluginName + ".Screenshot" }
