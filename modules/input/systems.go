package input

import (
	"slices"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Names of the plugin's systems, both in glue.PreUpdate: the names glue
// gives their functions. Game systems of glue.PreUpdate that read [State]
// order themselves after MapSystem; systems of later stages need not.
var (
	// ReadDevicesSystem reads Ebitengine's keyboard, mouse, touch and
	// standard-layout gamepad state into [Devices]. It writes Devices
	// and reads the optional render.Viewport.
	ReadDevicesSystem = glue.NewLabel("input.readDevices")
	// MapSystem maps [Devices] through [Bindings] into [State]. It reads
	// Devices, Bindings and [Origins] and writes State; it fails the tick
	// when the bindings have been changed to give two actions one name.
	MapSystem = glue.NewLabel("input.mapInput")
)

// readDevices (glue.PreUpdate) reads Ebitengine's input into Devices, in
// logical coordinates, unless the app has an External resource. Ebitengine's input functions are concurrent-safe.
func readDevices(p struct {
	Devices  glue.ResMut[Devices]
	Viewport glue.Opt[render.Viewport]
	IDs      glue.Local[[]ebiten.TouchID]
	PadIDs   glue.Local[[]ebiten.GamepadID]
	External glue.Opt[External]
	Edges    glue.Local[keyEdges] // a key pressed again between two ticks counts (repress.go)
}) {
	if p.External.Get() != nil {
		return // a replay writes Devices
	}
	vp, ids := p.Viewport, p.IDs
	dev := p.Devices.Get()
	p.Edges.Get().sample(&dev.Keys, ebiten.IsKeyPressed, inpututil.IsKeyJustPressed)
	for b := range dev.Buttons {
		dev.Buttons[b] = ebiten.IsMouseButtonPressed(ebiten.MouseButton(b))
	}
	view := render.Viewport{}
	if v := vp.Get(); v != nil {
		view = *v
	}
	dev.Chars = ebiten.AppendInputChars(dev.Chars[:0])
	dev.Wheel.X, dev.Wheel.Y = ebiten.Wheel()
	x, y := ebiten.CursorPositionF()
	dev.Cursor.X, dev.Cursor.Y = view.ToLogical(x, y)
	*ids.Get() = ebiten.AppendTouchIDs((*ids.Get())[:0])
	slices.Sort(*ids.Get())
	dev.Touches = dev.Touches[:0]
	for _, id := range *ids.Get() {
		tx, ty := view.ToLogical(ebiten.TouchPositionF(id))
		dev.Touches = append(dev.Touches, Point{tx, ty})
	}
	pads := ebiten.AppendGamepadIDs((*p.PadIDs.Get())[:0])
	slices.Sort(pads)
	*p.PadIDs.Get() = pads
	dev.Pads = dev.Pads[:0]
	for _, id := range pads {
		if !ebiten.IsStandardGamepadLayoutAvailable(id) {
			continue
		}
		dev.Pads = append(dev.Pads, Pad{})
		pad := &dev.Pads[len(dev.Pads)-1]
		for b := range pad.Buttons {
			sb := ebiten.StandardGamepadButton(b)
			pad.Buttons[b] = ebiten.IsStandardGamepadButtonPressed(id, sb)
			pad.ButtonValues[b] = ebiten.StandardGamepadButtonValue(id, sb)
		}
		for a := range pad.Axes {
			pad.Axes[a] = ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxis(a))
		}
	}
}

// mapInput (glue.PreUpdate, after readDevices) updates State from Devices.
func mapInput(p struct {
	State    glue.ResMut[State]
	Devices  glue.Res[Devices]
	Bindings glue.Res[Bindings]
	Origins  glue.Res[Origins]
	Cmds     glue.Commands
}) {
	if err := p.State.Get().update(p.Devices.Get(), p.Bindings.Get(), p.Origins.Get()); err != nil {
		p.Cmds.Fail(err)
	}
}
