//go:build !race

package glue_test

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
