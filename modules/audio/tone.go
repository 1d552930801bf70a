package audio

import (
	"encoding/binary"
	"math"
	"time"
)

// Wave is the shape of a tone's wave.
type Wave uint8

const (
	// Square is a square wave: the classic arcade bleep. It is the default.
	Square Wave = iota
	// Sine is a pure sine wave.
	Sine
	// Triangle is a triangle wave, softer than Square.
	Triangle
)

// Tone is a short generated sound.
type Tone struct {
	// Freq is the starting frequency in Hz.
	Freq float64
	// Slide is how much the frequency changes over the tone, in Hz: -300
	// makes a falling tone. The default (zero) value keeps it steady.
	Slide float64
	// Duration is the tone's length.
	Duration time.Duration
	// Volume is between 0 (silent: the default) and 1; DefaultVolume is
	// a moderate one. The [Mixer] scales it.
	Volume float64
	// Group is the tone's volume group in the [Mixer]: Effects (the
	// default) or Music.
	Group Group
	// Wave is the wave's shape. The default (zero) value is Square.
	Wave Wave
}

// PCM renders the tone as Ebitengine plays it: signed 16-bit little-endian
// stereo samples at sampleRate, with 5 ms fades at both ends so that it
// does not click.
func (t Tone) PCM(sampleRate int) []byte {
	n := int(t.Duration.Seconds() * float64(sampleRate))
	vol := clamp01(t.Volume) // 0 renders silence
	fade := max(1, sampleRate/200)
	out := make([]byte, 4*n)
	phase := 0.0
	for i := range n {
		f := t.Freq + t.Slide*float64(i)/float64(max(n, 1))
		phase += f / float64(sampleRate)
		phase -= math.Floor(phase)
		var v float64
		switch t.Wave {
		case Sine:
			v = math.Sin(2 * math.Pi * phase)
		case Triangle:
			v = 4*math.Abs(phase-0.5) - 1
		default:
			v = 1
			if phase >= 0.5 {
				v = -1
			}
		}
		env := min(1, float64(i)/float64(fade), float64(n-1-i)/float64(fade))
		s := int16(v * vol * max(env, 0) * math.MaxInt16)
		binary.LittleEndian.PutUint16(out[4*i:], uint16(s))
		binary.LittleEndian.PutUint16(out[4*i+2:], uint16(s))
	}
	return out
}
