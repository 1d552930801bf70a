package audio_test

import (
	"fmt"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// The mute key every game has: M mutes and unmutes, and the
// render.Notice says which.
func ExampleMuteKey() {
	const ToggleMute input.Action = 3 // after input's own actions
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true}, audio.Plugin{Headless: true}, audio.MuteKey{Action: ToggleMute})
	defer app.Close()
	for range 2 {
		d := glue.Resource[input.Devices](app)
		d.Keys[ebiten.KeyM] = true
		_ = app.Update()
		d.Keys[ebiten.KeyM] = false
		_ = app.Update() // M up
		fmt.Println(glue.Resource[audio.Sounds](app).Muted, glue.Resource[render.Notice](app).Text)
	}
	// Output:
	// true Sound off (M for sound)
	// false Sound on (M mutes)
}
