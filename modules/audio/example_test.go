package audio_test

import (
	"fmt"
	"testing/fstest"
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
		s.Get().Play(audio.Tone{Freq: 880, Slide: -440, Duration: 80 * time.Millisecond, Volume: audio.DefaultVolume})
	}))
	app.Update()
	app.Update()
	app.Close()
	fmt.Println(glue.Resource[audio.Sounds](app).Played(), "tones played")
	// Output: 2 tones played
}

// ExampleLoadSample loads a recorded sound — here a WAV file made from a
// tone; a game embeds its .wav and .ogg files — and plays it at half
// volume when a system asks.
func ExampleLoadSample() {
	beep := audio.Tone{Freq: 660, Duration: 100 * time.Millisecond, Volume: audio.DefaultVolume}
	fsys := fstest.MapFS{"beep.wav": {Data: audio.WAV(beep.PCM(audio.DefaultSampleRate), audio.DefaultSampleRate)}}
	sample, err := audio.LoadSample(fsys, "beep.wav")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sample.Name(), sample.Duration())

	app := glue.NewApp()
	app.AddPlugins(audio.Plugin{Headless: true})
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[audio.Sounds]) {
		s.Get().PlaySample(sample, 0.5)
	}))
	app.Update()
	app.Close()
	fmt.Println(glue.Resource[audio.Sounds](app).Played(), "sound played")

	_, err = audio.LoadSample(fsys, "boom.ogg")
	fmt.Println(err)
	// Output:
	// beep.wav 100ms
	// 1 sound played
	// audio: sound "boom.ogg": open boom.ogg: file does not exist
}

// Replaying is a game's flag, set while it replays ticks already heard.
type Replaying bool

// A game that runs ticks again — a rollback's re-runs — silences them:
// the tones are counted in Sounds as in any tick, but not heard again.
func ExamplePlugin_silenceWhile() {
	app := glue.NewApp()
	app.InsertResource(Replaying(false))
	app.AddPlugins(audio.Plugin{Headless: true,
		SilenceWhile: glue.If(func(r glue.Res[Replaying]) bool { return bool(*r.Get()) })})
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[audio.Sounds]) {
		s.Get().Play(audio.Tone{Freq: 880, Duration: 80 * time.Millisecond, Volume: audio.DefaultVolume})
	}))
	app.Update()
	*glue.Resource[Replaying](app) = true
	app.Update()
	app.Update()
	app.Close()
	fmt.Println(glue.Resource[audio.Sounds](app).Played(), "tones played,", audio.Heard(app), "heard")
	// Output: 3 tones played, 1 heard
}
