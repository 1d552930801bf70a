// Package level holds the game's level and art, embedded: the Tiled map
// level.tmx with its tileset tiles.png and image layer hills.png, and
// the sprite sheet sprites.png with its Aseprite export sprites.json.
// Edit them with Tiled and Aseprite; `go run . -dev` reloads level.tmx
// while the game runs. The game reads them baked (level.tmx.baked,
// sprites.json.baked: glue's reader of a baked file is small, Tiled's and
// JSON's are not), which go generate makes again after an edit; a bake
// older than its map or sheet is an error that says so.
package level

import "embed"

//go:generate go run github.com/gluekit/glue/cmd/gluebake level.tmx sprites.json

// FS holds the files.
//
//go:embed level.tmx sprites.json *.baked *.png
var FS embed.FS

// The files' names in FS.
const (
	Map     = "level.tmx"
	Sheet   = "sprites.json"
	Sprites = "sprites.png"
	// BakedMap and BakedSheet are Map and Sheet baked, which the game
	// reads (cmd/gluebake writes them).
	BakedMap   = "level.tmx.baked"
	BakedSheet = "sprites.json.baked"
)
