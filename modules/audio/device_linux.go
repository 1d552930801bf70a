//go:build linux && !android

package audio

import "os"

// deviceAvailable reports whether Linux knows a sound card: Ebitengine's
// audio fails fatally without one.
func deviceAvailable() bool {
	b, err := os.ReadFile("/proc/asound/cards")
	return err == nil && hasSoundCard(string(b))
}
