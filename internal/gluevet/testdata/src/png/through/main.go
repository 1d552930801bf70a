package main // want package:`png\(links=false loads="render.LoadImage at loader.go:7 \(through png/loader\)"\)`

// A game whose images are loaded by a package it imports, which leaves
// the decoder to it.

import "png/loader" // want `this program loads PNG images \(render.LoadImage at loader.go:7 \(through png/loader\)\) and links no PNG decoder`

func main() { loader.Load(nil, "x.png") }
