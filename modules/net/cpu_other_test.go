//go:build !unix && !js

package net

import "time"

// processCPU returns 0: this platform's CPU time is not measured.
func processCPU() time.Duration { return 0 }
