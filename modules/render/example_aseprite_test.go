package render_test

import (
	"fmt"
	"testing/fstest"

	"github.com/gluekit/glue/modules/render"
)

// LoadAseprite reads Aseprite's JSON export and the sheet it names: a
// clip per tag, with the frames' durations and the tag's direction.
func ExampleLoadAseprite() {
	fsys := fstest.MapFS{"art/hero.json": {Data: []byte(asepriteHash)}, "art/hero.png": {Data: sheetPNG()}}
	sheet, err := render.LoadAseprite(fsys, "art/hero.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, tag := range []string{"walk", "back", "bob", "hit"} {
		c, _ := sheet.Clip(tag)
		fmt.Println(tag, len(c.Frames), "frames", c.Durations, c.Mode)
	}
	// Output:
	// walk 3 frames [0.3 0.1 0.2] loop
	// back 3 frames [0.2 0.1 0.3] loop
	// bob 2 frames [0.1 0.2] ping-pong
	// hit 2 frames [0.3 0.1] once
}
