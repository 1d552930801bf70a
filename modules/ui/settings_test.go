package ui_test

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// settingsApp is a headless app with ui.Settings and an options menu of
// the three settings widgets, at volume 0.5, unmuted, windowed.
func settingsApp(t testing.TB) *glue.App {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, audio.Plugin{Headless: true}, ui.Plugin{}, ui.Settings{})
	app.AddStartup(glue.Func2(func(v glue.ResMut[render.Viewport], cmds glue.Commands) {
		*v.Get() = render.Viewport{Width: 320, Height: 240}
		cmds.Spawn(ui.Menu{Root: ui.Dialog("OPTIONS",
			ui.VolumeSlider(ui.Node{}, 0.5), ui.MuteToggle(ui.Node{}, false), ui.FullscreenToggle(ui.Node{MinH: 20}, false))})
	}))
	glue.Resource[audio.Mixer](app).Master = 0.5
	return app
}

// tap presses k for a tick and lets it go for a tick.
func tap(t testing.TB, app *glue.App, k ebiten.Key) {
	for _, down := range []bool{true, false} {
		glue.Resource[input.Devices](app).Keys[k] = down
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSettingsSetWhatTheyShow: with ui.Settings the volume slider sets
// the mixer's master volume, the mute toggle mutes and the full screen
// toggle sets render.Fullscreen, with no system of the game's; the
// widgets have the IDs Settings binds and start at the values given.
func TestSettingsSetWhatTheyShow(t *testing.T) {
	app := settingsApp(t)
	t.Cleanup(app.Close)
	if err := app.Update(); err != nil { // spawn, lay out
		t.Fatal(err)
	}
	tap(t, app, ebiten.KeyArrowRight) // the slider has the focus
	tap(t, app, ebiten.KeyArrowDown)
	tap(t, app, ebiten.KeyEnter)
	tap(t, app, ebiten.KeyArrowDown)
	tap(t, app, ebiten.KeyEnter)
	mix, snd, full := glue.Resource[audio.Mixer](app), glue.Resource[audio.Sounds](app), glue.Resource[render.Fullscreen](app)
	if mix.Master != 0.6 || !snd.Muted || !full.On {
		t.Errorf("after right, mute, full screen: volume %v, muted %v, full screen %v; want 0.6, true, true", mix.Master, snd.Muted, full.On)
	}
	if s := ui.VolumeSlider(ui.Node{ID: "mine"}, 0.3); s.ID != ui.VolumeID || s.Value != 0.3 || s.Max != 1 {
		t.Errorf("VolumeSlider: %+v; want the ID %q at 0.3 of 1", *s, ui.VolumeID)
	}
}

// The options every game's menu has: the widgets set the volume, mute
// and full screen themselves.
func ExampleSettings() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, audio.Plugin{Headless: true}, ui.Plugin{}, ui.Settings{})
	app.InsertResource(render.Window{Width: 320, Height: 240})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(ui.Menu{Root: ui.Dialog("OPTIONS", ui.VolumeSlider(ui.Node{}, 1), ui.MuteToggle(ui.Node{}, false))})
	}))
	defer app.Close()
	_ = app.Update()
	for _, k := range []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowDown, ebiten.KeySpace} {
		glue.Resource[input.Devices](app).Keys[k] = true
		_ = app.Update()
		glue.Resource[input.Devices](app).Keys[k] = false
		_ = app.Update()
	}
	fmt.Printf("volume %.1f, muted %v\n", glue.Resource[audio.Mixer](app).Master, glue.Resource[audio.Sounds](app).Muted)
	// Output: volume 0.9, muted true
}
