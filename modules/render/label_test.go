package render_test

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue/modules/render"
)

// TestLabelSetInt: the text is the prefix and the number, and setting
// the number shown again allocates nothing.
func TestLabelSetInt(t *testing.T) {
	var l render.Label
	l.SetInt("Lives ", 3)
	if l.Value != "Lives 3" {
		t.Errorf("SetInt(\"Lives \", 3): %q", l.Value)
	}
	l.SetInt("Lives ", -12)
	if l.Value != "Lives -12" {
		t.Errorf("SetInt(\"Lives \", -12): %q", l.Value)
	}
	if n := testing.AllocsPerRun(100, func() { l.SetInt("Lives ", -12) }); n != 0 {
		t.Errorf("SetInt of the number shown: %v allocations, want 0", n)
	}
}

// A score label shows the score; it gets a new text only when the score
// changes.
func ExampleLabel_SetInt() {
	score := render.Label{X: 6, Y: 6}
	for _, s := range []int{0, 0, 120} {
		score.SetInt("Score ", s)
		fmt.Println(score.Value)
	}
	// Output:
	// Score 0
	// Score 0
	// Score 120
}
