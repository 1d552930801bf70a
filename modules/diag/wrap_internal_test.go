package diag

import (
	"strings"
	"testing"
)

// TestWrapBreaksBetweenWords: the inspector's values are wrapped after a
// space or a separator, never inside a word that fits on a line ("Layers:T
// / ags" was cut mid-word); no line is longer than the width, and no
// character is lost.
func TestWrapBreaksBetweenWords(t *testing.T) {
	s := "physics.Collider {Shape:{Kind:Rect W:80 H:8} Sensor:false Layers:Tags Mask:Everything Offset:{X:0 Y:0}}"
	const n, indent = 24, "      "
	lines := wrap(s, n, indent)
	if len(lines) < 2 {
		t.Fatalf("wrap gave %q, want several lines", lines)
	}
	var joined []string
	for i, l := range lines {
		if len([]rune(l)) > n {
			t.Errorf("line %d %q is longer than %d", i, l, n)
		}
		if i > 0 && !strings.HasPrefix(l, indent) {
			t.Errorf("line %d %q lacks the indent", i, l)
		}
		joined = append(joined, strings.TrimSpace(l))
	}
	for _, word := range strings.Fields(s) {
		if !strings.Contains(strings.Join(joined, " "), word) {
			t.Errorf("the word %q was cut: %q", word, lines)
		}
	}
	if got, want := strings.Join(strings.Fields(strings.Join(joined, " ")), ""), strings.Join(strings.Fields(s), ""); got != want {
		t.Errorf("wrap lost or changed characters:\n%s\n%s", got, want)
	}
	long := strings.Repeat("x", 60)
	for _, l := range wrap(long, n, indent) {
		if len([]rune(l)) > n {
			t.Errorf("a word longer than a line: line %q is longer than %d", l, n)
		}
	}
}
