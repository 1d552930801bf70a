package ui_test

import (
	"encoding/json"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/ui"
)

// TestShownJSON: a page's report of its menu names the top menu shown
// (the highest Layer not Hidden), its dialog's rectangle and its focused
// control's, inside the dialog; "null" without a menu shown.
func TestShownJSON(t *testing.T) {
	app := glue.NewApp()
	t.Cleanup(app.Close)
	app.AddPlugins(input.Plugin{Headless: true}, render.Plugin{}, ui.Plugin{})
	app.InsertResource(render.Window{Title: "t", Width: 320, Height: 240})
	var got string
	app.AddSystems(glue.Last, glue.Func(func(m glue.Query1[ui.Menu]) { got = ui.ShownJSON(m) }))
	tick := 0
	app.AddSystems(glue.Update, glue.Func(func(c glue.Commands) {
		if tick++; tick != 2 {
			return
		}
		c.Spawn(ui.Menu{Layer: 10, Root: ui.Dialog("Lower", &ui.Button{Node: ui.Node{ID: "a", MinW: 100, MinH: 30}, Text: "A"})})
		c.Spawn(ui.Menu{Layer: 20, Hidden: true, Root: ui.Dialog("Hidden", &ui.Button{Node: ui.Node{ID: "b"}, Text: "B"})})
	}))
	if err := app.Update(); err != nil {
		t.Fatal(err)
	}
	if got != "null" {
		t.Fatalf("no menu: %s, want null", got)
	}
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	var r struct {
		Dialog, Focus [4]float64
		ID            string
	}
	if err := json.Unmarshal([]byte(got), &r); err != nil {
		t.Fatalf("%s: %v", got, err)
	}
	d, f := r.Dialog, r.Focus
	if r.ID != "a" {
		t.Errorf("%s: want the lower menu's button a focused (the upper one is hidden)", got)
	}
	if f[2] < 100 || f[3] < 30 || f[0] < d[0] || f[1] < d[1] || f[0]+f[2] > d[0]+d[2] || f[1]+f[3] > d[1]+d[3] || d[0]+d[2] > 320 || d[1]+d[3] > 240 {
		t.Errorf("%s: want the lower menu's 100×30 button inside its dialog, inside the 320×240 view", got)
	}
}
