package main

import (
	"strings"
	"testing"
)

// A run's verdict decides a goal only when nothing but the benchmark
// loaded the machine.
func TestVerdictNamesALoadedRun(t *testing.T) {
	for _, c := range []struct {
		before, after float64
		quiet         bool
	}{
		{0.5, 2.2, true},  // idle before; the benchmark's own load after
		{1.9, 3.0, true},  // the cores plus one after
		{2.5, 2.2, false}, // another job before it started
		{1.0, 3.4, false}, // another job while it ran
		{-1, 1, false},    // no load average
	} {
		m := Machine{Cores: 2, LoadBefore: c.before, LoadAft: c.after}
		if m.Quiet() != c.quiet {
			t.Errorf("load %.1f–%.1f on 2 cores: Quiet() = %v, want %v", c.before, c.after, m.Quiet(), c.quiet)
		}
		v := m.Verdict(true)
		if loaded := strings.Contains(v, "re-measured quiet"); loaded == c.quiet || !strings.HasPrefix(v, "met") {
			t.Errorf("load %.1f–%.1f: verdict %q", c.before, c.after, v)
		}
	}
}
