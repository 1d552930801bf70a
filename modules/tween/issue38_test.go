package tween_test

import (
	"image/color"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/tween"
)

// Label is a second tweened component type, beside Ball.
type Label struct{ Alpha float64 }

// TestUpdateTwoTypesInOneApp is issue #38's bug 1: two tween.Update[T]
// for different types in one stage failed Build with "added twice",
// since the generic system's name lacked its type argument.
func TestUpdateTwoTypesInOneApp(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{})
	app.AddSystems(glue.Update, tween.Update[Ball](), tween.Update[Label]())
	defer app.Close()
	if err := app.Build(); err != nil {
		t.Fatalf("Build: %v", err)
	}
	if got, want := tween.Update[Label]().Name(), "tween.Update[tween_test.Label]"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
}

// TestRGBANeverWritesZero: a fade to the zero colour lands on Clear,
// which has alpha 0 but is not the zero value that colour fields read as
// their default (issue #38, bug 2).
func TestRGBANeverWritesZero(t *testing.T) {
	b := Ball{Tint: color.RGBA{255, 255, 255, 255}}
	tw := tween.Tween[Ball]{Prop: tint, Steps: []tween.Step{tween.ToRGBA(color.RGBA{}, 1, nil)}}
	tw.Advance(&b, 2)
	if b.Tint != tween.Clear || tween.Clear.A != 0 || tween.Clear == (color.RGBA{}) {
		t.Errorf("faded to %v, want tween.Clear %v (alpha 0, not zero)", b.Tint, tween.Clear)
	}
}
