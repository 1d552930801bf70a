package ui

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/render"
)

// The IDs of the settings widgets that [Settings] binds to what they
// set.
const (
	// VolumeID is the ID of the master volume's [Slider]
	// (audio.Mixer.Master, 0 to 1).
	VolumeID = "volume"
	// MuteID is the ID of the mute [Toggle] (audio.Sounds.Muted).
	MuteID = "mute"
	// FullscreenID is the ID of the full screen [Toggle]
	// (render.Fullscreen.On).
	FullscreenID = "fullscreen"
)

// Settings is a plugin: the settings every game's options menu has,
// bound to what they set. When the player changes a widget of the ID
// [VolumeID], [MuteID] or [FullscreenID], its value goes to
// audio.Mixer.Master, audio.Sounds.Muted or render.Fullscreen.On, in
// glue.Update (the tick the menu reports it); the game writes no case
// for them. [VolumeSlider], [MuteToggle] and [FullscreenToggle] make the
// widgets, starting at the resources' values. It needs [Plugin],
// audio.Plugin and render.Plugin; the game may still read the same
// [Event]s.
//
//	app.AddPlugins(ui.Plugin{}, ui.Settings{})
//	ui.Dialog("OPTIONS", ui.VolumeSlider(ui.Node{}, mixer.Master), ui.FullscreenToggle(ui.Node{}, full.On), back)
type Settings struct{}

// Build adds the system that applies the settings.
func (Settings) Build(app *glue.App) {
	app.AddSystems(glue.Update, glue.Func(applySettings))
}

// applySettings (glue.Update) sets what the settings widgets changed
// this tick.
func applySettings(p struct {
	Events glue.Reader[Event]
	Mixer  glue.ResMut[audio.Mixer]
	Sounds glue.ResMut[audio.Sounds]
	Full   glue.ResMut[render.Fullscreen]
}) {
	for _, e := range p.Events.Read() {
		switch e.ID {
		case VolumeID:
			p.Mixer.Get().Master = e.Value
		case MuteID:
			p.Sounds.Get().Muted = e.On
		case FullscreenID:
			p.Full.Get().On = e.On
		}
	}
}

// VolumeSlider returns the master volume's slider, "Volume" from 0 to 1
// in tenths, at volume (audio.Mixer.Master): n with the ID [VolumeID],
// for [Settings].
func VolumeSlider(n Node, volume float64) *Slider {
	n.ID = VolumeID
	return &Slider{Node: n, Text: "Volume", Value: volume, Max: 1, Step: 0.1}
}

// MuteToggle returns the "Mute" toggle, on if muted (audio.Sounds.Muted):
// n with the ID [MuteID], for [Settings].
func MuteToggle(n Node, muted bool) *Toggle {
	n.ID = MuteID
	return &Toggle{Node: n, Text: "Mute", On: muted}
}

// FullscreenToggle returns the "Full screen" toggle, on if on
// (render.Fullscreen.On): n with the ID [FullscreenID], for [Settings].
func FullscreenToggle(n Node, on bool) *Toggle {
	n.ID = FullscreenID
	return &Toggle{Node: n, Text: "Full screen", On: on}
}
