// Minimal is the smallest Ebitengine program that fills the screen, built
// for the browser by the same Makefile and flags as Breakout (make
// wasm-minimal) so that the browser test's benchmark mode can compare
// Breakout's download and start-up with Ebitengine's own.
//
//	go run ./web/minimal
package main

import (
	"image/color"
	"log"

	"github.com/hajimehoshi/ebiten/v2"
)

// fill is the colour the program fills the screen with: Breakout's
// background.
var fill = color.RGBA{16, 18, 28, 255}

// game fills the screen and tells the page about its first frame.
type game struct{ drawn bool }

func (g *game) Update() error { return nil }

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(fill)
	if !g.drawn {
		g.drawn = true
		firstFrame()
	}
}

func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	ebiten.SetWindowTitle("minimal Ebitengine program")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(&game{}); err != nil {
		log.Fatal(err)
	}
}
