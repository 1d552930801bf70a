// Package audio plays sound effects for glue games through Ebitengine's
// audio package: short generated tones ([Tone]) and recorded sounds
// ([Sample]) loaded from WAV and Ogg Vorbis files in an fs.FS
// ([LoadSample]), decoded once with Ebitengine's audio/wav and
// audio/vorbis decoders and played at a volume with
// [Sounds.PlaySample]. Systems queue tones in the
// [Sounds] resource; the plugin's system ([PlaySystem]) plays them at the
// end of the tick, in the core stage glue.Last, so tones queued by any
// system of the tick's earlier stages are played in the same tick.
//
//	app.AddPlugins(audio.Plugin{})
//
//	func Bleep(s glue.ResMut[audio.Sounds]) {
//		s.Get().Play(audio.Tone{Freq: 880, Duration: 60 * time.Millisecond})
//	}
//
//	app.AddSystems(glue.Update, glue.Func(Bleep))
//
// Sound needs an audio device, and Ebitengine ends the game loop when it
// cannot open one. The plugin therefore opens the device only where there
// is one: on Linux when /proc/asound lists a sound card, always on other
// systems and in browsers (which start sound after the first click or key
// press). Elsewhere, and with [Plugin.Headless] or [Sounds.Muted], tones
// are counted but not played, so games and their tests run the same.
package audio
