package render

import (
	"image/color"
	"testing"

	"github.com/gluekit/glue/modules/tween"
)

// TestTextFadedOutStaysInvisible is issue #38's bug 2: a text whose
// colour was tweened to fully transparent (the zero colour, premultiplied)
// came back opaque white, since a zero TextStyle.Color means white. A
// colour tween now never lands on the zero colour, and a text or sprite
// whose colour has alpha 0 draws nothing.
func TestTextFadedOutStaysInvisible(t *testing.T) {
	style := TextStyle{Color: color.RGBA{255, 255, 255, 255}}
	tw := tween.Tween[TextStyle]{
		Prop:  tween.RGBA(func(s *TextStyle) *color.RGBA { return &s.Color }),
		Steps: []tween.Step{tween.ToRGBA(color.RGBA{}, 1, nil)},
	}
	tw.Advance(&style, 0.5)
	if !tw.Advance(&style, 0.6) {
		t.Fatal("the fade did not finish")
	}
	var d DrawList
	d.AddText("gone", 0, 0, style, 0)
	for _, it := range d.items {
		if it.c.A != 0 {
			t.Errorf("faded out (colour %v), an item of kind %d is drawn in %v", style.Color, it.kind, it.c)
		}
	}
}
