package tween_test

import (
	"fmt"

	"github.com/gluekit/glue/modules/tween"
)

type Door struct{ Y float64 }

func ExampleTween() {
	door := Door{Y: 0}
	tw := tween.Tween[Door]{
		Prop:  tween.Float(func(d *Door) *float64 { return &d.Y }),
		Steps: []tween.Step{tween.To(100, 1, tween.OutQuad), tween.To(0, 1, nil)},
	}
	for range 4 {
		done := tw.Advance(&door, 0.5) // tween.Update does this with the game clock
		fmt.Printf("%.0f %v\n", door.Y, done)
	}
	// Output:
	// 75 false
	// 100 false
	// 50 false
	// 0 true
}
