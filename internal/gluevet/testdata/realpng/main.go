// Command realpng loads images with the real modules/render (not the
// stand-in under testdata/src) and imports no PNG decoder, so that
// TestRepository notices when render's loaders and gluepng drift apart.
// Each line ending in "// report" must be reported, and no other.
package main

import (
	"embed"
	"fmt"

	"github.com/gluekit/glue/modules/render"
)

var files embed.FS

func main() {
	hero, err := render.LoadImage(files, "hero.png") // report
	fmt.Println(hero, err)
	sheet, err := render.LoadAseprite(files, "hero.json")
	fmt.Println(sheet, err)
}
