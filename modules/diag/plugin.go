package diag

import (
	"fmt"
	"strings"
	"time"

	"github.com/gluekit/glue"
	"github.com/hajimehoshi/ebiten/v2"
)

// FrameSystem is the name of the plugin's one system, in glue.Draw: it
// reads the keys and the mouse, and while the overlay or the inspector is
// shown, gathers the figures and adds the panels to render's DrawList on
// [render.LayerOverlay].
var FrameSystem = glue.NewLabel("diag.frame")

// pluginName is the name glue records for [Plugin].
const pluginName = "diag.Plugin"

// Keys are the keys of the overlay and the inspector.
type Keys struct {
	// Overlay shows and hides the overlay of figures.
	Overlay ebiten.Key
	// Inspector shows and hides the entity inspector.
	Inspector ebiten.Key
	// Pause pauses and resumes the app's ticks (glue.App.Pause), while
	// the overlay or the inspector is shown.
	Pause ebiten.Key
	// Step runs exactly one tick of a paused app (glue.App.Step); on a
	// running app it pauses it. Rewound, it goes a tick forward in the
	// history, and with Shift a tick back ([Overlay.Rewind]).
	Step ebiten.Key
	// Filter shows only the entities with the next component type in the
	// inspector (with Shift: the previous one); after the last type it
	// shows all again.
	Filter ebiten.Key
}

// DefaultKeys returns the keys a [Plugin] with nil Keys uses: F3 the
// overlay, F4 the inspector, F6 pause, F7 step, F8 filter.
func DefaultKeys() Keys {
	return Keys{Overlay: ebiten.KeyF3, Inspector: ebiten.KeyF4, Pause: ebiten.KeyF6, Step: ebiten.KeyF7, Filter: ebiten.KeyF8}
}

// Plugin adds the diagnostics overlay and the entity inspector to an app
// drawn by render.Plugin, which it needs. Its fields are options; the
// zero value is the default: both hidden until their key is pressed.
//
// Build inserts the [Overlay] resource and adds [FrameSystem] to the core
// stage glue.Draw and, for the rewind, [RewindSystem] to [RewindStage],
// after glue.Last. Hidden, the plugin costs the app's ticks the test of
// RewindSystem's condition and a frame one system run that looks at the
// keys; shown, it turns the app's profiling on
// (glue.App.SetProfiling) and reads the world a few times a second.
type Plugin struct {
	// Keys are the keys; the default (nil) is [DefaultKeys].
	Keys *Keys
	// Show shows the overlay from the first frame on.
	Show bool
	// Inspect shows the inspector from the first frame on.
	Inspect bool
	// Select names a component type (as [Overlay.SetFilter] takes it):
	// the inspector selects the first entity that has one when it first
	// reads the world. The default ("") selects nothing.
	Select string
	// TextSize is the size of the panels' text in screen pixels. The
	// default (zero) is 11.
	TextSize float64
	// Top is the height, in logical pixels, of the game's own HUD row at
	// the top of the screen (its score, its lives), which the panels
	// leave free. The default (zero) places them at the very top.
	Top float64
	// Rewind is how far back the rewind goes, while a panel is shown
	// and the app has save.Plugin (see [Overlay.Rewind]). The default
	// (zero) is [DefaultRewind]; a negative value turns it off.
	Rewind time.Duration
	// RewindEvery is the number of ticks between two snapshots of the
	// world the rewind keeps; the ticks between are re-simulated from
	// the recorded input. The default (zero) is [DefaultRewindEvery].
	RewindEvery int
	// RewindBytes is the most memory the rewind's snapshots take; beyond
	// it the oldest are dropped, and the history is shorter than Rewind
	// (the overlay says how long it is). The default (zero) is
	// [DefaultRewindBytes].
	RewindBytes int
}

// validate reports bad options.
func (p Plugin) validate() error {
	if p.Top < 0 {
		return fmt.Errorf("diag: Plugin.Top must be 0 or more logical pixels, got %g", p.Top)
	}
	if p.RewindEvery < 0 || p.RewindBytes < 0 {
		return fmt.Errorf("diag: Plugin.RewindEvery and RewindBytes must be 0 (the defaults, %d ticks and %d bytes) or more, got %d and %d", DefaultRewindEvery, DefaultRewindBytes, p.RewindEvery, p.RewindBytes)
	}
	if p.TextSize < 0 || p.TextSize > 200 {
		return fmt.Errorf("diag: Plugin.TextSize must be between 0 (the default, 11) and 200 screen pixels, got %g", p.TextSize)
	}
	if p.Keys == nil {
		return nil
	}
	k := *p.Keys
	seen := map[ebiten.Key]string{}
	var dup []string
	for _, f := range []struct {
		name string
		key  ebiten.Key
	}{{"Overlay", k.Overlay}, {"Inspector", k.Inspector}, {"Pause", k.Pause}, {"Step", k.Step}, {"Filter", k.Filter}} {
		if f.key < 0 || f.key > ebiten.KeyMax {
			return fmt.Errorf("diag: Plugin.Keys.%s is not a key: %d; use an ebiten.Key constant, e.g. ebiten.KeyF3", f.name, int(f.key))
		}
		if other, ok := seen[f.key]; ok {
			dup = append(dup, fmt.Sprintf("%s and %s are both %v", other, f.name, f.key))
		}
		seen[f.key] = f.name
	}
	if len(dup) > 0 {
		return fmt.Errorf("diag: Plugin.Keys: %s; give each its own key (or leave Keys nil for F3-F8)", strings.Join(dup, ", "))
	}
	return nil
}

// Build adds the plugin's resource and system to app.
func (p Plugin) Build(app *glue.App) {
	if err := p.validate(); err != nil {
		app.AddError(err)
		return
	}
	keys := DefaultKeys()
	if p.Keys != nil {
		keys = *p.Keys
	}
	size := p.TextSize
	if size == 0 {
		size = 11
	}
	o := Overlay{app: app, keys: keys, shown: p.Show, inspecting: p.Inspect, textSize: size, top: p.Top}
	o.ins.selectType = p.Select
	if p.Rewind >= 0 {
		keep, every := p.Rewind, p.RewindEvery
		if keep == 0 {
			keep = DefaultRewind
		}
		if every == 0 {
			every = DefaultRewindEvery
		}
		o.rw.keep, o.rw.every, o.rw.budget = max(1, int(keep.Seconds()*float64(ebiten.TPS()))), every, p.RewindBytes
		if o.rw.budget == 0 {
			o.rw.budget = DefaultRewindBytes
		}
		app.AddStagesAfter(glue.Last, RewindStage)
		app.AddSystems(RewindStage, glue.Func(record).In(RewindSystem).RunIf(glue.If(keeping)))
	}
	app.InsertResource(o)
	app.AddSystems(glue.Draw, glue.Func(frame).In(FrameSystem))
}

// ProvidedBy returns "diag.Plugin", the plugin that inserts the Overlay.
func (Overlay) ProvidedBy() string { return pluginName }

// MachineLocal marks Overlay as this machine's (glue.MachineLocal): one
// player's diagnostics are no part of the game a rollback takes back or
// compares.
func (Overlay) MachineLocal() {}
