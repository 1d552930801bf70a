package audio_test

import (
	"fmt"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
)

type Stage int

func (Stage) String() string { return "Update" }

// A system queues a tone; the plugin plays it at the end of the tick.
// Headless counts tones without opening an audio device.
func Example() {
	app := glue.NewApp(Stage(0))
	app.AddPlugins(audio.Plugin{Headless: true})
	app.AddSystems(Stage(0), glue.System1(func(s glue.ResMut[audio.Sounds]) {
		s.Get().Play(audio.Tone{Freq: 880, Slide: -440, Duration: 80 * time.Millisecond})
	}))
	app.Update()
	app.Update()
	app.Close()
	fmt.Println(glue.Resource[audio.Sounds](app).Played(), "tones played")
	// Output: 2 tones played
}
