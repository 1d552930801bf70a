package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestFieldImageIsReused: a screen grown below the field draws the world
// into the field's part of the screen, made once and reused frame after
// frame (SubImage allocates), and a new one for a new screen or field.
func TestFieldImageIsReused(t *testing.T) {
	var d DrawList
	a, b := ebiten.NewImage(96, 208), ebiten.NewImage(96, 160)
	defer a.Deallocate()
	defer b.Deallocate()
	field := image.Rect(0, 0, 96, 54)
	first := d.fieldImage(a, field)
	if allocs := testing.AllocsPerRun(10, func() { d.fieldImage(a, field) }); allocs != 0 || d.fieldImage(a, field) != first {
		t.Errorf("the same screen and field: %v allocations, the same image %v; want 0, true", allocs, d.fieldImage(a, field) == first)
	}
	if d.fieldImage(b, field) == first {
		t.Error("another screen reused the field's image")
	}
	if got := d.fieldImage(b, field).Bounds(); got != field {
		t.Errorf("the field's image has bounds %v, want %v", got, field)
	}
}

// TestViewportField: the field's rectangle on the screen image is the
// top Width × Height × the scale it is rendered at while the screen grows
// below it, and empty (the whole screen) otherwise.
func TestViewportField(t *testing.T) {
	vp := Viewport{Width: 320, Height: 180, Scale: 3, GrowDown: true}
	for _, c := range []struct {
		outW, outH int
		dpr        float64
		want       image.Rectangle
	}{
		{390, 844, 3, image.Rect(0, 0, 960, 540)},
		{390, 844, 1, image.Rect(0, 0, 640, 360)}, // rendered at 2
		{844, 390, 3, image.Rectangle{}},
		{320, 240, 1, image.Rect(0, 0, 320, 180)}, // rendered at 1
		{1920, 1080, 1, image.Rectangle{}},
	} {
		vp.LayoutDevice(c.outW, c.outH, c.dpr)
		if got := vp.field(); got != c.want {
			t.Errorf("%d×%d at %v: the field is %v on the screen, want %v", c.outW, c.outH, c.dpr, got, c.want)
		}
	}
}
