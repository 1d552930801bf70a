package audio

import (
	"testing"
	"time"

	"github.com/gluekit/glue"
)

// TestZeroIsSilentEverywhere is the regression test of the two volume
// rules: Tone{Volume: 0} played at 0.3 while PlaySample(s, 0) was silent.
func TestZeroIsSilentEverywhere(t *testing.T) {
	if pcm := (Tone{Freq: 440, Duration: 10 * time.Millisecond}).PCM(44100); !allZero(pcm) {
		t.Error("a tone of Volume 0 renders sound")
	}
	if pcm := (Tone{Freq: 440, Duration: 10 * time.Millisecond, Volume: DefaultVolume}).PCM(44100); allZero(pcm) {
		t.Error("a tone of DefaultVolume renders silence")
	}
	s, err := DecodeSample("beep.wav", WAV(Tone{Freq: 440, Duration: 10 * time.Millisecond, Volume: 1}.PCM(DefaultSampleRate), DefaultSampleRate), DefaultSampleRate)
	if err != nil {
		t.Fatal(err)
	}
	app := glue.NewApp()
	app.AddPlugins(Plugin{Headless: true})
	step := 0
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Snd glue.ResMut[Sounds]
		Mix glue.ResMut[Mixer]
	}) {
		step++
		snd, mix := p.Snd.Get(), p.Mix.Get()
		beep := Tone{Freq: 440, Duration: time.Millisecond}
		switch step {
		case 1:
			snd.Play(beep)              // Volume 0: silent
			snd.PlaySample(s, 0)        // silent
			beep.Volume = DefaultVolume //
			snd.Play(beep)              // plays
			snd.PlaySample(s, 0.5)      // plays
		case 2:
			mix.Groups[Effects] = 0
			beep.Volume = 1
			snd.Play(beep)                // effects at 0: not heard, counted as played (the mixer is a preference)
			snd.PlaySampleIn(Music, s, 1) // music plays
		case 3:
			mix.Groups[Effects], mix.Master = 1, 0
			snd.PlaySampleIn(Music, s, 1) // master 0: not heard, counted as played
		}
	}))
	defer app.Close()
	want := []struct{ played, silenced uint64 }{{2, 2}, {4, 2}, {5, 2}}
	for i, w := range want {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		snd := glue.Resource[Sounds](app)
		if snd.Played() != w.played || snd.Silenced() != w.silenced {
			t.Errorf("tick %d: played %d, silenced %d; want %d, %d", i+1, snd.Played(), snd.Silenced(), w.played, w.silenced)
		}
	}
}

func TestMixerVolume(t *testing.T) {
	m := DefaultMixer()
	if v := m.Volume(Effects, 0.5); v != 0.5 {
		t.Errorf("full mixer: %v, want 0.5", v)
	}
	m.Master, m.Groups[Music] = 0.5, 0.5
	if v := m.Volume(Music, 1); v != 0.25 {
		t.Errorf("master 0.5, music 0.5: %v, want 0.25", v)
	}
	if v := m.Volume(Effects, 2); v != 0.5 {
		t.Errorf("volume 2 is clamped to 1: %v, want 0.5", v)
	}
	if v := (&Mixer{}).Volume(Effects, 1); v != 0 {
		t.Errorf("the zero Mixer: %v, want 0 (silent)", v)
	}
	if v := m.Volume(GroupCount, 1); v != 0 {
		t.Errorf("a group out of range: %v, want 0", v)
	}
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}
