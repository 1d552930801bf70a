package render

import (
	"math"
	"testing"
)

// TestFastSincos checks the particles' sine and cosine against math's,
// over several turns either way.
func TestFastSincos(t *testing.T) {
	worst := 0.0
	for a := -20.0; a <= 20; a += 0.001 {
		s, c := fastSincos(float32(a))
		ws, wc := math.Sincos(a)
		worst = max(worst, math.Abs(float64(s)-ws), math.Abs(float64(c)-wc))
	}
	if worst > 0.002 {
		t.Errorf("fastSincos is off by up to %v, want at most 0.002", worst)
	}
}
