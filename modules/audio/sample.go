package audio

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2/audio/vorbis"
	"github.com/hajimehoshi/ebiten/v2/audio/wav"
)

// Sample is a recorded sound — a WAV or Ogg Vorbis file decoded with
// Ebitengine's decoders — ready to play with [Sounds.PlaySample]. It holds
// the decoded PCM (16-bit stereo at the sample rate it was loaded for),
// so playing it decodes nothing. Load samples once, at startup, and keep
// them in a resource or a package variable.
type Sample struct {
	name string
	rate int
	pcm  []byte
}

// LoadSample loads and decodes a WAV (.wav) or Ogg Vorbis (.ogg) file
// from fsys at [DefaultSampleRate]. The error names the path: a missing
// file, an unknown extension, or data the decoder rejects.
func LoadSample(fsys fs.FS, name string) (*Sample, error) {
	return LoadSampleRate(fsys, name, DefaultSampleRate)
}

// LoadSampleRate is [LoadSample] for an app whose [Plugin.SampleRate] is
// not the default: the sound is resampled to sampleRate.
func LoadSampleRate(fsys fs.FS, name string, sampleRate int) (*Sample, error) {
	if sampleRate <= 0 {
		return nil, fmt.Errorf("audio: sound %q: sample rate must be positive, got %d", name, sampleRate)
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("audio: sound %q: %w", name, err)
	}
	return DecodeSample(name, data, sampleRate)
}

// DecodeSample decodes a WAV or Ogg Vorbis file's contents, chosen by
// name's extension, at sampleRate.
func DecodeSample(name string, data []byte, sampleRate int) (*Sample, error) {
	var (
		stream io.Reader
		err    error
		kind   string
	)
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".wav":
		kind = "WAV"
		stream, err = wav.DecodeWithSampleRate(sampleRate, bytes.NewReader(data))
	case ".ogg", ".oga":
		kind = "Ogg Vorbis"
		stream, err = vorbis.DecodeWithSampleRate(sampleRate, bytes.NewReader(data))
	default:
		return nil, fmt.Errorf("audio: sound %q: unknown format %q; use .wav or .ogg files", name, ext)
	}
	if err != nil {
		return nil, fmt.Errorf("audio: sound %q is not a valid %s file: %w", name, kind, err)
	}
	pcm, err := io.ReadAll(stream)
	if err != nil {
		return nil, fmt.Errorf("audio: sound %q: decoding %s: %w", name, kind, err)
	}
	if len(pcm) == 0 {
		return nil, fmt.Errorf("audio: sound %q has no samples", name)
	}
	return &Sample{name: name, rate: sampleRate, pcm: pcm}, nil
}

// Name returns the name the sample was loaded under.
func (s *Sample) Name() string { return s.name }

// SampleRate returns the rate the sample was decoded at.
func (s *Sample) SampleRate() int { return s.rate }

// Duration returns the sample's length.
func (s *Sample) Duration() time.Duration {
	frames := len(s.pcm) / 4 // 16-bit stereo
	return time.Duration(frames) * time.Second / time.Duration(s.rate)
}

// PCM returns the decoded sound: signed 16-bit little-endian stereo at
// SampleRate. It is shared; do not modify it.
func (s *Sample) PCM() []byte { return s.pcm }

// WAV encodes PCM — signed 16-bit little-endian stereo at sampleRate, as
// [Tone.PCM] renders it — as a WAV file. The art generator uses it to
// write the games' sounds; [LoadSample] reads them back.
func WAV(pcm []byte, sampleRate int) []byte {
	const channels, bits = 2, 16
	var b bytes.Buffer
	le32 := func(v uint32) { b.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}) }
	le16 := func(v uint16) { b.Write([]byte{byte(v), byte(v >> 8)}) }
	b.WriteString("RIFF")
	le32(uint32(36 + len(pcm)))
	b.WriteString("WAVEfmt ")
	le32(16)
	le16(1) // PCM
	le16(channels)
	le32(uint32(sampleRate))
	le32(uint32(sampleRate * channels * bits / 8))
	le16(channels * bits / 8)
	le16(bits)
	b.WriteString("data")
	le32(uint32(len(pcm)))
	b.Write(pcm)
	return b.Bytes()
}
