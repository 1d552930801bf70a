package input

import (
	"errors"

	"github.com/gluekit/glue"
)

// Plugin adds input to an app: it inserts the [Devices], [Bindings],
// [State] and [Origins] resources and, in the core stage glue.PreUpdate, the systems
// [ReadDevicesSystem] (unless Headless) and [MapSystem], in that order.
// Its fields are options; the zero value reads Ebitengine with
// [DefaultBindings].
type Plugin struct {
	// Bindings are the starting key bindings. The default (nil) is
	// DefaultBindings().
	Bindings *Bindings
	// Headless leaves out the system that reads Ebitengine: [Devices]
	// then changes only when a test or a headless driver writes it.
	Headless bool
	// Touch, if not nil, adds on-screen touch controls: the plugin
	// inserts them as the [TouchControls] resource, binds them
	// ([TouchControls.Bind]) and adds the [TouchSystem]. The default
	// (nil) has none.
	Touch *TouchControls
	// TouchOffWhile, if set, turns the touch controls off
	// ([TouchControls.Off]) in every tick in which the condition holds
	// after the state transitions, in glue.Update, and on in the others:
	// a game whose touches are only the pointer in its menus says so
	// once, with no system of its own.
	//
	//	input.Plugin{Touch: touch, TouchOffWhile: glue.Not(glue.InState(Playing))}
	TouchOffWhile glue.Condition
}

// Build adds the plugin's resources and systems to app. Invalid bindings
// are reported by glue.App.Build.
func (p Plugin) Build(app *glue.App) {
	b := DefaultBindings()
	if p.Bindings != nil {
		b = *p.Bindings
	}
	if err := b.validate(); err != nil {
		app.AddError(err)
		return
	}
	if p.Touch != nil {
		if err := p.Touch.validate(); err != nil {
			app.AddError(err)
			return
		}
		p.Touch.Bind(&b)
	}
	app.InsertResource(b)
	app.InsertResource(Devices{})
	app.InsertResource(State{})
	app.InsertResource(Origins{})
	m := glue.Func(mapInput).In(MapSystem)
	if !p.Headless {
		app.AddSystems(glue.PreUpdate, glue.Func(readDevices).In(ReadDevicesSystem))
		m.After(ReadDevicesSystem)
	}
	if p.Touch != nil {
		app.InsertResource(*p.Touch)
		t := glue.Func(readTouch).In(TouchSystem)
		if !p.Headless {
			t.After(ReadDevicesSystem)
		}
		app.AddSystems(glue.PreUpdate, t)
		m.After(TouchSystem)
		if p.TouchOffWhile.String() != "" { // not the zero Condition
			app.AddSystems(glue.Update,
				glue.Func(touchSwitch(true)).Named("input.touchOff").RunIf(p.TouchOffWhile),
				glue.Func(touchSwitch(false)).Named("input.touchOn").RunIf(glue.Not(p.TouchOffWhile)))
		}
	} else if p.TouchOffWhile.String() != "" {
		app.AddError(errors.New("input: Plugin.TouchOffWhile needs Plugin.Touch, the controls it turns off"))
	}
	app.AddSystems(glue.PreUpdate, m)
}
