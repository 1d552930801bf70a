// Command gluebake bakes a game's art for glue's readers that need no
// decoder of the editors' formats: a Tiled map (.tmx) for tiled.LoadBaked
// and the tiled.Baked plugin, an Aseprite sheet's JSON (.json) for
// render.LoadBakedAseprite. A game that reads only baked files leaves
// go-tiled, encoding/xml and encoding/json's decoder out of its build —
// about 0.2 MB of a WebAssembly download (brotli) for a game with both.
//
//	gluebake FILE...
//
// writes FILE.baked beside each FILE. Run it from go generate, next to
// the go:embed line that embeds the files:
//
//	//go:generate go run github.com/gluekit/glue/cmd/gluebake level.tmx sprites.json
//	//go:embed level.tmx level.tmx.baked sprites.json sprites.json.baked *.png
//
// A baked file records the files it was made from (the map, its tilesets
// and templates, its images; the sheet's JSON) with a checksum, and the
// readers refuse it, saying to run go generate, when one of them is in
// the game's file system and has changed since: an edited map is never
// played from an old bake.
package main

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/tiled"
	"github.com/gluekit/glue/modules/tiled/tiledzstd"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

const usage = `usage: gluebake FILE...
  writes FILE.baked beside each FILE: a Tiled map (.tmx) for tiled.Baked
  and tiled.LoadBaked, an Aseprite sheet's JSON (.json) for
  render.LoadBakedAseprite
`

// run bakes the files named by args and returns the exit status.
func run(args []string, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprint(stderr, usage)
		return 2
	}
	status := 0
	for _, file := range args {
		if err := bake(file); err != nil {
			fmt.Fprintf(stderr, "gluebake: %v\n", err)
			status = 1
		}
	}
	return status
}

// bake writes file's baked form to file.baked. The files are read from
// the working directory's file system, by the path given, as go:embed
// names them: go generate runs in the package's directory, the root of
// its embedded files, so the baked file names them as the game's
// embed.FS does.
func bake(file string) error {
	name := path.Clean(filepath.ToSlash(file))
	fsys := os.DirFS(".")
	var data []byte
	var err error
	switch strings.ToLower(path.Ext(name)) {
	case ".tmx":
		data, err = tiled.Bake(fsys, name, &tiled.LoadOptions{Zstd: tiledzstd.Decompress})
	case ".json":
		data, err = render.BakeAseprite(fsys, name)
	default:
		return fmt.Errorf("%s: not a Tiled map (.tmx) or an Aseprite sheet's JSON (.json)", file)
	}
	if err != nil {
		return err
	}
	return os.WriteFile(file+tiled.BakedSuffix, data, 0o644)
}
