//go:build !js

package net

import (
	"math"
	"testing"
	"time"
)

// tickCount counts the ticks a load benchmark's loop took from a
// time.Ticker and the ticks the ticker dropped because the loop was late.
// It counts from the times the ticker sent (the ticks' scheduled times),
// not from the loop's own clock: the ticks taken span (taken − 1)
// intervals, and the first tick taken may be one that was already waiting
// when measuring began.
type tickCount struct {
	first, last time.Time
	taken       int
}

// add counts a tick the ticker sent at t.
func (c *tickCount) add(t time.Time) {
	if c.taken == 0 {
		c.first = t
	}
	c.last = t
	c.taken++
}

// missed returns the ticks of interval the ticker dropped between the
// first and the last tick taken.
func (c *tickCount) missed(interval time.Duration) int {
	if c.taken == 0 {
		return 0
	}
	return int(math.Round(float64(c.last.Sub(c.first))/float64(interval))) - (c.taken - 1)
}

// TestTickCountNeverNegative: a loop that takes every tick misses none,
// also when the first tick it takes was already waiting when measuring
// began (the run of 27 Nov printed "-1 ticks missed": the benchmark
// divided the time from before its first tick to after its last one by
// the interval, and subtracted the ticks taken, which span one interval
// fewer); a loop that skips ticks counts each once.
func TestTickCountNeverNegative(t *testing.T) {
	const iv = time.Second / 60
	at := func(k int) time.Time { return time.Unix(1000, 0).Add(time.Duration(k) * iv) }
	for _, tc := range []struct {
		name  string
		ticks []int // scheduled ticks taken
		want  int
	}{
		{"every tick", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0},
		{"one tick", []int{4}, 0},
		{"two dropped", []int{0, 1, 2, 5, 6}, 2},
		{"dropped at both ends are not seen", []int{3, 4, 5}, 0},
	} {
		var c tickCount
		for _, k := range tc.ticks {
			c.add(at(k))
		}
		if got := c.missed(iv); got != tc.want {
			t.Errorf("%s: ticks %v: missed %d; want %d", tc.name, tc.ticks, got, tc.want)
		}
	}
	// Real ticker, a loop that keeps up: nothing missed, never -1.
	tk := time.NewTicker(5 * time.Millisecond)
	defer tk.Stop()
	time.Sleep(12 * time.Millisecond) // a tick waits when measuring begins
	var c tickCount
	for range 20 {
		c.add(<-tk.C)
	}
	if got := c.missed(5 * time.Millisecond); got < 0 {
		t.Errorf("a real ticker's 20 ticks: %d missed; want 0 or more", got)
	}
}
