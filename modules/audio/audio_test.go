package audio

import (
	"encoding/binary"
	"strings"
	"testing"
	"time"

	"github.com/gluekit/glue"
)

func samples(pcm []byte) (left, right []int16) {
	for i := 0; i+3 < len(pcm); i += 4 {
		left = append(left, int16(binary.LittleEndian.Uint16(pcm[i:])))
		right = append(right, int16(binary.LittleEndian.Uint16(pcm[i+2:])))
	}
	return
}

func TestTonePCM(t *testing.T) {
	for _, w := range []Wave{Square, Sine, Triangle} {
		pcm := Tone{Freq: 441, Duration: 100 * time.Millisecond, Volume: 0.5, Wave: w}.PCM(44100)
		l, r := samples(pcm)
		if len(l) != 4410 {
			t.Fatalf("wave %d: %d samples, want 4410", w, len(l))
		}
		peak, crossings := 0, 0
		for i, v := range l {
			if v != r[i] {
				t.Fatalf("wave %d: channels differ at %d", w, i)
			}
			peak = max(peak, int(v), -int(v))
			if i > 0 && (l[i-1] < 0) != (v < 0) {
				crossings++
			}
		}
		// Volume 0.5: the peak is half of full scale (a sine at 441 Hz
		// sampled at 44.1 kHz reaches it exactly).
		if peak < 16000 || peak > 16400 {
			t.Errorf("wave %d: peak %d, want about 16383", w, peak)
		}
		// 441 Hz for 0.1 s: 44.1 periods, about 88 sign changes.
		if crossings < 84 || crossings > 92 {
			t.Errorf("wave %d: %d zero crossings, want about 88", w, crossings)
		}
		// Fades: no click at either end.
		if abs(l[0]) > 100 || abs(l[len(l)-1]) > 100 {
			t.Errorf("wave %d: ends at %d and %d, want near 0", w, l[0], l[len(l)-1])
		}
	}
}

func abs(v int16) int {
	return max(int(v), -int(v))
}

func TestSlideChangesPitch(t *testing.T) {
	count := func(ss []int16) int {
		n := 0
		for i := 1; i < len(ss); i++ {
			if (ss[i-1] < 0) != (ss[i] < 0) {
				n++
			}
		}
		return n
	}
	l, _ := samples(Tone{Freq: 800, Slide: -600, Duration: 200 * time.Millisecond, Volume: DefaultVolume, Wave: Sine}.PCM(44100))
	first, last := count(l[:len(l)/4]), count(l[3*len(l)/4:])
	if first <= last*2 {
		t.Fatalf("falling tone: %d crossings in the first quarter, %d in the last; want the first far more", first, last)
	}
}

func TestHasSoundCard(t *testing.T) {
	for text, want := range map[string]bool{
		"":                        false,
		"--- no soundcards ---\n": false,
		" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n": true,
	} {
		if got := hasSoundCard(text); got != want {
			t.Errorf("hasSoundCard(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestPluginPlaysQueueAtEndOfTick(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	app.AddPlugins(Plugin{Headless: true})
	seen := -1
	app.AddSystems(glue.Update, glue.Func(func(s glue.ResMut[Sounds]) {
		seen = len(s.Get().Queued())
		s.Get().Play(Tone{Freq: 440, Duration: time.Millisecond, Volume: DefaultVolume})
		s.Get().Play(Tone{Freq: 0, Duration: time.Millisecond}) // ignored: no frequency
	}))
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	s := glue.Resource[Sounds](app)
	if s.Played() != 3 || len(s.Queued()) != 0 || seen != 0 {
		t.Fatalf("played %d, queued %d, seen %d; want 3, 0, 0", s.Played(), len(s.Queued()), seen)
	}
	// The queue is played in glue.Last, by PlaySystem: the last stage of
	// the tick.
	if d := app.Describe(); !strings.Contains(d, "Stage Last (update):\n  group 1\n    audio.play ") {
		t.Fatalf("Describe does not list audio.play in stage Last:\n%s", d)
	}
}

func TestPluginErrors(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(Plugin{SampleRate: -1})
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "audio: Plugin.SampleRate") {
		t.Fatalf("Build = %v", err)
	}
}

func TestSystemWithoutPlugin(t *testing.T) {
	app := glue.NewApp()
	defer app.Close()
	app.AddSystems(glue.Update, glue.Func(func(glue.ResMut[Sounds]) {}))
	if err := app.Build(); err == nil || !strings.Contains(err.Error(), "audio.Plugin") || !strings.Contains(err.Error(), "audio.Sounds") {
		t.Fatalf("Build = %v, want an error saying to add audio.Plugin for audio.Sounds", err)
	}
}
