//go:build !linux || android

package audio

// deviceAvailable reports true: other systems and browsers have an audio
// output (a browser starts it after the first user gesture).
func deviceAvailable() bool { return true }
