package render_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
)

func TestPluginSetsPixelArt(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(render.Plugin{PixelArt: render.PixelArt{On: true, SnapCamera: true}})
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	if p := glue.Resource[render.DrawList](app).PixelArt(); !p.On || !p.SnapCamera {
		t.Fatalf("the DrawList's pixel-art mode is %+v, want on with the camera snapped", p)
	}
}
