package audio

// Sounds is the resource systems queue tones in, with
// glue.ResMut[audio.Sounds]. The plugin's system plays the queue at the end
// of every tick, in glue.Last, and empties it.
type Sounds struct {
	// Muted stops tones from being played; they are still counted.
	Muted bool

	queue  []Tone
	played uint64
}

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

// Played returns the number of tones played so far — or that would have
// been, while muted or without an audio device.
func (s *Sounds) Played() uint64 { return s.played }

// Queued returns the tones queued this tick, not yet played.
func (s *Sounds) Queued() []Tone { return s.queue }
