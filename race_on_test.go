//go:build race

package glue_test

// raceEnabled reports whether the race detector is on: it allocates on
// its own, so allocation counts are checked only without it.
const raceEnabled = true
