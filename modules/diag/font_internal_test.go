package diag

import (
	"bytes"
	"testing"

	"github.com/gluekit/glue/internal/ttf"
	"github.com/gluekit/glue/modules/render"
	"golang.org/x/image/font/gofont/gomonobold"
)

// TestOverlayFontIsCurrent checks that overlay.ttf is what genfont makes
// from the x/image version in go.mod: run `go generate ./modules/diag`
// when it fails.
func TestOverlayFontIsCurrent(t *testing.T) {
	want, err := ttf.StripHinting(gomonobold.TTF)
	if err == nil {
		want, err = ttf.Subset(want, ttf.OverlayRunes)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(overlayTTF, want) {
		t.Error("overlay.ttf is not Go Mono Bold of this x/image version cut to ttf.OverlayRunes: run go generate ./modules/diag")
	}
}

// TestOverlayFontMeasuresAsGoMonoBold checks that the cut font lays text
// out as the whole font does.
func TestOverlayFontMeasuresAsGoMonoBold(t *testing.T) {
	for _, s := range []string{"0123456789", "tick 16.7ms µs", ttf.OverlayRunes} {
		a, _ := render.MeasureText(s, render.TextStyle{Size: 13, Font: overlayFont()})
		b, _ := render.MeasureText(s, render.TextStyle{Size: 13, Font: render.FontMonoBold()})
		if a != b || a == 0 {
			t.Errorf("%q: %v wide in the overlay's font, %v in Go Mono Bold", s, a, b)
		}
	}
}

func TestDrawableMarksWhatTheFontLacks(t *testing.T) {
	for in, want := range map[string]string{
		"tick 16.7ms":     "tick 16.7ms",
		"12µs":            "12µs",
		"name: Žluťoučký": "name: ?lu?ou?k?",
		"tab\there":       "tab?here",
		"":                "",
	} {
		if got := drawable(in); got != want {
			t.Errorf("drawable(%q) = %q, want %q", in, got, want)
		}
	}
	if got := clip("Žluťoučký kůň", 6); got != "?lu?o~" {
		t.Errorf("clip = %q, want the marks, then the cut", got)
	}
}
