package main

import (
	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
)

// The menus (modules/ui), with Config.Menus: a title menu (Start,
// Options, Quit) over the served game at start, a pause menu (Resume,
// Restart, Options) while Paused, and the options menu (the volume, mute,
// the controls) over either. The menus speak through ui.Event, which
// MenuActions turns into the game's Intent, so that resuming and
// restarting go through Pause and Restart as the keys do.

// ToggleFullscreen is the action that switches full screen: F11, and
// Alt+Enter and a double click (ui.FullscreenKey).
const ToggleFullscreen input.Action = ToggleMute + 1

// The menus' layers above render.LayerUI: over the HUD.
const (
	titleLayer   = 10
	optionsLayer = 20
)

// addMenus adds the menus' plugin and systems. MenuActions is in
// main.go's Control list, between Steer and Pause: it runs, reading no
// events, without the menus too.
func addMenus(app *glue.App) {
	app.AddPlugins(ui.Plugin{}, ui.Settings{}) // the options' volume, mute and full screen set themselves
	app.AddStartup(glue.Func(SpawnTitle))
	app.AddSystems(glue.OnEnter(Paused), glue.Func(SpawnPauseMenu))
}

// dialogTextW is the widest line of a dialog's text, in logical pixels:
// a dialog (its panel's padding and the focus outline around) fits the
// 200-pixel field.
const dialogTextW = FieldW - 40

// menuButton returns a button of the menus.
func menuButton(id, text string) *ui.Button {
	return &ui.Button{Node: ui.Node{ID: id, MinW: 110}, Text: text}
}

// SpawnTitle (startup) shows the title menu.
func SpawnTitle(cmds glue.Commands) { cmds.Spawn(titleMenu()) }

// titleMenu returns the title menu.
func titleMenu() ui.Menu {
	return ui.Menu{Layer: titleLayer, Modal: true, Root: ui.Dialog("BREAKOUT",
		menuButton("start", "Start"),
		menuButton("options", "Options"),
		menuButton("quit", "Quit"),
	)}
}

// SpawnPauseMenu (on entering Paused) shows the pause menu, scoped to
// Paused: it goes when the game resumes or restarts.
func SpawnPauseMenu(cmds glue.Commands) { glue.SpawnIn1(cmds, Paused, pauseMenu()) }

// pauseMenu returns the pause menu.
func pauseMenu() ui.Menu {
	return ui.Menu{Layer: titleLayer, Modal: true, Root: ui.Dialog("Paused",
		menuButton("resume", "Resume"),
		menuButton("restart", "Restart"),
		menuButton("options", "Options"),
	)}
}

// optionsMenu returns the options menu: the master volume and mute (the
// audio.Mixer and Sounds) and the controls, from the bindings.
func optionsMenu(mix *audio.Mixer, snd *audio.Sounds, b *input.Bindings, full *render.Fullscreen) ui.Menu {
	ws := []ui.Widget{
		ui.VolumeSlider(ui.Node{}, mix.Master),
		ui.MuteToggle(ui.Node{}, snd.Muted),
		ui.FullscreenToggle(ui.Node{}, full.On),
		&ui.Label{Text: "Move: arrows, A/D, pointer", Wrap: dialogTextW},
	}
	for _, a := range []input.Action{input.Primary, input.Pause, input.Restart} {
		ws = append(ws, &ui.Label{Text: b.Name(a) + ": " + b.Describe(a), Wrap: dialogTextW})
	}
	ws = append(ws, menuButton("back", "Back"))
	return ui.Menu{Layer: optionsLayer, Modal: true, Root: ui.Dialog("Options", ws...)}
}

// shownSettings are what the options menu shows as it opens: the
// volume, mute, full screen and the controls.
type shownSettings struct {
	Mixer    glue.Res[audio.Mixer]
	Sounds   glue.Res[audio.Sounds]
	Bindings glue.Res[input.Bindings]
	Full     glue.Res[render.Fullscreen]
}

// MenuActions (Control, after Steer) does what the menus ask: Start
// closes the title menu, Resume (or Back in the pause menu) and Restart
// become the Intent's Pause and Restart, Options opens the options menu
// over the menu it came from and Back closes it, Quit ends the game (the
// volume slider, Mute and Full screen set themselves: ui.Settings).
func MenuActions(events glue.Reader[ui.Event], menus glue.Query1[*ui.Menu], phase glue.Res[glue.State[Phase]],
	intent glue.ResMut[Intent], cmds glue.Commands, shown shownSettings) {
	for _, e := range events.Read() {
		switch e.ID {
		case "start":
			cmds.Despawn(e.Menu)
		case "quit":
			cmds.End()
		case "resume":
			intent.Get().Pause = true
		case "restart":
			intent.Get().Restart = true
		case "options":
			opts := optionsMenu(shown.Mixer.Get(), shown.Sounds.Get(), shown.Bindings.Get(), shown.Full.Get())
			opts.Over = e.Menu // hidden while the options menu is open
			if phase.Get().Get() == Paused {
				glue.SpawnIn1(cmds, Paused, opts)
			} else {
				cmds.Spawn(opts)
			}
		}
		if e.ID == "back" || e.Kind == ui.Back {
			if m, ok := menus.Get(e.Menu); ok && m.Over != 0 {
				cmds.Despawn(e.Menu) // the menu beneath shows again
			} else if phase.Get().Get() == Paused {
				intent.Get().Pause = true // Back in the pause menu resumes
			}
		}
	}
}
