package input

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestRepressBetweenTicksCounts: a key released and pressed again between
// two ticks (both events in one slow frame: Ebitengine reports the key
// down at both ticks, and just pressed at the second) is two presses of
// its action, not one held press; a press and release within one tick is
// one press (issue #40, item 3).
func TestRepressBetweenTicksCounts(t *testing.T) {
	type frame struct{ pressed, just bool } // Ebitengine's view of Space at a tick
	ticks := []frame{
		{false, false},
		{true, true},   // pressed
		{true, false},  // held
		{true, true},   // released and pressed again since the last tick
		{true, false},  // held
		{false, false}, // released
		{true, true},   // pressed and released within this tick: down for it
		{false, false},
		{true, true}, // pressed, then at the next tick released and pressed again
		{true, true},
		{false, false},
	}
	var (
		e     keyEdges
		dev   Devices
		s     State
		b     = DefaultBindings()
		o     Origins
		count int
	)
	for i, f := range ticks {
		e.sample(&dev.Keys,
			func(k ebiten.Key) bool { return k == ebiten.KeySpace && f.pressed },
			func(k ebiten.Key) bool { return k == ebiten.KeySpace && f.just })
		if err := s.update(&dev, &b, &o); err != nil {
			t.Fatal(err)
		}
		if s.Pressed(Primary) {
			count++
			t.Logf("tick %d: Primary pressed", i)
		}
	}
	if count != 5 {
		t.Errorf("Primary (Space) pressed %d times, want 5: a press between two ticks was lost", count)
	}
}
