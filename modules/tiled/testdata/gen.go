//go:build ignore

// gen writes the tileset images of the test maps (tiles/*.png) and the
// zstd-compressed layer of maps/zstd.tmx. Run it from this folder with
// `go run gen.go`; the maps themselves are written by hand.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"
)

var colours = []color.RGBA{
	{200, 60, 60, 255}, {60, 180, 80, 255}, {60, 90, 200, 255}, {220, 200, 60, 255},
	{150, 70, 170, 255}, {60, 190, 190, 255}, {230, 130, 40, 255}, {120, 120, 120, 255},
}

// tile paints one w×h tile at (x0, y0): its colour, a black bar along the
// left three quarters of its top row and a white pixel under the bar's
// start (so flips show), and, if magenta, a 2×2 magenta corner at the
// bottom right (made transparent by a tileset's trans colour).
func tile(img *image.NRGBA, x0, y0, w, h int, c color.RGBA, magenta bool) {
	for y := range h {
		for x := range w {
			p := color.NRGBA(c)
			switch {
			case y == 0 && x < w*3/4:
				p = color.NRGBA{0, 0, 0, 255}
			case y == 1 && x == 0:
				p = color.NRGBA{255, 255, 255, 255}
			case magenta && x >= w-2 && y >= h-2:
				p = color.NRGBA{255, 0, 255, 255}
			}
			img.SetNRGBA(x0+x, y0+y, p)
		}
	}
}

func save(name string, img image.Image) {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		panic(err)
	}
}

func main() {
	// ground.png: 8 tiles of 8×8 in 4 columns, with magenta corners.
	g := image.NewNRGBA(image.Rect(0, 0, 32, 16))
	for i, c := range colours {
		tile(g, i%4*8, i/4*8, 8, 8, c, true)
	}
	save("tiles/ground.png", g)
	// bg.png: one plain dark 8×8 tile, the opaque floor under every map.
	bg := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y := range 8 {
		for x := range 8 {
			bg.SetNRGBA(x, y, color.NRGBA{30, 30, 50, 255})
		}
	}
	save("tiles/bg.png", bg)
	// spaced.png: 6 tiles of 8×8 in 3 columns, margin 1, spacing 2, and 2
	// spare pixels at the right and bottom that hold no tile; the margin
	// and spacing are pink so a wrong rectangle shows.
	s := image.NewNRGBA(image.Rect(0, 0, 32, 22))
	for y := range 22 {
		for x := range 32 {
			s.SetNRGBA(x, y, color.NRGBA{255, 150, 200, 255})
		}
	}
	for i := range 6 {
		tile(s, 1+i%3*10, 1+i/3*10, 8, 8, colours[i+2], false)
	}
	save("tiles/spaced.png", s)
	// tall.png: 2 tiles of 8×16 (taller than the maps' 8-pixel cells).
	t := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	tile(t, 0, 0, 8, 16, colours[5], false)
	tile(t, 8, 0, 8, 16, colours[6], false)
	save("tiles/tall.png", t)

	// The zstd layer of maps/zstd.tmx: 6×4 cells, gid (i % 8) + 2.
	var raw []byte
	for i := range 24 {
		raw = binary.LittleEndian.AppendUint32(raw, uint32(i%8+2))
	}
	enc, _ := zstd.NewWriter(nil)
	fmt.Println("zstd layer:", base64.StdEncoding.EncodeToString(enc.EncodeAll(raw, nil)))
	_ = strings.TrimSpace
}
