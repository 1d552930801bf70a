package ui

import (
	"math"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// FullscreenKey is a plugin: the Action (F11 unless the game bound it,
// named "Full screen"), Alt+Enter and a double click of the mouse
// switch the window between full screen and a window
// (render.Fullscreen, applied by render.Game), and the render.Notice says
// which, naming the action's keys: "Full screen (F11 leaves)",
// "Window (F11 for full screen)". Alt+Enter is not also Primary. A
// menu's toggle sets render.Fullscreen.On itself. It needs input.Plugin
// and render.Plugin; its system runs in glue.PreUpdate after
// input.MapSystem.
//
//	const ToggleFullscreen input.Action = ToggleMute + 1
//	app.AddPlugins(ui.FullscreenKey{Action: ToggleFullscreen})
type FullscreenKey struct {
	Action input.Action
	// NoDoubleClick leaves double clicks to the game. The default
	// (false) switches on a double click.
	NoDoubleClick bool
}

// fullscreenKey is the FullscreenKey plugin's resource: its options and
// the double click's state.
type fullscreenKey struct {
	FullscreenKey
	prevEnter bool
	lastClick int // ticks since the last click; 0: none
	clickAt   input.Point
}

// MachineLocal marks the double click's state as this machine's
// (glue.MachineLocal): it follows this machine's pointer and keys, and
// toggles this machine's window, so rollback neither restores nor
// hashes it (a browser and a native player had different ones: a desync).
func (fullscreenKey) MachineLocal() {}

// Double click timing and slack.
const (
	doubleClickTicks = 20 // a third of a second at 60 ticks per second
	doubleClickSlack = 6  // logical pixels
)

// Build inserts the Notice (render.AddNotice) and the options, binds the
// action at startup and adds the system.
func (p FullscreenKey) Build(app *glue.App) {
	render.AddNotice(app)
	app.InsertResource(fullscreenKey{FullscreenKey: p})
	app.AddStartup(glue.Func(bindFullscreenKey))
	app.AddSystems(glue.PreUpdate, glue.Func(runFullscreenKey).After(input.MapSystem))
}

// bindFullscreenKey (startup) names the action and binds F11 to it when
// the game did neither.
func bindFullscreenKey(p struct {
	Key      glue.Res[fullscreenKey]
	Bindings glue.ResMut[input.Bindings]
}) {
	p.Bindings.Get().Default(p.Key.Get().Action, "Full screen", input.Key(ebiten.KeyF11))
}

// runFullscreenKey (glue.PreUpdate) switches full screen on the action,
// Alt+Enter or a double click, and says which.
func runFullscreenKey(p struct {
	Key        glue.ResMut[fullscreenKey]
	Input      glue.ResMut[input.State]
	Devices    glue.Res[input.Devices]
	Bindings   glue.Res[input.Bindings]
	Fullscreen glue.ResMut[render.Fullscreen]
	Notice     glue.ResMut[render.Notice]
}) {
	k, in, dev := p.Key.Get(), p.Input.Get(), p.Devices.Get()
	enter := dev.Keys[ebiten.KeyEnter] || dev.Keys[ebiten.KeyNumpadEnter]
	altEnter := enter && !k.prevEnter && altDown(dev)
	k.prevEnter = enter
	if altEnter {
		in.Consume(input.Primary) // not also "confirm"
	}
	toggle := in.Pressed(k.Action) || altEnter || k.doubleClick(in)
	if !toggle {
		return
	}
	f := p.Fullscreen.Get()
	f.On = !f.On
	keys := p.Bindings.Get().Describe(k.Action)
	if f.On {
		p.Notice.Get().Show("Full screen (" + keys + " leaves)")
	} else {
		p.Notice.Get().Show("Window (" + keys + " for full screen)")
	}
}

// altDown reports whether an Alt key is down.
func altDown(dev *input.Devices) bool {
	return dev.Keys[ebiten.KeyAltLeft] || dev.Keys[ebiten.KeyAltRight] || dev.Keys[ebiten.KeyAlt]
}

// doubleClick reports whether the mouse clicked twice, close in time and
// place, ending with this tick's press (a touch is no double click).
func (k *fullscreenKey) doubleClick(in *input.State) bool {
	if k.lastClick > 0 {
		k.lastClick++
		if k.lastClick > doubleClickTicks {
			k.lastClick = 0
		}
	}
	p := in.Pointer
	if k.NoDoubleClick || !p.Pressed || p.Touch {
		return false
	}
	if k.lastClick > 0 && math.Abs(p.X-k.clickAt.X) <= doubleClickSlack && math.Abs(p.Y-k.clickAt.Y) <= doubleClickSlack {
		k.lastClick = 0
		return true
	}
	k.lastClick, k.clickAt = 1, input.Point{X: p.X, Y: p.Y}
	return false
}
