package assets_test

import (
	"testing"

	"github.com/gluekit/glue/games/assets"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/render"
)

func TestAssetsLoad(t *testing.T) {
	img, err := render.LoadImage(assets.FS, assets.Sheet)
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := render.GridSheet(img, assets.Cell, assets.Cell)
	if err != nil {
		t.Fatal(err)
	}
	last := assets.FrameExplosion0 + assets.ExplosionFrames - 1
	if _, err := sheet.Frame(last); err != nil {
		t.Errorf("the last explosion frame: %v", err)
	}
	if _, err := sheet.Clip("boom", render.Once, 12, assets.FrameExplosion0, assets.FrameExplosion5); err != nil {
		t.Error(err)
	}
	for _, name := range []string{assets.Laser, assets.Bang, assets.Blip} {
		s, err := audio.LoadSample(assets.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		if d := s.Duration(); d < 30e6 || d > 1e9 {
			t.Errorf("%s lasts %v, want a short sound effect", name, d)
		}
	}
}
