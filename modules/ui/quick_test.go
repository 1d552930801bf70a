package ui_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/gluekit/glue/modules/ui"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestOldHUDNamesStillWork: ui.QuickSave, ui.MuteKey and ui.Notice, moved
// to modules/save, audio and render (issue #38), still compile and are
// the same plugins and resource.
func TestOldHUDNamesStillWork(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, audio.Plugin{Headless: true},
		save.Plugin{Game: "old-names", Registry: codec.NewRegistry(), Store: &save.Memory{}},
		ui.QuickSave{Save: 3, Load: 4}, ui.MuteKey{Action: 5})
	t.Cleanup(app.Close)
	d := glue.Resource[input.Devices](app)
	for _, k := range []ebiten.Key{ebiten.KeyF9, ebiten.KeyM} {
		d.Keys[k] = true
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		d.Keys[k] = false
	}
	var n *ui.Notice = glue.Resource[render.Notice](app)
	if n.Text != "Sound off (M for sound)" || n.Left != ui.NoticeTicks-1 {
		t.Errorf("notice %+v, want the mute key's", *n)
	}
}
