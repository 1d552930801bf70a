package render_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/render"
)

// TestWrapText: every wrapped line fits, no word is cut or lost, the
// given lines stay, and a word wider than the width keeps a line of its
// own.
func TestWrapText(t *testing.T) {
	style := render.TextStyle{Size: 16}
	s := "Nothing saved yet (F5 saves) and a longer reason to wrap\nsecond   line"
	got := render.WrapText(s, style, 120)
	for _, line := range strings.Split(got, "\n") {
		if w, _ := render.MeasureText(line, style); w > 120 && strings.Contains(line, " ") {
			t.Errorf("line %q is %.0f px wide, over 120", line, w)
		}
	}
	if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(s), " ") {
		t.Errorf("wrapping changed the words: %q", got)
	}
	if !strings.HasSuffix(got, "\nsecond line") {
		t.Errorf("the second line was not kept on its own: %q", got)
	}
	if got := render.WrapText("a Incomprehensibilities b", style, 20); got != "a\nIncomprehensibilities\nb" {
		t.Errorf("a long word: %q", got)
	}
}

func ExampleWrapText() {
	style := render.TextStyle{Size: 16, Font: render.FontMonoBold()}
	fmt.Println(render.WrapText("Room full: you are watching", style, 120))
	// Output:
	// Room full:
	// you are
	// watching
}
