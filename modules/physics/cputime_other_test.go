//go:build !linux

package physics_test

import "time"

// processCPU reports no CPU time outside Linux.
func processCPU() (time.Duration, bool) { return 0, false }
