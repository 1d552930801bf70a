//go:build race

package main

// raceEnabled reports whether the race detector is on: it allocates on
// its own, so exact allocation counts are checked only without it.
const raceEnabled = true
