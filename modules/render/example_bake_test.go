package render_test

import (
	"fmt"
	"testing/fstest"

	"github.com/gluekit/glue/modules/render"
)

// BakeAseprite parses Aseprite's JSON export at build time (go generate
// runs it, through gluebake) and LoadBakedAseprite loads the result
// without encoding/json: the same clips as LoadAseprite's.
func ExampleLoadBakedAseprite() {
	fsys := fstest.MapFS{"art/hero.json": {Data: []byte(asepriteHash)}, "art/hero.png": {Data: sheetPNG()}}
	// What //go:generate go run github.com/gluekit/glue/cmd/gluebake hero.json does.
	baked, err := render.BakeAseprite(fsys, "art/hero.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	fsys["art/hero.json.baked"] = &fstest.MapFile{Data: baked}

	sheet, err := render.LoadBakedAseprite(fsys, "art/hero.json.baked", nil)
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
