package loader // want package:`png\(links=false loads="render.LoadImage at loader.go:7"\)`

// Package loader loads images and leaves the decoder to the program.

import "github.com/gluekit/glue/modules/render"

var Load = render.LoadImage
