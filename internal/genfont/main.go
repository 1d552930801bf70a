// Command genfont writes the Go fonts that modules/render embeds: Go
// Regular and Go Mono Bold from golang.org/x/image/font/gofont, stripped
// of their hinting (internal/ttf), which render's unhinted rasterizer
// never reads — more than half of each file. It writes them into
// modules/render/fonts, where they are committed:
//
//	go generate ./modules/render
//
// The output is deterministic; render's tests check it is current.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/gluekit/glue/internal/ttf"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
)

func main() {
	out := flag.String("out", "fonts", "directory to write the fonts into")
	flag.Parse()
	for name, data := range map[string][]byte{"goregular.ttf": goregular.TTF, "gomonobold.ttf": gomonobold.TTF} {
		stripped, err := ttf.StripHinting(data)
		if err != nil {
			log.Fatalf("genfont: %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(*out, name), stripped, 0o644); err != nil {
			log.Fatalf("genfont: %v", err)
		}
	}
}
