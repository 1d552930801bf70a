package render

import (
	"image/color"
	"strings"
	"testing"

	"github.com/gluekit/glue"

	"github.com/gluekit/glue/modules/tween"
)

// TestTextFadedOutStaysInvisible is issue #38's bug 2: a text whose
// colour was tweened to fully transparent (the zero colour, premultiplied)
// came back opaque white, since a zero TextStyle.Color means white. A
// colour tween now never lands on the zero colour, and a text or sprite
// whose colour has alpha 0 draws nothing.
func TestTextFadedOutStaysInvisible(t *testing.T) {
	style := TextStyle{Color: color.RGBA{255, 255, 255, 255}}
	tw := tween.Tween[TextStyle]{
		Prop:  tween.RGBA(func(s *TextStyle) *color.RGBA { return &s.Color }),
		Steps: []tween.Step{tween.ToRGBA(color.RGBA{}, 1, nil)},
	}
	tw.Advance(&style, 0.5)
	if !tw.Advance(&style, 0.6) {
		t.Fatal("the fade did not finish")
	}
	var d DrawList
	d.AddText("gone", 0, 0, style, 0)
	for _, it := range d.items {
		if it.c.A != 0 {
			t.Errorf("faded out (colour %v), an item of kind %d is drawn in %v", style.Color, it.kind, it.c)
		}
	}
}

// TestConfigureTheCamera is issue #38's bug 8: inserting one's own
// Camera was a "duplicate resource" error with no way to configure the
// plugin's. Plugin.Camera sets it, and the duplicate error names that
// option.
func TestConfigureTheCamera(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	app.AddPlugins(Plugin{Camera: Camera{X: 5, Zoom: 2}})
	if c := glue.Resource[Camera](app); c.Zoom != 2 || c.X != 5 {
		t.Errorf("Plugin{Camera: …}: camera %+v, want X 5, Zoom 2", *c)
	}

	app2 := glue.NewApp()
	defer app2.Close()
	app2.AddPlugins(Plugin{})
	app2.InsertResource(Camera{Zoom: 2})
	err := app2.Build()
	if err == nil || !strings.Contains(err.Error(), "duplicate resource render.Camera") || !strings.Contains(err.Error(), "render.Plugin.Camera") || !strings.Contains(err.Error(), "glue.ResMut[render.Camera]") {
		t.Errorf("inserting a Camera beside the plugin: %v; want the duplicate named with render.Plugin.Camera and glue.ResMut[render.Camera] as the ways out", err)
	}
}
