package audio_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestMuteKey: M mutes and unmutes, the notice says which and names the
// key, and goes after NoticeTicks ticks without a QuickSave to count it
// down; the action is named "Mute".
func TestMuteKey(t *testing.T) {
	const toggleMute input.Action = 3
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, audio.Plugin{Headless: true}, audio.MuteKey{Action: toggleMute})
	t.Cleanup(app.Close)
	snd := func() *audio.Sounds { return glue.Resource[audio.Sounds](app) }
	notice := func() string { return glue.Resource[render.Notice](app).Text }
	for _, c := range []struct {
		muted bool
		text  string
	}{{true, "Sound off (M for sound)"}, {false, "Sound on (M mutes)"}} {
		press(t, app, ebiten.KeyM)
		run(t, app, 1) // M up
		if snd().Muted != c.muted || notice() != c.text {
			t.Errorf("after M: muted %v, notice %q; want %v, %q", snd().Muted, notice(), c.muted, c.text)
		}
	}
	run(t, app, render.NoticeTicks-3) // shown in the tick M went down, counted in it and the next
	if notice() == "" {
		t.Error("the notice went before NoticeTicks")
	}
	run(t, app, 1)
	if notice() != "" {
		t.Errorf("the notice %q is still up after NoticeTicks", notice())
	}
	if b := glue.Resource[input.Bindings](app); b.Name(toggleMute) != "Mute" {
		t.Errorf("the action is named %q, want Mute", b.Name(toggleMute))
	}
}

// TestMuteKeyWithQuickSave: the two plugins share one Notice, counted
// down once per tick.
func TestMuteKeyWithQuickSave(t *testing.T) {
	reg := codec.NewRegistry()
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, audio.Plugin{Headless: true},
		save.Plugin{Game: "mute-test", Registry: reg, Store: &save.Memory{}},
		save.QuickSave{Save: 3, Load: 4}, audio.MuteKey{Action: 5})
	t.Cleanup(app.Close)
	press(t, app, ebiten.KeyM)
	if n := glue.Resource[render.Notice](app); n.Text != "Sound off (M for sound)" || n.Left != render.NoticeTicks-1 {
		t.Errorf("after M: notice %+v; want Sound off with %d ticks left", *n, render.NoticeTicks-1)
	}
}

// press holds key down for one tick.
func press(t *testing.T, app *glue.App, k ebiten.Key) {
	t.Helper()
	glue.Resource[input.Devices](app).Keys[k] = true
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	glue.Resource[input.Devices](app).Keys[k] = false
}

func run(t *testing.T, app *glue.App, n int) {
	t.Helper()
	for range n {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
}
