package audio

// Sounds is the resource systems queue tones in, with
// glue.ResMut[audio.Sounds]. The plugin's system plays the queue at the end
// of every tick, in glue.Last, and empties it.
type Sounds struct {
	// Muted stops tones from being played; they are still counted.
	Muted bool

	queue   []Tone
	samples []queuedSample
	played  uint64
	skipped uint64
}

// queuedSample is a sample to play and its volume.
type queuedSample struct {
	s      *Sample
	volume float64
}

// PlaySample queues a recorded sound to play at the end of this tick, at
// volume (0 to 1; values above 1 are 1). A nil sample or a volume <= 0
// plays nothing.
func (s *Sounds) PlaySample(sample *Sample, volume float64) {
	if sample != nil && volume > 0 {
		s.samples = append(s.samples, queuedSample{sample, min(volume, 1)})
	}
}

// QueuedSamples returns the number of samples queued this tick, not yet
// played.
func (s *Sounds) QueuedSamples() int { return len(s.samples) }

// Skipped returns the number of samples not played because they were
// decoded at another sample rate than the audio device's (load them with
// [LoadSampleRate] at the plugin's rate).
func (s *Sounds) Skipped() uint64 { return s.skipped }

// ProvidedBy returns "audio.Plugin", the plugin that inserts Sounds: an
// app with a system that queues tones but without the plugin fails to
// build with an error saying to add it.
func (Sounds) ProvidedBy() string { return "audio.Plugin" }

// Play queues a tone to play at the end of this tick.
func (s *Sounds) Play(t Tone) {
	if t.Duration > 0 && t.Freq > 0 {
		s.queue = append(s.queue, t)
	}
}

// Played returns the number of tones and samples played so far — or that
// would have been, while muted or without an audio device.
func (s *Sounds) Played() uint64 { return s.played }

// Queued returns the tones queued this tick, not yet played.
func (s *Sounds) Queued() []Tone { return s.queue }
