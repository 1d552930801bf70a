package audio

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gluekit/glue"
)

func TestLoadWAV(t *testing.T) {
	tone := Tone{Freq: 440, Duration: 50 * time.Millisecond, Volume: DefaultVolume, Wave: Sine}
	pcm := tone.PCM(DefaultSampleRate)
	fsys := fstest.MapFS{"beep.wav": {Data: WAV(pcm, DefaultSampleRate)}}
	s, err := LoadSample(fsys, "beep.wav")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s.PCM(), pcm) {
		t.Errorf("decoded %d bytes, want the %d encoded, equal", len(s.PCM()), len(pcm))
	}
	if s.Duration() != 50*time.Millisecond || s.Name() != "beep.wav" || s.SampleRate() != DefaultSampleRate {
		t.Errorf("sample %q: %v at %d Hz, want beep.wav, 50ms at %d", s.Name(), s.Duration(), s.SampleRate(), DefaultSampleRate)
	}
	// Resampled to another rate: half the rate, about half the bytes.
	h, err := LoadSampleRate(fsys, "beep.wav", DefaultSampleRate/2)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(h.PCM()); n < len(pcm)/2-16 || n > len(pcm)/2+16 {
		t.Errorf("resampled to half the rate: %d bytes, want about %d", n, len(pcm)/2)
	}
}

// ebitenDir returns the directory of the Ebitengine module, whose audio
// decoder tests come with small Ogg Vorbis files; no encoder for them
// exists in Go, so this package does not make its own.
func ebitenDir(t *testing.T) string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/hajimehoshi/ebiten/v2").Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		t.Skipf("audio: cannot find the Ebitengine module's files (go list: %v)", err)
	}
	return dir
}

func TestLoadOgg(t *testing.T) {
	dir := filepath.Join(ebitenDir(t), "audio", "vorbis")
	s, err := LoadSample(os.DirFS(dir), "test_mono.ogg")
	if err != nil {
		t.Fatal(err)
	}
	if s.Duration() <= 0 || len(s.PCM())%4 != 0 {
		t.Errorf("test_mono.ogg: %v, %d bytes; want a sound of whole stereo frames", s.Duration(), len(s.PCM()))
	}
	loud := 0
	for i := 0; i+1 < len(s.PCM()); i += 2 {
		if v := int16(uint16(s.PCM()[i]) | uint16(s.PCM()[i+1])<<8); v > 1000 || v < -1000 {
			loud++
		}
	}
	if loud == 0 {
		t.Error("the decoded Ogg file is silent")
	}
}

func TestLoadSampleErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"bad.wav":   {Data: []byte("RIFF....WAVEjunk")},
		"bad.ogg":   {Data: []byte("OggS not really")},
		"beep.mp3":  {Data: []byte("ID3")},
		"empty.wav": {Data: WAV(nil, DefaultSampleRate)},
	}
	for _, c := range []struct{ name, want string }{
		{"missing.wav", `audio: sound "missing.wav": open missing.wav: file does not exist`},
		{"bad.wav", `audio: sound "bad.wav" is not a valid WAV file`},
		{"bad.ogg", `audio: sound "bad.ogg" is not a valid Ogg Vorbis file`},
		{"beep.mp3", `audio: sound "beep.mp3": unknown format ".mp3"`},
		{"empty.wav", `audio: sound "empty.wav" has no samples`},
	} {
		_, err := LoadSample(fsys, c.name)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("LoadSample(%q) = %v, want an error starting %q", c.name, err, c.want)
		}
	}
}

func TestPlaySampleCounted(t *testing.T) {
	s, err := DecodeSample("beep.wav", WAV(Tone{Freq: 440, Duration: 10 * time.Millisecond}.PCM(DefaultSampleRate), DefaultSampleRate), DefaultSampleRate)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := DecodeSample("low.wav", WAV(Tone{Freq: 440, Duration: 10 * time.Millisecond}.PCM(22050), 22050), 22050)
	app := glue.NewApp()
	app.AddPlugins(Plugin{Headless: true})
	ticks := 0
	app.AddSystems(glue.Update, glue.Func(func(snd glue.ResMut[Sounds]) {
		ticks++
		if ticks == 1 {
			snd.Get().PlaySample(s, 0.5)
			snd.Get().PlaySample(s, 0) // silent: not queued
			snd.Get().PlaySample(nil, 1)
			snd.Get().PlaySample(other, 1)
			if n := snd.Get().QueuedSamples(); n != 2 {
				t.Errorf("QueuedSamples = %d, want 2", n)
			}
		}
	}))
	defer app.Close()
	for range 2 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	snd := glue.Resource[Sounds](app)
	if snd.Played() != 2 || snd.QueuedSamples() != 0 || snd.Skipped() != 1 {
		t.Errorf("Played %d, queued %d, skipped %d; want 2, 0, 1 (the 22050 Hz sample)", snd.Played(), snd.QueuedSamples(), snd.Skipped())
	}
}
