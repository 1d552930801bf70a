package assets_test

import (
	"fmt"

	"github.com/gluekit/glue/games/assets"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/render"
)

// Example loads the sprite sheet, cuts it into frames, makes the
// explosion clip and loads a sound.
func Example() {
	img, err := render.LoadImage(assets.FS, assets.Sheet)
	if err != nil {
		fmt.Println(err)
		return
	}
	sheet, _ := render.GridSheet(img, assets.Cell, assets.Cell)
	boom, err := sheet.Clip("boom", render.Once, 15,
		assets.FrameExplosion0, assets.FrameExplosion1, assets.FrameExplosion2,
		assets.FrameExplosion3, assets.FrameExplosion4, assets.FrameExplosion5)
	if err != nil {
		fmt.Println(err)
		return
	}
	laser, err := audio.LoadSample(assets.FS, assets.Laser)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(boom.Frames), "explosion frames;", laser.Name(), laser.Duration())
	// Output: 6 explosion frames; laser.wav 90ms
}
