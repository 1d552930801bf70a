//go:build ignore

// gen writes tiles.png, the tileset image of world.ldtk: 8 tiles of 8×8
// in 4 columns, each its own colour with a black bar on the left of its
// top row and a white pixel under the bar's start, so flips show. Run it
// from this folder with `go run gen.go`; world.ldtk is written by hand.
package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
)

var colours = []color.NRGBA{
	{200, 60, 60, 255}, {60, 180, 80, 255}, {60, 90, 200, 255}, {220, 200, 60, 255},
	{150, 70, 170, 255}, {60, 190, 190, 255}, {230, 130, 40, 255}, {120, 120, 120, 255},
}

func main() {
	img := image.NewNRGBA(image.Rect(0, 0, 32, 16))
	for i, c := range colours {
		x0, y0 := i%4*8, i/4*8
		for y := range 8 {
			for x := range 8 {
				p := c
				switch {
				case y == 0 && x < 6:
					p = color.NRGBA{0, 0, 0, 255}
				case y == 1 && x == 0:
					p = color.NRGBA{255, 255, 255, 255}
				}
				img.SetNRGBA(x0+x, y0+y, p)
			}
		}
	}
	f, err := os.Create("tiles.png")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		panic(err)
	}
}
