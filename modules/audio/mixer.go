package audio

// Group is a sound's volume group: the [Mixer] has a volume for each.
type Group uint8

const (
	// Effects is the group of sound effects. It is the default.
	Effects Group = iota
	// Music is the group of music.
	Music
	// GroupCount is the number of groups.
	GroupCount
)

// DefaultVolume is a moderate volume for a tone or a sample, for games
// that do not choose one: audio.Tone{…, Volume: audio.DefaultVolume}.
// No volume defaults to it: 0 is silent everywhere.
const DefaultVolume = 0.3

// Mixer is the resource that scales every sound's volume, for a settings
// menu to bind to: a sound plays at its own volume times Master times
// its group's volume (Groups[Effects], Groups[Music]). Each is 0 (silent)
// to 1 (as the sound was made); values outside are clamped. The plugin
// inserts it at full volume ([DefaultMixer]); changes apply from the end
// of the tick to the sounds queued and to those still playing.
type Mixer struct {
	Master float64
	Groups [GroupCount]float64
}

// DefaultMixer returns the mixer at full volume.
func DefaultMixer() Mixer { return Mixer{Master: 1, Groups: [GroupCount]float64{1, 1}} }

// ProvidedBy returns "audio.Plugin", the plugin that inserts the Mixer.
func (Mixer) ProvidedBy() string { return "audio.Plugin" }

// MachineLocal marks the Mixer as this machine's (glue.MachineLocal): its
// volumes are the player's preference, which a rollback neither takes
// back nor compares, and they never change what [Sounds] counts.
func (Mixer) MachineLocal() {}

// Volume returns the volume a sound of group g at volume v plays at:
// v × Master × the group's volume, each clamped to 0…1. It is 0 for a
// group outside the mixer's.
func (m *Mixer) Volume(g Group, v float64) float64 {
	if g >= GroupCount {
		return 0
	}
	return clamp01(v) * clamp01(m.Master) * clamp01(m.Groups[g])
}

func clamp01(x float64) float64 {
	if !(x > 0) { // also NaN
		return 0
	}
	return min(x, 1)
}
