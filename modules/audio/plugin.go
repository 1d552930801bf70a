package audio

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gluekit/glue"
	ebaudio "github.com/hajimehoshi/ebiten/v2/audio"
)

// PlaySystem is the name of the system that plays the queued tones, in
// glue.Last. It writes [Sounds].
var PlaySystem = glue.NewLabel("audio.play")

// SilenceSystem is the name of the system of [Plugin.SilenceWhile] and
// [SilenceWhile], in glue.First. It writes the machine's audio output
// (not [Sounds]).
var SilenceSystem = glue.NewLabel("audio.silence")

// DefaultSampleRate is the sample rate when [Plugin.SampleRate] is zero.
const DefaultSampleRate = 44100

// Plugin adds sound effects: the [Sounds] and [Mixer] resources and, in the core stage
// glue.Last, the system that plays the tones queued in it ([PlaySystem]). The zero value plays
// through the device, if there is one (see the package doc).
type Plugin struct {
	// Muted starts the game muted.
	Muted bool
	// Headless never opens an audio device: tones are only counted. Use it
	// for servers, tests and headless runs.
	Headless bool
	// SampleRate is the output's sample rate. The default (zero) value is
	// DefaultSampleRate; an Ebitengine audio context that already exists
	// keeps its own.
	SampleRate int
	// SilenceWhile, if set, starts no sound on the device in every tick in
	// which the condition holds when the tick starts (see [SilenceWhile]):
	// the tick's tones and samples are counted in [Sounds] as in any other
	// tick, but not heard. A rollback game silences the ticks it runs again
	// (net.Rerunning()), whose sounds were heard the first time:
	//
	//	audio.Plugin{SilenceWhile: net.Rerunning()}
	SilenceWhile glue.Condition
}

// Build adds the plugin's resources and system to app. An invalid option
// is reported by glue.App.Build.
func (p Plugin) Build(app *glue.App) {
	if p.SampleRate < 0 {
		app.AddError(fmt.Errorf("audio: Plugin.SampleRate must be positive (or zero for %d), got %d", DefaultSampleRate, p.SampleRate))
		return
	}
	rate := p.SampleRate
	if rate == 0 {
		rate = DefaultSampleRate
	}
	app.InsertResource(Sounds{Muted: p.Muted})
	app.InsertResource(DefaultMixer())
	app.InsertResource(output{enabled: !p.Headless && deviceAvailable(), rate: rate, heard: new(uint64)})
	if p.SilenceWhile.String() != "" { // not the zero Condition
		app.AddSystems(glue.First, SilenceWhile(p.SilenceWhile))
	}
	app.AddSystems(glue.Last, glue.Func(play).In(PlaySystem))
}

// SilenceWhile returns the system, for the core stage glue.First, that
// starts no sound on the device in every tick in which cond holds when
// the tick starts: [PlaySystem] counts the tick's tones and samples in
// [Sounds] as usual (Played, Silenced and Skipped advance as in any other
// tick, so a game's state and its digests do not change), and plays
// none. It is [Plugin.SilenceWhile], for a game that adds the condition
// where the plugin is not configured — a rollback session's wiring:
//
//	app.AddSystems(glue.First, audio.SilenceWhile(net.Rerunning()))
//
// The flag it sets is the machine's ([Machine]), taken by PlaySystem in
// the same tick. cond must be made with glue.InState, glue.If and the
// like; the zero glue.Condition is a build error.
func SilenceWhile(cond glue.Condition) *glue.System {
	return glue.Func(silence).RunIf(cond).In(SilenceSystem)
}

// silence (glue.First, while the SilenceWhile condition holds) keeps the
// tick's sounds off the device.
func silence(o glue.ResMut[output]) { o.Get().silent = true }

// Heard returns how many tones and samples app's audio plugin has played
// on the device since the app was built — or would have, while muted or
// without an audio device — leaving out those of the ticks silenced by
// [Plugin.SilenceWhile] or [SilenceWhile]. Unlike [Sounds.Played], which
// is the game's and rolls back with it, it is the machine's: a rollback
// does not take back sounds heard, so it counts the tones of a tick run
// again by a rollback twice unless those re-runs are silenced. 0 without
// the plugin.
func Heard(app *glue.App) uint64 {
	if o := glue.Resource[output](app); o != nil && o.heard != nil {
		return *o.heard
	}
	return 0
}

// Machine returns the types of the resources of the machine's audio
// device (which differs between a native build, a browser and a headless
// run). They are marked glue.MachineLocal, so no Keep list needs them
// any more; Machine stays for games that list them still (listing them
// does no harm).
func Machine() []glue.Type { return []glue.Type{glue.TypeOf[output]()} }

// output is the audio device side: the Ebitengine context, opened on the
// first sound, and the players of every sound played so far.
type output struct {
	enabled   bool
	rate      int
	newPlayer func(pcm []byte) player // nil until the device is opened
	tones     map[Tone]*sound
	samples   map[*Sample]*sound
	sounds    []*sound // every sound of the maps, for the mixer
	started   uint64   // plays so far: the order voices started in
	mixer     Mixer    // the mixer the voices' volumes were set by
	silent    bool     // SilenceWhile held this tick: start nothing
	// heard counts the sounds played outside silenced ticks (Heard); a
	// pointer, so that a rollback that puts the output back after a
	// re-run (it is glue.MachineLocal) does not take them back.
	heard *uint64
}

// player is what output needs of an Ebitengine audio player
// (*ebaudio.Player); the tests give it their own.
type player interface {
	IsPlaying() bool
	Rewind() error
	Play()
	SetVolume(float64)
	SetBufferSize(time.Duration)
}

// maxVoices is how many of one sound play at once: a sound played again
// while all its voices play restarts the one that started first.
const maxVoices = 8

// maxBuffer is the longest a player reads ahead; a shorter sound's
// players read it whole. Ebitengine's default, half a second, made each
// play of a long tone take two buffers of 176 KB (float32 stereo at
// 44.1 kHz) from oto's pool, which every collection empties: in the
// browser the memory rose at every restart after a win (issue #40). The
// sounds' PCM is in memory, so a tenth of a second is read in no time.
const maxBuffer = 100 * time.Millisecond

// sound is one tone or sample and the players (voices) made for it.
// A finished voice plays the sound again: a new Ebitengine player per
// play would allocate a half-second read buffer each time, which the
// garbage collector frees only two or three cycles after the sound ends
// (the players' cleanups run in between): in the browser that made the
// live heap and the WebAssembly memory grow with the sounds played
// (docs/web.md, "Memory while playing").
type sound struct {
	pcm    []byte
	buffer time.Duration // the voices' read-ahead: the sound's length, at most maxBuffer
	voices []voice
}

// voice is one player of a sound, the volume and group it last played
// at, and when it started (output.started).
type voice struct {
	p       player
	volume  float64
	group   Group
	started uint64
}

// ProvidedBy returns "audio.Plugin", the plugin that inserts the output.
func (output) ProvidedBy() string { return "audio.Plugin" }

// MachineLocal marks the output (the audio device) as this machine's
// (glue.MachineLocal).
func (output) MachineLocal() {}

// play (glue.Last) plays the queued tones and samples and empties the
// queues. It writes
// Sounds and the output.
func play(p struct {
	Sounds glue.ResMut[Sounds]
	Mixer  glue.Res[Mixer]
	Out    glue.ResMut[output]
}) {
	snd, o, mix := p.Sounds.Get(), p.Out.Get(), p.Mixer.Get()
	silent := o.silent
	o.silent = false
	if *mix != o.mixer {
		o.mixer = *mix
		for _, s := range o.sounds {
			for _, v := range s.voices {
				v.p.SetVolume(mix.Volume(v.group, v.volume))
			}
		}
	}
	if len(snd.queue) == 0 && len(snd.samples) == 0 {
		return
	}
	// 0 is silent everywhere: a sound at volume 0 is counted as
	// silenced, not played. What Sounds counts depends on the game alone:
	// the mixer, mute and the device (the machine's, a player's
	// preferences) change what is heard, never what is counted, so that
	// players who set them differently keep the same digests.
	audible := func(v float64) bool {
		if clamp01(v) > 0 {
			return true
		}
		snd.silenced++
		return false
	}
	snd.queue = slices.DeleteFunc(snd.queue, func(t Tone) bool { return !audible(t.Volume) })
	snd.samples = slices.DeleteFunc(snd.samples, func(q queuedSample) bool { return !audible(q.volume) })
	n := uint64(len(snd.queue) + len(snd.samples))
	snd.played += n
	if !silent && o.heard != nil {
		*o.heard += n
	}
	for _, q := range snd.samples {
		if q.s.rate != o.rate {
			snd.skipped++
		}
	}
	if o.enabled && !snd.Muted && !silent {
		// The mixer's 0 is silent: start no voice for it.
		snd.queue = slices.DeleteFunc(snd.queue, func(t Tone) bool { return mix.Volume(t.Group, t.Volume) == 0 })
		snd.samples = slices.DeleteFunc(snd.samples, func(q queuedSample) bool { return mix.Volume(q.group, q.volume) == 0 })
		o.start(snd.queue)
		o.startSamples(snd.samples) // its skipped ones are counted above
	}
	clear(snd.queue)
	snd.queue = snd.queue[:0]
	clear(snd.samples)
	snd.samples = snd.samples[:0]
}

// open opens the audio context on first use.
func (o *output) open() {
	if o.newPlayer != nil {
		return
	}
	ctx := ebaudio.CurrentContext()
	if ctx == nil {
		ctx = ebaudio.NewContext(o.rate)
	}
	o.rate = ctx.SampleRate()
	o.newPlayer = func(pcm []byte) player { return ctx.NewPlayerFromBytes(pcm) }
}

// startSamples plays samples and returns how many it skipped for their
// sample rate.
func (o *output) startSamples(samples []queuedSample) (skipped int) {
	if len(samples) == 0 {
		return 0
	}
	o.open()
	for _, q := range samples {
		if q.s.rate != o.rate {
			skipped++
			continue
		}
		s, ok := o.samples[q.s]
		if !ok {
			s = o.newSound(q.s.pcm, q.s.Duration())
			if o.samples == nil {
				o.samples = map[*Sample]*sound{}
			}
			o.samples[q.s] = s
		}
		o.voice(s, q.volume, q.group)
	}
	return skipped
}

func (o *output) start(tones []Tone) {
	if len(tones) == 0 {
		return
	}
	o.open()
	for _, t := range tones {
		s, ok := o.tones[t]
		if !ok {
			s = o.newSound(t.PCM(o.rate), t.Duration)
			if o.tones == nil {
				o.tones = map[Tone]*sound{}
			}
			o.tones[t] = s
		}
		// The tone's own volume is in its PCM.
		o.voice(s, 1, t.Group)
	}
}

// newSound returns a sound of pcm, length d long, listed for the mixer.
func (o *output) newSound(pcm []byte, d time.Duration) *sound {
	s := &sound{pcm: pcm, buffer: min(d, maxBuffer)}
	o.sounds = append(o.sounds, s)
	return s
}

// voice plays s at volume in group g: on a voice that has finished, else
// on a new one, else (maxVoices playing) on the one that started first.
func (o *output) voice(s *sound, volume float64, g Group) {
	o.started++
	var v *voice
	for i := range s.voices {
		if !s.voices[i].p.IsPlaying() {
			v = &s.voices[i]
			break
		}
	}
	switch {
	case v != nil:
	case len(s.voices) < maxVoices:
		p := o.newPlayer(s.pcm)
		p.SetBufferSize(s.buffer)
		s.voices = append(s.voices, voice{p: p})
		v = &s.voices[len(s.voices)-1]
	default:
		v = &s.voices[0]
		for i := range s.voices {
			if s.voices[i].started < v.started {
				v = &s.voices[i]
			}
		}
	}
	v.volume, v.group, v.started = volume, g, o.started
	v.p.SetVolume(o.mixer.Volume(g, volume))
	_ = v.p.Rewind() // fails only for a closed player; these are never closed
	v.p.Play()
}

// hasSoundCard reports whether the text of /proc/asound/cards lists a card.
func hasSoundCard(cards string) bool {
	s := strings.TrimSpace(cards)
	return s != "" && !strings.Contains(s, "no soundcards")
}
