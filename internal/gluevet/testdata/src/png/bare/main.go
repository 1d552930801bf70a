package main // want package:`png\(links=false loads="render.LoadAseprite at main.go:14"\)`

// A game that loads its art and forgot the decoder.

import (
	"embed"

	"github.com/gluekit/glue/modules/render"
)

var files embed.FS

func main() {
	sheet, _ := render.LoadAseprite(files, "hero.json") // want `this program loads PNG images \(render.LoadAseprite at main.go:14\) and links no PNG decoder: add import _ "image/png" to package main`
	_ = sheet
	render.LoadImagesAsync(files, "a.png")
	render.NewImage(nil)
}
