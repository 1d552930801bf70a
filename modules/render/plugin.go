package render

import (
	"errors"
	"fmt"
	"image/color"

	"github.com/gluekit/glue"
)

// Stage is the type of the stages this package adds.
type Stage int

// The render stages. Their systems run on the render thread, in the
// renderer's draw callback, after the tick's update systems.
const (
	// BeginStage clears the screen and the draw list. It is inserted
	// before the app's first stage.
	BeginStage Stage = iota
	// DrawStage is where games register their draw systems ([DrawBox],
	// [DrawCircle], [DrawText]); any stage between BeginStage and
	// EndStage will do. It is inserted after the app's last stage.
	DrawStage
	// EndStage draws the frame's [DrawList] and takes the [Screenshot].
	// It is inserted after DrawStage.
	EndStage
)

// String returns "render.Begin", "render.Draw" or "render.End".
func (s Stage) String() string {
	switch s {
	case BeginStage:
		return "render.Begin"
	case DrawStage:
		return "render.Draw"
	case EndStage:
		return "render.End"
	}
	return fmt.Sprintf("render.Stage(%d)", int(s))
}

// Plugin adds rendering to an app. Its fields are options; the zero value
// is the default. Build inserts the resources [Screen], [Viewport],
// [Background], [DrawList] and [Screenshot]; inserts [BeginStage] before
// the app's first stage and [DrawStage] and [EndStage] after its last
// (a stage the app already has stays where it is); and adds the systems
// [BeginSystem] to BeginStage and [FlushSystem] and [ScreenshotSystem] to
// EndStage, all on the render thread.
//
// The generic systems — [DrawBox], [DrawCircle], [DrawText] for the
// game's component types, and [SetupWindow] for its window resource —
// are registered by the game.
type Plugin struct {
	// Background is the colour the screen is cleared to each frame. The
	// default (zero) value is opaque black.
	Background color.RGBA
	// Screenshot, if its Path or Frames is set, captures a frame (see
	// [Screenshot]). The default (zero) value captures nothing.
	Screenshot Screenshot
}

// Build adds the plugin's resources, stages and systems to app. An app
// without stages is reported by glue.App.Build.
func (p Plugin) Build(app *glue.App) {
	app.InsertResource(Screen{})
	app.InsertResource(Viewport{})
	app.InsertResource(Background{Color: p.Background})
	app.InsertResource(DrawList{})
	app.InsertResource(p.Screenshot)

	if len(app.Stages()) == 0 {
		app.AddError(errors.New("render: the app has no stages to put the render stages around; pass the game's stages to glue.NewApp before adding render.Plugin"))
		return
	}
	app.InsertStageFirst(BeginStage).InsertStageLast(DrawStage).InsertStageLast(EndStage)
	app.AddSystems(BeginStage, glue.System3(begin).Named(BeginSystem).OnThread(glue.RenderThread))
	app.AddSystems(EndStage,
		glue.System2(flush).Named(FlushSystem).OnThread(glue.RenderThread),
		glue.System3(capture).Named(ScreenshotSystem).After(FlushSystem).OnThread(glue.RenderThread),
	)
}
