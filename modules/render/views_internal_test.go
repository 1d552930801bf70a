package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestSubImageIsReused checks that a view's part of the screen is made
// once and reused while the screen and the part stay the same (SubImage
// allocates), and made again when either changes.
func TestSubImageIsReused(t *testing.T) {
	var d DrawList
	a, b := ebiten.NewImage(64, 48), ebiten.NewImage(64, 48)
	defer a.Deallocate()
	defer b.Deallocate()
	left, right := image.Rect(0, 0, 32, 48), image.Rect(32, 0, 64, 48)
	first := d.subImage(0, a, left)
	if got := d.subImage(0, a, left); got != first {
		t.Error("the same view, screen and part made a new sub-image")
	}
	if allocs := testing.AllocsPerRun(10, func() { d.subImage(0, a, left) }); allocs != 0 {
		t.Errorf("reusing a view's part allocates %v times", allocs)
	}
	if d.subImage(1, a, right) == first || d.subImage(0, a, right) == first || d.subImage(0, b, right) == d.subImage(1, a, right) {
		t.Error("another view, part or screen reused a sub-image")
	}
	if got := d.subImage(0, b, right).Bounds(); got != right {
		t.Errorf("sub-image bounds %v, want %v", got, right)
	}
}
