package tiled

import (
	"image"
	"testing"

	"github.com/gluekit/glue/modules/render"
)

func TestAnimatedTileFollowsTheClock(t *testing.T) {
	var frames []render.Image
	for i := range 2 {
		img, err := render.NewImage(image.NewRGBA(image.Rect(0, 0, 4+i, 4)))
		if err != nil {
			t.Fatal(err)
		}
		frames = append(frames, img)
	}
	m := &Map{anims: []anim{{frames: frames, durs: []float64{0.1, 0.2}, total: 0.3}}}
	for _, c := range []struct {
		t    float64
		want int
	}{{0, 0}, {0.05, 0}, {0.15, 1}, {0.29, 1}, {0.31, 0}, {0.45, 1}} {
		m.Animate(c.t)
		if got := m.anims[0].cur; got != frames[c.want] {
			t.Errorf("at %v s the tile shows %v, want frame %d", c.t, got.Bounds(), c.want)
		}
	}
}

func TestFlipsFollowTiled(t *testing.T) {
	for _, c := range []struct {
		f            uint8
		fx, fy, turn bool
	}{
		{flipH, true, false, false},
		{flipV, false, true, false},
		{flipH | flipV, true, true, false},
		{flipD, false, true, true},          // transpose: a quarter turn, mirrored vertically
		{flipD | flipH, false, false, true}, // a quarter turn clockwise
		{flipD | flipV, true, true, true},   // a quarter turn anticlockwise
	} {
		var s render.Sprite
		flip(&s, c.f, 16, 16)
		if s.FlipX != c.fx || s.FlipY != c.fy || (s.Rotation != 0) != c.turn {
			t.Errorf("flags %03b: FlipX %v FlipY %v Rotation %v, want %v %v turned %v", c.f, s.FlipX, s.FlipY, s.Rotation, c.fx, c.fy, c.turn)
		}
	}
}
