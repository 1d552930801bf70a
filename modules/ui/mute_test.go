package ui_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestMuteKey: M mutes and unmutes, the notice says which and names the
// key, and goes after NoticeTicks ticks without a QuickSave to count it
// down; the action is named "Mute".
func TestMuteKey(t *testing.T) {
	const toggleMute input.Action = 3
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, audio.Plugin{Headless: true}, ui.MuteKey{Action: toggleMute})
	t.Cleanup(app.Close)
	snd := func() *audio.Sounds { return glue.Resource[audio.Sounds](app) }
	notice := func() string { return glue.Resource[ui.Notice](app).Text }
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
	run(t, app, ui.NoticeTicks-3) // shown in the tick M went down, counted in it and the next
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
	app := quickApp(t, &save.Memory{}, ui.QuickSave{Save: quickSave, Load: quickLoad})
	app.AddPlugins(audio.Plugin{Headless: true}, ui.MuteKey{Action: quickLoad + 1})
	press(t, app, ebiten.KeyM)
	if n := glue.Resource[ui.Notice](app); n.Text != "Sound off (M for sound)" || n.Left != ui.NoticeTicks-1 {
		t.Errorf("after M: notice %+v; want Sound off with %d ticks left", *n, ui.NoticeTicks-1)
	}
}
