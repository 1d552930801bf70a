package audio_test

import (
	"fmt"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
)

// A system queues a tone; the plugin plays it at the end of the tick.
// Headless counts tones without opening an audio device.
func Example() {
	app := glue.NewApp()
	app.AddPlugins(audio.Plugin{Headless: true})
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[audio.Sounds]) {
		s.Get().Play(audio.Tone{Freq: 880, Slide: -440, Duration: 80 * time.Millisecond})
	}))
	app.Update()
	app.Update()
	app.Close()
	fmt.Println(glue.Resource[audio.Sounds](app).Played(), "tones played")
	// Output: 2 tones played
}
