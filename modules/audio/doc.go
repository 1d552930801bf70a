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
//		s.Get().Play(audio.Tone{Freq: 880, Duration: 60 * time.Millisecond, Volume: audio.DefaultVolume})
//	}
//
//	app.AddSystems(glue.Update, glue.Func(Bleep))
//
// Volumes go from 0 to 1, and 0 is silent everywhere: a [Tone] left at
// Volume 0 and PlaySample at 0 (counted by [Sounds.Silenced]), a [Mixer]
// at 0 (counted as played, as while muted). [DefaultVolume] is a moderate volume to name. The
// [Mixer] resource scales every sound by a master volume and its group's
// (Effects, Music), for a settings menu to bind to.
//
// Each sound (a [Tone], a [Sample]) gets Ebitengine players as it needs
// them, one per copy playing at once, up to 8; a finished player plays its
// sound again, so a sound played over and over allocates nothing once its
// players exist, and a ninth copy at once restarts the one that started
// first. A player reads its whole sound ahead, up to a tenth of a second
// (a longer read-ahead made the browser's memory grow, issue #40).
//
// Sound needs an audio device, and Ebitengine ends the game loop when it
// cannot open one. The plugin therefore opens the device only where there
// is one: on Linux when /proc/asound lists a sound card, always on other
// systems and in browsers (which start sound after the first click or key
// press). Elsewhere, and with [Plugin.Headless] or [Sounds.Muted], tones
// are counted but not played, so games and their tests run the same.
//
// Mute ([Sounds.Muted]), the [Mixer]'s volumes and the device are the
// player's and the machine's, not the game's: what [Sounds] counts never
// depends on them, the Mixer and the device are glue.MachineLocal, and a
// glue.Checkpoint keeps Muted out of what it saves, restores and hashes.
// So a player who mutes, or a host started muted beside an unmuted page,
// keeps the same digests as the other side of a rollback game.
//
// [Plugin.SilenceWhile] (or the [SilenceWhile] system) starts no sound in
// the ticks in which a condition holds, counting them in [Sounds] all the
// same: a rollback game silences the ticks it runs again
// (net.Rerunning()), whose sounds were heard when they first ran. [Heard]
// counts the sounds that reached the device, the machine's figure.
//
// [MuteKey] is the mute key every game has: M mutes and unmutes, and a
// render.Notice says which.
package audio
