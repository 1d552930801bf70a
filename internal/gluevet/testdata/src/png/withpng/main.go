package main // want package:`png\(links=true loads="render.LoadImage at main.go:14"\)`

// A game that loads its art with the decoder imported.

import (
	"embed"
	_ "image/png"

	"github.com/gluekit/glue/modules/render"
)

var files embed.FS

func main() { render.LoadImage(files, "hero.png") }
