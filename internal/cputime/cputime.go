// Package cputime measures the CPU time the process has used, for
// benchmarks that report CPU time beside wall time (on a loaded machine
// the CPU time is the figure to read).
package cputime

import "time"

// Process returns the CPU time the process has used, user and system,
// over all its threads, and whether this platform measures it.
func Process() (time.Duration, bool) { return process() }
