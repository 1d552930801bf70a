package main // want package:`png\(links=true loads="render.LoadImage at loader.go:7 \(through png/loader\)"\)`

// A game that imports its decoders through a package of its own.

import (
	_ "png/decoders"
	"png/loader"
)

func main() { loader.Load(nil, "x.png") }
