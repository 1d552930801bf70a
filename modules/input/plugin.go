package input

import (
	"errors"
	"fmt"

	"github.com/gluekit/glue"
)

// Stage is the type of the stage this package adds.
type Stage int

// ReadStage is the stage in which input is read and mapped. [Plugin]
// inserts it before the app's first stage unless the app already has it.
const ReadStage Stage = 0

// String returns "input.Read".
func (s Stage) String() string {
	if s == ReadStage {
		return "input.Read"
	}
	return fmt.Sprintf("input.Stage(%d)", int(s))
}

// Plugin adds input to an app: it inserts the [Devices], [Bindings] and
// [State] resources and, in [ReadStage], the systems [ReadDevicesSystem]
// (unless Headless) and [MapSystem]. Its fields are options; the zero
// value reads Ebitengine with [DefaultBindings].
type Plugin struct {
	// Bindings are the starting key bindings. The default (nil) is
	// DefaultBindings().
	Bindings *Bindings
	// Headless leaves out the system that reads Ebitengine: [Devices]
	// then changes only when a test or a headless driver writes it.
	Headless bool
}

// Build adds the plugin's resources, stage and systems to app. Invalid
// bindings, and an app without stages, are reported by glue.App.Build.
func (p Plugin) Build(app *glue.App) {
	b := DefaultBindings()
	if p.Bindings != nil {
		b = *p.Bindings
	}
	if err := b.validate(); err != nil {
		app.AddError(err)
		return
	}
	app.InsertResource(b)
	app.InsertResource(Devices{})
	app.InsertResource(State{})
	if len(app.Stages()) == 0 {
		app.AddError(errors.New("input: the app has no stages to run input.Read before; pass the game's stages to glue.NewApp before adding input.Plugin"))
		return
	}
	app.InsertStageFirst(ReadStage)
	m := glue.System3(mapInput).Named(MapSystem)
	if !p.Headless {
		app.AddSystems(ReadStage, glue.System3(readDevices).Named(ReadDevicesSystem))
		m.After(ReadDevicesSystem)
	}
	app.AddSystems(ReadStage, m)
}
