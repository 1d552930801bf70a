package main // want package:`png\(links=true loads="render.LoadImages at maps.go:15 \(through png/maps\)"\)`

// A game whose maps package brings the decoder, as modules/tiled does.

import "png/maps"

func main() { maps.Load(nil) }
