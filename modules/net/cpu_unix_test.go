//go:build unix

package net

import (
	"syscall"
	"time"
)

// processCPU returns the process's user plus system CPU time, or 0 if it
// cannot tell.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
