//go:build !race

package save_test

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
