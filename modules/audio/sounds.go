package audio

// Sounds is the resource systems queue tones in, with
// glue.ResMut[audio.Sounds]. The plugin's system plays the queue at the end
// of every tick, in glue.Last, and empties it.
type Sounds struct {
	// Muted stops tones from being played; they are still counted. It is
	// the player's preference, not the game's: a glue.Checkpoint neither
	// saves, restores nor hashes it (see CopyFrom), so a player who mutes
	// never desyncs a rollback game, and a rollback never unmutes.
	Muted bool

	queue    []Tone
	samples  []queuedSample
	played   uint64
	skipped  uint64
	silenced uint64
}

// queuedSample is a sample to play, its volume and group.
type queuedSample struct {
	s      *Sample
	volume float64
	group  Group
}

// PlaySample queues a recorded sound to play at the end of this tick, in
// the Effects group, at volume (0, silent, to 1; values above 1 are 1).
// A nil sample plays nothing.
func (s *Sounds) PlaySample(sample *Sample, volume float64) {
	s.PlaySampleIn(Effects, sample, volume)
}

// PlaySampleIn is PlaySample in volume group g.
func (s *Sounds) PlaySampleIn(g Group, sample *Sample, volume float64) {
	switch {
	case sample == nil:
	case !(volume > 0):
		s.silenced++ // 0 is silent: not queued
	default:
		s.samples = append(s.samples, queuedSample{sample, min(volume, 1), g})
	}
}

// Silenced returns the number of tones and samples not played because
// their own volume was 0: a tone left at Volume 0 is counted here. A
// sound the [Mixer] turns down to 0 is counted as played (as while
// muted): the mixer is the player's preference and never changes what
// Sounds counts.
func (s *Sounds) Silenced() uint64 { return s.silenced }

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
// would have been, while muted, with the [Mixer] at 0 or without an audio
// device — at a volume above 0 (see [Sounds.Silenced]).
func (s *Sounds) Played() uint64 { return s.played }

// Queued returns the tones queued this tick, not yet played.
func (s *Sounds) Queued() []Tone { return s.queue }

// CopyFrom makes s a copy of src, a *Sounds, for a glue.Checkpoint
// (glue.Copier), reusing s's memory — but for Muted, which stays s's own:
// mute is the player's preference, so a rollback does not take it back
// (restoring), and a checkpoint's copy never holds it (saving), so that
// it stays out of the checkpoint's digest.
func (s *Sounds) CopyFrom(src any) {
	o := src.(*Sounds)
	s.queue = append(s.queue[:0], o.queue...)
	s.samples = append(s.samples[:0], o.samples...)
	s.played, s.skipped, s.silenced = o.played, o.skipped, o.silenced
}
