package audio

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gluekit/glue"
	ebaudio "github.com/hajimehoshi/ebiten/v2/audio"
)

// PlaySystem is the name of the system that plays the queued tones, in
// glue.Last. It writes [Sounds].
var PlaySystem = glue.NewLabel("audio.play")

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
	app.InsertResource(output{enabled: !p.Headless && deviceAvailable(), rate: rate})
	app.AddSystems(glue.Last, glue.Func(play).In(PlaySystem))
}

// Machine returns the types of the resources of the machine's audio
// device (which differs between a native build, a browser and a headless
// run), for a rollback's or a checkpoint's Keep list: rolling back does
// not take back sounds played, and the device is no part of the game.
func Machine() []glue.Type { return []glue.Type{glue.TypeOf[output]()} }

// output is the audio device side: the Ebitengine context, opened on the
// first tone, the rendered tones and the players still playing.
type output struct {
	enabled bool
	rate    int
	ctx     *ebaudio.Context
	pcm     map[Tone][]byte
	playing []playing
	mixer   Mixer // the mixer the playing sounds' volumes were set by
}

// playing is a sound being played: its player, own volume and group.
type playing struct {
	p      *ebaudio.Player
	volume float64
	group  Group
}

// ProvidedBy returns "audio.Plugin", the plugin that inserts the output.
func (output) ProvidedBy() string { return "audio.Plugin" }

// play (glue.Last) plays the queued tones and samples and empties the
// queues. It writes
// Sounds and the output.
func play(p struct {
	Sounds glue.ResMut[Sounds]
	Mixer  glue.Res[Mixer]
	Out    glue.ResMut[output]
}) {
	snd, o, mix := p.Sounds.Get(), p.Out.Get(), p.Mixer.Get()
	if *mix != o.mixer {
		o.mixer = *mix
		for _, pl := range o.playing {
			pl.p.SetVolume(mix.Volume(pl.group, pl.volume))
		}
	}
	if len(snd.queue) == 0 && len(snd.samples) == 0 {
		return
	}
	// 0 is silent everywhere: drop what would play at volume 0.
	audible := func(g Group, v float64) bool {
		if mix.Volume(g, v) > 0 {
			return true
		}
		snd.silenced++
		return false
	}
	snd.queue = slices.DeleteFunc(snd.queue, func(t Tone) bool { return !audible(t.Group, t.Volume) })
	snd.samples = slices.DeleteFunc(snd.samples, func(q queuedSample) bool { return !audible(q.group, q.volume) })
	snd.played += uint64(len(snd.queue) + len(snd.samples))
	if o.enabled && !snd.Muted {
		o.start(snd.queue)
		snd.skipped += uint64(o.startSamples(snd.samples))
	} else {
		for _, q := range snd.samples {
			if q.s.rate != o.rate {
				snd.skipped++
			}
		}
	}
	clear(snd.queue)
	snd.queue = snd.queue[:0]
	clear(snd.samples)
	snd.samples = snd.samples[:0]
}

// open opens the audio context on first use.
func (o *output) open() {
	if o.ctx == nil {
		if o.ctx = ebaudio.CurrentContext(); o.ctx == nil {
			o.ctx = ebaudio.NewContext(o.rate)
		}
		o.rate = o.ctx.SampleRate()
		o.pcm = map[Tone][]byte{}
	}
	// Forget players that have finished.
	o.playing = slices.DeleteFunc(o.playing, func(p playing) bool { return !p.p.IsPlaying() })
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
		p := o.ctx.NewPlayerFromBytes(q.s.pcm)
		p.SetVolume(o.mixer.Volume(q.group, q.volume))
		p.Play()
		o.playing = append(o.playing, playing{p, q.volume, q.group})
	}
	return skipped
}

func (o *output) start(tones []Tone) {
	if len(tones) == 0 {
		return
	}
	o.open()
	for _, t := range tones {
		pcm, ok := o.pcm[t]
		if !ok {
			pcm = t.PCM(o.rate)
			o.pcm[t] = pcm
		}
		p := o.ctx.NewPlayerFromBytes(pcm)
		// The tone's own volume is in its PCM.
		p.SetVolume(o.mixer.Volume(t.Group, 1))
		p.Play()
		o.playing = append(o.playing, playing{p, 1, t.Group})
	}
}

// hasSoundCard reports whether the text of /proc/asound/cards lists a card.
func hasSoundCard(cards string) bool {
	s := strings.TrimSpace(cards)
	return s != "" && !strings.Contains(s, "no soundcards")
}
