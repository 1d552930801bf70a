package maps // want package:`png\(links=true loads="render.LoadImages at maps.go:15"\)`

// Package maps loads images and imports the decoder itself, as
// modules/tiled does.

import (
	"io/fs"

	_ "image/png"

	"github.com/gluekit/glue/modules/render"
)

func Load(fsys fs.FS) error {
	_, err := render.LoadImages(fsys, "tiles.png")
	return err
}
