// Command genfont writes the Go fonts that modules/render embeds: Go
// Regular and Go Mono Bold from golang.org/x/image/font/gofont, stripped
// of their hinting (internal/ttf), which render's unhinted rasterizer
// never reads — more than half of each file — and beside each its
// layout metrics (ttf.Metrics), by which render lays text out in the
// browser, where the page draws the glyphs. It writes them into
// modules/render/fonts, where they are committed:
//
//	go generate ./modules/render
//
// With -overlay FILE it writes instead the font of modules/diag's overlay:
// Go Mono Bold without hinting, with only the outlines of the characters
// the overlay draws (ttf.OverlayRunes):
//
//	go generate ./modules/diag
//
// The output is deterministic; render's and diag's tests check it is
// current.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/gluekit/glue/internal/ttf"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
)

func main() {
	out := flag.String("out", "fonts", "directory to write the fonts into")
	overlay := flag.String("overlay", "", "write only modules/diag's overlay font, to this file")
	flag.Parse()
	if *overlay != "" {
		font, err := ttf.StripHinting(gomonobold.TTF)
		if err == nil {
			font, err = ttf.Subset(font, ttf.OverlayRunes)
		}
		if err != nil {
			log.Fatalf("genfont: overlay: %v", err)
		}
		if err := os.WriteFile(*overlay, font, 0o644); err != nil {
			log.Fatalf("genfont: %v", err)
		}
		return
	}
	for name, data := range map[string][]byte{"goregular.ttf": goregular.TTF, "gomonobold.ttf": gomonobold.TTF} {
		stripped, err := ttf.StripHinting(data)
		if err != nil {
			log.Fatalf("genfont: %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(*out, name), stripped, 0o644); err != nil {
			log.Fatalf("genfont: %v", err)
		}
		metrics, err := ttf.Metrics(stripped)
		if err != nil {
			log.Fatalf("genfont: %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(*out, strings.TrimSuffix(name, ".ttf")+".metrics"), metrics, 0o644); err != nil {
			log.Fatalf("genfont: %v", err)
		}
	}
}
