package audio

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gluekit/glue"
	ebaudio "github.com/hajimehoshi/ebiten/v2/audio"
)

// Stage is the type of the stage this package adds.
type Stage int

// PlayStage is where queued tones are played: the plugin inserts it after
// the app's last stage unless the app already has it.
const PlayStage Stage = 0

// String returns "audio.Play".
func (s Stage) String() string {
	if s == PlayStage {
		return "audio.Play"
	}
	return fmt.Sprintf("audio.Stage(%d)", int(s))
}

// PlaySystem is the name of the system that plays the queued tones.
const PlaySystem = "audio.Play"

// DefaultSampleRate is the sample rate when [Plugin.SampleRate] is zero.
const DefaultSampleRate = 44100

// Plugin adds sound effects: the [Sounds] resource and, in [PlayStage],
// the system that plays the tones queued in it. The zero value plays
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

// Build adds the plugin's resources, stage and system to app.
func (p Plugin) Build(app *glue.App) {
	if p.SampleRate < 0 {
		app.AddError(fmt.Errorf("audio: Plugin.SampleRate must be positive (or zero for %d), got %d", DefaultSampleRate, p.SampleRate))
		return
	}
	if len(app.Stages()) == 0 {
		app.AddError(errors.New("audio: the app has no stages to play sounds after; pass the game's stages to glue.NewApp before adding audio.Plugin"))
		return
	}
	app.InsertStageLast(PlayStage)
	rate := p.SampleRate
	if rate == 0 {
		rate = DefaultSampleRate
	}
	app.InsertResource(Sounds{Muted: p.Muted})
	app.InsertResource(output{enabled: !p.Headless && deviceAvailable(), rate: rate})
	app.AddSystems(PlayStage, glue.System2(play).Named(PlaySystem).FromModule("github.com/gluekit/glue/modules/audio"))
}

// output is the audio device side: the Ebitengine context, opened on the
// first tone, the rendered tones and the players still playing.
type output struct {
	enabled bool
	rate    int
	ctx     *ebaudio.Context
	pcm     map[Tone][]byte
	playing []*ebaudio.Player
}

// play (PlayStage) plays the queued tones and empties the queue. It writes
// Sounds and the output.
func play(s glue.ResMut[Sounds], out glue.ResMut[output]) {
	snd, o := s.Get(), out.Get()
	if len(snd.queue) == 0 {
		return
	}
	snd.played += uint64(len(snd.queue))
	if o.enabled && !snd.Muted {
		o.start(snd.queue)
	}
	clear(snd.queue)
	snd.queue = snd.queue[:0]
}

func (o *output) start(tones []Tone) {
	if o.ctx == nil {
		if o.ctx = ebaudio.CurrentContext(); o.ctx == nil {
			o.ctx = ebaudio.NewContext(o.rate)
		}
		o.rate = o.ctx.SampleRate()
		o.pcm = map[Tone][]byte{}
	}
	// Forget players that have finished.
	o.playing = slices.DeleteFunc(o.playing, func(p *ebaudio.Player) bool { return !p.IsPlaying() })
	for _, t := range tones {
		pcm, ok := o.pcm[t]
		if !ok {
			pcm = t.PCM(o.rate)
			o.pcm[t] = pcm
		}
		p := o.ctx.NewPlayerFromBytes(pcm)
		p.Play()
		o.playing = append(o.playing, p)
	}
}

// hasSoundCard reports whether the text of /proc/asound/cards lists a card.
func hasSoundCard(cards string) bool {
	s := strings.TrimSpace(cards)
	return s != "" && !strings.Contains(s, "no soundcards")
}
