package save_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/save"
	"github.com/hajimehoshi/ebiten/v2"
)

// The quick save every game writes: F5 saves, F9 loads, and the
// render.Notice says what they did.
func ExampleQuickSave() {
	const (
		QuickSave input.Action = 3 + iota // after input's own actions
		QuickLoad
	)
	type Lives struct{ N int }
	reg := codec.NewRegistry()
	codec.Register[Lives](reg)
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true},
		save.Plugin{Game: "example", Registry: reg, Resources: []glue.Type{glue.TypeOf[Lives]()}, Store: &save.Memory{}},
		save.QuickSave{Save: QuickSave, Load: QuickLoad})
	app.InsertResource(Lives{N: 3})
	defer app.Close()
	tap := func(k ebiten.Key) {
		d := glue.Resource[input.Devices](app)
		d.Keys[k] = true
		_ = app.Update() // asked; carried out at the end of the tick
		d.Keys[k] = false
		_ = app.Update() // reported
		fmt.Printf("%s: %q, lives %d\n", k, glue.Resource[render.Notice](app).Text, glue.Resource[Lives](app).N)
	}
	tap(ebiten.KeyF5)
	glue.Resource[Lives](app).N = 1
	tap(ebiten.KeyF9)
	// Output:
	// F5: "Saved (F9 loads)", lives 3
	// F9: "Loaded", lives 3
}
